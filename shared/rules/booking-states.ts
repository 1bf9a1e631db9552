/**
 * The booking state machine of DESIGN.md §3: IN_PROGRESS → CONFIRMED (first confirmed payment) |
 * WAITING_FOR_TRANSFER (bank transfer chosen) | PAYPAL_REVIEW (payment under review) → CONFIRMED or
 * CANCELED; any state but CANCELED → CANCELED (seats released). Further payments keep a CONFIRMED booking
 * CONFIRMED: that is not a transition. The API applies it (api/services/bookings/transitions.ts); the back
 * office reads it to offer only the actions a booking allows.
 */
import type { BookingStatus } from '../enums.ts';

/** Where each state may go. CANCELED is final. */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  IN_PROGRESS: ['CONFIRMED', 'WAITING_FOR_TRANSFER', 'PAYPAL_REVIEW', 'CANCELED'],
  WAITING_FOR_TRANSFER: ['CONFIRMED', 'CANCELED'],
  PAYPAL_REVIEW: ['CONFIRMED', 'CANCELED'],
  CONFIRMED: ['CANCELED'],
  CANCELED: [],
};

/**
 * What moving a booking from `from` to `to` means: a transition to record, nothing to do (a paid booking
 * paid again stays CONFIRMED), or a move the machine forbids.
 *
 * @example planTransition('IN_PROGRESS', 'CONFIRMED') // 'transition'
 */
export function planTransition(from: BookingStatus, to: BookingStatus): 'transition' | 'unchanged' | 'forbidden' {
  if (from === 'CONFIRMED' && to === 'CONFIRMED') return 'unchanged';
  return BOOKING_TRANSITIONS[from].includes(to) ? 'transition' : 'forbidden';
}
