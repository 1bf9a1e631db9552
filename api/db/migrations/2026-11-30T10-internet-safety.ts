// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 29 (holes an outside probe found):
 * - staff actions can be about an account (`user`): `npm run admin:create` records who became an
 *   administrator. SQLite cannot change a CHECK in place, so there the table is copied into one with the
 *   wider list; PostgreSQL swaps the constraint.
 * - `seat_holds.client_key`: whose client address took a hold (hashed as the rate limits hash it), so one
 *   address cannot hold every seat of a departure.
 * - `bookings.owner_confirmed_at`: when the lead traveller's account owner made, opened (from the budget
 *   mail) or paid the booking; until then an unpaid booking someone else made with their e-mail stays out
 *   of their profile.
 */
const ENTITIES = sql`entity_type in ('booking', 'traveler', 'coupon', 'retailer', 'period', 'tour', 'guide', 'opinion', 'activity', 'import', 'user')`;

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint where conrelid = 'staff_actions'::regclass and contype = 'c'`.execute(db);
    for (const { name } of rows) await sql`alter table staff_actions drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table staff_actions add constraint staff_actions_entity_type_check check (${ENTITIES})`.execute(db);
  } else {
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
  await db.schema.alterTable('seat_holds').addColumn('client_key', 'text').execute();
  await db.schema.createIndex('seat_holds_client_idx').on('seat_holds').columns(['client_key', 'released_at', 'confirmed_at']).execute();
  await db.schema.alterTable('bookings').addColumn('owner_confirmed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('owner_confirmed_at').execute();
  await db.schema.dropIndex('seat_holds_client_idx').execute();
  await db.schema.alterTable('seat_holds').dropColumn('client_key').execute();
  // The narrower list of staff-action entities would refuse the rows recorded since: kept as it is.
}
