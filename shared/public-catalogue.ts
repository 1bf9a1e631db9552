/**
 * The public catalogue read from a snapshot: the tours that may appear anywhere public, with their
 * destinations and parent regions resolved. The static pages and the search index both start here, so a
 * tour that has no page never gets a card, a search entry or a sitemap entry either.
 */
import { catalogueWindow, isPeriodListed, isTourPublic } from './rules/catalogue.ts';
import type { CatalogueSnapshot, DestinationSnapshot, ParentRegionSnapshot, TourSnapshot } from './snapshot.ts';

export type PublicTour = TourSnapshot & { destinations: DestinationSnapshot[]; parentRegions: ParentRegionSnapshot[] };

/** A tour's public view, with what it was derived from besides the tour itself. */
interface Derived {
  today: string;
  destinations: readonly DestinationSnapshot[];
  parentRegions: readonly ParentRegionSnapshot[];
  view: PublicTour | null;
}
const derived = new WeakMap<TourSnapshot, Derived>();

/**
 * Visible tours (`isTourPublic`: not hidden, priced for adults, with a listed departure on the snapshot's
 * day), each keeping only its listed departures, in the snapshot's order.
 *
 * A tour's view is the same object as long as the tour, the day and the destinations and regions are:
 * a targeted rebuild patches one tour of 10,000, and what pages derive per tour (cache keys, cards) is
 * then only derived again for that one.
 */
export function selectPublicTours(snapshot: Pick<CatalogueSnapshot, 'today' | 'tours' | 'destinations' | 'parentRegions'>): PublicTour[] {
  const window = catalogueWindow(new Date(`${snapshot.today}T00:00:00Z`));
  let destinations: Map<string, DestinationSnapshot> | undefined;
  let regions: Map<string, ParentRegionSnapshot> | undefined;
  const viewOf = (tour: TourSnapshot): PublicTour | null => {
    if (!isTourPublic({ tour, window })) return null;
    destinations ??= new Map(snapshot.destinations.map((d) => [d.id, d]));
    regions ??= new Map(snapshot.parentRegions.map((r) => [r.id, r]));
    const byId = { destinations, regions };
    return {
      ...tour,
      periods: tour.periods.filter((period) => isPeriodListed({ period, window })),
      destinations: tour.destinationIds.flatMap((id) => byId.destinations.get(id) ?? []),
      parentRegions: tour.parentRegionIds.flatMap((id) => byId.regions.get(id) ?? []),
    };
  };
  return snapshot.tours.flatMap((tour) => {
    let memo = derived.get(tour);
    if (!memo || memo.today !== snapshot.today || memo.destinations !== snapshot.destinations || memo.parentRegions !== snapshot.parentRegions) {
      memo = { today: snapshot.today, destinations: snapshot.destinations, parentRegions: snapshot.parentRegions, view: viewOf(tour) };
      derived.set(tour, memo);
    }
    return memo.view ? [memo.view] : [];
  });
}
