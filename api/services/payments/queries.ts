/**
 * The reads the payment use cases run: a booking's payments, its trip, the fare its flights step
 * pre-booked, a traveller's points. The writes stay in the use cases (start.ts, settle.ts), inside the
 * transaction that decides them.
 */
import { periodTours } from '../catalogue/trips.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentRow } from '../../db/tables.ts';
import type { Trx } from '../../db/database.ts';

/** Every payment of a booking, newest first; only the confirmed ones, oldest first, with `confirmed`. */
export function paymentsOf(db: Db | Trx, bookingId: string, { confirmed = false }: { confirmed?: boolean } = {}): Promise<PaymentRow[]> {
  const query = db.selectFrom('payments').selectAll().where('bookingId', '=', bookingId);
  return confirmed
    ? query.where('status', '=', 'CONFIRMED').orderBy('createdAt').orderBy('id').execute()
    : query.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

/** The tour and dates of a departure, as the pay step and the receipts name them. */
export function tripOf(db: Db | Trx, periodId: string) {
  return periodTours(db)
    .select(['tours.id as tourId', 'tours.name as tourName', 'tours.webSlug', 'periods.id', 'periods.dayOne', 'periods.returnDate', 'periods.numberOfDays'])
    .where('periods.id', '=', periodId)
    .executeTakeFirstOrThrow();
}

/** The fare the flights step pre-booked for each traveller, if any (its newest pre-booking). */
export async function preBookedFareCents(db: Db | Trx, bookingId: string): Promise<number | null> {
  const row = await db
    .selectFrom('cockpitPreBookings')
    .select('fareCents')
    .where('bookingId', '=', bookingId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? row.fareCents : null;
}

/** A traveller's points balance; 0 when the traveller does not exist. */
export async function pointsBalance(db: Db | Trx, travelerId: string): Promise<number> {
  const row = await db.selectFrom('travelers').select('accumulatedReward').where('id', '=', travelerId).executeTakeFirst();
  return row?.accumulatedReward ?? 0;
}
