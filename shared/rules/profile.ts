/**
 * What the traveller's profile shows as pending (issue 13, `/perfil`): a balance to pay with its next
 * deadline, passenger data still missing before departure, a trip back home waiting for its review.
 * Pure: the API gathers the facts, this decides what to ask of the traveller and in which order.
 */
import type { BookingStatus } from '../enums.ts';
import { isReviewDue } from './reviews.ts';

export interface ProfileTripFacts {
  id: string;
  tourName: string;
  status: BookingStatus;
  dayOne: string;
  returnDate: string;
  dueCents: number;
  /** The first deadline still to meet (see `deadlinesStillOwed`), if the booking has deadlines. */
  nextDeadline: { date: string; amountCents: number } | null;
  missingPassengerData: boolean;
  /** The traveller has written this trip's review already (any status). */
  reviewed: boolean;
}

export type PendingItem =
  | { kind: 'balance'; bookingId: string; tourName: string; amountCents: number; date: string }
  | { kind: 'passengers'; bookingId: string; tourName: string; date: string }
  | { kind: 'review'; bookingId: string; tourName: string; date: string };

const ACTIVE: readonly BookingStatus[] = ['CONFIRMED', 'WAITING_FOR_TRANSFER', 'PAYPAL_REVIEW'];

/**
 * Balances first (soonest deadline first: money has dates), then passenger data (soonest departure
 * first), then reviews (most recent return first). Canceled trips ask for nothing.
 *
 * @example findPending([{ …, status: 'CONFIRMED', dueCents: 500, nextDeadline: { date: '2027-01-10', amountCents: 500 } }], '2026-12-01')
 * // [{ kind: 'balance', …, amountCents: 500, date: '2027-01-10' }]
 */
export function findPending(trips: readonly ProfileTripFacts[], today: string): PendingItem[] {
  const balances: PendingItem[] = [];
  const passengers: PendingItem[] = [];
  const reviews: PendingItem[] = [];
  for (const t of trips) {
    if (!ACTIVE.includes(t.status)) continue;
    const ahead = t.dayOne > today;
    if (t.dueCents > 0 && t.returnDate >= today && t.status !== 'PAYPAL_REVIEW') {
      const date = t.nextDeadline?.date ?? t.dayOne;
      balances.push({ kind: 'balance', bookingId: t.id, tourName: t.tourName, amountCents: t.nextDeadline?.amountCents ?? t.dueCents, date });
    }
    if (ahead && t.missingPassengerData) passengers.push({ kind: 'passengers', bookingId: t.id, tourName: t.tourName, date: t.dayOne });
    if (isReviewDue({ status: t.status, returnDate: t.returnDate, today }) && !t.reviewed)
      reviews.push({ kind: 'review', bookingId: t.id, tourName: t.tourName, date: t.returnDate });
  }
  const by = (dir: 1 | -1) => (a: PendingItem, b: PendingItem) => dir * a.date.localeCompare(b.date) || a.bookingId.localeCompare(b.bookingId);
  return [...balances.sort(by(1)), ...passengers.sort(by(1)), ...reviews.sort(by(-1))];
}

/** The next trip: the earliest one not canceled that has not started yet (today's departure counts). */
export function findNextTrip<T extends Pick<ProfileTripFacts, 'status' | 'dayOne' | 'id'>>(trips: readonly T[], today: string): T | null {
  const ahead = trips.filter((t) => ACTIVE.includes(t.status) && t.dayOne >= today);
  ahead.sort((a, b) => a.dayOne.localeCompare(b.dayOne) || a.id.localeCompare(b.id));
  return ahead[0] ?? null;
}
