/**
 * Live seats and prices of a tour's listed departures, for the tour page's departure picker: the static
 * page may be up to an hour old, this is read at request time with the rules the page was built with.
 *
 * Every visitor of a tour page asks for them, and they change only when the tour, a period, a price or a
 * campaign is written: the answer is kept per tour and day until one of those tables is (`TableVersions`),
 * and never longer than `READ_CACHE_MAX_AGE_MS`, which bounds what this process cannot see (another instance's
 * writes). Seats are still checked when they are held; this is what the picker shows.
 */
import { catalogueWindow, isHiddenTour, isPeriodListed } from '#shared/rules/catalogue.ts';
import { computeDeparturePrices, type DepartureAvailability } from '#shared/rules/departures.ts';
import type { Db } from '../../db/database.ts';
import { cachedReads } from '../../db/table-versions.ts';

/** Price rows of the tour or the period itself, not of one of its flights, activities, packs or rooms. */
const ownPrice = (p: { flightId: string | null; optionalActivityId: string | null; activityPackId: string | null; reservationModeId: string | null }) =>
  p.flightId === null && p.optionalActivityId === null && p.activityPackId === null && p.reservationModeId === null;

/**
 * The departures a visitor may book today (web-bookable, day one inside the catalogue window) of the
 * published, not hidden tour with this web slug, by date. Null when there is no such tour.
 */
export async function findTourDepartures(db: Db, { slug, now }: { slug: string; now: Date }): Promise<DepartureAvailability[] | null> {
  return keptDepartures(db, `${catalogueWindow(now).from}|${slug}`, () => readTourDepartures(db, { slug, now }));
}

const answers = new WeakMap<DepartureAvailability[], string>();

/**
 * The departures' JSON while the kept answer is still the database's (for the shop's fast path); undefined
 * when they must be read, or the tour is unknown (then the API answers, with its 404).
 */
export function keptDeparturesJson(db: Db, { slug, now }: { slug: string; now: Date }): string | undefined {
  const departures = keptDepartures.peek(db, `${catalogueWindow(now).from}|${slug}`);
  if (!departures) return undefined;
  let json = answers.get(departures);
  if (json === undefined) {
    json = JSON.stringify(departures);
    answers.set(departures, json);
  }
  return json;
}

/** Kept until the tables they are read from, as SQL names them, are written. */
const keptDepartures = cachedReads<DepartureAvailability[] | null>({ tables: ['tours', 'periods', 'prices', 'campaigns'] });

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
