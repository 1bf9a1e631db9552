// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/**
 * Issue 33, part 3: a tour's extras ("plus an extra per traveler or per booking", storefront-and-booking.md
 * §9): a named amount charged once per traveller or once per booking, offered in the funnel while `active`.
 * A booking keeps the ids it chose as a JSON array, as it keeps its roommates: an extra withdrawn later still
 * prices the bookings that chose it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('tour_extras')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tour_id', 'text', (c) => c.notNull().references('tours.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('basis', 'text', (c) => c.notNull().check(oneOf('basis', ['PER_TRAVELER', 'PER_BOOKING'])))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tour_extras_tour_idx').on('tour_extras').columns(['tour_id', 'position']).execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('extra_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  if (pg)
    await sql`create trigger shop_notify_write after insert or update or delete or truncate on tour_extras for each statement execute function shop_notify_write()`.execute(
      db,
    );
}
