// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
const flag = (column: string) => (c: ColumnDefinitionBuilder) =>
  c
    .notNull()
    .defaultTo(0)
    .check(sql`${sql.ref(column)} in (0, 1)`);
const nonNegative = (column: string) => (c: ColumnDefinitionBuilder) =>
  c
    .notNull()
    .defaultTo(0)
    .check(sql`${sql.ref(column)} >= 0`);

const BOOKING_STATUSES = ['IN_PROGRESS', 'CANCELED', 'CONFIRMED', 'WAITING_FOR_TRANSFER', 'PAYPAL_REVIEW'];
const PAYMENT_STATUSES = ['PENDING', 'CONFIRMED', 'FAILED', 'CANCELED', 'REVIEW'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('countries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('iso', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('nationality', 'text')
    .execute();

  await db.schema
    .createTable('retailers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cif', 'text', (c) => c.notNull().unique())
    .addColumn('corporate_name', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('fiscal_name', 'text')
    .addColumn('type', 'text')
    .addColumn('contact_person', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('invoice_email', 'text')
    .addColumn('documentation_email', 'text')
    .addColumn('address', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('city', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('membership', 'text')
    .addColumn('payment_type', 'text')
    .execute();
  await db.schema.createIndex('retailers_membership_idx').on('retailers').column('membership').execute();

  await db.schema
    .createTable('travelers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cognito_id', 'text', (c) => c.unique())
    .addColumn('external_id', 'text')
    .addColumn('dni', 'text')
    .addColumn('passport_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('surname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('birthdate', 'text')
    .addColumn('phone', 'text')
    .addColumn('accumulated_reward', 'integer', nonNegative('accumulated_reward'))
    .addColumn('sex', 'text')
    .addColumn('retailer_id', 'text', (c) => c.references('retailers.id').onDelete('set null'))
    .addColumn('country_id', 'text', (c) => c.references('countries.id').onDelete('set null'))
    .addColumn('city_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('travelers_retailer_idx').on('travelers').column('retailer_id').execute();
  await db.schema.createIndex('travelers_dni_idx').on('travelers').column('dni').execute();

  await db.schema
    .createTable('favorite_tours')
    .addColumn('traveler_id', 'text', (c) => c.notNull().references('travelers.id').onDelete('cascade'))
    .addColumn('tour_id', 'text', (c) => c.notNull().references('tours.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorite_tours_pk', ['traveler_id', 'tour_id'])
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('coupon_condition', 'text', (c) => c.notNull().check(oneOf('coupon_condition', ['PER_TRAVELER', 'PER_BOOKING', 'PER_FOUR_TRAVELER'])))
    .addColumn('tour_id', 'text', (c) => c.references('tours.id').onDelete('cascade'))
    .addColumn('tour_type', 'text', (c) => c.check(oneOf('tour_type', ['Group', 'FIT', 'Private'])))
    .addColumn('period_id', 'text', (c) => c.references('periods.id').onDelete('cascade'))
    .addColumn('flight_id', 'text', (c) => c.references('flights.id').onDelete('cascade'))
    // Cents for fixed coupons, a whole percentage for percentage coupons.
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('uses', 'integer', nonNegative('uses'))
    .addColumn('type', 'text', (c) => c.notNull().check(oneOf('type', ['percentage', 'fixed'])))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(oneOf('status', ['active', 'inactive'])),
    )
    .addCheckConstraint('coupons_percentage_max', sql`type <> 'percentage' or value <= 100`)
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tk_id', 'text', (c) => c.unique())
    .addColumn('retailer_id', 'text', (c) => c.references('retailers.id').onDelete('set null'))
    .addColumn('traveler_id', 'text', (c) => c.references('travelers.id').onDelete('set null'))
    .addColumn('different_id', 'text', (c) => c.notNull())
    .addColumn('budget_name', 'text')
    .addColumn('budget_path', 'text')
    .addColumn('coupon_id', 'text', (c) => c.references('coupons.id').onDelete('set null'))
    .addColumn('price_cents', 'integer', nonNegative('price_cents'))
    .addColumn('travelers_stringify', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('deadlines_stringify', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('document_keys', 'text')
    .addColumn('roommates', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('modes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('period_id', 'text', (c) => c.notNull().references('periods.id'))
    .addColumn('flight_id', 'text', (c) => c.references('flights.id'))
    .addColumn('cockpit_pre_booking_id', 'text')
    .addColumn('cockpit_booking_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('IN_PROGRESS').check(oneOf('status', BOOKING_STATUSES)))
    .addColumn('tk_status', 'text', (c) => c.notNull().defaultTo('PR'))
    .addColumn('tk_payment_status', 'text')
    .addColumn('tpv_payment_status', 'text')
    .addColumn('survey_id', 'text')
    .addColumn('visited_source_id', 'text')
    .addColumn('luggage', 'text')
    .addColumn('how_to_check_in', 'text')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('Booking'))
    .addColumn('hash', 'text')
    .addColumn('invoice_ref', 'text')
    .addColumn('url_invoice', 'text')
    .addColumn('file_status', 'text')
    .addColumn('poll_meet_type', 'text')
    .addColumn('poll_observations', 'text')
    .addColumn('transfer_cancellation_date', 'text')
    .addColumn('notify_reminder', 'integer', flag('notify_reminder'))
    .addColumn('notify_documentation', 'integer', flag('notify_documentation'))
    .addColumn('notify_insurance', 'integer', flag('notify_insurance'))
    .addColumn('notify_cancellation', 'integer', flag('notify_cancellation'))
    .addColumn('notify_eticket', 'integer', flag('notify_eticket'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bookings_type_created_idx').on('bookings').columns(['type', 'created_at']).execute();
  await db.schema.createIndex('bookings_period_idx').on('bookings').column('period_id').execute();
  await db.schema.createIndex('bookings_traveler_idx').on('bookings').column('traveler_id').execute();
  await db.schema.createIndex('bookings_retailer_idx').on('bookings').column('retailer_id').execute();
  await db.schema.createIndex('bookings_status_idx').on('bookings').column('status').execute();

  await db.schema
    .createTable('booking_status_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('from_status', 'text', (c) => c.check(oneOf('from_status', BOOKING_STATUSES)))
    .addColumn('to_status', 'text', (c) => c.notNull().check(oneOf('to_status', BOOKING_STATUSES)))
    .addColumn('changed_by', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_status_changes_booking_idx').on('booking_status_changes').column('booking_id').execute();

  await db.schema
    .createTable('booking_travelers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('traveler_id', 'text', (c) => c.notNull().references('travelers.id'))
    .addColumn('retailer_traveler_id', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('dni', 'text')
    .addColumn('pvp_cents', 'integer')
    .addColumn('period_extra_cents', 'integer')
    .addColumn('flight_extra_cents', 'integer')
    .addColumn('room_extra_cents', 'integer')
    .addColumn('reward', 'integer')
    .addColumn('pnr', 'text')
    .addColumn('e_ticket', 'text')
    .addUniqueConstraint('booking_travelers_unique', ['booking_id', 'traveler_id'])
    .execute();
  await db.schema.createIndex('booking_travelers_traveler_idx').on('booking_travelers').column('traveler_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text')
    .addColumn('tk_id', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('payment_method', 'text', (c) => c.notNull().check(oneOf('payment_method', ['card', 'bizum', 'transfer', 'points'])))
    .addColumn('payment_origin', 'text')
    .addColumn('payment_token', 'text')
    .addColumn('review_reason', 'text')
    .addColumn('tk_payment_status', 'text')
    .addColumn('tpv_payment_status', 'text')
    .addColumn('credit_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING').check(oneOf('status', PAYMENT_STATUSES)))
    .addColumn('hash', 'text')
    .addColumn('payment_receipt', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_booking_idx').on('payments').columns(['booking_id', 'status']).execute();

  await db.schema
    .createTable('payment_vouchers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('voucher_url', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_vouchers_booking_idx').on('payment_vouchers').column('booking_id').execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('traveler_id', 'text', (c) => c.notNull().references('travelers.id').onDelete('cascade'))
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('curency', 'text', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('exchange_rate', 'real', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(oneOf('type', ['CREDIT', 'DEBIT'])))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transactions_traveler_idx').on('transactions').columns(['traveler_id', 'created_at']).execute();

  await db.schema
    .createTable('cockpit_pre_bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('fare_cents', 'integer', nonNegative('fare_cents'))
    .addColumn('fare_id', 'text', (c) => c.notNull())
    .addColumn('inbound_itinerary_id', 'text')
    .addColumn('outbound_itinerary_id', 'text')
    .addColumn('cockpit_flight_id', 'text', (c) => c.references('cockpit_flights.id').onDelete('set null'))
    .addColumn('flight_id', 'text', (c) => c.references('flights.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cockpit_pre_bookings_booking_idx').on('cockpit_pre_bookings').column('booking_id').execute();

  await db.schema
    .createTable('cockpit_bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('pnr_locator', 'text')
    .addColumn('pseudo_city_code', 'text')
    .addColumn('purchase_price_cents', 'integer')
    .addColumn('total_tax_cents', 'integer')
    .addColumn('agency_purchase_price_cents', 'integer')
    .addColumn('agency_margin_cents', 'integer')
    .addColumn('agency_commission_percent', 'real')
    .addColumn('ticket_time_limit', 'text')
    .addColumn('status', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cockpit_bookings_booking_idx').on('cockpit_bookings').column('booking_id').execute();

  await db.schema
    .createTable('booking_responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('tk_response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_responses_booking_idx').on('booking_responses').column('booking_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'booking_responses',
    'cockpit_bookings',
    'cockpit_pre_bookings',
    'transactions',
    'payment_vouchers',
    'payments',
    'booking_travelers',
    'booking_status_changes',
    'bookings',
    'coupons',
    'favorite_tours',
    'travelers',
    'retailers',
    'countries',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
