// Frozen migration: never edit after it has run anywhere; add a new one instead.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * A trip's points are credited once (issue 13: the credit job may run twice, or on two instances at
 * once): at most one CREDIT of kind POINTS with status COMPLETED per booking. Compensations (status
 * COMPENSATION) and refunds are other rows and are not limited.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('transactions_trip_points_once_idx')
    .on('transactions')
    .column('booking_id')
    .unique()
    .where(sql.ref('type'), '=', 'CREDIT')
    .where(sql.ref('kind'), '=', 'POINTS')
    .where(sql.ref('status'), '=', 'COMPLETED')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transactions_trip_points_once_idx').execute();
}
