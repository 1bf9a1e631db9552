// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, sql } from 'kysely';

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

// The spec's mail types plus the account mails the shop sends itself.
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
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('email_verified_at', 'text')
    .addColumn('traveler_id', 'text', (c) => c.references('travelers.id').onDelete('set null'))
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_groups')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_name', 'text', (c) => c.notNull().check(oneOf('group_name', ['drAdmin', 'guides'])))
    .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'group_name'])
    .execute();

  // One row per refresh token; a family is one sign-in. Reusing a rotated token revokes its family.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_family_idx').on('sessions').column('family_id').execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('guides')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tk_id', 'text')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .execute();

  await db.schema
    .createTable('guide_periods')
    .addColumn('guide_id', 'text', (c) => c.notNull().references('guides.id').onDelete('cascade'))
    .addColumn('period_id', 'text', (c) => c.notNull().references('periods.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('guide_periods_pk', ['guide_id', 'period_id'])
    .execute();
  await db.schema.createIndex('guide_periods_period_idx').on('guide_periods').column('period_id').execute();

  // The outbox: written in the same transaction as the change that causes the mail.
  await db.schema
    .createTable('mails')
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
  await db.schema.createIndex('mails_queue_idx').on('mails').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mails_booking_idx').on('mails').column('booking_id').execute();

  await db.schema
    .createTable('booking_mails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', MAIL_TYPES)))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_mails_booking_idx').on('booking_mails').column('booking_id').execute();

  await db.schema
    .createTable('mail_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mail_id', 'text', (c) => c.references('mails.id').onDelete('cascade'))
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', ['SENT', 'FAILED', 'RETRY'])))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_logs_booking_idx').on('mail_logs').column('booking_id').execute();
  await db.schema.createIndex('mail_logs_mail_idx').on('mail_logs').column('mail_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['mail_logs', 'booking_mails', 'mails', 'guide_periods', 'guides', 'sessions', 'user_groups', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
