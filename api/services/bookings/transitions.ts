/**
 * Applies the booking state machine (shared/rules/booking-states.ts) to the database: every transition is
 * recorded with who, when and why, and moves the booking's seats.
 */
import type { BookingStatus } from '#shared/enums.ts';
import { planTransition } from '#shared/rules/booking-states.ts';
import { AppError } from '../../errors.ts';
import { bookingNotFound, recordStatusChange } from './records.ts';
import type { Trx } from '../../db/database.ts';
import { confirmHolds, releaseHolds } from './seat-holds.ts';
import { emitWebhook } from '../integration/webhooks.ts';

/**
 * Moves a booking to `to` inside the caller's transaction. The status is changed with a conditional update
 * on the state read, so two concurrent transitions cannot both pass. Confirming keeps the held seats for
 * good (taking them again if the hold had expired); canceling gives back every seat, paid ones included.
 * A forbidden transition throws 409 and changes nothing.
 */
export async function transitionBooking(
  trx: Trx,
  bookingId: string,
  to: BookingStatus,
  { by, reason, now = new Date() }: { by: string | null; reason: string; now?: Date },
): Promise<{ from: BookingStatus; to: BookingStatus; changed: boolean }> {
  const row = await trx.selectFrom('bookings').select('status').where('id', '=', bookingId).executeTakeFirst();
  if (!row) throw bookingNotFound();
  const from = row.status;
  const plan = planTransition(from, to);
  if (plan === 'unchanged') return { from, to, changed: false };
  if (plan === 'forbidden') throw new AppError('CONFLICT', 'La reserva no puede pasar a ese estado.');
  const stamp = now.toISOString();
  const updated = await trx
    .updateTable('bookings')
    .set({ status: to, updatedAt: stamp })
    .where('id', '=', bookingId)
    .where('status', '=', from)
    .executeTakeFirst();
  if (updated.numUpdatedRows !== 1n) throw new AppError('CONFLICT', 'La reserva ha cambiado mientras tanto. Vuelve a intentarlo.');
  if (to === 'CONFIRMED') await confirmHolds(trx, bookingId, now);
  if (to === 'CANCELED') await releaseHolds(trx, bookingId, now, { confirmed: true });
  await recordStatusChange(trx, { bookingId, from, to, by, reason, now: stamp });
  const type = to === 'CONFIRMED' ? 'booking.confirmed' : to === 'CANCELED' ? 'booking.cancelled' : 'booking.changed';
  await emitWebhook(trx, { type, data: { bookingId, status: to, previousStatus: from }, now });
  return { from, to, changed: true };
}
