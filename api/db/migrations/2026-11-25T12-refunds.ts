// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, sql } from 'kysely';

/**
 * Refunds of card and Bizum payments from the back office (issue 12).
 *
 * - `payments.refunded_cents`: what has been refunded (or is being refunded) of the payment. A refund
 *   claims its amount with one conditional update (`refunded_cents + amount <= amount_cents`), so two
 *   staff members refunding at once can never give back more than was paid.
 * - `refunds`: each refund asked of the terminal (Redsys transaction type 3), its outcome and the press
 *   that asked for it (`request_id`: the same press twice refunds once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id'))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PENDING', 'DONE', 'FAILED')`))
    .addColumn('response_code', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('refunds_payment_idx').on('refunds').column('payment_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
  await db.schema.alterTable('payments').dropColumn('refunded_cents').execute();
}
