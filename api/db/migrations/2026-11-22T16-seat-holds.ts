// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, sql } from 'kysely';

/**
 * Seats taken for a booking at the pay step. Taking a seat decrements the resource's availability
 * (period, flight, optional activity or reservation mode) with a conditional update; the hold remembers
 * what to give back. A hold is live until it is confirmed (paid) or released (expiry, failure,
 * cancellation; a confirmed hold is released when its booking is canceled). `released_at` is set at most
 * once and only the statement that sets it returns the seats, which makes releasing idempotent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('seat_holds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('resource_type', 'text', (c) => c.notNull().check(sql`resource_type in ('period', 'flight', 'optional_activity', 'reservation_mode')`))
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('seat_holds_booking_idx').on('seat_holds').column('booking_id').execute();
  await db.schema.createIndex('seat_holds_expires_idx').on('seat_holds').columns(['expires_at', 'released_at', 'confirmed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('seat_holds').execute();
}
