// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, sql } from 'kysely';

/**
 * Documents staff upload for a booking (tk-upload, issue 12): e-tickets and papers the traveller needs.
 * The bytes live in the data folder's files (`bookings/{bookingId}/{id}-{name}`); the row says what the
 * file is, who uploaded it and when. The documentation mail "with e-ticket" attaches the ETICKET ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('ETICKET', 'DOCUMENT')`))
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_documents_booking_idx').on('booking_documents').column('booking_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_documents').execute();
}
