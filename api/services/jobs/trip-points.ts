/**
 * The day after a trip comes back, its points (DESIGN.md, Points programme): for every CONFIRMED booking
 * whose return date is at least POINTS_CREDIT_DAYS_AFTER_RETURN days past, a CREDIT of the points its
 * money earned (confirmed payments other than points, net of refunds), once. The database keeps the once
 * (a unique index per booking), so running the job twice, or on two instances, credits once.
 */
import { creditPoints } from '../payments/ledger.ts';
import { addDays } from '#shared/rules/dates.ts';
import { computePointsEarned, POINTS_CREDIT_DAYS_AFTER_RETURN } from '#shared/rules/points.ts';
import { type Db, isUniqueViolation } from '../../db/database.ts';

export interface CreditReport {
  credited: { bookingId: string; travelerId: string; points: number }[];
}

export async function creditTripPoints(db: Db, now: Date): Promise<CreditReport> {
  const lastReturn = addDays({ date: now.toISOString().slice(0, 10), days: -POINTS_CREDIT_DAYS_AFTER_RETURN });
  const due = await db
    .selectFrom('bookings')
    .innerJoin('periods', 'periods.id', 'bookings.periodId')
    .select((eb) => [
      'bookings.id',
      'bookings.travelerId',
      eb.fn
        .coalesce(
          eb
            .selectFrom('payments')
            .select((p) => p.fn.sum<number>(p('payments.amountCents', '-', p.ref('payments.refundedCents'))).as('s'))
            .whereRef('payments.bookingId', '=', 'bookings.id')
            .where('payments.status', '=', 'CONFIRMED')
            .where('payments.paymentMethod', '!=', 'points'),
          eb.lit(0),
        )
        .as('paidCents'),
    ])
    .where('bookings.status', '=', 'CONFIRMED')
    .where('bookings.travelerId', 'is not', null)
    .where('periods.returnDate', '<=', lastReturn)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('transactions')
            .select('transactions.id')
            .whereRef('transactions.bookingId', '=', 'bookings.id')
            .where('transactions.type', '=', 'CREDIT')
            .where('transactions.kind', '=', 'POINTS')
            .where('transactions.status', '=', 'COMPLETED'),
        ),
      ),
    )
    .orderBy('periods.returnDate')
    .orderBy('bookings.id')
    .execute();
  const credited: CreditReport['credited'] = [];
  for (const row of due) {
    const points = computePointsEarned(Number(row.paidCents));
    const travelerId = row.travelerId as string;
    if (points <= 0) continue;
    try {
      await db.transaction().execute(async (trx) => {
        // On a twin run the row fails here (one trip's points once), and the balance does not move.
        await creditPoints(trx, { travelerId, bookingId: row.id, points, status: 'COMPLETED', now });
      });
      credited.push({ bookingId: row.id, travelerId, points });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return { credited };
}
