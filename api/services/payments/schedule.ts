/**
 * A booking's payment schedule, written on the booking (`deadlinesStringify`) whenever its price is set
 * (docs/decisions/042): from the policy of its departure, else its tour, else its tour type; rewritten in
 * full while nothing is paid, and afterwards only in what payments do not cover yet.
 */
import { DEFAULT_PAYMENT_POLICIES, type PaymentPolicy, policyFor, rescheduleDeadlines, scheduleDeadlines } from '#shared/rules/payment-schedule.ts';
import { computeAmountPaidCents, parseDeadlines } from '#shared/rules/payments.ts';
import { readPaymentPolicy } from '#shared/schemas/payment-policies.ts';
import type { Db, Trx } from '../../db/database.ts';
import { utcToday } from '../bookings/quote.ts';
import { parseTravellers } from '../bookings/records.ts';
import { refreshOwedSince } from './balances.ts';

/** The policy a departure's bookings are scheduled by. */
export async function paymentPolicyOf(db: Db | Trx, periodId: string): Promise<PaymentPolicy> {
  const row = await db
    .selectFrom('periods')
    .innerJoin('tours', 'tours.id', 'periods.tourId')
    .leftJoin('paymentPolicies', 'paymentPolicies.tourType', 'tours.tourType')
    .select(['periods.paymentPolicy as period', 'tours.paymentPolicy as tour', 'tours.tourType', 'paymentPolicies.policy as type'])
    .where('periods.id', '=', periodId)
    .executeTakeFirstOrThrow();
  return policyFor({
    type: readPaymentPolicy(row.type) ?? DEFAULT_PAYMENT_POLICIES[row.tourType],
    tour: readPaymentPolicy(row.tour),
    period: readPaymentPolicy(row.period),
  });
}

/**
 * Writes the deadlines of `bookingId` for a total of `totalCents`, `insuranceCents` of it insurance (paid with
 * the first payment, never scheduled). Call it inside the transaction that sets the booking's price.
 */
export async function writeSchedule(
  trx: Trx,
  { bookingId, totalCents, insuranceCents, now }: { bookingId: string; totalCents: number; insuranceCents: number; now: Date },
): Promise<void> {
  const booking = await trx
    .selectFrom('bookings')
    .innerJoin('periods', 'periods.id', 'bookings.periodId')
    .select(['bookings.periodId', 'bookings.createdAt', 'bookings.travelersStringify', 'bookings.deadlinesStringify', 'periods.dayOne'])
    .where('bookings.id', '=', bookingId)
    .executeTakeFirstOrThrow();
  const confirmed = await trx.selectFrom('payments').select('amountCents').where('bookingId', '=', bookingId).where('status', '=', 'CONFIRMED').execute();
  const paidCents = computeAmountPaidCents(confirmed.map((p) => ({ amountCents: p.amountCents, status: 'CONFIRMED' as const })));
  const scheduledCents = Math.max(0, totalCents - insuranceCents);
  const existing = parseDeadlines(booking.deadlinesStringify);
  const deadlines =
    paidCents === 0 || existing.length === 0
      ? scheduleDeadlines({
          policy: await paymentPolicyOf(trx, booking.periodId),
          scheduledCents,
          travellerCount: parseTravellers(booking.travelersStringify).length,
          bookedOn: booking.createdAt.slice(0, 10),
          departureDate: booking.dayOne,
        })
      : rescheduleDeadlines({ deadlines: existing, paidCents: Math.max(0, paidCents - insuranceCents), scheduledCents, today: utcToday(now) });
  await trx
    .updateTable('bookings')
    .set({ deadlinesStringify: JSON.stringify(deadlines) })
    .where('id', '=', bookingId)
    .execute();
  await refreshOwedSince(trx, bookingId);
}
