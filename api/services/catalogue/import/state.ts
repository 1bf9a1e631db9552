/**
 * What the catalogue holds for the tours an import file names: the tours by web address with their
 * destinations, regions, itinerary, own prices, departures, departure prices and the seats each departure
 * sold. Read in chunks, so a file of 10,000 tours stays within both engines' parameter limits.
 */
import { ownPrices } from '../prices.ts';
import type { Db } from '../../../db/database.ts';
import type { PeriodRow, PriceRow, TourRow } from '../../../db/tables.ts';
import type { Trx } from '../../../db/database.ts';
import { seatsSoldByPeriod } from '../../bookings/seat-holds.ts';

const CHUNK = 2000;

export async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

export interface ItineraryState {
  id: string;
  name: string;
  days: { title: string; description: string | null; city: string | null }[];
}

export interface CatalogueState {
  toursBySlug: Map<string, TourRow>;
  destinationsBySlug: Map<string, { id: string; regionId: string | null }>;
  regionsBySlug: Map<string, string>;
  /** Tour id → destination slugs in order. */
  tourDestinations: Map<string, string[]>;
  /** Tour id → region slugs. */
  tourRegions: Map<string, string[]>;
  itineraries: Map<string, ItineraryState>;
  /** Owner id (tour or departure) → its own prices. */
  prices: Map<string, PriceRow[]>;
  /** Tour id → its departures. */
  periodsByTour: Map<string, PeriodRow[]>;
  periodsById: Map<string, PeriodRow>;
  sold: Map<string, number>;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export async function readCatalogueState(db: Db | Trx, { slugs, periodIds }: { slugs: string[]; periodIds: string[] }): Promise<CatalogueState> {
  const [destinations, regions, tours] = await Promise.all([
    db.selectFrom('destinations').select(['id', 'slug', 'parentRegionId']).execute(),
    db.selectFrom('parentRegions').select(['id', 'slug']).execute(),
    inChunks(slugs, (chunk) => db.selectFrom('tours').selectAll().where('webSlug', 'in', chunk).execute()),
  ]);
  const tourIds = tours.map((t) => t.id);
  const [links, regionLinks, itineraries, periods, named] = await Promise.all([
    inChunks(tourIds, (chunk) =>
      db
        .selectFrom('tourDestinations')
        .innerJoin('destinations', 'destinations.id', 'tourDestinations.destinationId')
        .select(['tourDestinations.tourId', 'destinations.slug', 'tourDestinations.position'])
        .where('tourDestinations.tourId', 'in', chunk)
        .execute(),
    ),
    inChunks(tourIds, (chunk) =>
      db
        .selectFrom('tourParentRegions')
        .innerJoin('parentRegions', 'parentRegions.id', 'tourParentRegions.parentRegionId')
        .select(['tourParentRegions.tourId', 'parentRegions.slug'])
        .where('tourParentRegions.tourId', 'in', chunk)
        .execute(),
    ),
    inChunks(tourIds, (chunk) => db.selectFrom('itineraries').select(['id', 'tourId', 'name']).where('tourId', 'in', chunk).orderBy('id').execute()),
    inChunks(tourIds, (chunk) => db.selectFrom('periods').selectAll().where('tourId', 'in', chunk).execute()),
    // Departures the file names by id may belong to tours it does not name: read them to say so.
    inChunks(periodIds, (chunk) => db.selectFrom('periods').selectAll().where('id', 'in', chunk).execute()),
  ]);
  const itineraryOf = new Map<string, ItineraryState>();
  for (const it of itineraries) if (!itineraryOf.has(it.tourId)) itineraryOf.set(it.tourId, { id: it.id, name: it.name, days: [] });
  const itineraryIds = [...itineraryOf.values()].map((it) => it.id);
  const allPeriods = new Map([...periods, ...named].map((p) => [p.id, p]));
  const ids = [...allPeriods.keys()];
  const [days, tourPrices, periodPrices, sold] = await Promise.all([
    inChunks(itineraryIds, (chunk) =>
      db
        .selectFrom('itineraryDays')
        .select(['itineraryId', 'rank', 'title', 'description', 'city'])
        .where('itineraryId', 'in', chunk)
        .orderBy('rank')
        .execute(),
    ),
    inChunks(tourIds, (chunk) => ownPrices(db).selectAll().where('tourId', 'in', chunk).where('periodId', 'is', null).orderBy('id').execute()),
    inChunks(ids, (chunk) => ownPrices(db).selectAll().where('periodId', 'in', chunk).orderBy('id').execute()),
    inChunks(ids, (chunk) =>
      db
        .selectFrom(seatsSoldByPeriod(db as Db))
        .select(['sold.resourceId', 'sold.sold'])
        .where('sold.resourceId', 'in', chunk)
        .execute(),
    ),
  ]);
  const byItinerary = new Map([...itineraryOf.values()].map((it) => [it.id, it]));
  for (const d of days) byItinerary.get(d.itineraryId)?.days.push({ title: d.title, description: d.description, city: d.city });

  const tourDestinations = new Map<string, string[]>();
  for (const link of [...links].sort((a, b) => a.position - b.position)) push(tourDestinations, link.tourId, link.slug);
  const tourRegions = new Map<string, string[]>();
  for (const link of regionLinks) push(tourRegions, link.tourId, link.slug);
  const prices = new Map<string, PriceRow[]>();
  for (const p of tourPrices) push(prices, p.tourId as string, p);
  for (const p of periodPrices) push(prices, p.periodId as string, p);
  const periodsByTour = new Map<string, PeriodRow[]>();
  for (const p of periods) push(periodsByTour, p.tourId, p);

  return {
    toursBySlug: new Map(tours.map((t) => [t.webSlug, t])),
    destinationsBySlug: new Map(destinations.map((d) => [d.slug, { id: d.id, regionId: d.parentRegionId }])),
    regionsBySlug: new Map(regions.map((r) => [r.slug, r.id])),
    tourDestinations,
    tourRegions,
    itineraries: itineraryOf,
    prices,
    periodsByTour,
    periodsById: allPeriods,
    sold: new Map(sold.map((s) => [s.resourceId, Number(s.sold)])),
  };
}
