/**
 * A departure's flights in the tour editor: their seats and their price per age group. Seats follow the
 * departure's rule (ADR 023): a total of sold + held + on sale, never under the sold or held ones, moved by a
 * conditional update relative to the row. Flight costs and fees stay as the flights provider set them.
 */
import { randomUUID } from 'node:crypto';
import { seatsUnderHeldMessage, seatsUnderSoldMessage, TOUR_EDITOR_MESSAGES } from '#shared/schemas/tour-editor.ts';
import type { z } from 'zod';
import type { PriceInputSchema } from '#shared/schemas/tour-editor.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { type Actor, recordStaffAction, wasApplied } from './staff-actions.ts';
import { findPeriod, onePress, refused, seatsTaken } from './tour-periods.ts';

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
  if (await wasApplied(db, 'period', periodId, requestId)) return { applied: false };
  await findPeriod(db, tourId, periodId);
  const flight = await db
    .selectFrom('flights')
    .select(['id', 'bookableAvailability'])
    .where('id', '=', flightId)
    .where('periodId', '=', periodId)
    .executeTakeFirst();
  if (!flight) throw notFound(TOUR_EDITOR_MESSAGES.flightNotFound);
  const { sold, held } = await seatsTaken(db, flightId, 'flight');
  const total = sold + held + flight.bookableAvailability;
  if (seats < sold) throw refused(seatsUnderSoldMessage(sold), 'seats');
  if (seats < sold + held) throw refused(seatsUnderHeldMessage({ sold, held }), 'seats');
  const current = await db.selectFrom('prices').select(['id', 'ageGroupName', 'valueCents']).where('flightId', '=', flightId).execute();
  const changes = prices.filter((p) => current.find((c) => c.ageGroupName === p.ageGroupName)?.valueCents !== p.valueCents);
  const delta = seats - total;
  if (delta === 0 && changes.length === 0) return { applied: false };
  const write = db.transaction().execute(async (trx) => {
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
    await recordStaffAction(
      trx,
      {
        entityType: 'period',
        entityId: periodId,
        action: 'flight-update',
        actor,
        requestId,
        before: { flightId, seats: total, ...priceMap(current.filter((c) => changes.some((p) => p.ageGroupName === c.ageGroupName))) },
        after: { flightId, seats, ...priceMap(changes) },
      },
      now,
    );
  });
  return { applied: await onePress(db, periodId, requestId, write) };
}
