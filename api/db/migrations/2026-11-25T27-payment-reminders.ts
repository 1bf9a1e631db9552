// Frozen migration: never edit after it has run anywhere; add a new one instead.
import type { Kysely } from 'kysely';

/**
 * Balance reminders before each payment deadline (issue 13), once per deadline: the reminder's row is
 * the once, keyed by booking and deadline day, written in the transaction that queues its mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_reminders')
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
    .addColumn('deadline_date', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('mail_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_reminders_pk', ['booking_id', 'deadline_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_reminders').execute();
}
