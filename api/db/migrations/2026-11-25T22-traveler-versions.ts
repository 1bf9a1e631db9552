// Frozen migration: never edit after it has run anywhere; add a new one instead.
import type { Kysely } from 'kysely';

/**
 * Travellers edited from the back office carry a version, as coupons and content do: a save made from an
 * older version than the stored one is refused instead of overwriting a colleague's change.
 * `erased_at` is when the traveller's personal data was erased on request (GDPR art. 17): the row stays,
 * anonymised, so the bookings and payments that point at it stay whole.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('travelers')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('travelers').addColumn('erased_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('travelers').dropColumn('erased_at').execute();
  await db.schema.alterTable('travelers').dropColumn('version').execute();
}
