/**
 * The funnel's flights step: the options shown for a booking, and choosing one. Choosing verifies the fare
 * with the flights provider first; a fare that moved since the listing is shown to the visitor, who must
 * accept the new price before anything is saved. Then, in one transaction: the accepted fare becomes the
 * stored fare (so the quote charges it), the booking gets its flight and a fresh price, its seat holds are
 * released (the held set no longer matches), and its flight pre-booking is replaced.
 */
import { randomUUID } from 'node:crypto';
import { ADULT_AGE_GROUP } from '#shared/constants.ts';
import { computeFlightTotalCents } from '#shared/rules/flights.ts';
import { findPriceForAgeGroup } from '#shared/rules/prices.ts';
import type { FlightChoiceAnswer, FlightOptionsAnswer, FlightOptionView } from '#shared/schemas/bookings.ts';
import type { Db } from '../../../db/database.ts';
import { AppError, invalidFields } from '../../../errors.ts';
import { loadPeriodOffer, periodNotFound, quoteOffer, utcToday } from '../quote.ts';
import { type Booking, bookingLocked, parseExtraIds, parseTravellers } from '../records.ts';
import type { Trx } from '../../../db/database.ts';
import { releaseHolds } from '../seat-holds.ts';
import type { FarePeriod, FlightFare, FlightsProvider, VerifiedFare } from './provider.ts';

export const FLIGHT_NOT_OFFERED_MESSAGE = 'Ese vuelo no está disponible para esta salida';
export const FLIGHT_FULL_MESSAGE = 'Ya no quedan plazas suficientes en ese vuelo. Elige otro vuelo.';
export const FARE_GONE_MESSAGE = 'La compañía ya no vende esa tarifa. Elige otro vuelo.';
export const FLIGHTS_CLOSED_MESSAGE = 'Los vuelos de esta salida ya no se pueden reservar. Puedes continuar sin vuelo.';

/**
 * The booking's period as the provider needs it, and the seats the booking itself holds: a visitor back
 * from the pay step must not find their own held seats counted as taken.
 */
async function farePeriodOf(db: Db, row: Booking): Promise<{ period: FarePeriod; heldOnFlight: Map<string, number> }> {
  const [period, holds] = await Promise.all([
    db.selectFrom('periods').select(['id', 'dayOne', 'bookableAvailability']).where('id', '=', row.periodId).executeTakeFirst(),
    db
      .selectFrom('seatHolds')
      .select(['resourceType', 'resourceId', 'quantity'])
      .where('bookingId', '=', row.id)
      .where('releasedAt', 'is', null)
      .where('confirmedAt', 'is', null)
      .where('resourceType', 'in', ['period', 'flight'])
      .execute(),
  ]);
  if (!period) throw periodNotFound();
  const heldOnFlight = new Map<string, number>();
  let heldOnPeriod = 0;
  for (const hold of holds) {
    if (hold.resourceType === 'period') heldOnPeriod += hold.quantity;
    else heldOnFlight.set(hold.resourceId, (heldOnFlight.get(hold.resourceId) ?? 0) + hold.quantity);
  }
  return { period: { ...period, bookableAvailability: period.bookableAvailability + heldOnPeriod }, heldOnFlight };
}

/** Cities in Spanish alphabetical order; options without a city after them; 'sin vuelo' last. */
function groupRank(option: FlightOptionView): [number, string] {
  if (option.noFlight) return [2, ''];
  return option.departureCity === null ? [1, ''] : [0, option.departureCity];
}

/**
 * Options grouped by departure city, each group with what can be booked first, then cheapest first.
 * Exported for the tests' hand-computed orders.
 */
export function orderFlightOptions(options: readonly FlightOptionView[]): FlightOptionView[] {
  return options.toSorted((a, b) => {
    const [ga, ca] = groupRank(a);
    const [gb, cb] = groupRank(b);
    return (
      ga - gb || ca.localeCompare(cb, 'es') || Number(b.available) - Number(a.available) || a.totalCents - b.totalCents || a.name.localeCompare(b.name, 'es')
    );
  });
}

function toView(fare: FlightFare, { travellerCount, total, seatsLeft }: { travellerCount: number; total: number; seatsLeft: number }): FlightOptionView {
  return {
    id: fare.flightId,
    name: fare.name,
    departureCity: fare.departureCity,
    noFlight: fare.noFlight,
    prices: fare.perAgeGroup.map(({ ageGroupName, valueCents }) => ({ ageGroupName, valueCents })),
    totalCents: total,
    available: fare.noFlight || (seatsLeft >= travellerCount && (fare.fare?.bookable ?? true)),
    journeys: fare.journeys.map(({ direction, segments }) => ({ direction, segments })),
  };
}

/** `GET /bookings/:id/flights`: the flight options of the booking's departure for its travellers. */
export async function listFlightOptions(db: Db, provider: FlightsProvider, { row, now }: { row: Booking; now: Date }): Promise<FlightOptionsAnswer> {
  const travellers = row.travellers;
  const { period, heldOnFlight } = await farePeriodOf(db, row);
  const fares = await provider.listFares({ period, travellers, today: utcToday(now) });
  const options = fares.map((fare) =>
    toView(fare, {
      travellerCount: travellers.length,
      total: computeFlightTotalCents({ prices: fare.perAgeGroup, travellers }),
      seatsLeft: fare.bookableAvailability + (heldOnFlight.get(fare.flightId) ?? 0),
    }),
  );
  return { options: orderFlightOptions(options), selectedFlightId: row.flightId };
}

/**
 * Makes the verified fare the stored fare of a flight sold through the fare service, so that the quote (and
 * every later listing) charges what the visitor accepted: each age group's cockpit price is set so that
 * cost plus fee, rounded up, is the verified price. An age group priced through the adult fallback gets a
 * row of its own only when its verified price differs from the adult one.
 */
async function storeVerifiedFare(trx: Trx, fare: VerifiedFare): Promise<void> {
  if (fare.pricedBy !== 'fare') return;
  const rows = await trx.selectFrom('cockpitPrices').select(['id', 'ageGroupName', 'feeCents']).where('flightId', '=', fare.flightId).orderBy('id').execute();
  const adult = findPriceForAgeGroup({ prices: fare.perAgeGroup, ageGroup: ADULT_AGE_GROUP });
  for (const { ageGroupName, valueCents } of fare.perAgeGroup) {
    const own = rows.filter((r) => r.ageGroupName === ageGroupName);
    if (own.length === 0) {
      if (valueCents === adult) continue;
      await trx
        .insertInto('cockpitPrices')
        .values({ id: randomUUID(), flightId: fare.flightId, ageGroupName, flightCostCents: valueCents, feeCents: 0 })
        .execute();
      continue;
    }
    for (const row of own) {
      const feeCents = Math.min(row.feeCents, valueCents);
      await trx
        .updateTable('cockpitPrices')
        .set({ flightCostCents: valueCents - feeCents, feeCents })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

const invalidFlight = () => invalidFields({ flightId: FLIGHT_NOT_OFFERED_MESSAGE });

/**
 * `POST /bookings/:id/flight`: chooses a flight (or none) for an IN_PROGRESS booking.
 *
 * The fare is verified first. When it differs from what the visitor was shown (the listing's price, or
 * `shownTotalCents` when the funnel sends what it showed) and `acceptedPriceCents` is not the new total,
 * the answer is 'price-changed' and nothing is written.
 */
export async function chooseFlight(
  db: Db,
  provider: FlightsProvider,
  {
    row,
    flightId,
    acceptedPriceCents,
    shownTotalCents,
    now,
  }: { row: Booking; flightId: string | null; acceptedPriceCents?: number; shownTotalCents?: number; now: Date },
): Promise<FlightChoiceAnswer> {
  if (row.status !== 'IN_PROGRESS') throw bookingLocked();
  const travellers = row.travellers;
  let verified: VerifiedFare | null = null;
  if (flightId !== null) {
    const { period, heldOnFlight } = await farePeriodOf(db, row);
    verified = await provider.verifyFare({ period, flightId, travellers, today: utcToday(now) });
    if (verified === null) {
      const known = await db.selectFrom('flights').select('id').where('id', '=', flightId).where('periodId', '=', row.periodId).executeTakeFirst();
      if (known) throw new AppError('CONFLICT', FLIGHTS_CLOSED_MESSAGE);
      throw invalidFlight();
    }
    if (!verified.noFlight && verified.bookableAvailability + (heldOnFlight.get(flightId) ?? 0) < travellers.length) {
      throw new AppError('CONFLICT', FLIGHT_FULL_MESSAGE, { flightId: FLIGHT_FULL_MESSAGE });
    }
    if (!verified.bookable) throw new AppError('CONFLICT', FARE_GONE_MESSAGE, { flightId: FARE_GONE_MESSAGE });
    const shown = shownTotalCents ?? verified.listedTotalCents;
    if (shown !== verified.totalCents && acceptedPriceCents !== verified.totalCents) {
      return { status: 'price-changed', flightId, previousTotalCents: shown, newTotalCents: verified.totalCents };
    }
  }
  // Outside the transaction: a remote fare service is never called while rows are locked.
  const preBooking = verified ? await provider.preBook({ bookingId: row.id, fare: verified, travellerCount: travellers.length }) : null;

  const stamp = now.toISOString();
  const quote = await db.transaction().execute(async (trx) => {
    // First statement and a write: takes SQLite's write lock / the booking's row lock before anything is read.
    const claimed = await trx.updateTable('bookings').set({ updatedAt: stamp }).where('id', '=', row.id).where('status', '=', 'IN_PROGRESS').executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) throw bookingLocked();
    const current = await trx
      .selectFrom('bookings')
      .select(['periodId', 'travelersStringify', 'couponId', 'extraIds'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    if (verified?.changed) await storeVerifiedFare(trx, verified);
    const offer = await loadPeriodOffer(trx, current.periodId);
    if (!offer) throw periodNotFound();
    const coupon = current.couponId === null ? undefined : await trx.selectFrom('coupons').select('code').where('id', '=', current.couponId).executeTakeFirst();
    const quote = await quoteOffer(trx, {
      offer,
      choices: {
        travellers: parseTravellers(current.travelersStringify),
        flightId,
        couponCode: coupon?.code ?? null,
        extraIds: parseExtraIds(current.extraIds),
      },
      now,
    });
    // As a PATCH does: a stored coupon that stopped applying (one tied to another flight) is dropped.
    const couponId = quote.coupon?.applied ? quote.coupon.couponId : null;

    await trx.deleteFrom('cockpitPreBookings').where('bookingId', '=', row.id).execute();
    let cockpitPreBookingId: string | null = null;
    if (preBooking && flightId !== null) {
      cockpitPreBookingId = randomUUID();
      await trx
        .insertInto('cockpitPreBookings')
        .values({
          id: cockpitPreBookingId,
          bookingId: row.id,
          fareCents: preBooking.farePerTravellerCents,
          fareId: preBooking.fareId,
          outboundItineraryId: preBooking.outboundItineraryId,
          inboundItineraryId: preBooking.inboundItineraryId,
          cockpitFlightId: preBooking.cockpitFlightId,
          flightId,
          createdAt: stamp,
        })
        .execute();
    }
    await trx.updateTable('bookings').set({ flightId, couponId, priceCents: quote.totalCents, cockpitPreBookingId }).where('id', '=', row.id).execute();
    await releaseHolds(trx, row.id, now);
    return quote;
  });
  return { status: 'ok', flightId, quote };
}
