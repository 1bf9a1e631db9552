/**
 * The public catalogue read from a snapshot: the tours that may appear anywhere public, with their
 * destinations and parent regions resolved. The static pages and the search index both start here, so a
 * tour that has no page never gets a card, a search entry or a sitemap entry either.
 */
import { catalogueWindow, isPeriodListed, isTourPublic } from './rules/catalogue.ts';
import type { CatalogueSnapshot, DestinationSnapshot, ParentRegionSnapshot, TourSnapshot } from './snapshot.ts';

export type PublicTour = TourSnapshot & { destinations: DestinationSnapshot[]; parentRegions: ParentRegionSnapshot[] };

/**
 * Visible tours (`isTourPublic`: not hidden, priced for adults, with a listed departure on the snapshot's
 * day), each keeping only its listed departures, in the snapshot's order.
 */
export function selectPublicTours(snapshot: Pick<CatalogueSnapshot, 'today' | 'tours' | 'destinations' | 'parentRegions'>): PublicTour[] {
  const window = catalogueWindow(new Date(`${snapshot.today}T00:00:00Z`));
  const destinations = new Map(snapshot.destinations.map((d) => [d.id, d]));
  const regions = new Map(snapshot.parentRegions.map((r) => [r.id, r]));
  return snapshot.tours
    .filter((tour) => isTourPublic({ tour, window }))
    .map((tour) => ({
      ...tour,
      periods: tour.periods.filter((period) => isPeriodListed({ period, window })),
      destinations: tour.destinationIds.flatMap((id) => destinations.get(id) ?? []),
      parentRegions: tour.parentRegionIds.flatMap((id) => regions.get(id) ?? []),
    }));
}
