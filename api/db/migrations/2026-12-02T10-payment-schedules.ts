// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 31: payment schedules (docs/decisions/042). The office's policy per tour type, and a tour's or a
 * departure's own when it has one: a deposit, optional instalments and the balance's days before departure,
 * as JSON (`PaymentPolicy`, shared/rules/payment-schedule.ts). Null on a tour or departure: its type's.
 * A change of a type's policy is a staff press like any other: 'payment-policy' joins the records' entities.
 */
const ENTITIES = sql`entity_type in ('booking', 'traveler', 'coupon', 'retailer', 'period', 'tour', 'guide', 'opinion', 'activity', 'import', 'user', 'payment-policy')`;
const DEFAULTS = [
  ['Group', { deposit: { kind: 'percent', percent: 30 }, instalments: [], balanceDaysBefore: 30 }],
  ['FIT', { deposit: { kind: 'percent', percent: 30 }, instalments: [], balanceDaysBefore: 30 }],
  ['Private', { deposit: { kind: 'percent', percent: 40 }, instalments: [], balanceDaysBefore: 45 }],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_policies')
    .addColumn('tour_type', 'text', (c) => c.primaryKey())
    .addColumn('policy', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The defaults' own date, not the migration's: two databases migrated apart hold the same rows.
  const stamp = '2026-12-02T10:00:00.000Z';
  for (const [tourType, policy] of DEFAULTS) {
    await db
      .insertInto('payment_policies')
      .values({ tour_type: tourType, policy: JSON.stringify(policy), version: 1, updated_at: stamp })
      .execute();
  }
  // Another instance's cache of what the tables hold hears of writes here too (2026-11-29T10-write-notifications).
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`create trigger shop_notify_write after insert or update or delete or truncate on payment_policies for each statement execute function shop_notify_write()`.execute(
      db,
    );
  await db.schema.alterTable('tours').addColumn('payment_policy', 'text').execute();
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
  await db.schema.alterTable('periods').addColumn('payment_policy', 'text').execute();
}
