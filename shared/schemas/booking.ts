/**
 * The booking funnel's inputs, validated by the funnel island and by `/api/bookings` with the same schemas,
 * so both show the same Spanish messages. The server still decides prices and seats; these only check shape.
 */
import { z } from 'zod';
import { AGE_GROUPS } from '../enums.ts';
import { isIsoDate } from '../rules/dates.ts';
import { isValidEmail, isValidNationalId } from '../rules/validation.ts';
import { isPlausiblePhone } from './contact.ts';

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
export type QuoteRequest = z.output<typeof QuoteRequestSchema>;
export type CreateBookingInput = z.input<typeof CreateBookingSchema>;
export type CreateBookingRequest = z.output<typeof CreateBookingSchema>;
export type UpdateBookingInput = z.input<typeof UpdateBookingSchema>;
export type UpdateBookingRequest = z.output<typeof UpdateBookingSchema>;
export type ReservationFields = z.output<typeof ReservationFieldsSchema>;
