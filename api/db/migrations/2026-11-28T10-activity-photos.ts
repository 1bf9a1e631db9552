// Frozen migration: never edit after it has run anywhere; add a new one instead.
import type { Kysely } from 'kysely';

/**
 * The photos of an optional activity (/admin/actividad-opcional/fotos/{tourID}/{optionalActivityId}, issue
 * 14): each is an uploaded image's storage key, in the order staff give them (`position`, 0 first). They
 * go with the activity: removing the activity (or its departure) removes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('optional_activity_photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('optional_activity_id', 'text', (c) => c.notNull().references('optional_activities.id').onDelete('cascade'))
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('optional_activity_photos_activity_idx').on('optional_activity_photos').columns(['optional_activity_id', 'position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('optional_activity_photos').execute();
}
