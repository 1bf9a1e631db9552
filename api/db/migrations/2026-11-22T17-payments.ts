// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, sql } from 'kysely';

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

const NOTIFICATION_OUTCOMES = ['approved', 'declined', 'replayed', 'late', 'review', 'bad-signature', 'unknown-order', 'mismatch', 'malformed', 'error'];

/**
 * The payments server (card, Bizum, bank transfer and points through the Redsys redirect protocol).
 *
 * - payments: an attempt stays valid until `expires_at` (the seat hold it was started with); the points a
 *   traveller asked to redeem wait on the pending card payment (`points_requested`, `points_traveler_id`,
 *   `points_discount_cents`) and are only spent when the card payment is confirmed, so an abandoned
 *   payment burns nothing.
 * - bookings: `quote_stringify` keeps the quote the booking was confirmed with, so a campaign that ends
 *   later does not change what a traveller who already paid owes.
 * - transactions: the ledger is the traveller's; `kind` says what `amount` counts: 'POINTS' (points; the
 *   programme's CREDIT earned / DEBIT redeemed) or 'PAYMENT' (cents paid by card, Bizum or transfer, a
 *   DEBIT: value leaving the traveller). `payment_id` ties a row to the payment that caused it, at most once.
 * - payment_notifications: every notification the terminal sent, verified or not, with what it did; the
 *   audit trail of replays, tampering and payments that arrived too late.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('payments').addColumn('confirmed_at', 'text').execute();
  await db.schema
    .alterTable('payments')
    .addColumn('points_requested', 'integer', (c) => c.notNull().defaultTo(0).check(sql`points_requested >= 0`))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('points_traveler_id', 'text', (c) => c.references('travelers.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('points_discount_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`points_discount_cents >= 0`))
    .execute();

  await db.schema.alterTable('bookings').addColumn('quote_stringify', 'text').execute();

  await db.schema
    .alterTable('transactions')
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('POINTS')
        .check(oneOf('kind', ['POINTS', 'PAYMENT'])),
    )
    .execute();
  await db.schema
    .alterTable('transactions')
    .addColumn('payment_id', 'text', (c) => c.references('payments.id').onDelete('set null'))
    .execute();
  // NULLs are distinct in both engines' unique indexes: points credits without a payment stay allowed.
  await db.schema.createIndex('transactions_payment_unique').on('transactions').column('payment_id').unique().execute();

  await db.schema
    .createTable('payment_notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.references('payments.id').onDelete('set null'))
    // As the notification claims it; only trusted when the outcome says the signature was good.
    .addColumn('order_number', 'text')
    .addColumn('response_code', 'text')
    .addColumn('signature_version', 'text')
    .addColumn('merchant_parameters', 'text')
    .addColumn('signature', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull().check(oneOf('outcome', NOTIFICATION_OUTCOMES)))
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_notifications_order_idx').on('payment_notifications').column('order_number').execute();
  await db.schema.createIndex('payment_notifications_payment_idx').on('payment_notifications').column('payment_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_notifications').execute();
  await db.schema.dropIndex('transactions_payment_unique').execute();
  for (const column of ['payment_id', 'kind']) await db.schema.alterTable('transactions').dropColumn(column).execute();
  await db.schema.alterTable('bookings').dropColumn('quote_stringify').execute();
  for (const column of ['points_discount_cents', 'points_traveler_id', 'points_requested', 'confirmed_at', 'expires_at']) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
}
