// Frozen migration: never edit after it has run anywhere; add a new one instead.
import type { Kysely } from 'kysely';

/**
 * Agencies edited from the back office (/admin/retailer/{id}) carry a version, as coupons and content
 * do: a save made from an older version than the stored one is refused instead of overwriting a
 * colleague's change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('retailers')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('retailers').dropColumn('version').execute();
}
