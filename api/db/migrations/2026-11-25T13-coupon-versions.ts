// Frozen migration: never edit after it has run anywhere; add a new one instead.
import type { Kysely } from 'kysely';

/**
 * Coupons edited from the back office (issue 12) carry a version, as content does: a save made from an
 * older version than the stored one is refused instead of overwriting a colleague's change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('coupons')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coupons').dropColumn('version').execute();
}
