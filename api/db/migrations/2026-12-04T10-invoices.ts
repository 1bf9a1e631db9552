// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 32: invoices under REAV and their VERI*FACTU records (docs/decisions/043).
 *
 * - `invoice_series`: the next number of each series ('F2027', 'R2027'), taken in the transaction that writes
 *   the invoice, so numbers are consecutive with no gap and no reuse.
 * - `invoices`: issued, never deleted; a correction (R1) names the invoices it corrects.
 * - `billing_records`: the chain of registration and cancellation records, each with its fingerprint, the
 *   previous one's, its XML and the AEAT's answer. `billing_chain`: the chain's head per issuer, the row every
 *   append locks.
 * - 'invoice' joins the staff records' entities (a cancellation record, a correction pressed by staff).
 */
const ENTITIES = sql`entity_type in ('booking', 'traveler', 'coupon', 'retailer', 'period', 'tour', 'guide', 'opinion', 'activity', 'import', 'user', 'payment-policy', 'invoice')`;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('invoice_series')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('next_number', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('invoice_number', 'text', (c) => c.notNull().unique())
    .addColumn('invoice_type', 'text', (c) => c.notNull().check(sql`invoice_type in ('F1', 'R1')`))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
    .addColumn('payment_id', 'text', (c) => c.references('payments.id'))
    .addColumn('corrects', 'text')
    .addColumn('reason', 'text')
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('issuer_nif', 'text', (c) => c.notNull())
    .addColumn('issuer_name', 'text', (c) => c.notNull())
    .addColumn('issuer_address', 'text', (c) => c.notNull())
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('recipient_tax_id', 'text')
    .addColumn('recipient_id_type', 'text', (c) => c.check(sql`recipient_id_type in ('NIF', '03')`))
    .addColumn('recipient_country', 'text')
    .addColumn('recipient_address', 'text')
    .addColumn('retailer_id', 'text', (c) => c.references('retailers.id').onDelete('set null'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('base_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ISSUED').check(sql`status in ('ISSUED', 'VOIDED')`))
    .addUniqueConstraint('invoices_series_number_unique', ['series', 'number'])
    .execute();
  await db.schema.createIndex('invoices_booking_idx').on('invoices').columns(['booking_id', 'issued_at']).execute();
  await db.schema.createIndex('invoices_issue_date_idx').on('invoices').columns(['issue_date', 'invoice_number']).execute();
  await db.schema
    .createTable('billing_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('issuer_nif', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('ALTA', 'ANULACION')`))
    .addColumn('invoice_number', 'text', (c) => c.notNull())
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('invoice_type', 'text')
    .addColumn('tax_total', 'text')
    .addColumn('amount_total', 'text')
    .addColumn('previous_fingerprint', 'text')
    .addColumn('previous_invoice_number', 'text')
    .addColumn('previous_issue_date', 'text')
    .addColumn('generated_at', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING', 'ACCEPTED', 'ACCEPTED_WITH_ERRORS', 'REJECTED')`))
    .addColumn('aeat_code', 'text')
    .addColumn('aeat_message', 'text')
    .addColumn('aeat_csv', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submitted_at', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('billing_records_chain_unique', ['issuer_nif', 'seq'])
    .execute();
  await db.schema.createIndex('billing_records_status_idx').on('billing_records').columns(['status', 'seq']).execute();
  await db.schema.createIndex('billing_records_invoice_idx').on('billing_records').columns(['invoice_id']).execute();
  await db.schema
    .createTable('billing_chain')
    .addColumn('issuer_nif', 'text', (c) => c.primaryKey())
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_record_id', 'text')
    // When the queue may send next (the AEAT's waiting time) and whether the last try found it unreachable.
    .addColumn('next_send_at', 'text')
    .addColumn('outage_since', 'text')
    .execute();

  if (pg) {
    // Another instance's cache of what the tables hold hears of writes here too (2026-11-29T10-write-notifications).
    for (const table of ['invoice_series', 'invoices', 'billing_records', 'billing_chain'])
      await sql`create trigger shop_notify_write after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function shop_notify_write()`.execute(
        db,
      );
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint where conrelid = 'staff_actions'::regclass and contype = 'c'`.execute(db);
    for (const { name } of rows) await sql`alter table staff_actions drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table staff_actions add constraint staff_actions_entity_type_check check (${ENTITIES})`.execute(db);
  } else {
    await db.schema
      .createTable('staff_actions_next')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('entity_type', 'text', (c) => c.notNull().check(ENTITIES))
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('actor_email', 'text', (c) => c.notNull())
      .addColumn('request_id', 'text', (c) => c.unique())
      .addColumn('reason', 'text')
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into staff_actions_next (id, entity_type, entity_id, action, actor_id, actor_email, request_id, reason, before, after, created_at)
      select id, entity_type, entity_id, action, actor_id, actor_email, request_id, reason, before, after, created_at from staff_actions`.execute(db);
    await db.schema.dropTable('staff_actions').execute();
    await db.schema.alterTable('staff_actions_next').renameTo('staff_actions').execute();
    await db.schema.createIndex('staff_actions_entity_idx').on('staff_actions').columns(['entity_type', 'entity_id', 'created_at']).execute();
  }
}
