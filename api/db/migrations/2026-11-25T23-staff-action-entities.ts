// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, sql } from 'kysely';

/**
 * More kinds of object a staff action can be about: a departure (its notifications to every booking),
 * and what the catalogue and guides screens will record (tour, guide, opinion, activity, import). SQLite
 * cannot change a CHECK in place, so the table is copied into one with the wider list, on both engines.
 */
const ENTITIES = sql`entity_type in ('booking', 'traveler', 'coupon', 'retailer', 'period', 'tour', 'guide', 'opinion', 'activity', 'import')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_actions_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_type', 'text', (c) => c.notNull().check(ENTITIES))
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
  await sql`insert into staff_actions_next (id, entity_type, entity_id, action, actor_id, actor_email, request_id, reason, before, after, created_at)
    select id, entity_type, entity_id, action, actor_id, actor_email, request_id, reason, before, after, created_at from staff_actions`.execute(db);
  await db.schema.dropTable('staff_actions').execute();
  await db.schema.alterTable('staff_actions_next').renameTo('staff_actions').execute();
  await db.schema.createIndex('staff_actions_entity_idx').on('staff_actions').columns(['entity_type', 'entity_id', 'created_at']).execute();
}

export async function down(): Promise<void> {
  // The narrower list would refuse the rows recorded since: kept as it is.
}
