import { describe, expect, it } from 'vitest';
import { LISTING_PAGE_SIZE } from '../constants.ts';
import {
  buildListingFacets,
  buildListingIndex,
  buildPagerItems,
  filterListingIndex,
  isListingIndex,
  listingPageParam,
  listingPagePath,
  splitIntoPages,
  type PagerItem,
} from './listing-pages.ts';
import type { GridTour } from './tour-grid.ts';

type Tour = GridTour & { id: string };

const tour = (id: string, tourType: Tour['tourType'], destinations: string[], single = false): Tour => ({
  id,
  tourType,
  prices: [{ ageGroupName: 'Adultos', valueCents: 100_000 }],
  destinations: destinations.map((name) => ({ name })),
  periods: [{ tripType: single ? 'Single' : 'Group', webBookable: true, publishWeb: true }],
});

/** The pager as text: `1 … 4 [5] 6 … 9`. */
const show = (items: PagerItem[]) => items.map((item) => (item.kind === 'gap' ? '…' : item.current ? `[${item.page}]` : String(item.page))).join(' ');

describe('splitIntoPages', () => {
  it('cuts a listing into pages of 50 in order ("tour listing … 50 in paged loading")', () => {
    const items = Array.from({ length: 101 }, (_, i) => i);
    const pages = splitIntoPages(items);
    expect(LISTING_PAGE_SIZE).toBe(50);
    expect(pages.map((p) => p.length)).toEqual([50, 50, 1]);
    expect(pages.flat()).toEqual(items);
  });

  it('keeps exactly 50 on one page, and an empty listing as one empty page', () => {
    expect(splitIntoPages(Array.from({ length: 50 }, (_, i) => i))).toHaveLength(1);
    expect(splitIntoPages([])).toEqual([[]]);
  });
});

describe('listing page addresses', () => {
  it('puts page 1 at the listing and the next ones under /pagina/{n}', () => {
    expect(listingPagePath('/viajes', 1)).toBe('/viajes');
    expect(listingPagePath('/temporada/enero', 3)).toBe('/temporada/enero/pagina/3');
    expect(listingPageParam(1)).toBeUndefined();
    expect(listingPageParam(2)).toBe('pagina/2');
  });
});

describe('buildPagerItems', () => {
  it('shows every page of a short listing', () => {
    expect(show(buildPagerItems({ current: 2, total: 3 }))).toBe('1 [2] 3');
    expect(show(buildPagerItems({ current: 1, total: 1 }))).toBe('[1]');
  });

  it('keeps the first, the last and two either side of the current page, with gaps between', () => {
    expect(show(buildPagerItems({ current: 10, total: 200 }))).toBe('1 … 8 9 [10] 11 12 … 200');
    expect(show(buildPagerItems({ current: 1, total: 200 }))).toBe('[1] 2 3 … 200');
    expect(show(buildPagerItems({ current: 200, total: 200 }))).toBe('1 … 198 199 [200]');
  });

  it('never hides a single page behind a gap', () => {
    expect(show(buildPagerItems({ current: 5, total: 9 }))).toBe('1 2 3 4 [5] 6 7 8 9');
    expect(show(buildPagerItems({ current: 6, total: 12 }))).toBe('1 … 4 5 [6] 7 8 … 12');
  });
});

describe('the filter index of a paged listing', () => {
  const pages = [
    [tour('a', 'Group', ['Japón']), tour('b', 'Private', ['Perú', 'Chile'])],
    [tour('c', 'Group', ['Perú'], true), tour('d', 'Group', ['Japón', 'Perú'])],
  ];
  const index = buildListingIndex(pages);

  it('records each tour with its page, its trip-type pills and its destinations', () => {
    expect(index.pages).toBe(2);
    expect(index.destinations).toEqual(['Japón', 'Perú', 'Chile']);
    expect(index.tours).toEqual([
      ['a', 1, [0], [0]],
      ['b', 1, [2], [1, 2]],
      // 'Viaje single' counts a tour with a single departure, whatever its tour type (as the pills do).
      ['c', 2, [0, 1], [1]],
      ['d', 2, [0], [0, 1]],
    ]);
    expect(isListingIndex(JSON.parse(JSON.stringify(index)))).toBe(true);
  });

  it('keeps the tours of a filter in the listing order, with the page of each card', () => {
    expect(filterListingIndex({ index, tripType: null, destination: 'Perú' })).toEqual([
      { id: 'b', page: 1 },
      { id: 'c', page: 2 },
      { id: 'd', page: 2 },
    ]);
    expect(filterListingIndex({ index, tripType: 'Group', destination: 'Perú' }).map((m) => m.id)).toEqual(['c', 'd']);
    expect(filterListingIndex({ index, tripType: 'FIT', destination: null }).map((m) => m.id)).toEqual(['c']);
    expect(filterListingIndex({ index, tripType: null, destination: null })).toHaveLength(4);
    expect(filterListingIndex({ index, tripType: null, destination: 'Islandia' })).toEqual([]);
  });

  it('counts the pills over every page, as a one-page listing counts its cards', () => {
    const facets = buildListingFacets(pages.flat());
    expect(facets.destinations).toEqual(['Japón', 'Perú', 'Chile']);
    expect(facets.tripTypePills.map((p) => [p.key, p.count])).toEqual([
      ['all', 4],
      ['Group', 3],
      ['FIT', 1],
      ['Private', 1],
    ]);
  });

  it('refuses an index of another shape (it is fetched over the network)', () => {
    expect(isListingIndex(null)).toBe(false);
    expect(isListingIndex({ pages: 1, destinations: [], tours: [['a', '1', [], []]] })).toBe(false);
    expect(isListingIndex({ pages: 1, destinations: [3], tours: [] })).toBe(false);
  });
});
