/**
 * A departure's flights in the tour editor: their seats and their price per age group. Seats follow the
 * departure's rule (ADR 023): a total of sold + held + on sale, never under the sold or held ones, moved by a
 * conditional update relative to the row. Flight costs and fees stay as the flights provider set them.
 */
import { ownPrices } from './prices.ts';
import { randomUUID } from 'node:crypto';
import type { FlightAddInput } from '#shared/schemas/tour-editor.ts';
import {
  flightAgeGroupsMessage,
  flightHasBookingsMessage,
  seatsUnderHeldMessage,
  seatsUnderSoldMessage,
  TOUR_EDITOR_MESSAGES,
} from '#shared/schemas/tour-editor-texts.ts';
import type { z } from 'zod';
import type { PriceInputSchema } from '#shared/schemas/tour-editor.ts';
import type { Db } from '../../db/database.ts';
import { invalidFields, notFound } from '../../errors.ts';
import type { Trx } from '../../db/database.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import { findPeriod, onPeriod, refused, seatsTaken } from './tour-periods.ts';

export async function updateFlight(
  db: Db,
  {
    tourId,
    periodId,
    flightId,
    requestId,
    seats,
    prices,
    actor,
    now,
  }: {
    tourId: string;
    periodId: string;
    flightId: string;
    requestId: string;
    seats: number;
    prices: z.output<typeof PriceInputSchema>[];
    actor: Actor;
    now: Date;
  },
): Promise<{ applied: boolean }> {
  const applied = await onPeriod(db, { tourId, periodId, requestId, actor, now }, async (trx, record) => {
    const flight = await trx
      .selectFrom('flights')
      .select(['id', 'bookableAvailability'])
      .where('id', '=', flightId)
      .where('periodId', '=', periodId)
      .executeTakeFirst();
    if (!flight) throw notFound(TOUR_EDITOR_MESSAGES.flightNotFound);
    const { sold, held } = await seatsTaken(trx, flightId, 'flight');
    const total = sold + held + flight.bookableAvailability;
    if (seats < sold) throw refused(seatsUnderSoldMessage(sold), 'seats');
    if (seats < sold + held) throw refused(seatsUnderHeldMessage({ sold, held }), 'seats');
    const current = await trx.selectFrom('prices').select(['id', 'ageGroupName', 'valueCents']).where('flightId', '=', flightId).execute();
    const changes = prices.filter((p) => current.find((c) => c.ageGroupName === p.ageGroupName)?.valueCents !== p.valueCents);
    const delta = seats - total;
    if (delta === 0 && changes.length === 0) return false;
    if (delta !== 0) {
      const updated = await trx
        .updateTable('flights')
        .set((eb) => ({ bookableAvailability: eb('bookableAvailability', '+', delta) }))
        .where('id', '=', flightId)
        .where((eb) => eb(eb('bookableAvailability', '+', delta), '>=', 0))
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) {
        const taken = await seatsTaken(trx, flightId, 'flight');
        throw refused(taken.held ? seatsUnderHeldMessage(taken) : seatsUnderSoldMessage(taken.sold), 'seats');
      }
    }
    for (const price of changes) {
      const row = current.find((c) => c.ageGroupName === price.ageGroupName);
      if (row) await trx.updateTable('prices').set({ valueCents: price.valueCents }).where('id', '=', row.id).execute();
      else await trx.insertInto('prices').values({ id: randomUUID(), flightId, ageGroupName: price.ageGroupName, valueCents: price.valueCents }).execute();
    }
    const priceMap = (list: { ageGroupName: string; valueCents: number }[]) => Object.fromEntries(list.map((p) => [p.ageGroupName, p.valueCents]));
    await record({
      action: 'flight-update',
      before: { flightId, seats: total, ...priceMap(current.filter((c) => changes.some((p) => p.ageGroupName === c.ageGroupName))) },
      after: { flightId, seats, ...priceMap(changes) },
    });
    return true;
  });
  return { applied };
}

/** A segment's date and time from the form, stored in the UTC notation the seeded flights use. */
const stamp = (local: string) => `${local}:00.000Z`;

/**
 * 'Añadir vuelo': a flight of the departure, priced by the shop (ADR 023): its seats are its own
 * (guaranteed), and its price per age group fills both the flight's prices (cost, no fee) and the cockpit
 * prices, so the flights step and the quote price it the same for any number of travellers. Its journeys
 * and segments are written in order. Answers the new flight's id; a press already applied answers the id it made.
 */
export async function addFlight(
  db: Db,
  { tourId, periodId, requestId, input, actor, now }: { tourId: string; periodId: string; requestId: string; input: FlightAddInput; actor: Actor; now: Date },
): Promise<{ applied: boolean; flightId: string | null }> {
  return applyOnce(
    db,
    { entityType: 'period', entityId: periodId, requestId, actor, now },
    async (trx, record) => {
      const period = await findPeriod(trx, tourId, periodId);
      const [outbound] = input.journeys;
      const leaves = outbound.segments[0]?.departureAt.slice(0, 10) ?? '';
      if (leaves < period.dayOne || leaves > period.returnDate) throw invalidFields({ 'flight.journeys': TOUR_EDITOR_MESSAGES.outboundOutsideDates });
      const departurePrices = await ownPrices(trx).select('ageGroupName').where('periodId', '=', periodId).execute();
      const missing = [...new Set(departurePrices.map((p) => p.ageGroupName))].filter((g) => !input.prices.some((p) => p.ageGroupName === g)).sort();
      if (missing.length) throw invalidFields({ 'flight.prices': flightAgeGroupsMessage(missing) });
      const flightId = randomUUID();
      const nights = period.numberOfDays - 1;
      await trx
        .insertInto('flights')
        .values({
          id: flightId,
          periodId,
          name: input.name,
          departureCity: input.departureCity,
          activityId: `FL-${flightId.slice(0, 8)}`,
          servicecombinationId: null,
          guaranteedAvailability: input.seats,
          bookableAvailability: input.seats,
          departureDate: period.dayOne,
        })
        .execute();
      for (const [position, journey] of input.journeys.entries()) {
        const journeyId = randomUUID();
        await trx.insertInto('flightJourneys').values({ id: journeyId, flightId, direction: journey.direction, position }).execute();
        const last = journey.segments.length - 1;
        await trx
          .insertInto('flightSegments')
          .values(
            journey.segments.map((s, i) => ({
              id: randomUUID(),
              journeyId,
              position: i,
              provider: null,
              departureAt: stamp(s.departureAt),
              arrivalAt: stamp(s.arrivalAt),
              departureIata: s.departureIata,
              arrivalIata: s.arrivalIata,
              departureCity: journey.direction === 'outbound' && i === 0 ? input.departureCity : null,
              arrivalCity: journey.direction === 'inbound' && i === last ? input.departureCity : null,
              flightNumber: s.flightNumber,
              goSegment: journey.direction === 'outbound' ? 1 : 0,
              nights: journey.direction === 'outbound' ? nights : null,
            })),
          )
          .execute();
      }
      await trx
        .insertInto('prices')
        .values(
          input.prices.map((p) => ({
            id: randomUUID(),
            tourId,
            periodId,
            flightId,
            ageGroupName: p.ageGroupName,
            categoryName: 'Standard category',
            valueCents: p.valueCents,
            flightCostCents: p.valueCents,
            feeCents: 0,
          })),
        )
        .execute();
      await trx
        .insertInto('cockpitPrices')
        .values(input.prices.map((p) => ({ id: randomUUID(), flightId, ageGroupName: p.ageGroupName, flightCostCents: p.valueCents, feeCents: 0 })))
        .execute();
      await record({ action: 'flight-create', before: null, after: { flightId, ...input } });
      return { applied: true, flightId };
    },
    (recorded) => ({ applied: false, flightId: (recorded.after as { flightId?: string } | null)?.flightId ?? null }),
  );
}

const countFlightBookings = async (db: Db | Trx, flightId: string) =>
  Number(
    (
      await db
        .selectFrom('bookings')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('flightId', '=', flightId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * 'Quitar vuelo': never one a booking chose, whatever the booking's state. Its journeys, segments, prices
 * and fares go with it (the database cascades them) in one transaction.
 */
export async function removeFlight(
  db: Db,
  { tourId, periodId, flightId, requestId, actor, now }: { tourId: string; periodId: string; flightId: string; requestId: string; actor: Actor; now: Date },
): Promise<{ applied: boolean }> {
  try {
    const applied = await onPeriod(db, { tourId, periodId, requestId, actor, now }, async (trx, record) => {
      const flight = await trx
        .selectFrom('flights')
        .select(['id', 'name', 'departureCity', 'bookableAvailability'])
        .where('id', '=', flightId)
        .where('periodId', '=', periodId)
        .executeTakeFirst();
      if (!flight) throw notFound(TOUR_EDITOR_MESSAGES.flightNotFound);
      const booked = await countFlightBookings(trx, flightId);
      if (booked > 0) throw refused(flightHasBookingsMessage(booked));
      await trx.deleteFrom('prices').where('flightId', '=', flightId).execute();
      await trx.deleteFrom('flights').where('id', '=', flightId).execute();
      await record({ action: 'flight-delete', before: { flightId, ...flight }, after: null });
      return true;
    });
    return { applied };
  } catch (error) {
    // A booking chose the flight between the count and the delete: the database refused the delete.
    const late = await countFlightBookings(db, flightId);
    if (late > 0) throw refused(flightHasBookingsMessage(late));
    throw error;
  }
}
