// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, sql } from 'kysely';

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/**
 * The flights step and the waiting list.
 *
 * - A booking has at most one flight pre-booking: choosing another flight replaces it, and the unique
 *   index makes "replace" something the database guarantees rather than the code hopes for.
 * - `waiting_list_entries`: visitors who asked to be told when a full departure has seats again. One entry
 *   per departure and e-mail (compared case-insensitively, as travellers are found by e-mail); the sweep
 *   that offers released seats moves an entry from WAITING to OFFERED exactly once (conditional update).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('cockpit_pre_bookings_booking_unique').on('cockpit_pre_bookings').column('booking_id').unique().execute();

  await db.schema
    .createTable('waiting_list_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('period_id', 'text', (c) => c.notNull().references('periods.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('travellers', 'integer', (c) => c.notNull().check(sql`travellers > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('WAITING')
        .check(oneOf('status', ['WAITING', 'OFFERED', 'CANCELED'])),
    )
    .addColumn('offered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('waiting_list_entries_offered_when_offered', sql`status <> 'OFFERED' or offered_at is not null`)
    .execute();
  await db.schema
    .createIndex('waiting_list_entries_period_email_unique')
    .on('waiting_list_entries')
    .columns(['period_id'])
    .expression(sql`lower(email)`)
    .unique()
    .execute();
  // The sweep reads the waiting entries of a departure, oldest first.
  await db.schema.createIndex('waiting_list_entries_queue_idx').on('waiting_list_entries').columns(['status', 'period_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waiting_list_entries').execute();
  await db.schema.dropIndex('cockpit_pre_bookings_booking_unique').execute();
}
