/**
 * The server's booking quote: loads what a price depends on (a period's prices, flight, rooms, activities,
 * campaigns and the coupon) and prices the choices with the shared `quoteBooking`, the same function the
 * funnel island runs, so what a visitor sees is what the shop charges.
 */
import { periodTours } from '../catalogue/trips.ts';
import { ADULT_AGE_GROUP, NO_OPTIONAL_ACTIVITY_ID } from '#shared/constants.ts';
import type { Coupon } from '#shared/entities/index.ts';
import { listBookableOptions } from '#shared/rules/activities.ts';
import { isHiddenTour } from '#shared/rules/catalogue.ts';
import { isCouponApplicable, normaliseCouponCode } from '#shared/rules/coupons.ts';
import { computeFlightPricesForBooking } from '#shared/rules/flights.ts';
import type { AgePrice } from '#shared/rules/prices.ts';
import { isCampaignValid, type QuoteActivity, type QuoteExtra, type QuoteTraveller, quoteBooking } from '#shared/rules/quote.ts';
import type { SeatOffer } from '#shared/rules/seats.ts';
import type { QuoteView } from '#shared/schemas/bookings.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { cachedReads } from '../../db/table-versions.ts';
import type { PriceRow, TourExtraRow } from '../../db/tables.ts';
import { invalidFields, notFound } from '../../errors.ts';

export const COUPON_NOT_FOUND_MESSAGE = 'No existe ningún cupón con ese código';

export interface OfferFlight {
  id: string;
  name: string;
  guaranteedAvailability: number;
  bookableAvailability: number;
  prices: AgePrice[];
  cockpitPrices: { ageGroupName: string; feeCents: number; flightCostCents: number }[];
}

/** A reservation mode (room) or a bookable activity / pack: its row id (for seats) and its `activityId` (what travellers select). */
export interface OfferOption {
  id: string;
  activityId: string;
  prices: AgePrice[];
}

export interface OfferActivity extends OfferOption {
  productType: string | null;
  /** Row ids of the optional activities whose seats it takes: itself, or a pack's members. */
  seatActivityIds: string[];
}

export interface OfferMode extends OfferOption {
  places: number;
}

/** Everything of one period that the price and the seats of a booking depend on. */
export interface PeriodOffer {
  period: { id: string; tourId: string; dayOne: string; bookableAvailability: number; webBookable: boolean; publishWeb: boolean };
  /** `public`: published and not hidden ('oculto'), as the catalogue lists it. */
  tour: { id: string; tourType: string; webSlug: string; public: boolean };
  tourPrices: AgePrice[];
  periodPrices: AgePrice[];
  flights: OfferFlight[];
  reservationModes: OfferMode[];
  /** Counting activities, insurance and packs ("An activity pack counts only if …"). */
  activities: OfferActivity[];
  campaigns: { valueCents: number; validFromDate: string | null; validUntilDate: string | null; discountAppliedPerTxt: 'PER_PAX' | 'ONCE' }[];
  /** The tour's extras, withdrawn ones too: a booking that chose one before keeps paying it. */
  extras: OfferExtra[];
}

export interface OfferExtra extends QuoteExtra {
  id: string;
  name: string;
  description: string | null;
  /** Offered to bookings that have not chosen it yet. */
  active: boolean;
}

const agePrice = (p: Pick<PriceRow, 'ageGroupName' | 'categoryName' | 'valueCents'>): AgePrice => ({
  ageGroupName: p.ageGroupName,
  categoryName: p.categoryName,
  valueCents: p.valueCents,
});

/** Price rows of the tour or the period itself, not of one of its flights, activities, packs or rooms. */
const ownPrice = (p: Pick<PriceRow, 'flightId' | 'optionalActivityId' | 'activityPackId' | 'reservationModeId'>) =>
  p.flightId === null && p.optionalActivityId === null && p.activityPackId === null && p.reservationModeId === null;

/** A departure with what decides whether the web sells it (its tour's flags and tags); undefined when it does not exist. */
export function findPeriodWithTour(db: Db, periodId: string) {
  return periodTours(db)
    .select([
      'periods.id',
      'periods.tourId',
      'periods.dayOne',
      'periods.bookableAvailability',
      'periods.webBookable',
      'periods.publishWeb',
      'tours.tourType',
      'tours.name as tourName',
      'tours.webSlug',
      'tours.publishWeb as tourPublishWeb',
      'tours.tagKeywords',
      'tours.tagSeason',
    ])
    .where('periods.id', '=', periodId)
    .executeTakeFirst();
}

/** The rows an offer is made of, as read: what changes only when staff change the departure. */
interface OfferRows {
  period: NonNullable<Awaited<ReturnType<typeof findPeriodWithTour>>>;
  flights: { id: string; name: string; guaranteedAvailability: number; bookableAvailability: number }[];
  cockpitPrices: { flightId: string; ageGroupName: string; feeCents: number; flightCostCents: number }[];
  modes: { id: string; activityId: string; places: number }[];
  activities: { id: string; activityId: string; subtype: string | null; productType: string | null; bookableAvailability: number }[];
  packs: { id: string; activityId: string; multipleActivityIds: string }[];
  campaigns: { valueCents: number; validFromDate: string | null; validUntilDate: string | null; discountAppliedPerTxt: string | null }[];
  extras: Pick<TourExtraRow, 'id' | 'name' | 'description' | 'amountCents' | 'basis' | 'active'>[];
  prices: PriceRow[];
}

/**
 * The seats left of a departure, its flights and its optional activities: the part of an offer that every
 * hold changes (`SEAT_COLUMNS` writes), read apart from the rest so a hold does not make the rest be read again.
 */
interface SeatCounts {
  period: number;
  flights: ReadonlyMap<string, number>;
  activities: ReadonlyMap<string, number>;
}

async function readOfferRows(db: Db, periodId: string): Promise<OfferRows | null> {
  const period = await findPeriodWithTour(db, periodId);
  if (!period) return null;

  const [flights, cockpitPrices, modes, activities, packs, campaigns, extras] = await Promise.all([
    db.selectFrom('flights').select(['id', 'name', 'guaranteedAvailability', 'bookableAvailability']).where('periodId', '=', periodId).orderBy('id').execute(),
    db
      .selectFrom('cockpitPrices')
      .innerJoin('flights', 'flights.id', 'cockpitPrices.flightId')
      .select(['cockpitPrices.flightId', 'cockpitPrices.ageGroupName', 'cockpitPrices.feeCents', 'cockpitPrices.flightCostCents'])
      .where('flights.periodId', '=', periodId)
      .orderBy('cockpitPrices.id')
      .execute(),
    db.selectFrom('reservationModes').select(['id', 'activityId', 'places']).where('periodId', '=', periodId).where('deleted', '=', 0).orderBy('id').execute(),
    db
      .selectFrom('optionalActivities')
      .select(['id', 'activityId', 'subtype', 'productType', 'bookableAvailability'])
      .where('periodId', '=', periodId)
      .orderBy('id')
      .execute(),
    db.selectFrom('activityPacks').select(['id', 'activityId', 'multipleActivityIds']).where('periodId', '=', periodId).orderBy('id').execute(),
    db
      .selectFrom('campaigns')
      .select(['valueCents', 'validFromDate', 'validUntilDate', 'discountAppliedPerTxt'])
      .where('periodId', '=', periodId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('tourExtras')
      .select(['id', 'name', 'description', 'amountCents', 'basis', 'active'])
      .where('tourId', '=', period.tourId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  // `in ()` is not SQL: owners without rows are left out of the filter.
  const owners = [
    ['flightId', flights],
    ['reservationModeId', modes],
    ['optionalActivityId', activities],
    ['activityPackId', packs],
  ] as const;
  const prices = await db
    .selectFrom('prices')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('tourId', '=', period.tourId), eb('periodId', 'is', null)]),
        eb('periodId', '=', periodId),
        ...owners
          .filter(([, rows]) => rows.length > 0)
          .map(([column, rows]) =>
            eb(
              column,
              'in',
              rows.map((r) => r.id),
            ),
          ),
      ]),
    )
    .orderBy('id')
    .execute();
  return { period, flights, cockpitPrices, modes, activities, packs, campaigns, extras, prices };
}

/** One statement: the seats left of the departure, of each of its flights and of each of its optional activities. */
async function readSeatCounts(db: Db, periodId: string): Promise<SeatCounts> {
  const rows = await db
    .selectFrom('periods')
    .select([sql<string>`'period'`.as('kind'), 'id', 'bookableAvailability'])
    .where('id', '=', periodId)
    .unionAll(
      db
        .selectFrom('flights')
        .select([sql<string>`'flight'`.as('kind'), 'id', 'bookableAvailability'])
        .where('periodId', '=', periodId),
    )
    .unionAll(
      db
        .selectFrom('optionalActivities')
        .select([sql<string>`'activity'`.as('kind'), 'id', 'bookableAvailability'])
        .where('periodId', '=', periodId),
    )
    .execute();
  const of = (kind: string) => new Map(rows.filter((r) => r.kind === kind).map((r) => [r.id, r.bookableAvailability]));
  return { period: rows.find((r) => r.kind === 'period')?.bookableAvailability ?? 0, flights: of('flight'), activities: of('activity') };
}

/** The offer from its rows, with the seats of `seats` when given (newer than the rows' own). */
function assembleOffer(rows: OfferRows, seats?: SeatCounts): PeriodOffer {
  const { period, cockpitPrices, modes, packs, campaigns, prices } = rows;
  const periodId = period.id;
  const flights = seats ? rows.flights.map((f) => ({ ...f, bookableAvailability: seats.flights.get(f.id) ?? f.bookableAvailability })) : rows.flights;
  const activities = seats
    ? rows.activities.map((a) => ({ ...a, bookableAvailability: seats.activities.get(a.id) ?? a.bookableAvailability }))
    : rows.activities;
  const pricesOf = (key: 'flightId' | 'reservationModeId' | 'optionalActivityId' | 'activityPackId', id: string) =>
    prices.filter((p) => p[key] === id).map(agePrice);

  const activityOptions = activities.map((a) => ({ ...a, prices: pricesOf('optionalActivityId', a.id) }));
  const packOptions = packs.map((p) => ({ ...p, prices: pricesOf('activityPackId', p.id) }));
  const bookable = listBookableOptions({ optionalActivities: activityOptions, packs: packOptions });
  const rowIdOfActivity = new Map(activities.map((a) => [a.activityId, a.id]));

  return {
    period: {
      id: period.id,
      tourId: period.tourId,
      dayOne: period.dayOne,
      bookableAvailability: seats ? seats.period : period.bookableAvailability,
      webBookable: period.webBookable === 1,
      publishWeb: period.publishWeb === 1,
    },
    tour: { id: period.tourId, tourType: period.tourType, webSlug: period.webSlug, public: period.tourPublishWeb === 1 && !isHiddenTour(period) },
    tourPrices: prices.filter((p) => p.tourId === period.tourId && p.periodId === null && ownPrice(p)).map(agePrice),
    periodPrices: prices.filter((p) => p.periodId === periodId && ownPrice(p)).map(agePrice),
    flights: flights.map((f) => ({
      ...f,
      prices: pricesOf('flightId', f.id),
      cockpitPrices: cockpitPrices
        .filter((c) => c.flightId === f.id)
        .map(({ ageGroupName, feeCents, flightCostCents }) => ({ ageGroupName, feeCents, flightCostCents })),
    })),
    reservationModes: modes.map((m) => ({ ...m, prices: pricesOf('reservationModeId', m.id) })),
    activities: [
      ...[...bookable.activities, ...bookable.insurance].map((a) => ({
        id: a.id,
        activityId: a.activityId,
        productType: a.productType,
        prices: a.prices,
        seatActivityIds: [a.id],
      })),
      ...bookable.packs.map((p) => ({
        id: p.id,
        activityId: p.activityId,
        productType: null,
        prices: p.prices,
        seatActivityIds: p.multipleActivityIds
          .split(',')
          .map((id) => rowIdOfActivity.get(id.trim()))
          .filter((id): id is string => id !== undefined),
      })),
    ],
    campaigns: campaigns.map((c) => ({ ...c, discountAppliedPerTxt: c.discountAppliedPerTxt === 'ONCE' ? ('ONCE' as const) : ('PER_PAX' as const) })),
    extras: rows.extras.map((e) => ({ ...e, active: e.active === 1 })),
  };
}

/** Loads a period's offer, all of it read now; null when the period does not exist. */
export async function loadPeriodOffer(db: Db, periodId: string): Promise<PeriodOffer | null> {
  const rows = await readOfferRows(db, periodId);
  return rows && assembleOffer(rows);
}

/** The part of an offer that says which seats choices take (shared/rules/seats.ts). */
export const seatOfferOf = (offer: PeriodOffer): SeatOffer => ({
  periodId: offer.period.id,
  flights: offer.flights,
  reservationModes: offer.reservationModes,
  activities: offer.activities,
});

export interface BookingChoices {
  travellers: readonly QuoteTraveller[];
  flightId: string | null;
  couponCode: string | null;
  /** The tour extras chosen for the booking. */
  extraIds: readonly string[];
}

export const EXTRA_NOT_OFFERED_MESSAGE = 'Ese extra no se ofrece en este viaje';

/**
 * Choices naming a flight, room or activity the period does not offer, one Spanish message per field
 * (paths as the request names them). The quote itself would silently price them at 0: the API refuses.
 */
export function findInvalidChoices(
  offer: PeriodOffer,
  choices: Omit<BookingChoices, 'couponCode' | 'extraIds'> & { extraIds?: readonly string[] },
  {
    travellersPath = 'travellers',
    keptExtraIds = [],
  }: {
    travellersPath?: string;
    /** Extras the booking chose before: still its own when withdrawn since. */
    keptExtraIds?: readonly string[];
  } = {},
): Record<string, string> {
  const fields: Record<string, string> = {};
  const offered = (id: string) => offer.extras.some((e) => e.id === id && (e.active || keptExtraIds.includes(id)));
  if (choices.extraIds?.some((id) => !offered(id))) fields['extraIds'] = EXTRA_NOT_OFFERED_MESSAGE;
  if (choices.flightId !== null && !offer.flights.some((f) => f.id === choices.flightId)) fields['flightId'] = 'Ese vuelo no está disponible para esta salida';
  choices.travellers.forEach((t, i) => {
    if (t.reservationMode !== null && !offer.reservationModes.some((m) => m.activityId === t.reservationMode)) {
      fields[`${travellersPath}.${i}.reservationMode`] = 'Ese tipo de habitación no está disponible para esta salida';
    }
    const unknown = t.optionalActivities.filter((id) => id !== NO_OPTIONAL_ACTIVITY_ID && !offer.activities.some((a) => a.activityId === id));
    if (unknown.length > 0) fields[`${travellersPath}.${i}.optionalActivities`] = 'Alguna actividad elegida no está disponible para esta salida';
  });
  return fields;
}

/** The coupon with this code (compared trimmed, case-insensitively) and whether it applies to these choices today. */
async function resolveCoupon(db: Db, { offer, code, flightId, today }: { offer: PeriodOffer; code: string; flightId: string | null; today: string }) {
  const row = await db
    .selectFrom('coupons')
    .selectAll()
    .where((eb) => eb(eb.fn('upper', ['code']), '=', normaliseCouponCode(code)))
    .executeTakeFirst();
  if (!row) return { outcome: { code, applied: false as const, reason: COUPON_NOT_FOUND_MESSAGE }, coupon: null };
  const coupon = row as typeof row & Pick<Coupon, 'type' | 'couponCondition' | 'status' | 'tourType'>;
  const check = isCouponApplicable({ coupon, today, tourId: offer.tour.id, tourType: offer.tour.tourType, periodId: offer.period.id, flightId });
  if (!check.applicable) return { outcome: { code, applied: false as const, reason: check.reason }, coupon: null };
  return { outcome: { code: row.code, applied: true as const, couponId: row.id }, coupon };
}

/** The UTC day the catalogue and the rules call "today". */
export const utcToday = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Prices a set of choices for a loaded offer: flight prices via `computeFlightPricesForBooking`, only the
 * campaigns in force today, the coupon only when `isCouponApplicable` says so. Choices must have passed
 * `findInvalidChoices`.
 */
export async function quoteOffer(db: Db, { offer, choices, now }: { offer: PeriodOffer; choices: BookingChoices; now: Date }): Promise<QuoteView> {
  const today = utcToday(now);
  const flight = choices.flightId === null ? undefined : offer.flights.find((f) => f.id === choices.flightId);
  const resolved = choices.couponCode === null ? null : await resolveCoupon(db, { offer, code: choices.couponCode, flightId: choices.flightId, today });
  const quote = quoteBooking({
    travellers: choices.travellers,
    tourPrices: offer.tourPrices,
    periodPrices: offer.periodPrices,
    flightPrices: flight ? computeFlightPricesForBooking({ flight, travellerCount: choices.travellers.length }) : [],
    reservationModes: offer.reservationModes,
    optionalActivities: offer.activities satisfies QuoteActivity[],
    extras: [...new Set(choices.extraIds)].flatMap((id) => offer.extras.filter((extra) => extra.id === id)),
    campaigns: offer.campaigns.filter((campaign) => isCampaignValid({ campaign, today })),
    coupon: resolved?.coupon ?? null,
  });
  return { ...quote, coupon: resolved?.outcome ?? null };
}

export const periodNotFound = () => notFound('No encontramos esa salida. Puede que ya no esté a la venta.');

const OFFER_TABLES = [
  'periods',
  'tours',
  'flights',
  'cockpit_prices',
  'reservation_modes',
  'optional_activities',
  'activity_packs',
  'campaigns',
  'prices',
  'tour_extras',
];
/**
 * A period's offer as the quote and a new booking read it: every visitor pricing a departure asks for the
 * same one. Its rows change only when one of these tables is written other than by moving seats
 * (`cachedReads`); its seat counts when seats move too, so the two are kept apart: a hold makes only the
 * seat counts be read again (one statement), not the eight reads of the rows.
 */
const keptRows = cachedReads<OfferRows | null>({ tables: OFFER_TABLES, ignoreSeatWrites: true });
const keptSeats = cachedReads<SeatCounts>({ tables: ['periods', 'flights', 'optional_activities'] });
/** The last offer made of a kept row set, with the seat counts it was made with: most quotes reuse it whole. */
const assembled = new WeakMap<OfferRows, { seats: SeatCounts; offer: PeriodOffer }>();

function offerOf(rows: OfferRows, seats: SeatCounts): PeriodOffer {
  const last = assembled.get(rows);
  if (last?.seats === seats) return last.offer;
  const offer = assembleOffer(rows, seats);
  assembled.set(rows, { seats, offer });
  return offer;
}

export async function keptPeriodOffer(db: Db, periodId: string): Promise<PeriodOffer | null> {
  const rows = await keptRows(db, periodId, () => readOfferRows(db, periodId));
  if (!rows) return null;
  return offerOf(rows, await keptSeats(db, periodId, () => readSeatCounts(db, periodId)));
}

/**
 * The offer inside a transaction that takes or gives back seats (the hold): the kept rows (read through
 * the transaction when not kept, since the connection is the transaction's) and its seat counts read now,
 * through the transaction. Only for transactions that write none of the offer's rows but seats: rows read
 * after such a write and then rolled back would stay kept.
 */
export async function periodOfferForSeats(db: Db, trx: Db, periodId: string): Promise<PeriodOffer | null> {
  const rows = await keptRows(db, periodId, () => readOfferRows(trx, periodId));
  if (!rows) return null;
  return assembleOffer(rows, await readSeatCounts(trx, periodId));
}

/** `POST /api/bookings/quote`: loads the period, refuses unknown options (422) and prices the choices. */
export async function quoteChoices(db: Db, { periodId, choices, now }: { periodId: string; choices: BookingChoices; now: Date }): Promise<QuoteView> {
  const offer = await keptPeriodOffer(db, periodId);
  if (!offer?.tour.public) throw periodNotFound();
  if (!choices.travellers.some((t) => t.ageGroup === ADULT_AGE_GROUP)) {
    throw invalidFields({ travellers: 'Indica al menos un adulto' });
  }
  const fields = findInvalidChoices(offer, choices);
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  return quoteOffer(db, { offer, choices, now });
}
