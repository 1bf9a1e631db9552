/**
 * What a booking owes at the pay step: its quote (live while IN_PROGRESS, the confirmed one after), what
 * is paid, the spec's amount due now (pre-booking, deadlines, 25 % plus insurance) with a Spanish sentence
 * saying why, and how many points a traveller may use. The pay step, the start of a payment and the
 * confirmation all read it, so the amounts shown are the amounts charged.
 */
import type { BookingTravelerEntry } from '#shared/entities/index.ts';
import type { BookingStatus, PaymentStatus } from '#shared/enums.ts';
import { describePaymentPlan } from '#shared/rules/payment-schedule.ts';
import { computeAmountPaidCents, computePaymentStepAmounts, explainDueNow, owedSchedule, parseDeadlines } from '#shared/rules/payments.ts';
import { computePointsCapLeftCents } from '#shared/rules/points.ts';
import type { QuoteView } from '#shared/schemas/bookings.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentRow } from '../../db/tables.ts';
import { describeBooking } from '../bookings/bookings.ts';
import { utcToday } from '../bookings/quote.ts';
import type { Booking } from '../bookings/records.ts';
import { paymentsOf, preBookedFareCents, tripOf } from './queries.ts';

/** Statuses in which a booking takes payments: the funnel's, a transfer still awaited, and later payments. */
export const PAYABLE_STATUSES: readonly BookingStatus[] = ['IN_PROGRESS', 'WAITING_FOR_TRANSFER', 'CONFIRMED'];

export interface PaymentContext {
  row: Booking;
  status: BookingStatus;
  tour: { id: string; name: string; slug: string };
  period: { id: string; dayOne: string; returnDate: string | null; numberOfDays: number | null };
  travellers: BookingTravelerEntry[];
  quote: QuoteView;
  /** The quote is the one the booking was confirmed with, not today's. */
  locked: boolean;
  /** Every payment of the booking, newest first. */
  payments: PaymentRow[];
  paidCents: number;
  dueNowCents: number;
  remainingCents: number;
  dueNowExplanation: string;
  /** 'Hoy pagas X € · El resto, Y €, antes del …': today's payment and the schedule after it (docs/decisions/042). */
  paymentPlan: string;
  /** Discount already taken with points on this booking (confirmed points payments). */
  pointsRedeemedCents: number;
  holdExpiresAt: string | null;
}

/** Payment rows as the shared amount rules read them (the column holds one of PAYMENT_STATUSES). */
export const paymentAmounts = (rows: readonly { amountCents: number; status: string }[]) =>
  rows.map((row) => ({ amountCents: row.amountCents, status: row.status as PaymentStatus }));

/** Reads the quote a booking was confirmed with; null when none was stored (older rows). */
export function parseQuoteSnapshot(text: string | null): QuoteView | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as QuoteView;
    return Number.isInteger(parsed.totalCents) && Array.isArray(parsed.lines) ? parsed : null;
  } catch {
    return null;
  }
}

/** The quote as the API answers it (no internals of the shared quote). */
export const quoteView = (quote: QuoteView): QuoteView => ({
  lines: quote.lines.map(({ label, amountCents }) => ({ label, amountCents })),
  totalCents: quote.totalCents,
  insuranceCents: quote.insuranceCents,
  coupon: quote.coupon,
});

/** Loads everything the pay step needs for a booking, priced at `now`. */
export async function loadPaymentContext(db: Db, row: Booking, { now }: { now: Date }): Promise<PaymentContext> {
  const [working, place, payments, fareCents] = await Promise.all([
    describeBooking(db, row, { now }),
    tripOf(db, row.periodId),
    paymentsOf(db, row.id),
    preBookedFareCents(db, row.id),
  ]);
  const { status } = row;
  // Once a payment confirmed the booking, its price is the one agreed then, whatever campaigns do later.
  const snapshot = status === 'IN_PROGRESS' ? null : parseQuoteSnapshot(row.quoteStringify);
  let quote: QuoteView = quoteView(working.quote);
  let locked = false;
  if (snapshot) {
    quote = snapshot;
    locked = true;
  } else if (status !== 'IN_PROGRESS' && working.quote.totalCents !== row.priceCents) {
    // A booking confirmed before quotes were kept: its stored price is what it costs.
    quote = {
      lines: [{ label: 'Total de la reserva', amountCents: row.priceCents }],
      totalCents: row.priceCents,
      insuranceCents: working.quote.insuranceCents,
      coupon: null,
    };
    locked = true;
  }
  const today = utcToday(now);
  const deadlines = parseDeadlines(row.deadlinesStringify);
  const travellerCount = working.travellers.length;
  // What the due-now rule reads, for the amounts and for their explanation alike.
  const rule = { totalCents: quote.totalCents, departureDate: place.dayOne, today, fareCents, travellerCount, deadlines, insuranceCents: quote.insuranceCents };
  const amounts = computePaymentStepAmounts({ ...rule, payments: paymentAmounts(payments) });
  const paidCents = computeAmountPaidCents(paymentAmounts(payments));
  return {
    row,
    status,
    tour: { id: place.tourId, name: place.tourName, slug: place.webSlug },
    period: { id: place.id, dayOne: place.dayOne, returnDate: place.returnDate, numberOfDays: place.numberOfDays },
    travellers: working.travellers,
    quote,
    locked,
    payments,
    paidCents,
    ...amounts,
    dueNowExplanation: explainDueNow({ ...rule, paidCents, ...amounts }),
    paymentPlan: describePaymentPlan({
      todayCents: amounts.dueNowCents,
      restDeadlines: owedSchedule({ deadlines, paidCents: paidCents + amounts.dueNowCents, insuranceCents: quote.insuranceCents }).deadlines,
      restCents: amounts.remainingCents - amounts.dueNowCents,
      departureDate: place.dayOne,
      today,
    }),
    pointsRedeemedCents: payments.filter((p) => p.paymentMethod === 'points' && p.status === 'CONFIRMED').reduce((sum, p) => sum + p.amountCents, 0),
    holdExpiresAt: working.holdExpiresAt,
  };
}

/** What the points cap leaves on this booking: its share of the total less what points already paid. */
export const pointsCapLeftCents = (context: Pick<PaymentContext, 'quote' | 'pointsRedeemedCents'>): number =>
  computePointsCapLeftCents({ bookingTotalCents: context.quote.totalCents, redeemedCents: context.pointsRedeemedCents });
