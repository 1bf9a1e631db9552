import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_CATALOGUE, type LiveCatalogue } from '#shared/page-deps.ts';
import { tourMatchesDestinationSlug, tourMatchesRegionSlug, tourMatchesSeasonSlug } from '#shared/rules/catalogue.ts';
import type { CatalogueSnapshot } from '#shared/snapshot.ts';
import { liveCatalogueOf, makeDestination, makeRegion, makeSnapshot, makeTour } from '../../tests/support/catalogue-snapshot.ts';
import { listCatalogueListings, listDestinationListings, listingPages, listPublicTours, listRegionListings, listSeasonListings } from './listing.ts';

const globals = globalThis as { [LIVE_CATALOGUE]?: LiveCatalogue };
const useSnapshot = (snapshot: CatalogueSnapshot) => {
  globals[LIVE_CATALOGUE] = liveCatalogueOf(snapshot);
};
afterEach(() => {
  delete globals[LIVE_CATALOGUE];
});

const destinations = [
  makeDestination({ id: 'D1', name: 'Japón', parentRegionId: 'R1' }),
  makeDestination({ id: 'D2', name: 'Perú', parentRegionId: 'R2' }),
  // Another id with a name of the same slug: one page.
  makeDestination({ id: 'D3', name: 'Japon', parentRegionId: 'R1' }),
];
const parentRegions = [makeRegion({ id: 'R1', slug: 'lejano-oriente' }), makeRegion({ id: 'R2', slug: 'sudamerica', name: 'Sudamérica' })];
const seasons = ['Marzo', 'Marzo,Abril', 'Todo el año', 'abril', null];
/** 130 tours over two destinations and regions, with season tags of several shapes. */
const tours = Array.from({ length: 130 }, (_, i) =>
  makeTour({
    id: `T${String(i).padStart(3, '0')}`,
    webSlug: `tour-${i}`,
    tourType: i % 3 === 0 ? 'Private' : 'Group',
    destinationIds: i % 4 === 0 ? ['D1', 'D2'] : i % 2 === 0 ? ['D3'] : ['D2'],
    parentRegionIds: i % 2 === 0 ? ['R1'] : ['R2'],
    tagSeason: seasons[i % seasons.length] ?? null,
  }),
);

describe('catalogue listings', () => {
  it('list each tour under exactly the destinations, regions and seasons the matchers name, in catalogue order', () => {
    useSnapshot(makeSnapshot({ tours, destinations, parentRegions }));
    const all = listPublicTours();
    expect(all).toHaveLength(130);
    const ids = (list: { id: string }[]) => list.map((t) => t.id);
    for (const listing of listDestinationListings())
      expect(ids(listing.tours), listing.slug).toEqual(ids(all.filter((tour) => tourMatchesDestinationSlug({ tour, slug: listing.slug }))));
    expect(listDestinationListings().map((l) => l.slug)).toEqual(['japon', 'peru']);
    for (const { region, tours: listed } of listRegionListings())
      expect(ids(listed), region.slug).toEqual(ids(all.filter((tour) => tourMatchesRegionSlug({ tour, slug: region.slug }))));
    for (const season of listSeasonListings())
      expect(ids(season.tours), season.slug).toEqual(ids(all.filter((tour) => tourMatchesSeasonSlug({ tour, slug: season.slug }))));
    expect(listSeasonListings().map((s) => s.label)).toEqual(['Todo el año', 'Marzo', 'Abril']);
  });

  it('page every listing by 50, with the pills counted over all of it', () => {
    useSnapshot(makeSnapshot({ tours, destinations, parentRegions }));
    expect([...listCatalogueListings().keys()]).toEqual(
      expect.arrayContaining(['/viajes', '/tipo-de-viaje/grupo', '/temporada/marzo', '/region/sudamerica', '/destino/japon']),
    );
    const pages = listingPages('/viajes');
    expect(pages.map((p) => [p.number, p.total, p.tours.length])).toEqual([
      [1, 3, 50],
      [2, 3, 50],
      [3, 3, 30],
    ]);
    expect(pages[0]?.facets?.tripTypePills.find((p) => p.key === 'all')?.count).toBe(130);
    expect(pages[2]?.facets).toBe(pages[0]?.facets);
    // A listing of one page has no facets: its island counts its own cards.
    const small = [...listCatalogueListings().entries()].find(([, listed]) => listed.length <= 50);
    if (small) expect(listingPages(small[0])[0]?.facets).toBeNull();
  });
});

describe('listings of a newer snapshot (a targeted rebuild)', () => {
  /** Every listing's pages as ids and card names, and their pills. */
  const everyListing = () =>
    [...listCatalogueListings().keys()].map((base) => ({
      base,
      pages: listingPages(base).map((page) => ({
        number: page.number,
        total: page.total,
        cards: page.tours.map((t) => `${t.id} ${t.name}`),
        facets: page.facets,
      })),
      regions: listRegionListings().map((l) => l.tours.map((t) => t.name)),
      destinations: listDestinationListings().map((l) => l.tours.map((t) => t.name)),
      seasons: listSeasonListings().map((l) => l.tours.map((t) => t.name)),
    }));
  /** The same snapshot derived from scratch: its destinations are another array, so nothing is carried. */
  const fromScratch = (live: LiveCatalogue) => {
    globals[LIVE_CATALOGUE] = { ...live, snapshot: { ...live.snapshot, destinations: [...live.snapshot.destinations] } };
    return everyListing();
  };
  /** The renderer's way: the same snapshot but for tour `id`'s summary, replaced by `change`'s. */
  const patched = (live: LiveCatalogue, id: string, change: Partial<(typeof tours)[number]>): LiveCatalogue => {
    const whole = { ...(tours.find((t) => t.id === id) as (typeof tours)[number]), ...change };
    const summary = liveCatalogueOf(makeSnapshot({ tours: [whole] })).snapshot.tours[0];
    return { ...live, snapshot: { ...live.snapshot, tours: live.snapshot.tours.map((t) => (t.id === id && summary ? summary : t)) } };
  };

  it('swap a renamed tour into the pages they had, keeping every page it is not on', () => {
    const first = liveCatalogueOf(makeSnapshot({ tours, destinations, parentRegions }));
    globals[LIVE_CATALOGUE] = first;
    everyListing();
    const before = listingPages('/viajes');

    // A landing's edit between the two: its pages read the visible tours (the home's carousels) but no listing.
    const landing = { ...first, snapshot: { ...first.snapshot, landings: [] } };
    globals[LIVE_CATALOGUE] = landing;
    listPublicTours();
    const renamed = patched(landing, 'T064', { name: 'Japón, renombrado' });
    globals[LIVE_CATALOGUE] = renamed;
    const carried = everyListing();
    const after = listingPages('/viajes');
    // T064 is on the second page of /viajes: the others are the very pages of the snapshot before.
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]?.tours.find((t) => t.id === 'T064')?.name).toBe('Japón, renombrado');
    expect(after[1]?.facets).toBe(before[1]?.facets);
    expect(carried).toEqual(fromScratch(renamed));
  });

  it('derive the listings anew when a tour moves to another season or leaves the catalogue', () => {
    const first = liveCatalogueOf(makeSnapshot({ tours, destinations, parentRegions }));
    globals[LIVE_CATALOGUE] = first;
    everyListing();
    const moved = patched(first, 'T004', { tagSeason: 'Diciembre' });
    globals[LIVE_CATALOGUE] = moved;
    const listed = everyListing();
    expect(
      listSeasonListings()
        .find((s) => s.slug === 'diciembre')
        ?.tours.map((t) => t.id),
    ).toEqual(['T004']);
    expect(listed).toEqual(fromScratch(moved));

    globals[LIVE_CATALOGUE] = moved;
    everyListing();
    const unpriced = patched(moved, 'T010', { prices: [] });
    globals[LIVE_CATALOGUE] = unpriced;
    const without = everyListing();
    expect(listPublicTours().some((t) => t.id === 'T010')).toBe(false);
    expect(without).toEqual(fromScratch(unpriced));
  });
});
