// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 31: balances collected, payments staff record, agency sales (docs/decisions/042).
 *
 * - `bookings.owed_since`: the date of the earliest deadline payments do not cover yet (null: nothing owed by
 *   the schedule). Kept by the code that writes deadlines or payments, so the overdue list is one indexed range
 *   at any size. `last_reminded_at`: the last balance reminder, by the hourly job or by staff.
 * - `bookings.retailer_reference` and `retailer_commission_percent`: an agency's sale, its own reference and
 *   what it keeps.
 * - Payments staff record: cash, card at the office and an agency's settlement join the methods; each keeps its
 *   reference, note, the day the money came and who recorded it. One reference per booking and method: two
 *   people recording the same transfer record it once.
 */
const METHODS = ['card', 'bizum', 'transfer', 'points', 'cash', 'office-card', 'agency'];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('bookings').addColumn('owed_since', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('last_reminded_at', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('retailer_reference', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('retailer_commission_percent', 'real').execute();
  await db.schema
    .createIndex('bookings_owed_since_idx')
    .on('bookings')
    .columns(['owed_since', 'status'])
    .where(sql.ref('owed_since'), 'is not', null)
    .execute();

  const methods = sql.join(METHODS.map((m) => sql.lit(m)));
  if (pg) {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'payments'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%payment_method%'`.execute(db);
    for (const { name } of rows) await sql`alter table payments drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table payments add constraint payments_payment_method_check check (payment_method in (${methods}))`.execute(db);
  } else {
    // SQLite cannot change a check: the table is made again from its own definition with the wider list
    // (foreign keys are off while migrations run on SQLite: api/db/database.ts).
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'payments'`.execute(db);
    const definition = rows[0]?.sql ?? '';
    const wider = definition
      .replace(/CREATE TABLE (IF NOT EXISTS )?"payments"/, 'CREATE TABLE "payments_next"')
      .replace(`"payment_method" in ('card', 'bizum', 'transfer', 'points')`, `"payment_method" in (${METHODS.map((m) => `'${m}'`).join(', ')})`);
    if (!wider.includes('payments_next') || !wider.includes("'agency'")) throw new Error('payments: unexpected definition, cannot widen its methods');
    await sql.raw(wider).execute(db);
    await sql`insert into payments_next select * from payments`.execute(db);
    await db.schema.dropTable('payments').execute();
    await db.schema.alterTable('payments_next').renameTo('payments').execute();
    await db.schema.createIndex('payments_booking_idx').on('payments').columns(['booking_id', 'status']).execute();
  }
  await db.schema.alterTable('payments').addColumn('reference', 'text').execute();
  await db.schema.alterTable('payments').addColumn('note', 'text').execute();
  await db.schema.alterTable('payments').addColumn('paid_on', 'text').execute();
  await db.schema.alterTable('payments').addColumn('recorded_by', 'text').execute();
  await db.schema
    .createIndex('payments_reference_idx')
    .on('payments')
    .columns(['booking_id', 'payment_method', 'reference'])
    .unique()
    .where(sql.ref('reference'), 'is not', null)
    .execute();

  // The bookings made so far: owed since the earliest deadline their confirmed payments do not cover (the
  // insurance, asked with the first payment, is covered first).
  const bookings = await sql<{ id: string; deadlines: string; quote: string | null; paid: number | string | null }>`
    select b.id, b.deadlines_stringify as deadlines, b.quote_stringify as quote,
      (select sum(p.amount_cents) from payments p where p.booking_id = b.id and p.status = 'CONFIRMED') as paid
    from bookings b where b.deadlines_stringify <> '[]'`.execute(db);
  for (const b of bookings.rows) {
    let deadlines: { date: string; amountCents: number }[] = [];
    let insurance = 0;
    try {
      deadlines = JSON.parse(b.deadlines);
      insurance = Number(JSON.parse(b.quote ?? '{}')?.insuranceCents ?? 0) || 0;
    } catch {
      continue;
    }
    let covered = Math.max(0, Number(b.paid ?? 0) - insurance);
    let since: string | null = null;
    for (const d of [...deadlines].sort((x, y) => x.date.localeCompare(y.date))) {
      if (covered >= d.amountCents) covered -= d.amountCents;
      else {
        since = d.date;
        break;
      }
    }
    if (since) await sql`update bookings set owed_since = ${since} where id = ${b.id}`.execute(db);
  }
}
