// Frozen migration: never edit after it has run anywhere; add a new one instead.
// Dialect-neutral on purpose (SQLite and PostgreSQL): text ids, integer cents, integer 0/1 flags,
// ISO text dates and timestamps, JSON as text.
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

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('parent_regions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .execute();

  await db.schema
    .createTable('destinations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('continent_txt', 'text')
    .addColumn('province', 'text')
    .addColumn('iso2', 'text')
    .addColumn('iso3', 'text')
    .addColumn('description', 'text')
    .addColumn('type_txt', 'text')
    .addColumn('parent_region_id', 'text', (c) => c.references('parent_regions.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('destinations_parent_region_idx').on('destinations').column('parent_region_id').execute();

  await db.schema
    .createTable('tours')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text')
    .addColumn('comment', 'text')
    .addColumn('description', 'text')
    .addColumn('web_slug', 'text', (c) => c.notNull().unique())
    .addColumn('tag_season', 'text')
    .addColumn('tag_keywords', 'text')
    .addColumn('highlights', 'text')
    .addColumn('included_services', 'text')
    .addColumn('not_included_services', 'text')
    .addColumn('included_services_web', 'text')
    .addColumn('thumbnail', 'text')
    .addColumn('banner', 'text')
    .addColumn('bookable', 'integer', flag('bookable'))
    .addColumn('private_tour_base', 'integer', flag('private_tour_base'))
    .addColumn('expert_opinion_title', 'text')
    .addColumn('expert_opinion', 'text')
    .addColumn('expert_opinion_avatar', 'text')
    .addColumn('tour_type', 'text', (c) => c.notNull().check(oneOf('tour_type', ['Group', 'FIT', 'Private'])))
    .addColumn('offer_validity', 'text')
    .addColumn('seats_in_this_fare', 'integer')
    .addColumn('exclusive_trip', 'integer', flag('exclusive_trip'))
    .addColumn('stops', 'text')
    .addColumn('rate', 'real')
    .addColumn('sort_tour', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('meta_keyword', 'text')
    .addColumn('publish_web', 'integer', flag('publish_web'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ACTIVE')
        .check(oneOf('status', ['ACTIVE', 'UPDATING', 'INACTIVE'])),
    )
    .addColumn('included_trip_photo', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tours_publish_web_idx').on('tours').columns(['publish_web', 'sort_tour']).execute();
  await db.schema.createIndex('tours_tour_type_idx').on('tours').column('tour_type').execute();

  await db.schema
    .createTable('tour_destinations')
    .addColumn('tour_id', 'text', (c) => c.notNull().references('tours.id').onDelete('cascade'))
    .addColumn('destination_id', 'text', (c) => c.notNull().references('destinations.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tour_destinations_pk', ['tour_id', 'destination_id'])
    .execute();
  await db.schema.createIndex('tour_destinations_destination_idx').on('tour_destinations').column('destination_id').execute();

  await db.schema
    .createTable('tour_parent_regions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tour_id', 'text', (c) => c.notNull().references('tours.id').onDelete('cascade'))
    .addColumn('parent_region_id', 'text', (c) => c.notNull().references('parent_regions.id').onDelete('cascade'))
    .addUniqueConstraint('tour_parent_regions_unique', ['tour_id', 'parent_region_id'])
    .execute();
  await db.schema.createIndex('tour_parent_regions_region_idx').on('tour_parent_regions').column('parent_region_id').execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tour_id', 'text', (c) => c.notNull().references('tours.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('type_name', 'text')
    .execute();
  await db.schema.createIndex('tags_tour_idx').on('tags').column('tour_id').execute();

  await db.schema
    .createTable('itineraries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tour_id', 'text', (c) => c.notNull().references('tours.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .execute();
  await db.schema.createIndex('itineraries_tour_idx').on('itineraries').column('tour_id').execute();

  await db.schema
    .createTable('itinerary_days')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('itinerary_id', 'text', (c) => c.notNull().references('itineraries.id').onDelete('cascade'))
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('city', 'text')
    .addUniqueConstraint('itinerary_days_rank_unique', ['itinerary_id', 'rank'])
    .execute();

  await db.schema
    .createTable('periods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tour_id', 'text', (c) => c.notNull().references('tours.id').onDelete('cascade'))
    .addColumn('itinerary_id', 'text', (c) => c.references('itineraries.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('day_one', 'text', (c) => c.notNull())
    .addColumn('return_date', 'text', (c) => c.notNull())
    .addColumn('trip_type', 'text')
    .addColumn('tags', 'text')
    .addColumn('number_of_days', 'integer', (c) => c.notNull().check(sql`number_of_days > 0`))
    .addColumn('bookable_availability', 'integer', nonNegative('bookable_availability'))
    .addColumn('web_bookable', 'integer', flag('web_bookable'))
    .addColumn('publish_web', 'integer', flag('publish_web'))
    .addColumn('source', 'text', (c) => c.check(oneOf('source', ['WEBDR', 'TOP', 'DRCAMPAIGN', 'DRLASTSEATS'])))
    .addColumn('meeting_point', 'text')
    .addColumn('after_your_trip', 'text')
    .addColumn('before_you_travel', 'text')
    .addColumn('about_the_airport', 'text')
    .addColumn('country_info', 'text')
    .addColumn('emergency_numbers', 'text')
    .addCheckConstraint('periods_dates_ordered', sql`return_date >= day_one`)
    .execute();
  await db.schema.createIndex('periods_tour_day_one_idx').on('periods').columns(['tour_id', 'day_one']).execute();
  await db.schema.createIndex('periods_listing_idx').on('periods').columns(['publish_web', 'web_bookable', 'day_one']).execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('period_id', 'text', (c) => c.notNull().references('periods.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value_cents', 'integer', nonNegative('value_cents'))
    .addColumn('valid_from_date', 'text')
    .addColumn('valid_until_date', 'text')
    .addColumn('discount_applied_per_txt', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PER_PAX')
        .check(oneOf('discount_applied_per_txt', ['PER_PAX', 'ONCE'])),
    )
    .execute();
  await db.schema.createIndex('campaigns_period_idx').on('campaigns').column('period_id').execute();

  await db.schema
    .createTable('flights')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('period_id', 'text', (c) => c.notNull().references('periods.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('departure_city', 'text')
    .addColumn('activity_id', 'text')
    .addColumn('servicecombination_id', 'text')
    .addColumn('guaranteed_availability', 'integer', nonNegative('guaranteed_availability'))
    .addColumn('bookable_availability', 'integer', nonNegative('bookable_availability'))
    .addColumn('departure_date', 'text')
    .execute();
  await db.schema.createIndex('flights_period_idx').on('flights').column('period_id').execute();

  await db.schema
    .createTable('flight_journeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('flight_id', 'text', (c) => c.notNull().references('flights.id').onDelete('cascade'))
    .addColumn('direction', 'text', (c) => c.notNull().check(oneOf('direction', ['outbound', 'inbound'])))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('flight_journeys_flight_idx').on('flight_journeys').column('flight_id').execute();

  await db.schema
    .createTable('flight_segments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('journey_id', 'text', (c) => c.notNull().references('flight_journeys.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider', 'text')
    .addColumn('departure_at', 'text', (c) => c.notNull())
    .addColumn('arrival_at', 'text', (c) => c.notNull())
    .addColumn('departure_iata', 'text', (c) => c.notNull())
    .addColumn('arrival_iata', 'text', (c) => c.notNull())
    .addColumn('departure_city', 'text')
    .addColumn('arrival_city', 'text')
    .addColumn('flight_number', 'text')
    .addColumn('go_segment', 'integer', flag('go_segment'))
    .addColumn('nights', 'integer')
    .execute();
  await db.schema.createIndex('flight_segments_journey_idx').on('flight_segments').column('journey_id').execute();

  await db.schema
    .createTable('cockpit_prices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('flight_id', 'text', (c) => c.notNull().references('flights.id').onDelete('cascade'))
    .addColumn('age_group_name', 'text', (c) => c.notNull())
    .addColumn('flight_cost_cents', 'integer', nonNegative('flight_cost_cents'))
    .addColumn('fee_cents', 'integer', nonNegative('fee_cents'))
    .execute();
  await db.schema.createIndex('cockpit_prices_flight_idx').on('cockpit_prices').column('flight_id').execute();

  await db.schema
    .createTable('cockpit_flights')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('flight_id', 'text', (c) => c.notNull().references('flights.id').onDelete('cascade'))
    .addColumn('fare_id', 'text', (c) => c.notNull())
    .addColumn('purchase_price_cents', 'integer', nonNegative('purchase_price_cents'))
    .addColumn('agency_purchase_price_cents', 'integer', nonNegative('agency_purchase_price_cents'))
    .addColumn('agency_margin_cents', 'integer', nonNegative('agency_margin_cents'))
    .addColumn('total_tax_cents', 'integer', nonNegative('total_tax_cents'))
    .addColumn('verified_fare_date', 'text')
    .addColumn('bookable', 'integer', flag('bookable'))
    .addColumn('ticket_time_limit', 'text')
    .execute();
  await db.schema.createIndex('cockpit_flights_flight_idx').on('cockpit_flights').column('flight_id').execute();

  await db.schema
    .createTable('optional_activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('period_id', 'text', (c) => c.notNull().references('periods.id').onDelete('cascade'))
    .addColumn('activity_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subtype', 'text')
    .addColumn('product_type', 'text')
    .addColumn('service_type', 'text')
    .addColumn('web_info', 'text')
    .addColumn('bookable_availability', 'integer', nonNegative('bookable_availability'))
    .addColumn('guaranteed_availability', 'integer', nonNegative('guaranteed_availability'))
    .addColumn('num_pax', 'integer')
    .execute();
  await db.schema.createIndex('optional_activities_period_idx').on('optional_activities').column('period_id').execute();

  await db.schema
    .createTable('optional_activity_days')
    .addColumn('optional_activity_id', 'text', (c) => c.notNull().references('optional_activities.id').onDelete('cascade'))
    .addColumn('day_rank', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('optional_activity_days_pk', ['optional_activity_id', 'day_rank'])
    .execute();

  await db.schema
    .createTable('activity_packs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('period_id', 'text', (c) => c.notNull().references('periods.id').onDelete('cascade'))
    .addColumn('activity_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('web_info', 'text')
    .addColumn('multiple_activity_ids', 'text', (c) => c.notNull())
    .addColumn('toggle_accordion', 'integer', flag('toggle_accordion'))
    .execute();
  await db.schema.createIndex('activity_packs_period_idx').on('activity_packs').column('period_id').execute();

  await db.schema
    .createTable('reservation_modes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('period_id', 'text', (c) => c.notNull().references('periods.id').onDelete('cascade'))
    .addColumn('activity_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('places', 'integer', (c) => c.notNull().check(sql`places > 0`))
    .addColumn('comment', 'text')
    .addColumn('deleted', 'integer', flag('deleted'))
    .addColumn('availability', 'integer', nonNegative('availability'))
    .addColumn('share_room', 'integer', flag('share_room'))
    .execute();
  await db.schema.createIndex('reservation_modes_period_idx').on('reservation_modes').column('period_id').execute();

  // One price list for every priced thing; exactly one owner is set, except flight prices which
  // also name their period and tour so the store-price rule can fall back to tour-level prices.
  await db.schema
    .createTable('prices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tour_id', 'text', (c) => c.references('tours.id').onDelete('cascade'))
    .addColumn('period_id', 'text', (c) => c.references('periods.id').onDelete('cascade'))
    .addColumn('flight_id', 'text', (c) => c.references('flights.id').onDelete('cascade'))
    .addColumn('optional_activity_id', 'text', (c) => c.references('optional_activities.id').onDelete('cascade'))
    .addColumn('activity_pack_id', 'text', (c) => c.references('activity_packs.id').onDelete('cascade'))
    .addColumn('reservation_mode_id', 'text', (c) => c.references('reservation_modes.id').onDelete('cascade'))
    .addColumn('age_group_name', 'text', (c) => c.notNull())
    .addColumn('category_name', 'text', (c) => c.notNull().defaultTo('Standard category'))
    .addColumn('value_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('value_with_campaign_cents', 'integer')
    .addColumn('flight_cost_cents', 'integer')
    .addColumn('fee_cents', 'integer')
    .addCheckConstraint(
      'prices_have_owner',
      sql`coalesce(tour_id, period_id, flight_id, optional_activity_id, activity_pack_id, reservation_mode_id) is not null`,
    )
    .execute();
  for (const owner of ['tour_id', 'period_id', 'flight_id', 'optional_activity_id', 'activity_pack_id', 'reservation_mode_id']) {
    await db.schema.createIndex(`prices_${owner}_idx`).on('prices').column(owner).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'prices',
    'reservation_modes',
    'activity_packs',
    'optional_activity_days',
    'optional_activities',
    'cockpit_flights',
    'cockpit_prices',
    'flight_segments',
    'flight_journeys',
    'flights',
    'campaigns',
    'periods',
    'itinerary_days',
    'itineraries',
    'tags',
    'tour_parent_regions',
    'tour_destinations',
    'tours',
    'destinations',
    'parent_regions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
