// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 33: the office's inbox. A customer's question (ContactTour) gets a state (new, answered, closed), the
 * departure it is about, the staff member it is assigned to, and the request id of the form that sent it (a
 * form sent again after a lost answer stores one question). Its thread (`contact_messages`): the question's
 * replies, who sent each and its mail. 'contact' joins the staff records' entities.
 */
const ENTITIES = sql`entity_type in ('booking', 'traveler', 'coupon', 'retailer', 'period', 'tour', 'guide', 'opinion', 'activity', 'import', 'user', 'payment-policy', 'invoice', 'contact')`;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('contact_tours')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('NEW').check(sql`status in ('NEW', 'ANSWERED', 'CLOSED')`))
    .execute();
  await db.schema.alterTable('contact_tours').addColumn('period_id', 'text').execute();
  await db.schema.alterTable('contact_tours').addColumn('assigned_to', 'text').execute();
  await db.schema.alterTable('contact_tours').addColumn('request_id', 'text').execute();
  await db.schema.alterTable('contact_tours').addColumn('updated_at', 'text').execute();
  await db.schema
    .createIndex('contact_tours_request_idx')
    .on('contact_tours')
    .column('request_id')
    .unique()
    .where(sql.ref('request_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('contact_tours_status_idx').on('contact_tours').columns(['status', 'created_at']).execute();
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('contact_id', 'text', (c) => c.notNull().references('contact_tours.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('STAFF', 'TRAVELLER')`))
    .addColumn('author_email', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('mail_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_contact_idx').on('contact_messages').columns(['contact_id', 'created_at']).execute();
  if (pg) {
    await sql`create trigger shop_notify_write after insert or update or delete or truncate on contact_messages for each statement execute function shop_notify_write()`.execute(
      db,
    );
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
