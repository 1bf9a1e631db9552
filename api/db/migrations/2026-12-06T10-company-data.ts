// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 33, part 2: staff edit the company's data (name, phone, e-mail, opening hours, offer validity). The
 * record gets a version, so two people editing at once do not overwrite each other, and the time of its last
 * change; 'company' joins the staff records' entities, and 'site' (a whole-site rebuild asked for by staff).
 * The home's experiences (activities) and travellers' photos get an order staff set, and the photos their
 * records ('traveller-photo'); so do the integration's webhooks and API keys ('webhook', 'api-key';
 * their tables are 2026-12-06T11's).
 */
const ENTITIES = sql`entity_type in ('booking', 'traveler', 'coupon', 'retailer', 'period', 'tour', 'guide', 'opinion', 'activity', 'import', 'user', 'payment-policy', 'invoice', 'contact', 'company', 'site', 'traveller-photo', 'webhook', 'api-key')`;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('company_info')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('company_info').addColumn('updated_at', 'text').execute();
  await db.schema
    .alterTable('activities')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('traveller_photos')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (pg) {
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
}
