/**
 * The bookings resource's contract (`/api/bookings`, the funnel's steps): the request schemas, validated by
 * the funnel and by the API with the same Spanish messages, and the views the API answers with. The server
 * still decides prices and seats; the schemas only check shape. Amounts in cents.
 *
 * Routes (all under /api/bookings):
 * - POST /quote                 QuoteRequestSchema → QuoteView
 * - POST /                      CreateBookingSchema → 201 { id, quote }   (complete-details step)
 * - GET  /:id                   → BookingWorkingView
 * - PATCH /:id                  UpdateBookingSchema → { id, quote }
 * - POST /:id/hold              → { expiresAt }                            (pay step)
 * - GET  /:id/flights           → FlightOptionsAnswer                      (flights step)
 * - POST /:id/flight            FlightChoiceSchema → FlightChoiceAnswer    (verify fare, pre-book)
 * - GET  /:id/options           → CustomiseOptionsAnswer                   (customise step)
 * - POST /:id/budget            BudgetSchema → { budgetName }              (BUDGET mail)
 * - POST /:id/resume            ResumeBookingSchema → { id }               (the budget link: this browser may continue it)
 */
import { z } from 'zod';
import { ChallengeField } from './challenge.ts';
import { AGE_GROUPS, type BookingStatus, type ExtraBasis } from '../enums.ts';
import { isIsoDate } from '../rules/dates.ts';
import { isValidEmail, isValidNationalId } from '../rules/validation.ts';
import { isPlausiblePhone } from './contact.ts';
import type { RoommateGroup } from '../rules/passengers.ts';
import type { Quote } from '../rules/quote.ts';
import type { BookingTravelerEntry, FlightJourney, FlightSegment } from '../entities/index.ts';

export const BOOKING_LIMITS = {
  /** Travellers one web booking may carry; larger groups ask the office. */
  travellersMax: 20,
  adultsMin: 1,
  idMax: 64,
  nameMax: 80,
  surnameMax: 120,
  emailMax: 254,
  phoneMax: 25,
  couponCodeMax: 40,
  documentMax: 20,
  activitiesPerTravellerMax: 30,
  extrasMax: 30,
} as const;

export const BOOKING_MESSAGES = {
  periodId: 'Elige una salida',
  adults: 'Indica al menos un adulto',
  children: 'Indica cuántos niños viajan',
  tooManyTravellers: `Una reserva web admite como máximo ${BOOKING_LIMITS.travellersMax} viajeros; para grupos más grandes, contáctanos`,
  ageGroup: 'El grupo de edad no es válido',
  id: 'El identificador no es válido',
  name: 'Indica el nombre',
  nameTooLong: `El nombre admite como máximo ${BOOKING_LIMITS.nameMax} caracteres`,
  surnameTooLong: `Los apellidos admiten como máximo ${BOOKING_LIMITS.surnameMax} caracteres`,
  email: 'Introduce un correo electrónico válido',
  phone: 'Introduce un teléfono válido, por ejemplo +34 600 123 456',
  nationalId: 'El DNI o NIE no es válido: revisa los números y la letra',
  passport: 'El pasaporte no es válido',
  birthdate: 'Indica la fecha de nacimiento como AAAA-MM-DD',
  text: 'El texto es demasiado largo',
  privacy: 'Debes aceptar la política de privacidad para continuar',
  couponCode: 'El código de descuento no es válido',
  activities: 'Demasiadas actividades seleccionadas',
  extras: 'Demasiados extras seleccionados',
  roommates: 'Revisa quién comparte habitación',
} as const;

const Id = z.string({ error: BOOKING_MESSAGES.id }).trim().min(1, BOOKING_MESSAGES.id).max(BOOKING_LIMITS.idMax, BOOKING_MESSAGES.id);

/** A coupon as typed; an empty field means no coupon (forms send ''). */
const CouponCode = z
  .string({ error: BOOKING_MESSAGES.couponCode })
  .trim()
  .max(BOOKING_LIMITS.couponCodeMax, BOOKING_MESSAGES.couponCode)
  .nullable()
  .optional()
  .transform((code) => (code === '' || code === undefined ? null : code));

const AgeGroup = z.enum(AGE_GROUPS, { error: BOOKING_MESSAGES.ageGroup });
const ActivityIds = z.array(Id).max(BOOKING_LIMITS.activitiesPerTravellerMax, BOOKING_MESSAGES.activities);
/** The tour extras chosen for the whole booking, each once. */
const ExtraIds = z
  .array(Id, { error: BOOKING_MESSAGES.extras })
  .max(BOOKING_LIMITS.extrasMax, BOOKING_MESSAGES.extras)
  .transform((ids) => [...new Set(ids)]);

/** One traveller's choices that change the price: age group, room (reservation mode) and activities. */
export const QuoteTravellerSchema = z.strictObject({
  ageGroup: AgeGroup,
  reservationMode: Id.nullable().default(null),
  optionalActivities: ActivityIds.default([]),
});

/** `POST /api/bookings/quote`: everything the price depends on. `flightId` null means without flight. */
export const QuoteRequestSchema = z.strictObject({
  periodId: Id,
  travellers: z.array(QuoteTravellerSchema).min(1, BOOKING_MESSAGES.adults).max(BOOKING_LIMITS.travellersMax, BOOKING_MESSAGES.tooManyTravellers),
  flightId: Id.nullable().default(null),
  couponCode: CouponCode,
  extraIds: ExtraIds.default([]),
});

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * What the passengers step asks each traveller. Empty fields are dropped; the e-mail, DNI/NIE and
 * birthdate are checked when given (only travellers with a valid e-mail become booking travellers).
 */
export const ReservationFieldsSchema = z.strictObject({
  name: optionalText(BOOKING_LIMITS.nameMax, BOOKING_MESSAGES.nameTooLong),
  surname: optionalText(BOOKING_LIMITS.surnameMax, BOOKING_MESSAGES.surnameTooLong),
  email: optionalText(BOOKING_LIMITS.emailMax, BOOKING_MESSAGES.email).refine((v) => v === undefined || isValidEmail(v), BOOKING_MESSAGES.email),
  national_id: optionalText(BOOKING_LIMITS.documentMax, BOOKING_MESSAGES.nationalId).refine(
    (v) => v === undefined || isValidNationalId(v),
    BOOKING_MESSAGES.nationalId,
  ),
  passport: optionalText(BOOKING_LIMITS.documentMax, BOOKING_MESSAGES.passport).refine(
    (v) => v === undefined || /^[A-Za-z0-9]{5,20}$/.test(v),
    BOOKING_MESSAGES.passport,
  ),
  birthdate: optionalText(10, BOOKING_MESSAGES.birthdate).refine((v) => v === undefined || isIsoDate(v), BOOKING_MESSAGES.birthdate),
  nationality: optionalText(60, BOOKING_MESSAGES.text),
  phone: optionalText(BOOKING_LIMITS.phoneMax, BOOKING_MESSAGES.phone).refine((v) => v === undefined || isPlausiblePhone(v), BOOKING_MESSAGES.phone),
});

/** The lead contact of the complete-details step. */
export const LeadContactSchema = z.strictObject({
  name: z.string({ error: BOOKING_MESSAGES.name }).trim().min(1, BOOKING_MESSAGES.name).max(BOOKING_LIMITS.nameMax, BOOKING_MESSAGES.nameTooLong),
  surname: optionalText(BOOKING_LIMITS.surnameMax, BOOKING_MESSAGES.surnameTooLong),
  email: z.string({ error: BOOKING_MESSAGES.email }).trim().max(BOOKING_LIMITS.emailMax, BOOKING_MESSAGES.email).refine(isValidEmail, BOOKING_MESSAGES.email),
  phone: z
    .string({ error: BOOKING_MESSAGES.phone })
    .trim()
    .max(BOOKING_LIMITS.phoneMax, BOOKING_MESSAGES.phone)
    .refine(isPlausiblePhone, BOOKING_MESSAGES.phone),
});

/** `POST /api/bookings`: the complete-details step. */
export const CreateBookingSchema = z
  .strictObject({
    periodId: Id,
    adults: z.number({ error: BOOKING_MESSAGES.adults }).int(BOOKING_MESSAGES.adults).min(BOOKING_LIMITS.adultsMin, BOOKING_MESSAGES.adults),
    children: z.number({ error: BOOKING_MESSAGES.children }).int(BOOKING_MESSAGES.children).min(0, BOOKING_MESSAGES.children).default(0),
    lead: LeadContactSchema,
    consents: z.strictObject({
      privacy: z.literal(true, { error: BOOKING_MESSAGES.privacy }),
      /** Commercial mail is optional; only recorded when a mailing list exists. */
      marketing: z.boolean().default(false),
    }),
  })
  .refine((b) => b.adults + b.children <= BOOKING_LIMITS.travellersMax, { message: BOOKING_MESSAGES.tooManyTravellers, path: ['children'] });

/** One traveller's changes on later steps, by the traveller entry's id; absent fields stay as they are. */
export const TravellerUpdateSchema = z.strictObject({
  id: Id,
  reservationMode: Id.nullable().optional(),
  optionalActivities: ActivityIds.optional(),
  reservationFields: ReservationFieldsSchema.optional(),
});

/** `PATCH /api/bookings/:id`: flights, customise and passengers steps, and the coupon. */
export const UpdateBookingSchema = z.strictObject({
  flightId: Id.nullable().optional(),
  /** Replaces the booking's extras. */
  extraIds: ExtraIds.optional(),
  couponCode: z
    .string({ error: BOOKING_MESSAGES.couponCode })
    .trim()
    .max(BOOKING_LIMITS.couponCodeMax, BOOKING_MESSAGES.couponCode)
    .nullable()
    .optional()
    .transform((code) => (code === '' ? null : code)),
  travellers: z.array(TravellerUpdateSchema).max(BOOKING_LIMITS.travellersMax, BOOKING_MESSAGES.tooManyTravellers).optional(),
  /** Who shares a room: each group one room, by traveller entry ids. Replaces the stored groups. */
  roommates: z
    .array(z.strictObject({ travellerIds: z.array(Id).min(2, BOOKING_MESSAGES.roommates).max(BOOKING_LIMITS.travellersMax, BOOKING_MESSAGES.roommates) }))
    .max(BOOKING_LIMITS.travellersMax, BOOKING_MESSAGES.roommates)
    .optional(),
});

export type QuoteRequestInput = z.input<typeof QuoteRequestSchema>;
export type CreateBookingInput = z.input<typeof CreateBookingSchema>;
export type CreateBookingRequest = z.output<typeof CreateBookingSchema>;
export type UpdateBookingRequest = z.output<typeof UpdateBookingSchema>;

// ---------------------------------------------------------------------------------------------- views

/** What happened to the coupon code given, if any; a coupon that does not apply gives no discount. */
export type CouponOutcome = null | { code: string; applied: true; couponId: string } | { code: string; applied: false; reason: string };

/** The server's price of a booking's choices: the shared `quoteBooking` lines and total, and the coupon's fate. */
export interface QuoteView extends Quote {
  coupon: CouponOutcome;
}

/** What the funnel continues from (`GET /bookings/:id`): the booking's choices, its live quote and its seat hold. */
export interface BookingWorkingView {
  id: string;
  status: BookingStatus;
  tkStatus: string;
  differentId: string;
  periodId: string;
  tourSlug: string;
  tourName: string;
  dayOne: string;
  returnDate: string | null;
  flightId: string | null;
  adults: number;
  children: number;
  travellers: BookingTravelerEntry[];
  roommates: RoommateGroup[];
  /** The tour extras chosen for the whole booking. */
  extraIds: string[];
  couponCode: string | null;
  priceCents: number;
  quote: QuoteView;
  /** When the seats held for payment go back on sale; null without a live hold. */
  holdExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

// ---------------------------------------------------------------------------------------------- flights

export type FlightSegmentView = FlightSegment;
export type FlightJourneyView = FlightJourney;

export interface FlightOptionView {
  id: string;
  name: string;
  /** Where it leaves from ('Madrid'); null for the 'sin vuelo' option. */
  departureCity: string | null;
  /** True for the option whose name says 'sin vuelo': choosing it means travelling without our flight. */
  noFlight: boolean;
  /** Price per traveller of each age group, as the quote charges it (`computeFlightPricesForBooking`). */
  prices: { ageGroupName: string; valueCents: number }[];
  /** What this flight adds to the booking for its travellers. */
  totalCents: number;
  /** Seats left for this many travellers. */
  available: boolean;
  journeys: FlightJourneyView[];
}

export interface FlightOptionsAnswer {
  /** Options grouped by departure city in the order to show; 'sin vuelo' options last. */
  options: FlightOptionView[];
  selectedFlightId: string | null;
}

/**
 * Choose a flight (or null: no flight). `acceptedPriceCents` confirms a changed fare the visitor was shown.
 * `shownTotalCents` (optional): the option's `totalCents` the visitor saw; with it the API also catches a fare
 * that changed between the listing and the choice for another visitor.
 */
export const FlightChoiceSchema = z.strictObject({
  flightId: Id.nullable(),
  acceptedPriceCents: z.number().int().nonnegative().optional(),
  shownTotalCents: z.number().int().nonnegative().optional(),
});
export type FlightChoiceInput = z.input<typeof FlightChoiceSchema>;

/**
 * `status: 'price-changed'`: the provider's verified fare differs from what was shown; nothing was saved,
 * the visitor sees `previousTotalCents` → `newTotalCents` and accepts by posting again with
 * `acceptedPriceCents: newTotalCents`. `status: 'ok'`: saved (booking's flightId, pre-booking created).
 */
export type FlightChoiceAnswer =
  | { status: 'ok'; flightId: string | null; quote: QuoteView }
  | { status: 'price-changed'; flightId: string; previousTotalCents: number; newTotalCents: number };

// ---------------------------------------------------------------------------------------------- customise

export interface OptionPrice {
  ageGroupName: string;
  valueCents: number;
}

export interface ReservationModeView {
  /** What a traveller's `reservationMode` is set to. */
  activityId: string;
  name: string;
  places: number;
  comment: string | null;
  shareRoom: boolean;
  /** Rooms left. */
  availability: number;
  prices: OptionPrice[];
}

export interface ActivityView {
  /** What goes into a traveller's `optionalActivities`. */
  activityId: string;
  name: string;
  webInfo: string | null;
  kind: 'activity' | 'insurance' | 'pack';
  /** Seats left (a pack: the fewest of its members). */
  availability: number;
  prices: OptionPrice[];
  /** A pack's member names. */
  includes: string[];
}

/** A tour extra (storefront-and-booking.md §9: "an extra per traveler or per booking"), chosen for the whole booking. */
export interface ExtraView {
  id: string;
  name: string;
  description: string | null;
  amountCents: number;
  basis: ExtraBasis;
}

export interface CustomiseOptionsAnswer {
  reservationModes: ReservationModeView[];
  activities: ActivityView[];
  extras: ExtraView[];
}

// ---------------------------------------------------------------------------------------------- budgets

export const BudgetSchema = z.strictObject({
  budgetName: z
    .string({ error: 'Ponle un nombre al presupuesto' })
    .trim()
    .min(1, 'Ponle un nombre al presupuesto')
    .max(80, 'El nombre admite como máximo 80 caracteres'),
  altcha: ChallengeField,
});

// ------------------------------------------------------------------------------------- resuming a booking

/**
 * The query parameter of the budget mail's link (`/tour/{slug}/personaliza-el-viaje/{id}?acceso=…`): a signed token
 * that lets a browser other than the one that made the booking continue it (issue 16).
 */
export const BUDGET_LINK_PARAM = 'acceso';

/** Why a budget link opens nothing; the funnel shows these as they come. */
export const BUDGET_LINK_MESSAGES = {
  expired: 'El enlace de tu presupuesto ha caducado. Escríbenos y te ayudamos a continuar tu reserva.',
  invalid: 'Este enlace de presupuesto no es válido o la reserva ya no se puede continuar desde aquí.',
} as const;

export const ResumeBookingSchema = z.strictObject({
  token: z.string({ error: 'Falta el enlace del presupuesto' }).min(1, 'Falta el enlace del presupuesto').max(2048, 'El enlace no es válido'),
});
