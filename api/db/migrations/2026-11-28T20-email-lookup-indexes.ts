// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, sql } from 'kysely';

/**
 * Travellers, and guides, are found by their e-mail compared case-insensitively (`lower(email) = ?`): on
 * every new booking, sign-in and guide request. Without an index on that expression each lookup read the
 * whole table (issue 15's profile of booking creation: a full scan of `travelers` per booking). Both
 * engines index an expression alike.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('travelers_email_lower_idx').on('travelers').expression(sql`lower(email)`).execute();
  await db.schema.createIndex('guides_email_lower_idx').on('guides').expression(sql`lower(email)`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('guides_email_lower_idx').execute();
  await db.schema.dropIndex('travelers_email_lower_idx').execute();
}
