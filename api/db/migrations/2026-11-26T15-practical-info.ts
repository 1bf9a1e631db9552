// Frozen migration: never edit after it has run anywhere; add a new one instead.
import type { Kysely } from 'kysely';

/**
 * The practical information (INFO_PRACTICA) goes by itself some days before departure (issue 13), once
 * per booking: the day it was queued is the once, claimed with a conditional update in the transaction
 * that queues the mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('practical_info_sent_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('practical_info_sent_at').execute();
}
