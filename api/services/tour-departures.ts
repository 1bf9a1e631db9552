/**
 * Live seats and prices of a tour's listed departures, for the tour page's departure picker: the static
 * page may be up to an hour old, this is read at request time with the rules the page was built with.
 *
 * Every visitor of a tour page asks for them, and they change only when the tour, a period, a price or a
 * campaign is written: the answer is kept per tour and day until one of those tables is (`TableVersions`),
 * and never longer than `CACHE_MAX_AGE_MS`, which bounds what this process cannot see (another instance's
 * writes). Seats are still checked when they are held; this is what the picker shows.
 */
import { catalogueWindow, isHiddenTour, isPeriodListed } from '#shared/rules/catalogue.ts';
import { computeDeparturePrices, type DepartureAvailability } from '#shared/rules/departures.ts';
import type { Db } from '../db/database.ts';
import { tableVersionsOf } from '../db/table-versions.ts';

/** Price rows of the tour or the period itself, not of one of its flights, activities, packs or rooms. */
const ownPrice = (p: { flightId: string | null; optionalActivityId: string | null; activityPackId: string | null; reservationModeId: string | null }) =>
  p.flightId === null && p.optionalActivityId === null && p.activityPackId === null && p.reservationModeId === null;

/**
 * The departures a visitor may book today (web-bookable, day one inside the catalogue window) of the
 * published, not hidden tour with this web slug, by date. Null when there is no such tour.
 */
export async function findTourDepartures(db: Db, { slug, now }: { slug: string; now: Date }): Promise<DepartureAvailability[] | null> {
  const versions = tableVersionsOf(db);
  if (!versions) return readTourDepartures(db, { slug, now });
  const kept = cacheOf(db);
  const key = `${catalogueWindow(now).from}|${slug}`;
  const version = versions.version(DEPARTURE_TABLES);
  const hit = kept.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < CACHE_MAX_AGE_MS) return hit.departures;
  const at = Date.now();
  const departures = await readTourDepartures(db, { slug, now });
  kept.delete(key);
  kept.set(key, { version, at, departures });
  if (kept.size > CACHE_MAX_TOURS) kept.delete(kept.keys().next().value as string);
  return departures;
}

/** The tables the departures are read from, as SQL names them. */
const DEPARTURE_TABLES = ['tours', 'periods', 'prices', 'campaigns'] as const;
export const CACHE_MAX_AGE_MS = 1_000;
const CACHE_MAX_TOURS = 20_000;

interface Kept {
  /** The tables' version when the read began: a write during the read leaves it stale at once. */
  version: string;
  at: number;
  departures: DepartureAvailability[] | null;
}
const caches = new WeakMap<Db, Map<string, Kept>>();
const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
};

async function readTourDepartures(db: Db, { slug, now }: { slug: string; now: Date }): Promise<DepartureAvailability[] | null> {
  const tour = await db
    .selectFrom('tours')
    .select(['id', 'tagKeywords', 'tagSeason'])
    .where('webSlug', '=', slug)
    .where('publishWeb', '=', 1)
    .executeTakeFirst();
  if (!tour || isHiddenTour(tour)) return null;

  const window = catalogueWindow(now);
  const periods = (
    await db
      .selectFrom('periods')
      .select(['id', 'dayOne', 'returnDate', 'bookableAvailability', 'webBookable', 'publishWeb'])
      .where('tourId', '=', tour.id)
      .orderBy('dayOne')
      .orderBy('id')
      .execute()
  ).filter((p) => isPeriodListed({ period: { dayOne: p.dayOne, webBookable: p.webBookable === 1, publishWeb: p.publishWeb === 1 }, window }));
  if (periods.length === 0) return [];

  const periodIds = periods.map((p) => p.id);
  const [prices, campaigns] = await Promise.all([
    db
      .selectFrom('prices')
      .select(['tourId', 'periodId', 'flightId', 'optionalActivityId', 'activityPackId', 'reservationModeId', 'ageGroupName', 'categoryName', 'valueCents'])
      .where((eb) => eb.or([eb('tourId', '=', tour.id), eb('periodId', 'in', periodIds)]))
      .orderBy('ageGroupName')
      .orderBy('id')
      .execute(),
    db.selectFrom('campaigns').selectAll().where('periodId', 'in', periodIds).orderBy('id').execute(),
  ]);
  const tourPrices = prices.filter((p) => p.tourId === tour.id && p.periodId === null && ownPrice(p));

  return periods.map((period) => ({
    periodId: period.id,
    dayOne: period.dayOne,
    returnDate: period.returnDate,
    bookableAvailability: period.bookableAvailability,
    ...computeDeparturePrices({
      tourPrices,
      periodPrices: prices.filter((p) => p.periodId === period.id && ownPrice(p)),
      campaigns: campaigns
        .filter((c) => c.periodId === period.id)
        .map((c) => ({ ...c, discountAppliedPerTxt: c.discountAppliedPerTxt === 'ONCE' ? ('ONCE' as const) : ('PER_PAX' as const) })),
      today: window.from,
    }),
  }));
}
