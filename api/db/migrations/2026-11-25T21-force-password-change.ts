// Frozen migration: never edit after it has run anywhere; add a new one instead.
import type { Kysely } from 'kysely';

/**
 * Staff force a password change (cms-and-backoffice.md §7, `POST /v1/different/traveler/forcechangepassword`;
 * the travellers desk of issue 13). `users.password_change_required_at` is when it was asked: while it is
 * set, a correct password signs in to nothing but the form that chooses a new one, and setting a new
 * password (that form, or a mailed reset code) clears it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('password_change_required_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('password_change_required_at').execute();
}
