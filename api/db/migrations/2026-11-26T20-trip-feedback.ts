// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, sql } from 'kysely';

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
const WIDER_SET = ['ACTIVE', 'DRAFT', 'INACTIVE', 'UNPUBLISHED', 'DELETED'];

/**
 * Reviews from the feedback links (issue 13). A review now names the traveller who wrote it, and a
 * traveller reviews a booking's tour, and each of its optional activities, once: a unique index keeps the
 * once, so a link pressed twice or opened in two tabs saves one review. Activity reviews gain the
 * moderation status tour reviews have (new ones wait as DRAFT; those already stored were shown, so they
 * stay ACTIVE). `feedback_requests` is the once of the feedback mail: one row per booking, written with
 * the mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('traveler_opinions')
    .addColumn('traveler_id', 'text', (c) => c.references('travelers.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('optional_activity_opinions')
    .addColumn('traveler_id', 'text', (c) => c.references('travelers.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('optional_activity_opinions')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('DRAFT').check(oneOf('status', WIDER_SET)))
    .execute();
  await db.updateTable('optional_activity_opinions').set({ status: 'ACTIVE' }).execute();

  // NULLs are distinct in both engines: reviews without a booking or a traveller (imported, seeded) are not limited.
  await db.schema.createIndex('traveler_opinions_once_idx').on('traveler_opinions').columns(['booking_id', 'traveler_id']).unique().execute();
  await db.schema.createIndex('traveler_opinions_traveler_idx').on('traveler_opinions').column('traveler_id').execute();
  await db.schema
    .createIndex('optional_activity_opinions_once_idx')
    .on('optional_activity_opinions')
    .columns(['booking_id', 'traveler_id', 'optional_activity_id'])
    .unique()
    .execute();
  await db.schema.createIndex('optional_activity_opinions_traveler_idx').on('optional_activity_opinions').column('traveler_id').execute();

  await db.schema
    .createTable('feedback_requests')
    .addColumn('booking_id', 'text', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .addColumn('mail_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feedback_requests').execute();
  await db.schema.dropIndex('optional_activity_opinions_traveler_idx').execute();
  await db.schema.dropIndex('optional_activity_opinions_once_idx').execute();
  await db.schema.dropIndex('traveler_opinions_traveler_idx').execute();
  await db.schema.dropIndex('traveler_opinions_once_idx').execute();
  await db.schema.alterTable('optional_activity_opinions').dropColumn('status').execute();
  await db.schema.alterTable('optional_activity_opinions').dropColumn('traveler_id').execute();
  await db.schema.alterTable('traveler_opinions').dropColumn('traveler_id').execute();
}
