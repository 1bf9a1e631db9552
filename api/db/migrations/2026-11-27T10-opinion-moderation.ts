// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/**
 * Reviews moderation (issue 14): the spec's published-opinion and opinion-reply notifications are none of
 * its mail types, so the outbox gains OPINION_PUBLISHED and OPINION_REPLY (every earlier type kept; the
 * same rebuild as the FEEDBACK migration). A review also records when its published-opinion mail was
 * queued, so the first publication mails the author and a later one does not.
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
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('traveler_opinions').addColumn('published_mail_at', 'text').execute();
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

export async function down(): Promise<void> {
  // The narrower list would refuse the opinion mails already queued: kept as it is.
}
