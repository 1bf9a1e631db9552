/**
 * The contract between the booking funnel island and the API for the steps after the booking exists:
 * flights, customise options, budgets, the waiting list and payments. Requests are zod schemas (the API
 * validates with them, the island may too); answers are plain types both sides import. Amounts in cents.
 *
 * Routes (all under /api):
 * - GET  /bookings/:id/flights            → FlightOptionsAnswer        (flights step)
 * - POST /bookings/:id/flight              FlightChoiceSchema → FlightChoiceAnswer (verify fare, pre-book)
 * - GET  /bookings/:id/options            → CustomiseOptionsAnswer     (customise step)
 * - POST /bookings/:id/budget              BudgetSchema → { budgetName }  (BUDGET mail)
 * - POST /tours/periods/:periodId/waiting-list  WaitingListSchema → 201 { ok: true }
 * - GET  /payments/booking/:bookingId     → PaymentOptionsAnswer       (pay step; same visibility as GET /bookings/:id)
 * - POST /payments/booking/:bookingId      StartPaymentSchema → StartPaymentAnswer
 * - GET  /payments/link/:bookingId/:tkId  → PaymentOptionsAnswer       (pay-by-link; wrong pair 404)
 * - POST /payments/link/:bookingId/:tkId   StartPaymentSchema → StartPaymentAnswer
 * - POST /payments/redsys/notification     (form: Ds_SignatureVersion, Ds_MerchantParameters, Ds_Signature)
 * - GET  /payments/:paymentId             → PaymentResultAnswer        (confirmation page; the id is the capability)
 * - GET  /payments/receipts/:bookingId?tk=  → ReceiptsAnswer           (owner, admin or tkId holder)
 * - GET  /payments/receipts/:bookingId/:paymentId.pdf?tk=  → application/pdf
 * - The sandbox terminal (built in, default): /api/payments/sandbox/... serves its own HTML pages.
 */
import { z } from 'zod';
import type { BookingStatus } from '../enums.ts';
import { isValidEmail } from '../rules/validation.ts';

const Id = z.string().trim().min(1).max(64);

// ---------------------------------------------------------------------------------------------- flights

export interface FlightSegmentView {
  departureAt: string;
  arrivalAt: string;
  departureIata: string;
  arrivalIata: string;
  departureCity: string | null;
  arrivalCity: string | null;
  flightNumber: string | null;
  provider: string | null;
}

export interface FlightJourneyView {
  direction: 'outbound' | 'inbound';
  segments: FlightSegmentView[];
}

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

export interface CustomiseOptionsAnswer {
  reservationModes: ReservationModeView[];
  activities: ActivityView[];
}

// ---------------------------------------------------------------------------------------------- budgets, waiting list

export const BudgetSchema = z.strictObject({
  budgetName: z
    .string({ error: 'Ponle un nombre al presupuesto' })
    .trim()
    .min(1, 'Ponle un nombre al presupuesto')
    .max(80, 'El nombre admite como máximo 80 caracteres'),
});

export const WaitingListSchema = z.strictObject({
  name: z.string({ error: 'Indica tu nombre' }).trim().min(1, 'Indica tu nombre').max(80, 'El nombre admite como máximo 80 caracteres'),
  email: z
    .string({ error: 'Introduce un correo electrónico válido' })
    .trim()
    .max(254, 'Introduce un correo electrónico válido')
    .refine(isValidEmail, 'Introduce un correo electrónico válido'),
  travellers: z
    .number({ error: 'Indica cuántas plazas necesitas' })
    .int()
    .min(1, 'Indica cuántas plazas necesitas')
    .max(20, 'Para más de 20 plazas, contáctanos'),
  privacy: z.literal(true, { error: 'Debes aceptar la política de privacidad para continuar' }),
});

// ---------------------------------------------------------------------------------------------- payments

export const PAYMENT_METHODS = ['card', 'bizum', 'transfer'] as const;
export type PaymentMethodChoice = (typeof PAYMENT_METHODS)[number];

export interface QuoteView {
  lines: { label: string; amountCents: number }[];
  totalCents: number;
  insuranceCents: number;
  coupon: null | { code: string; applied: true; couponId: string } | { code: string; applied: false; reason: string };
}

export interface PaymentOptionsAnswer {
  bookingId: string;
  status: BookingStatus;
  /** Issued with the first confirmed payment; null before. */
  tkId: string | null;
  differentId: string;
  tour: { name: string; slug: string };
  period: { dayOne: string; returnDate: string | null; numberOfDays: number | null };
  travellerCount: number;
  quote: QuoteView;
  paidCents: number;
  /** What the spec's pre-booking / deadline rules ask now, and everything still owed. */
  dueNowCents: number;
  remainingCents: number;
  /** Why `dueNowCents` is what it is, in Spanish, e.g. 'Reserva tu plaza con 1 €; el resto, en los plazos de tu reserva'. */
  dueNowExplanation: string;
  /** Signed-in travellers only: their balance and the most they may take off this payment. */
  points: null | { balance: number; maxDiscountCents: number };
  /** When held seats go back on sale; null when nothing is held. */
  holdExpiresAt: string | null;
  methods: PaymentMethodChoice[];
  /** Earlier payments of this booking, newest first. */
  payments: { id: string; amountCents: number; method: string; status: string; createdAt: string }[];
}

export const StartPaymentSchema = z.strictObject({
  /** 'due': the amount due now; 'full': everything still owed. */
  amount: z.enum(['due', 'full'], { error: 'Elige qué importe quieres pagar' }),
  method: z.enum(PAYMENT_METHODS, { error: 'Elige una forma de pago' }),
  /** Points to redeem (signed-in travellers); 0 or absent: none. */
  points: z.number().int().nonnegative().max(10_000_000).default(0),
  acceptTerms: z.literal(true, { error: 'Debes aceptar las condiciones de la reserva y la información precontractual' }),
  acceptPrivacy: z.literal(true, { error: 'Debes aceptar la política de privacidad para continuar' }),
});
export type StartPaymentInput = z.input<typeof StartPaymentSchema>;

export type StartPaymentAnswer =
  | {
      paymentId: string;
      method: 'card' | 'bizum';
      amountCents: number;
      /** Post these fields as an HTML form to `url` (the Redsys redirect protocol). */
      redirect: { url: string; fields: { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string } };
      holdExpiresAt: string;
    }
  | {
      paymentId: string;
      method: 'transfer';
      amountCents: number;
      transfer: { iban: string; beneficiary: string; bank: string; reference: string };
      status: BookingStatus;
    }
  | {
      /** Points covered the whole amount: confirmed without a card. */
      paymentId: string;
      method: 'points';
      amountCents: number;
      confirmationPath: string;
    };

export interface PaymentResultAnswer {
  paymentId: string;
  status: 'PENDING' | 'CONFIRMED' | 'FAILED' | 'CANCELED' | 'REVIEW';
  method: string;
  amountCents: number;
  createdAt: string;
  booking: {
    id: string;
    status: BookingStatus;
    tkId: string | null;
    differentId: string;
    tourName: string;
    tourSlug: string;
    dayOne: string;
    leadName: string;
    leadEmail: string;
    travellerCount: number;
    totalCents: number;
    paidCents: number;
    remainingCents: number;
  };
  /** Bank transfer only. */
  transfer: null | { iban: string; beneficiary: string; bank: string; reference: string };
}

export interface ReceiptsAnswer {
  bookingId: string;
  tkId: string | null;
  tourName: string;
  receipts: { paymentId: string; amountCents: number; method: string; confirmedAt: string; url: string }[];
}
