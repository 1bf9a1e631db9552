/**
 * The public catalogue read from a snapshot: the tours that may appear anywhere public, with their
 * destinations and parent regions resolved. The static pages and the search index both start here, so a
 * tour that has no page never gets a card, a search entry or a sitemap entry either.
 */
import { catalogueWindow, isPeriodListed, isTourPublic, type ListedPeriod } from './rules/catalogue.ts';
import type { CatalogueSnapshot, DestinationSnapshot, ParentRegionSnapshot, TourSnapshot, TourSummary } from './snapshot.ts';

/** A tour whole (its page) or summarised (every other page). */
type AnyTour = TourSnapshot | TourSummary;

/** A visible tour with its destinations and regions resolved: whole by default, or as its summary. */
export type PublicTour<T extends AnyTour = TourSnapshot> = T & { destinations: DestinationSnapshot[]; parentRegions: ParentRegionSnapshot[] };

/** A tour's public view, with what it was derived from besides the tour itself. */
interface Derived {
  today: string;
  destinations: readonly DestinationSnapshot[];
  parentRegions: readonly ParentRegionSnapshot[];
  /** A `PublicTour` of the tour's own kind. */
  view: object | null;
}
const derived = new WeakMap<AnyTour, Derived>();

/**
 * Visible tours (`isTourPublic`: not hidden, priced for adults, with a listed departure on the snapshot's
 * day), each keeping only its listed departures, in the snapshot's order.
 *
 * A tour's view is the same object as long as the tour, the day and the destinations and regions are:
 * a targeted rebuild patches one tour of 10,000, and what pages derive per tour (cache keys, cards) is
 * then only derived again for that one.
 */
export function selectPublicTours<T extends AnyTour>(
  snapshot: Pick<CatalogueSnapshot, 'today' | 'destinations' | 'parentRegions'> & { tours: readonly T[] },
): PublicTour<T>[] {
  const window = catalogueWindow(new Date(`${snapshot.today}T00:00:00Z`));
  let destinations: Map<string, DestinationSnapshot> | undefined;
  let regions: Map<string, ParentRegionSnapshot> | undefined;
  const viewOf = (tour: T): PublicTour<T> | null => {
    if (!isTourPublic({ tour, window })) return null;
    destinations ??= new Map(snapshot.destinations.map((d) => [d.id, d]));
    regions ??= new Map(snapshot.parentRegions.map((r) => [r.id, r]));
    const byId = { destinations, regions };
    // The periods are of the tour's own kind, whole or summarised: TypeScript cannot follow that through the filter.
    const periods: readonly ListedPeriod[] = tour.periods;
    return {
      ...tour,
      periods: periods.filter((period) => isPeriodListed({ period, window })),
      destinations: tour.destinationIds.flatMap((id) => byId.destinations.get(id) ?? []),
      parentRegions: tour.parentRegionIds.flatMap((id) => byId.regions.get(id) ?? []),
    } as unknown as PublicTour<T>;
  };
  return snapshot.tours.flatMap((tour) => {
    let memo = derived.get(tour);
    if (!memo || memo.today !== snapshot.today || memo.destinations !== snapshot.destinations || memo.parentRegions !== snapshot.parentRegions) {
      memo = { today: snapshot.today, destinations: snapshot.destinations, parentRegions: snapshot.parentRegions, view: viewOf(tour) };
      derived.set(tour, memo);
    }
    return memo.view ? [memo.view as PublicTour<T>] : [];
  });
}
