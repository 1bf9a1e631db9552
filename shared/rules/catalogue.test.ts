import { describe, expect, it } from 'vitest';
import {
  catalogueWindow,
  isHiddenTour,
  isPeriodListed,
  isPeriodWebBookable,
  isTourPublic,
  listCatalogueTours,
  tourMatchesDestinationSlug,
  tourMatchesRegionSlug,
  tourMatchesSearch,
  tourMatchesSeasonSlug,
} from './catalogue.ts';

describe('catalogueWindow', () => {
  it.each([
    { name: '"between today (UTC) and 31 December of next year"', now: '2025-06-15T10:00:00Z', expected: { from: '2025-06-15', to: '2026-12-31' } },
    {
      name: 'late evening in Madrid is already tomorrow there, not in UTC',
      now: '2025-06-16T00:30:00+02:00',
      expected: { from: '2025-06-15', to: '2026-12-31' },
    },
    { name: 'on 31 December', now: '2025-12-31T23:59:59Z', expected: { from: '2025-12-31', to: '2026-12-31' } },
    { name: 'on 1 January the window moves a year', now: '2026-01-01T00:00:00Z', expected: { from: '2026-01-01', to: '2027-12-31' } },
  ])('$name', ({ now, expected }) => {
    expect(catalogueWindow(new Date(now))).toEqual(expected);
  });
});

describe('isPeriodWebBookable', () => {
  it.each([
    { webBookable: true, publishWeb: true, expected: true },
    { webBookable: true, publishWeb: false, expected: false },
    { webBookable: false, publishWeb: true, expected: false },
    { webBookable: false, publishWeb: false, expected: false },
  ])('"only when web_bookable and publish_web are both true": $webBookable/$publishWeb → $expected', ({ expected, ...period }) => {
    expect(isPeriodWebBookable(period)).toBe(expected);
  });
});

describe('isPeriodListed', () => {
  const window = { from: '2025-06-15', to: '2026-12-31' };
  it.each([
    { name: 'departs today', dayOne: '2025-06-15', webBookable: true, publishWeb: true, expected: true },
    { name: 'departed yesterday', dayOne: '2025-06-14', webBookable: true, publishWeb: true, expected: false },
    { name: 'departs 31 December of next year', dayOne: '2026-12-31', webBookable: true, publishWeb: true, expected: true },
    { name: 'departs 1 January the year after', dayOne: '2027-01-01', webBookable: true, publishWeb: true, expected: false },
    { name: 'not web_bookable', dayOne: '2025-08-01', webBookable: false, publishWeb: true, expected: false },
    { name: 'not publish_web', dayOne: '2025-08-01', webBookable: true, publishWeb: false, expected: false },
  ])('$name → $expected', ({ expected, ...period }) => {
    expect(isPeriodListed({ period, window })).toBe(expected);
  });
});

describe('isHiddenTour', () => {
  it.each([
    { name: '"tagKeywords … containing \'oculto\'"', tagKeywords: 'playa, oculto', tagSeason: 'Verano', expected: true },
    { name: '"or tag_season containing \'oculto\'"', tagKeywords: null, tagSeason: 'Oculto', expected: true },
    { name: 'any case', tagKeywords: 'OCULTO', tagSeason: null, expected: true },
    { name: 'inside a word', tagKeywords: 'ocultos', tagSeason: null, expected: true },
    { name: 'nothing set', tagKeywords: null, tagSeason: null, expected: false },
    { name: 'ordinary tags', tagKeywords: 'playa, cultura', tagSeason: 'Todo el año', expected: false },
  ])('$name → $expected', ({ expected, ...tour }) => {
    expect(isHiddenTour(tour)).toBe(expected);
  });
});

describe('listCatalogueTours', () => {
  const period = (id: string, dayOne: string, webBookable = true, publishWeb = true) => ({ id, dayOne, webBookable, publishWeb });
  const tour = (id: string, changes: object = {}) => ({
    id,
    publishWeb: true,
    tagKeywords: null as string | null,
    tagSeason: null as string | null,
    periods: [period(`${id}-a`, '2025-07-01'), period(`${id}-past`, '2025-06-14'), period(`${id}-far`, '2027-01-01')],
    ...changes,
  });
  const now = new Date('2025-06-15T08:00:00Z');

  it('"keeps only tours with publish_web true, and periods that are publish_web and web_bookable with day_one between today (UTC) and 31 December of next year"', () => {
    const tours = [
      tour('T1'),
      tour('T2', { publishWeb: false }),
      tour('T3', { tagKeywords: 'oculto' }),
      tour('T4', { periods: [period('T4-past', '2025-06-14'), period('T4-off', '2025-07-01', false)] }),
      tour('T5', { periods: [] }),
      tour('T6', { periods: [period('T6-a', '2025-06-15'), period('T6-b', '2026-12-31', true, false)] }),
    ];
    const listed = listCatalogueTours({ tours, now });
    expect(listed.map((t) => [t.id, t.periods.map((p) => p.id)])).toEqual([
      ['T1', ['T1-a']],
      ['T6', ['T6-a']],
    ]);
  });

  it('does not change the tours it is given', () => {
    const tours = [tour('T1')];
    listCatalogueTours({ tours, now });
    expect(tours[0]?.periods).toHaveLength(3);
  });
});

describe('tourMatchesSearch', () => {
  const tour = {
    name: 'Gran tour de Noruega y fiordos',
    subtitle: 'Ålesund, Bergen y Oslo',
    tagSeason: 'Verano',
    tagKeywords: 'naturaleza',
    destinations: [{ name: 'Noruega', continentTxt: 'Europa', province: null }],
  };
  it.each([
    { query: 'noruega', expected: true },
    { name: 'destination alias', query: 'Europe', expected: true },
    { name: 'accents and case do not matter', query: 'ALESUND', expected: true },
    { name: 'every word must match', query: 'noruega islandia', expected: false },
    { name: 'a slug from /busqueda/{slug}', query: 'fiordos-noruega', expected: true },
    { name: 'an empty query matches', query: '  ', expected: true },
    { query: 'japon', expected: false },
  ])('"$query" → $expected', ({ query, expected }) => {
    expect(tourMatchesSearch({ tour, query })).toBe(expected);
  });
});

describe('route filters', () => {
  it.each([
    { slug: 'norte-america', expected: true },
    { slug: 'canada', expected: true },
    { slug: 'mexico', expected: false },
  ])('/destino/$slug → $expected', ({ slug, expected }) => {
    const tour = { destinations: [{ name: 'Norte América' }, { name: 'Canadá' }] };
    expect(tourMatchesDestinationSlug({ tour, slug })).toBe(expected);
  });

  it.each([
    { slug: 'escandinavia', expected: true },
    { slug: 'asia', expected: false },
  ])('/region/$slug → $expected', ({ slug, expected }) => {
    expect(tourMatchesRegionSlug({ tour: { parentRegions: [{ slug: 'escandinavia' }] }, slug })).toBe(expected);
  });

  it.each([
    { tagSeason: 'Todo el año', slug: 'todo-el-ano', expected: true },
    { tagSeason: 'Marzo, Abril', slug: 'abril', expected: true },
    { tagSeason: 'Marzo', slug: 'abril', expected: false },
    { tagSeason: null, slug: 'abril', expected: false },
  ])('/temporada/$slug for "$tagSeason" → $expected', ({ tagSeason, slug, expected }) => {
    expect(tourMatchesSeasonSlug({ tour: { tagSeason }, slug })).toBe(expected);
  });
});

describe('isTourPublic', () => {
  const window = { from: '2025-06-15', to: '2026-12-31' };
  const listed = { dayOne: '2025-09-01', webBookable: true, publishWeb: true };
  const adult = (valueCents: number) => ({ ageGroupName: 'Adultos', valueCents });
  const base = { tagKeywords: 'cultura', tagSeason: 'Marzo', prices: [adult(129000)], periods: [listed] };
  it.each([
    { name: 'priced, not hidden, with a listed period', tour: base, expected: true },
    { name: '"Hidden tours (tagKeywords … containing \'oculto\') are removed from lists"', tour: { ...base, tagKeywords: 'empresa, Oculto' }, expected: false },
    { name: 'hidden through tag_season', tour: { ...base, tagSeason: 'oculto' }, expected: false },
    { name: '"Only tours whose price for age group \'Adultos\' is above 0 are listed": 0', tour: { ...base, prices: [adult(0)] }, expected: false },
    { name: 'only a child price', tour: { ...base, prices: [{ ageGroupName: 'Niños', valueCents: 90000 }] }, expected: false },
    { name: 'no periods', tour: { ...base, periods: [] }, expected: false },
    { name: 'only a period outside the window', tour: { ...base, periods: [{ ...listed, dayOne: '2027-01-01' }] }, expected: false },
    { name: 'only a period not bookable on the web', tour: { ...base, periods: [{ ...listed, webBookable: false }] }, expected: false },
  ])('$name → $expected', ({ tour, expected }) => {
    expect(isTourPublic({ tour, window })).toBe(expected);
  });
});
