// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, sql } from 'kysely';

/**
 * The back office (issue 12).
 *
 * - `staff_actions`: every staff action on a booking, traveller, coupon or agency — who, when, what, the
 *   record before and after (JSON) — shown on the object's page. `request_id` is the screen's id for one
 *   press of an action button: the same press arriving twice (a double click, a retry after a timeout)
 *   finds its record here and does nothing more.
 * - Indexes for the bookings desk: its default sort (newest first), alone and within a status, and the
 *   booking reference it searches by.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_type', 'text', (c) => c.notNull().check(sql`entity_type in ('booking', 'traveler', 'coupon', 'retailer')`))
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.unique())
    .addColumn('reason', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_actions_entity_idx').on('staff_actions').columns(['entity_type', 'entity_id', 'created_at']).execute();
  await db.schema.createIndex('bookings_created_idx').on('bookings').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('bookings_status_created_idx').on('bookings').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('bookings_different_idx').on('bookings').column('different_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_different_idx').execute();
  await db.schema.dropIndex('bookings_status_created_idx').execute();
  await db.schema.dropIndex('bookings_created_idx').execute();
  await db.schema.dropTable('staff_actions').execute();
}
