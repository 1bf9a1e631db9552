/**
 * The booking state machine of DESIGN.md: IN_PROGRESS → CONFIRMED (first confirmed payment) |
 * WAITING_FOR_TRANSFER (bank transfer chosen) | PAYPAL_REVIEW (payment under review) → CONFIRMED or
 * CANCELED; any state but CANCELED → CANCELED (seats released). Every transition is recorded with who,
 * when and why. Further payments keep a CONFIRMED booking CONFIRMED: not a transition, nothing recorded.
 */
import type { BookingStatus } from '#shared/enums.ts';
import { AppError } from '../../errors.ts';
import { bookingNotFound, recordStatusChange, type Trx } from './records.ts';
import { confirmHolds, releaseHolds } from './seat-holds.ts';

/** Where each state may go. CANCELED is final. */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  IN_PROGRESS: ['CONFIRMED', 'WAITING_FOR_TRANSFER', 'PAYPAL_REVIEW', 'CANCELED'],
  WAITING_FOR_TRANSFER: ['CONFIRMED', 'CANCELED'],
  PAYPAL_REVIEW: ['CONFIRMED', 'CANCELED'],
  CONFIRMED: ['CANCELED'],
  CANCELED: [],
};

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[from].includes(to);
}

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
  const from = row.status as BookingStatus;
  if (from === 'CONFIRMED' && to === 'CONFIRMED') return { from, to, changed: false };
  if (!canTransition(from, to)) throw new AppError('CONFLICT', 'La reserva no puede pasar a ese estado.');
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
  return { from, to, changed: true };
}
