/**
 * The traveller's ledger (`transactions`) and points balance (`travelers.accumulated_reward`): this module
 * is the only code that writes either (docs/decisions/039-staff-screen-kits.md).
 *
 * A DEBIT is value leaving the traveller, a CREDIT value coming back. `kind` says what `amount` counts:
 * 'POINTS' (points: the balance is the sum of these rows) or 'PAYMENT' (euro cents paid or refunded, for
 * the traveller's history; no balance).
 *
 * The database keeps the balance (migration 2026-12-01T10-points-ledger): every POINTS row moves it in the
 * same statement, a balance that differs from its rows or goes below zero is refused, and a row once
 * written does not change. So this module writes rows only, and the balance can never disagree with them
 * whatever writes them.
 */
import { randomUUID } from 'node:crypto';
import type { PointsMovement } from '#shared/schemas/travelers.ts';
import type { Db, Trx } from '../../db/database.ts';

/** Why a points row was written. */
type PointsStatus =
  /** Points earned by a trip once it ended, or spent on a payment. */
  | 'COMPLETED'
  /** Points staff gave as a compensation. */
  | 'COMPENSATION'
  /** The balance forfeited when the traveller's personal data was erased. */
  | 'ERASED';

interface Movement {
  travelerId: string;
  bookingId: string | null;
  now: Date;
}

const row = (m: Movement, fields: { amount: number; type: 'CREDIT' | 'DEBIT'; kind: 'POINTS' | 'PAYMENT'; status: string; paymentId: string | null }) => ({
  id: randomUUID(),
  travelerId: m.travelerId,
  bookingId: m.bookingId,
  paymentId: fields.paymentId,
  amount: fields.amount,
  curency: 'EUR',
  exchangeRate: 1,
  status: fields.status,
  type: fields.type,
  kind: fields.kind,
  createdAt: m.now.toISOString(),
});

/** Points in: a trip's points once it ended (COMPLETED), or a compensation staff gave. */
export async function creditPoints(trx: Trx, movement: Movement & { points: number; status: Exclude<PointsStatus, 'ERASED'> }): Promise<void> {
  if (!Number.isInteger(movement.points) || movement.points <= 0) throw new Error(`points to credit must be a positive integer: ${movement.points}`);
  await trx
    .insertInto('transactions')
    .values(row(movement, { amount: movement.points, type: 'CREDIT', kind: 'POINTS', status: movement.status, paymentId: null }))
    .execute();
}

/**
 * Points out, for the payment they pay: written only while the balance still has them. Answers whether
 * they were spent. The traveller's row is locked first, so two payments spending one balance at once take
 * turns instead of both reading the same balance (PostgreSQL; SQLite writes one at a time anyway).
 */
export async function spendPoints(trx: Trx, movement: Movement & { points: number; paymentId: string }): Promise<boolean> {
  if (!Number.isInteger(movement.points) || movement.points <= 0) throw new Error(`points to spend must be a positive integer: ${movement.points}`);
  await trx
    .updateTable('travelers')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('id', '=', movement.travelerId)
    .execute();
  const values = row(movement, { amount: movement.points, type: 'DEBIT', kind: 'POINTS', status: 'COMPLETED', paymentId: movement.paymentId });
  const written = await trx
    .insertInto('transactions')
    .columns(['id', 'travelerId', 'bookingId', 'paymentId', 'amount', 'curency', 'exchangeRate', 'status', 'type', 'kind', 'createdAt'])
    .expression((eb) =>
      eb
        .selectFrom('travelers')
        .select([
          eb.val(values.id).as('id'),
          'travelers.id as travelerId',
          eb.val(values.bookingId).as('bookingId'),
          eb.val(values.paymentId).as('paymentId'),
          eb.val(values.amount).as('amount'),
          eb.val(values.curency).as('curency'),
          eb.val(values.exchangeRate).as('exchangeRate'),
          eb.val(values.status).as('status'),
          eb.val(values.type).as('type'),
          eb.val(values.kind).as('kind'),
          eb.val(values.createdAt).as('createdAt'),
        ])
        .where('travelers.id', '=', movement.travelerId)
        .where('travelers.accumulatedReward', '>=', movement.points),
    )
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** The whole balance out, when the traveller's personal data is erased. Answers the points forfeited. */
export async function forfeitPoints(trx: Trx, movement: Omit<Movement, 'bookingId'>): Promise<number> {
  const traveler = await trx.selectFrom('travelers').select('accumulatedReward').where('id', '=', movement.travelerId).executeTakeFirstOrThrow();
  if (traveler.accumulatedReward <= 0) return 0;
  await trx
    .insertInto('transactions')
    .values(row({ ...movement, bookingId: null }, { amount: traveler.accumulatedReward, type: 'DEBIT', kind: 'POINTS', status: 'ERASED', paymentId: null }))
    .execute();
  return traveler.accumulatedReward;
}

/** A payment in euros the traveller made (its one DEBIT: a payment has one ledger line, unique). */
export async function recordPayment(trx: Trx, movement: Movement & { paymentId: string; amountCents: number }): Promise<void> {
  await trx
    .insertInto('transactions')
    .values(row(movement, { amount: movement.amountCents, type: 'DEBIT', kind: 'PAYMENT', status: 'COMPLETED', paymentId: movement.paymentId }))
    .execute();
}

/** Euros given back to the traveller by a refund; it names the booking (the payment's one line is its DEBIT). */
export async function recordRefund(trx: Trx, movement: Movement & { amountCents: number }): Promise<void> {
  await trx
    .insertInto('transactions')
    .values(row(movement, { amount: movement.amountCents, type: 'CREDIT', kind: 'PAYMENT', status: 'REFUNDED', paymentId: null }))
    .execute();
}

/** A traveller's points rows, newest first, with the booking each names (the back office's and the profile's history). */
export function pointsMovements(db: Db, travelerId: string, { limit }: { limit?: number } = {}): Promise<PointsMovement[]> {
  return db
    .selectFrom('transactions')
    .leftJoin('bookings', 'bookings.id', 'transactions.bookingId')
    .select([
      'transactions.id',
      'transactions.type',
      'transactions.amount',
      'transactions.status',
      'transactions.bookingId',
      'bookings.differentId',
      'transactions.createdAt',
    ])
    .where('transactions.travelerId', '=', travelerId)
    .where('transactions.kind', '=', 'POINTS')
    .orderBy('transactions.createdAt', 'desc')
    .orderBy('transactions.id')
    .$if(limit !== undefined, (q) => q.limit(limit ?? 0))
    .execute() as Promise<PointsMovement[]>;
}
