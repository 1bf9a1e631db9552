/**
 * Every enumeration of both specs, as `as const` arrays with derived union types.
 *
 * Arrays (not TypeScript `enum`) because the code runs under Node's type stripping, and because an array
 * can feed a zod `z.enum()` and a `<select>` alike.
 */

/** Tour or entity status: "ACTIVE, UPDATING, INACTIVE". UPDATING shows a spinner on admin cards. */
export const ENTITY_STATUSES = ['ACTIVE', 'UPDATING', 'INACTIVE'] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];

/** "Draft set: ACTIVE, DRAFT, INACTIVE." */
export const DRAFT_STATUSES = ['ACTIVE', 'DRAFT', 'INACTIVE'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/** "Booking status: IN_PROGRESS, CANCELED, CONFIRMED, WAITING_FOR_TRANSFER, PAYPAL_REVIEW." */
export const BOOKING_STATUSES = ['IN_PROGRESS', 'CANCELED', 'CONFIRMED', 'WAITING_FOR_TRANSFER', 'PAYPAL_REVIEW'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Mail types; PETITON_RESERVA keeps the spec's spelling because stored rows and templates use it. */
export const MAIL_TYPES = [
  'INFO_PRACTICA',
  'BONO_RESERVA',
  'PAYMENT',
  'REMINDER_PAYMENT',
  'ON_REQUEST',
  'PAYMENT_FALLIDO',
  'PRE_BOOKING',
  'BUDGET',
  'PETITON_RESERVA',
] as const;
export type MailType = (typeof MAIL_TYPES)[number];

/** "Price basis: PER_TRAVELER, PER_BOOKING, PER_FOUR_TRAVELER" (also the coupon condition). */
export const PRICE_BASES = ['PER_TRAVELER', 'PER_BOOKING', 'PER_FOUR_TRAVELER'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];

/** Bases an extra charge may have: the quote adds extras "per traveler or per booking". */
export const EXTRA_BASES = ['PER_TRAVELER', 'PER_BOOKING'] as const;
export type ExtraBasis = (typeof EXTRA_BASES)[number];

/** "A campaign discount is subtracted, per pax or once" (Campaign.discount_applied_per_txt). */
export const CAMPAIGN_DISCOUNT_BASES = ['PER_PAX', 'ONCE'] as const;
export type CampaignDiscountBasis = (typeof CAMPAIGN_DISCOUNT_BASES)[number];

/** "Period sources: WEBDR, TOP, DRCAMPAIGN, DRLASTSEATS." */
export const PERIOD_SOURCES = ['WEBDR', 'TOP', 'DRCAMPAIGN', 'DRLASTSEATS'] as const;
export type PeriodSource = (typeof PERIOD_SOURCES)[number];

/** "Landing content types TITLE, TEXT, IMAGE, MEDIA, BUTTON, ENRICHED_TEXT." */
export const LANDING_CONTENT_TYPES = ['TITLE', 'TEXT', 'IMAGE', 'MEDIA', 'BUTTON', 'ENRICHED_TEXT'] as const;
export type LandingContentType = (typeof LANDING_CONTENT_TYPES)[number];

/** Tour.tour_type: "Group, FIT, Private". */
export const TOUR_TYPES = ['Group', 'FIT', 'Private'] as const;
export type TourType = (typeof TOUR_TYPES)[number];

/** Coupon.type: "percentage or fixed". */
export const COUPON_TYPES = ['percentage', 'fixed'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/**
 * Coupon.status. The spec names no values; we use the offer's pair so both read the same in the back office.
 */
export const COUPON_STATUSES = ['active', 'inactive'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** Tour offer status: "active ('Activo') or inactive ('Inactivo')". */
export const OFFER_STATUSES = ['active', 'inactive'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export type SliderStatus = DraftStatus;
export const SLIDER_STATUS_LABELS = {
  ACTIVE: 'Publicado',
  DRAFT: 'Borrador',
  INACTIVE: 'Oculto',
} as const satisfies Record<SliderStatus, string>;

/**
 * Slider categories. 'GRUPO PRIVADO' is not in the spec's category list but is the category the home tab bar
 * looks for ("categories GROUP, SINGLE, GRUPO PRIVADO"), so it must be storable.
 */
export const SLIDER_CATEGORIES = ['GROUP', 'SINGLE', 'FIT', 'REDUCED_GROUP', 'FAMILY', 'GRID', 'GRUPO PRIVADO'] as const;
export type SliderCategory = (typeof SLIDER_CATEGORIES)[number];
/**
 * Where a carousel of each category is shown (issue 33), one mapping for the editor, the home tabs and the
 * campaign landings: its shelf is the category a home tab or a landing asks for. A reduced group is a group
 * trip; 'GRUPO PRIVADO' (the spec's home-tab category, which its editor cannot set) is kept as the private
 * trips' shelf, FIT ('Privado'), so a carousel stored with it shows with theirs; GRID is never a carousel.
 */
export const CAROUSEL_SHELF = {
  GROUP: 'GROUP',
  REDUCED_GROUP: 'GROUP',
  SINGLE: 'SINGLE',
  FIT: 'FIT',
  'GRUPO PRIVADO': 'FIT',
  FAMILY: 'FAMILY',
  GRID: null,
} as const satisfies Record<SliderCategory, SliderCategory | null>;
export type CarouselShelf = NonNullable<(typeof CAROUSEL_SHELF)[SliderCategory]>;

/** Where staff will see a carousel of each shelf, as the editor says it. */
export const CAROUSEL_SHELF_PLACES = {
  GROUP: 'pestaña «En grupo» de la portada y /black-friday',
  SINGLE: 'pestaña «Singles» de la portada',
  FIT: 'pestaña «Privados» de la portada',
  FAMILY: '/viajes-en-familia',
} as const satisfies Record<CarouselShelf, string>;

/** GRID and 'GRUPO PRIVADO' have no label in the spec; ours follow the same wording style. */
export const SLIDER_CATEGORY_LABELS = {
  GROUP: 'En Grupo',
  SINGLE: 'Single',
  FIT: 'Privado',
  REDUCED_GROUP: 'Reducido',
  FAMILY: 'Familia',
  GRID: 'Grid',
  'GRUPO PRIVADO': 'Grupo privado',
} as const satisfies Record<SliderCategory, string>;

/**
 * "Website types include WEBDR and a campaign type." The campaign type is not named; DRCAMPAIGN mirrors the
 * period source of the same name.
 */
export const WEBSITE_TYPES = ['WEBDR', 'DRCAMPAIGN'] as const;
export type WebsiteType = (typeof WEBSITE_TYPES)[number];

/** Payment methods offered at the pay step (card and Bizum through Redsys, or bank transfer). */
export const PAYMENT_METHODS = ['card', 'bizum', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Payment status. The spec only says "a confirmed payment counts toward the amount paid; other statuses do
 * not"; the other values are ours (REVIEW backs the booking's PAYPAL_REVIEW state).
 */
export const PAYMENT_STATUSES = ['PENDING', 'CONFIRMED', 'REVIEW', 'FAILED', 'CANCELED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** "Age groups: 'Adultos' (adults) and 'Niños' (children)." */
export const AGE_GROUPS = ['Adultos', 'Niños'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** "Staff groups come from the session token: 'drAdmin' … and 'guides'." */
export const STAFF_GROUPS = ['drAdmin', 'guides'] as const;
export type StaffGroup = (typeof STAFF_GROUPS)[number];

/** Known trip-type slugs of /tipo-de-viaje/{slug}: "grupo, single, grupo-privados". */
export const TRIP_TYPE_SLUGS = ['grupo', 'single', 'grupo-privados'] as const;
export type TripTypeSlug = (typeof TRIP_TYPE_SLUGS)[number];

/** Landing banner image variants, stored under landing/{slug}/desktop and landing/{slug}/mobile. */
export const BANNER_VARIANTS = ['desktop', 'mobile'] as const;
export type BannerVariant = (typeof BANNER_VARIANTS)[number];

/** Social sign-in providers: "Social sign-in with Google or Facebook is detected." */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Narrows an unknown string to a member of an `as const` list (for parsing query strings and rows). */
export function isOneOf<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
