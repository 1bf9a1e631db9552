// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
const flag = (column: string) => (c: ColumnDefinitionBuilder) =>
  c
    .notNull()
    .defaultTo(0)
    .check(sql`${sql.ref(column)} in (0, 1)`);
const rating = (column: string) => (c: ColumnDefinitionBuilder) => c.check(sql`${sql.ref(column)} between 0 and 5`);

const DRAFT_SET = ['ACTIVE', 'DRAFT', 'INACTIVE'];
const WIDER_SET = ['ACTIVE', 'DRAFT', 'INACTIVE', 'UNPUBLISHED', 'DELETED'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('landings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE').check(oneOf('status', WIDER_SET)))
    .execute();

  await db.schema
    .createTable('landing_contents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('landing_id', 'text', (c) => c.notNull().references('landings.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull().check(oneOf('content_type', ['TITLE', 'TEXT', 'IMAGE', 'MEDIA', 'BUTTON', 'ENRICHED_TEXT'])))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value1', 'text')
    .addColumn('value2', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('landing_contents_slug_idx').on('landing_contents').column('slug').execute();
  await db.schema.createIndex('landing_contents_landing_idx').on('landing_contents').column('landing_id').execute();

  await db.schema
    .createTable('sliders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('website', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sub_title_banner', 'text')
    .addColumn('promotion_banner', 'text')
    .addColumn('description', 'text')
    .addColumn('label_footer', 'text')
    .addColumn('description_footer', 'text')
    .addColumn('category', 'text', (c) =>
      c
        .notNull()
        .defaultTo('GROUP')
        .check(oneOf('category', ['GROUP', 'SINGLE', 'FIT', 'FAMILY', 'REDUCED_GROUP', 'GRID', 'GRUPO PRIVADO'])),
    )
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('DRAFT').check(oneOf('status', DRAFT_SET)))
    .addColumn('slider_slug', 'text', (c) => c.unique())
    .addColumn('slider_title', 'text')
    .addColumn('subtitle', 'text')
    .addColumn('title', 'text')
    .addColumn('slider_banner', 'text')
    .addColumn('slider_banner_mobile', 'text')
    .addColumn('slider_banner_animation', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sliders_listing_idx').on('sliders').columns(['status', 'website', 'position']).execute();

  await db.schema
    .createTable('tour_offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('period_id', 'text', (c) => c.notNull().references('periods.id').onDelete('cascade'))
    .addColumn('flight_id', 'text', (c) => c.references('flights.id').onDelete('set null'))
    .addColumn('stock', 'integer', (c) => c.check(sql`stock >= 0`))
    .addColumn('description', 'text')
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(oneOf('status', ['active', 'inactive'])),
    )
    .addColumn('departure_cities', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('tour_offers_period_idx').on('tour_offers').column('period_id').execute();

  await db.schema
    .createTable('tour_sliders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tour_id', 'text', (c) => c.notNull().references('tours.id').onDelete('cascade'))
    .addColumn('slider_id', 'text', (c) => c.notNull().references('sliders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tour_offer_id', 'text', (c) => c.references('tour_offers.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('tour_sliders_slider_idx').on('tour_sliders').columns(['slider_id', 'position']).execute();
  await db.schema.createIndex('tour_sliders_tour_idx').on('tour_sliders').column('tour_id').execute();

  await db.schema
    .createTable('main_banners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('background_image_desktop', 'text')
    .addColumn('background_image_mobile', 'text')
    .addColumn('content', 'text')
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE').check(oneOf('status', DRAFT_SET)))
    .addColumn('enhance_menu', 'integer', flag('enhance_menu'))
    .execute();

  await db.schema
    .createTable('region_banners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('image_desktop', 'text')
    .addColumn('image_mobile', 'text')
    .addColumn('description', 'text')
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visible', 'integer', flag('visible'))
    .execute();
  await db.schema.createIndex('region_banners_region_idx').on('region_banners').column('region').execute();

  await db.schema
    .createTable('company_info')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('country', 'text')
    .addColumn('number_phone', 'text')
    .addColumn('schedules', 'text')
    .addColumn('email', 'text')
    .addColumn('ads', 'text')
    .addColumn('offer_validity', 'text')
    .execute();

  await db.schema
    .createTable('activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('thumbnail', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('description', 'text')
    .addColumn('home_viewable', 'integer', flag('home_viewable'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE').check(oneOf('status', DRAFT_SET)))
    .execute();

  await db.schema
    .createTable('activity_tours')
    .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('tour_id', 'text', (c) => c.notNull().references('tours.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('activity_tours_pk', ['activity_id', 'tour_id'])
    .execute();
  await db.schema.createIndex('activity_tours_tour_idx').on('activity_tours').column('tour_id').execute();

  await db.schema
    .createTable('traveller_photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE').check(oneOf('status', DRAFT_SET)))
    .execute();

  await db.schema
    .createTable('traveler_opinions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('period_id', 'text', (c) => c.references('periods.id').onDelete('set null'))
    .addColumn('tour_id', 'text', (c) => c.notNull().references('tours.id').onDelete('cascade'))
    .addColumn('title', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('description', 'text')
    .addColumn('thumbnail', 'text')
    .addColumn('avatar', 'text')
    .addColumn('rate', 'real', (c) => c.notNull().check(sql`rate between 0 and 5`))
    .addColumn('rate_guide', 'real', rating('rate_guide'))
    .addColumn('rate_destination', 'real', rating('rate_destination'))
    .addColumn('rate_price_quality', 'real', rating('rate_price_quality'))
    .addColumn('rate_accomodation', 'real', rating('rate_accomodation'))
    .addColumn('rate_activities', 'real', rating('rate_activities'))
    .addColumn('home_viewable', 'integer', flag('home_viewable'))
    .addColumn('tour_viewable', 'integer', flag('tour_viewable'))
    .addColumn('url_folder', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('DRAFT').check(oneOf('status', WIDER_SET)))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('TravelerOpinion'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('traveler_opinions_by_date_idx').on('traveler_opinions').columns(['type', 'created_at']).execute();
  await db.schema.createIndex('traveler_opinions_tour_idx').on('traveler_opinions').columns(['tour_id', 'status']).execute();
  await db.schema.createIndex('traveler_opinions_period_idx').on('traveler_opinions').column('period_id').execute();

  await db.schema
    .createTable('opinion_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('opinion_id', 'text', (c) => c.notNull().references('traveler_opinions.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('email_reply_sent', 'integer', flag('email_reply_sent'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('opinion_comments_opinion_idx').on('opinion_comments').column('opinion_id').execute();

  await db.schema
    .createTable('optional_activity_opinions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('optional_activity_id', 'text', (c) => c.notNull().references('optional_activities.id').onDelete('cascade'))
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('rate', 'real', (c) => c.notNull().check(sql`rate between 0 and 5`))
    .addColumn('opinion', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('optional_activity_opinions_activity_idx').on('optional_activity_opinions').column('optional_activity_id').execute();

  await db.schema
    .createTable('contact_tours')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('tour_name', 'text')
    .addColumn('tour_id', 'text', (c) => c.references('tours.id').onDelete('set null'))
    .addColumn('traveler_id', 'text', (c) => c.references('travelers.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('surname', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_tours_created_idx').on('contact_tours').column('created_at').execute();
  await db.schema.createIndex('contact_tours_traveler_idx').on('contact_tours').column('traveler_id').execute();

  await db.schema
    .createTable('visitor_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_visitor', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('traveler_id', 'text', (c) => c.references('travelers.id').onDelete('set null'))
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('passengers', 'integer')
    .addColumn('type', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('visitor_logs_hash_idx').on('visitor_logs').column('hash').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'visitor_logs',
    'contact_tours',
    'optional_activity_opinions',
    'opinion_comments',
    'traveler_opinions',
    'traveller_photos',
    'activity_tours',
    'activities',
    'company_info',
    'region_banners',
    'main_banners',
    'tour_sliders',
    'tour_offers',
    'sliders',
    'landing_contents',
    'landings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
