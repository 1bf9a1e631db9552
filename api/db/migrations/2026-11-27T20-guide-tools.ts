// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
const rating = (column: string) => sql`${sql.ref(column)} between 1 and 5`;

/**
 * The guides' tools (issue 14, docs/decisions/024-guide-tools.md): the guide's report and ratings of a
 * departure (`guide_reports`, one per guide and departure), the expenses a guide pays on tour (the spec's
 * Transaction shape: amount, curency, exchangeRate, status; apart from the travellers' ledger, which is
 * about travellers), and the urgent-help requests a guide sends the office. The outbox gains
 * GUIDE_ASSIGNMENT (the guide is told of a departure) and GUIDE_HELP (the office is told a guide needs
 * help); every earlier type kept, the same rebuild as the opinion-moderation migration.
 */
const MAIL_TYPES = [
  'INFO_PRACTICA',
  'BONO_RESERVA',
  'PAYMENT',
  'REMINDER_PAYMENT',
  'ON_REQUEST',
  'PAYMENT_FALLIDO',
  'PRE_BOOKING',
  'BUDGET',
  'PETITON_RESERVA',
  'ACCOUNT_VERIFICATION',
  'PASSWORD_RESET',
  'CONTACT',
  'WAITING_LIST',
  'FEEDBACK',
  'OPINION_PUBLISHED',
  'OPINION_REPLY',
  'GUIDE_ASSIGNMENT',
  'GUIDE_HELP',
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('guide_reports')
    .addColumn('period_id', 'text', (c) => c.notNull().references('periods.id').onDelete('cascade'))
    .addColumn('guide_id', 'text', (c) => c.notNull().references('guides.id').onDelete('cascade'))
    .addColumn('rate_group', 'integer', (c) => c.notNull().check(rating('rate_group')))
    .addColumn('rate_accommodation', 'integer', (c) => c.notNull().check(rating('rate_accommodation')))
    .addColumn('rate_activities', 'integer', (c) => c.notNull().check(rating('rate_activities')))
    .addColumn('rate_transport', 'integer', (c) => c.notNull().check(rating('rate_transport')))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('guide_reports_pk', ['period_id', 'guide_id'])
    .execute();

  await db.schema
    .createTable('guide_expenses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('guide_id', 'text', (c) => c.notNull().references('guides.id').onDelete('cascade'))
    .addColumn('period_id', 'text', (c) => c.notNull().references('periods.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['BUDGETED', 'EXTRA'])))
    .addColumn('concept', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('curency', 'text', (c) => c.notNull().check(sql`length(curency) = 3`))
    .addColumn('exchange_rate', 'real', (c) => c.notNull().check(sql`exchange_rate > 0`))
    .addColumn('amount_eur_cents', 'integer', (c) => c.notNull().check(sql`amount_eur_cents >= 0`))
    .addColumn('spent_on', 'text', (c) => c.notNull())
    .addColumn('receipt', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(oneOf('status', ['PENDING', 'APPROVED', 'REJECTED'])),
    )
    .addColumn('decision_reason', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guide_expenses_guide_idx').on('guide_expenses').columns(['guide_id', 'period_id']).execute();
  await db.schema.createIndex('guide_expenses_period_idx').on('guide_expenses').columns(['period_id', 'status']).execute();

  await db.schema
    .createTable('guide_help_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('guide_id', 'text', (c) => c.notNull().references('guides.id').onDelete('cascade'))
    .addColumn('period_id', 'text', (c) => c.references('periods.id').onDelete('set null'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('mail_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table mails drop constraint mails_type_check`.execute(db);
    await sql`alter table mails add constraint mails_type_check check (${oneOf('type', MAIL_TYPES)})`.execute(db);
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.schema
      .createTable('mails_next')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull().check(oneOf('type', MAIL_TYPES)))
      .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('PENDING')
          .check(oneOf('status', ['PENDING', 'SENDING', 'SENT', 'FAILED'])),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await sql`insert into mails_next (id, type, booking_id, to_address, subject, html, text, attachments, status, attempts, next_attempt_at, created_at, sent_at)
      select id, type, booking_id, to_address, subject, html, text, attachments, status, attempts, next_attempt_at, created_at, sent_at from mails`.execute(db);
    await db.schema.dropTable('mails').execute();
    await db.schema.alterTable('mails_next').renameTo('mails').execute();
    await db.schema.createIndex('mails_queue_idx').on('mails').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('mails_booking_idx').on('mails').column('booking_id').execute();
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`mails rebuild left ${broken.rows.length} broken foreign keys`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The mails' wider list stays: the narrower one would refuse the guide mails already queued.
  await db.schema.dropTable('guide_help_requests').execute();
  await db.schema.dropTable('guide_expenses').execute();
  await db.schema.dropTable('guide_reports').execute();
}
