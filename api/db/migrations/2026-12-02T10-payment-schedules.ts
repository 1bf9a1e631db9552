// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 31: payment schedules (docs/decisions/042). The office's policy per tour type, and a tour's or a
 * departure's own when it has one: a deposit, optional instalments and the balance's days before departure,
 * as JSON (`PaymentPolicy`, shared/rules/payment-schedule.ts). Null on a tour or departure: its type's.
 */
const DEFAULTS = [
  ['Group', { deposit: { kind: 'percent', percent: 30 }, instalments: [], balanceDaysBefore: 30 }],
  ['FIT', { deposit: { kind: 'percent', percent: 30 }, instalments: [], balanceDaysBefore: 30 }],
  ['Private', { deposit: { kind: 'percent', percent: 40 }, instalments: [], balanceDaysBefore: 45 }],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_policies')
    .addColumn('tour_type', 'text', (c) => c.primaryKey())
    .addColumn('policy', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The defaults' own date, not the migration's: two databases migrated apart hold the same rows.
  const stamp = '2026-12-02T10:00:00.000Z';
  for (const [tourType, policy] of DEFAULTS) {
    await db
      .insertInto('payment_policies')
      .values({ tour_type: tourType, policy: JSON.stringify(policy), version: 1, updated_at: stamp })
      .execute();
  }
  // Another instance's cache of what the tables hold hears of writes here too (2026-11-29T10-write-notifications).
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`create trigger shop_notify_write after insert or update or delete or truncate on payment_policies for each statement execute function shop_notify_write()`.execute(
      db,
    );
  await db.schema.alterTable('tours').addColumn('payment_policy', 'text').execute();
  await db.schema.alterTable('periods').addColumn('payment_policy', 'text').execute();
}
