/**
 * Business constants of both specs (§9 and the values the screens quote). Spanish strings are binding word
 * for word.
 */
import type { AgeGroup, DraftStatus, SliderCategory, StaffGroup, TripTypeSlug } from './enums.ts';

// Travellers and prices

export const ADULT_AGE_GROUP = 'Adultos' as const satisfies AgeGroup;
export const CHILD_AGE_GROUP = 'Niños' as const satisfies AgeGroup;
export const DEFAULT_TRAVELER_CATEGORY = 'Standard category';
export const CURRENCY = 'EUR';
export const CURRENCY_SYMBOL = '€';
export const CENTS_PER_EURO = 100;

/** Selected optional activities of a new traveller: '0' is the "none chosen" sentinel of the working state. */
export const DEFAULT_OPTIONAL_ACTIVITIES: readonly string[] = ['0'];
export const NO_OPTIONAL_ACTIVITY_ID = '0';
export const INITIAL_ADULTS = 1;
export const INITIAL_CHILDREN = 0;

export const TRAVELER_ID_MIN = 100;
export const TRAVELER_ID_MAX = 999;
/** Booking.differentId: "random 6-digit string, 100000 to 999999". */
export const DIFFERENT_ID_MIN = 100_000;
export const DIFFERENT_ID_MAX = 999_999;

// Page sizes and limits

/** "Tour listing … 50 in paged loading" (§9): the cards of one listing page, and of one "Ver más" step. */
export const LISTING_PAGE_SIZE = 50;

// Caching, media and display

/** The mobile banner image is used at viewport widths up to and including this. */
export const MOBILE_BANNER_BREAKPOINT_PX = 568;
/** "Animation duration 2000 ms": a campaign banner set to animate brings its image in over this time. */
export const BANNER_ANIMATION_MS = 2000;
/** "Thumbnail link expiry 604800 s": how long a signed link to an uploaded file works. */
export const FILE_LINK_EXPIRY_SECONDS = 604_800;
/** The rating badge shows at this rate or above. */
export const RATING_BADGE_THRESHOLD = 4;

// Carousels ("Carousel shows 4 cards (3 in edit mode; 2 at widths around 868-1104 px; 1 under 480 px)")

export const CAROUSEL_CARDS = 4;
export const CAROUSEL_CARDS_EDIT_MODE = 3;
export const CAROUSEL_CARDS_MEDIUM = 2;
export const CAROUSEL_MEDIUM_MAX_WIDTH_PX = 1104;
export const CAROUSEL_CARDS_SMALL = 1;
export const CAROUSEL_SMALL_BELOW_WIDTH_PX = 480;
export const CAROUSEL_SCROLL = 1;
export const CAROUSEL_SPEED_MS = 500;
/** "Loops only with more than 4 tours." */
export const CAROUSEL_LOOP_MIN_EXCLUSIVE = 4;

// Seasons and catalogue text

export const ALL_YEAR_SEASON_LABEL = 'Todo el año';
/** Month names in calendar order; index + 1 is the month number. */
export const MONTH_NAMES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

/** Tours whose tagKeywords or tag_season contain this are hidden from every list. */
export const HIDDEN_KEYWORD = 'oculto';
export const RENTAL_CAR_SUBTYPE = 'Rental car';
export const INSURANCE_PRODUCT_TYPE = 'Seguros';
/** Marks flights meaning 'sin vuelo' (no flight); matched case-insensitively inside the flight name. */
export const NO_FLIGHT_MARKER = 'sin v';
export const THIRD_PARTY_TRIP_TYPE = 'terceros';
export const SINGLE_TRIP_TYPE = 'Single';
/** The spec's English wording for the season tag that suppresses the 'Tour creado por' badge. */
export const ALL_YEAR_SEASON_ALIAS = 'all year';
/** Brand text of the 'Tour creado por {product}' badge. */
export const BRAND_NAME = 'Different Roads';

/** Applied on normalised search text: "europe to europa, antarctica to antartida, …". */
export const DESTINATION_ALIASES: Readonly<Record<string, string>> = {
  europe: 'europa',
  antarctica: 'antartida',
  'north america': 'norte america',
  'south america': 'sur america',
};

// Staff and accounts

export const ADMIN_GROUP = 'drAdmin' as const satisfies StaffGroup;
export const GUIDE_GROUP = 'guides' as const satisfies StaffGroup;
export const PASSWORD_MIN_LENGTH = 8;

// Analytics and campaign tracking

/** utm source, medium, visitor and campaign are kept this long when present in the address. */
export const UTM_KEEP_DAYS = 15;

// Payments and deadlines

/** "If departure is more than 30 days away and there is no cockpit pre-booking fare…" */
export const PRE_BOOKING_THRESHOLD_DAYS = 30;
/** "…the amount due is 1 per booking" (1 €). */
export const PRE_BOOKING_AMOUNT_CENTS = 100;
/** "…or else 25% of the total, plus insurance." */
export const PAYMENT_DUE_FALLBACK_PERCENT = 25;
export const TRAVELERS_PER_GROUP_COUPON = 4;

// Offers, sliders and landings

export const ALL_CITIES_LABEL = 'Todas las ciudades';
/** More cities than this collapse into 'Todas las ciudades'. */
export const MAX_LISTED_DEPARTURE_CITIES = 2;
export const FLIGHT_NAME_CITY_PREFIX = 'Vuelo desde ';

export const LAST_MINUTE_SLIDER = {
  sliderSlug: 'ultimas-plazas',
  title: 'Últimas Plazas',
  subtitle: 'Ofertas especiales de último minuto',
  status: 'ACTIVE',
} as const satisfies { sliderSlug: string; title: string; subtitle: string; status: DraftStatus };
export const LAST_MINUTE_CONTENT_SLUG = 'last-minute';
export const OFFERS_SLIDER_SLUG = 'ofertas';
export const OFFERS_CONTENT_SLUG = 'ofertas';
export const OFFERS_DESCRIPTION = 'Ofertas especiales';
export const CHRISTMAS_MARKETS_TITLE = 'Viaje a mercados Navideños Europeos';
export const CHRISTMAS_MARKETS_TRIP_TYPE_SLUG = 'viaje-mercados-navidenos';

// Trip types and routes

export const DEFAULT_TRIP_TYPE_PATH = '/viajes-en-grupo';

/** Home trip-type tab bar, in display order ("The first tab is selected when none is chosen"). */
export const HOME_TABS = [
  { label: 'En grupo', category: 'GROUP', slug: 'grupo' },
  { label: 'Singles', category: 'SINGLE', slug: 'single' },
  // The private trips' shelf (CAROUSEL_SHELF): the category the editor sets ('Privado').
  { label: 'Privados', category: 'FIT', slug: 'grupo-privados' },
] as const satisfies readonly { label: string; category: SliderCategory; slug: TripTypeSlug }[];

/** Spanish messages of the offer forms (cms spec §5), word for word. */
export const OFFER_FORM_MESSAGES = {
  discountRequired: 'Por favor ingresa el descuento',
  couponRequired: 'Por favor ingresa el cupón',
  tourRequired: 'Por favor selecciona un tour',
  periodRequired: 'Por favor selecciona un periodo',
  newDiscountRequired: 'Por favor ingresa descuento',
  newCouponRequired: 'Por favor ingresa cupón',
} as const;

/** Reasons a coupon does not apply, shown to the traveller. */
export const COUPON_MESSAGES = {
  expired: 'El cupón ha caducado',
  notForThisTrip: 'El cupón no es válido para este viaje',
  exhausted: 'El cupón ya se ha agotado',
  notYetValid: 'El cupón aún no es válido',
  inactive: 'El cupón no está activo',
} as const;

/** Line labels of a quote, in display order. */
export const QUOTE_LINE_LABELS = {
  base: 'Precio base',
  period: 'Suplemento de periodo',
  flights: 'Vuelos',
  reservationMode: 'Modo de reserva',
  optionalActivities: 'Actividades opcionales',
  insurance: 'Seguro',
  extras: 'Extras',
  campaignDiscount: 'Descuento',
  coupon: 'Código de descuento',
} as const;

/** Trip-type pill labels of the tour grid. */
export const TRIP_TYPE_PILL_LABELS = {
  all: 'Todos los viajes',
  Group: 'En grupo',
  FIT: 'Viaje single',
  Private: 'Privados',
} as const;
