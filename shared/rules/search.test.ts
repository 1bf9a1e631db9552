import { describe, expect, it } from 'vitest';
import { normaliseSearchQuery } from './text.ts';
import { buildSearchVocabulary, buildTourSearchText, correctSearchQuery, parseSearchLocation, truncateSearchQuery } from './search.ts';

describe('buildTourSearchText', () => {
  it('normalises name, subtitle, destinations, continents, regions, keywords and season', () => {
    expect(
      buildTourSearchText({
        name: 'Japón esencial',
        subtitle: 'Tokio, Kioto y Nara',
        tagKeywords: 'cultura, Gastronomía',
        tagSeason: 'Marzo, Abril',
        metaKeyword: null,
        destinations: [{ name: 'Japón', continent: 'Asia' }],
        regions: [{ name: 'Lejano Oriente' }],
      }),
    ).toBe('japon esencial tokio kioto y nara japon asia lejano oriente cultura gastronomia marzo abril');
  });

  it('"also maps ä and å to a" and applies "europe to europa"', () => {
    expect(
      buildTourSearchText({ name: 'Ålesund', subtitle: null, tagKeywords: 'Europe', tagSeason: null, metaKeyword: null, destinations: [], regions: [] }),
    ).toBe('alesund europa');
  });
});

describe('parseSearchLocation', () => {
  it.each([
    { name: 'slug: dashes are spaces', pathname: '/busqueda/japon-esencial', search: '', expected: 'japon esencial' },
    { name: 'encoded accents in the slug', pathname: '/busqueda/jap%C3%B3n', search: '', expected: 'japón' },
    { name: 'trailing slash', pathname: '/busqueda/islandia/', search: '', expected: 'islandia' },
    { name: 'two words', pathname: '/busqueda/north-america', search: '', expected: 'north america' },
    { name: 'no slug: ?q=, as typed', pathname: '/busqueda', search: '?q=%20Jap%C3%B3n%20%20esencial', expected: 'Japón esencial' },
    { name: 'the slug wins over ?q=', pathname: '/busqueda/peru', search: '?q=chile', expected: 'peru' },
    { name: 'nothing', pathname: '/busqueda', search: '', expected: '' },
    { name: "the page's own file is not a slug", pathname: '/busqueda/index.html', search: '?q=peru', expected: 'peru' },
    { name: 'broken escapes are read as typed', pathname: '/busqueda/100%', search: '', expected: '100%' },
  ])('$name → "$expected"', ({ pathname, search, expected }) => {
    expect(parseSearchLocation({ pathname, search })).toBe(expected);
  });
});

describe('parseSearchLocation then normaliseSearchQuery', () => {
  it.each([
    { pathname: '/busqueda/jap%C3%B3n', expected: 'japon' },
    { pathname: '/busqueda/europe', expected: 'europa' },
    { pathname: '/busqueda/south-america', expected: 'sur america' },
  ])('$pathname searches "$expected"', ({ pathname, expected }) => {
    expect(normaliseSearchQuery(parseSearchLocation({ pathname, search: '' }))).toBe(expected);
  });
});

describe('buildSearchVocabulary', () => {
  it('distinct words of 3 letters or more, sorted', () => {
    expect(buildSearchVocabulary({ texts: ['japon esencial y tokio', 'japon de norte a sur'] })).toEqual(['esencial', 'japon', 'norte', 'sur', 'tokio']);
  });
});

describe('correctSearchQuery', () => {
  const vocabulary = ['islandia', 'japon', 'jordania', 'noruega', 'peru', 'safari'];
  it.each([
    { name: 'one letter missing', query: 'japn', expected: 'japon' },
    { name: 'two neighbours swapped', query: 'islnadia', expected: 'islandia' },
    { name: 'two edits on a long word', query: 'norueggaa', expected: 'noruega' },
    { name: 'only the unknown word changes', query: 'safari peur', expected: 'safari peru' },
    { name: 'known words: nothing to correct', query: 'japon', expected: null },
    { name: 'the start of a known word is left for prefix search', query: 'jor', expected: null },
    { name: 'too far from anything', query: 'zzzzzz', expected: null },
  ])('$name: "$query" → $expected', ({ query, expected }) => {
    expect(correctSearchQuery({ query, vocabulary })).toBe(expected);
  });
});

describe('truncateSearchQuery', () => {
  it.each([
    { query: 'islandiaa', expected: 'isla' },
    { query: 'safari kenyaa', expected: 'safa keny' },
    { query: 'peru', expected: null },
    { query: '', expected: null },
  ])('"$query" → $expected', ({ query, expected }) => {
    expect(truncateSearchQuery({ query })).toBe(expected);
  });
});
