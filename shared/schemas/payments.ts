/**
 * The payments resource's contract (`/api/payments`): the pay step, the pay link, the confirmation and the
 * receipts. Requests are zod schemas (the API validates with them, the pay step too); answers are the views
 * the API builds. Amounts in cents.
 *
 * Routes (all under /api/payments):
 * - GET  /booking/:bookingId            → PaymentOptionsAnswer   (pay step; same visibility as GET /bookings/:id)
 * - POST /booking/:bookingId            StartPaymentSchema → StartPaymentAnswer
 * - GET  /link/:bookingId/:tkId         → PaymentOptionsAnswer   (pay-by-link; wrong pair 404)
 * - POST /link/:bookingId/:tkId         StartPaymentSchema → StartPaymentAnswer
 * - POST /redsys/notification           (form: Ds_SignatureVersion, Ds_MerchantParameters, Ds_Signature)
 * - GET  /:paymentId                    → PaymentResultAnswer    (confirmation page; the id is the capability)
 * - GET  /receipts/:bookingId?tk=       → ReceiptsAnswer         (owner, admin or tkId holder)
 * - GET  /receipts/:bookingId/:paymentId.pdf?tk=  → application/pdf
 * - The sandbox terminal (built in, default): /api/payments/sandbox/... serves its own HTML pages.
 */
import { z } from 'zod';
import type { BookingStatus } from '../enums.ts';
import type { QuoteView } from './bookings.ts';

export const PAYMENT_METHODS = ['card', 'bizum', 'transfer'] as const;
export type PaymentMethodChoice = (typeof PAYMENT_METHODS)[number];

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
  /** Today's payment and when the rest falls due: 'Hoy pagas 886 € · El resto, 2.066 €, antes del 2 de mayo'. */
  paymentPlan: string;
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
