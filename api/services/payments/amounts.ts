/**
 * What a booking owes at the pay step: its quote (live while IN_PROGRESS, the confirmed one after), what
 * is paid, the spec's amount due now (pre-booking, deadlines, 25 % plus insurance) with a Spanish sentence
 * saying why, and how many points a traveller may use. The pay step, the start of a payment and the
 * confirmation all read it, so the amounts shown are the amounts charged.
 */
import type { BookingTravelerEntry } from '#shared/entities/index.ts';
import type { BookingStatus, PaymentStatus } from '#shared/enums.ts';
import { formatSpanishDate } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import {
  computeAmountPaidCents,
  computePaymentDueFromDeadlinesCents,
  computePaymentStepAmounts,
  computePreBookingAmountCents,
  parseDeadlines,
} from '#shared/rules/payments.ts';
import { computeMaxPointsDiscountCents, computePointsValueCents } from '#shared/rules/points.ts';
import type { QuoteView } from '#shared/schemas/bookings.ts';
import { PAYMENT_DUE_FALLBACK_PERCENT, PRE_BOOKING_THRESHOLD_DAYS } from '#shared/constants.ts';
import type { Db } from '../../db/database.ts';
import type { BookingRow, PaymentRow } from '../../db/tables.ts';
import { describeBooking } from '../bookings/bookings.ts';
import { utcToday } from '../bookings/quote.ts';
import type { Trx } from '../bookings/records.ts';

/** Statuses in which a booking takes payments: the funnel's, a transfer still awaited, and later payments. */
export const PAYABLE_STATUSES: readonly BookingStatus[] = ['IN_PROGRESS', 'WAITING_FOR_TRANSFER', 'CONFIRMED'];

export interface PaymentContext {
  row: BookingRow;
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

const euros = formatEuros;

/**
 * Why the amount due now is what it is, in Spanish, following the same branches as
 * `computePaymentStepAmounts` (pre-booking before any payment, then deadlines, then 25 % plus insurance).
 */
export function explainDueNow(input: {
  totalCents: number;
  paidCents: number;
  dueNowCents: number;
  remainingCents: number;
  departureDate: string;
  today: string;
  fareCents: number | null;
  travellerCount: number;
  deadlines: readonly { date: string; amountCents: number }[];
  insuranceCents: number;
}): string {
  const { dueNowCents, remainingCents, today, insuranceCents } = input;
  if (remainingCents === 0) return 'Tu reserva está pagada por completo. No tienes nada pendiente.';
  const capped = dueNowCents === remainingCents ? ' (lo que queda por pagar)' : '';
  if (input.paidCents === 0) {
    const preBooking = computePreBookingAmountCents({
      departureDate: input.departureDate,
      today,
      fareCents: input.fareCents,
      travellerCount: input.travellerCount,
    });
    if (preBooking !== null && input.fareCents !== null && input.fareCents > 0) {
      const people = input.travellerCount === 1 ? '1 viajero' : `${input.travellerCount} viajeros`;
      const rounded = (input.fareCents * input.travellerCount) % 100 === 0 ? '' : ', redondeado al euro';
      return `Para reservar pagas ahora la tarifa aérea que hemos bloqueado: ${euros(input.fareCents)} × ${people}${rounded} = ${euros(dueNowCents)}${capped}. El resto, en los plazos de tu reserva.`;
    }
    if (preBooking !== null) {
      return `Reserva tu plaza con ${euros(dueNowCents)}: la salida es dentro de más de ${PRE_BOOKING_THRESHOLD_DAYS} días. El resto, en los plazos de tu reserva.`;
    }
  }
  const withInsurance = insuranceCents > 0 ? `, más el seguro (${euros(insuranceCents)})` : '';
  const ordered = [...input.deadlines].sort((a, b) => a.date.localeCompare(b.date));
  const passed = ordered.filter((d) => d.date <= today);
  const base = computePaymentDueFromDeadlinesCents({
    deadlines: input.deadlines,
    today,
    totalCents: input.totalCents,
    insuranceCents: 0,
    outstandingCents: Number.MAX_SAFE_INTEGER,
  });
  // The parts are spelled out only when they differ from the amount asked (insurance added, or capped).
  const parts = base === dueNowCents ? '' : ` (${euros(base)})${withInsurance}`;
  if (passed.length > 0) {
    const which = passed.length === 1 ? `el plazo que venció el ${formatSpanishDate({ date: passed[0]!.date })}` : `los ${passed.length} plazos ya vencidos`;
    return `Ahora toca pagar ${which}${parts}: ${euros(dueNowCents)}${capped}.`;
  }
  if (ordered[0] !== undefined) {
    return `Ahora pagas el primer plazo de tu reserva, que vence el ${formatSpanishDate({ date: ordered[0].date })}${parts}: ${euros(dueNowCents)}${capped}.`;
  }
  return `Ahora pagas el ${PAYMENT_DUE_FALLBACK_PERCENT} % del total, redondeado al euro${parts}: ${euros(dueNowCents)}${capped}. El resto, antes de la salida.`;
}

/** The fare the flights step pre-booked for each traveller, if any (its newest pre-booking). */
async function preBookedFareCents(db: Db | Trx, bookingId: string): Promise<number | null> {
  const row = await db
    .selectFrom('cockpitPreBookings')
    .select('fareCents')
    .where('bookingId', '=', bookingId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? row.fareCents : null;
}

/** Loads everything the pay step needs for a booking, priced at `now`. */
export async function loadPaymentContext(db: Db, row: BookingRow, { now }: { now: Date }): Promise<PaymentContext> {
  const [working, place, payments, fareCents] = await Promise.all([
    describeBooking(db, row, { now }),
    db
      .selectFrom('periods')
      .innerJoin('tours', 'tours.id', 'periods.tourId')
      .select(['tours.id as tourId', 'tours.name as tourName', 'tours.webSlug', 'periods.id', 'periods.dayOne', 'periods.returnDate', 'periods.numberOfDays'])
      .where('periods.id', '=', row.periodId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('payments').selectAll().where('bookingId', '=', row.id).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute(),
    preBookedFareCents(db, row.id),
  ]);
  const status = row.status as BookingStatus;
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
  const amounts = computePaymentStepAmounts({
    totalCents: quote.totalCents,
    payments: paymentAmounts(payments),
    departureDate: place.dayOne,
    today,
    fareCents,
    travellerCount,
    deadlines,
    insuranceCents: quote.insuranceCents,
  });
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
    dueNowExplanation: explainDueNow({
      totalCents: quote.totalCents,
      paidCents,
      ...amounts,
      departureDate: place.dayOne,
      today,
      fareCents,
      travellerCount,
      deadlines,
      insuranceCents: quote.insuranceCents,
    }),
    pointsRedeemedCents: payments.filter((p) => p.paymentMethod === 'points' && p.status === 'CONFIRMED').reduce((sum, p) => sum + p.amountCents, 0),
    holdExpiresAt: working.holdExpiresAt,
  };
}

/**
 * The most a traveller with `balance` points may take off a payment of `amountCents` on this booking:
 * the value of the balance, within the programme's share of the booking total (less what points already
 * paid of it), and never more than the payment itself.
 */
export function maxPointsDiscountCents(
  context: Pick<PaymentContext, 'quote' | 'pointsRedeemedCents'>,
  { balance, amountCents }: { balance: number; amountCents: number },
): number {
  const capLeft = Math.max(0, computeMaxPointsDiscountCents(context.quote.totalCents) - context.pointsRedeemedCents);
  return Math.max(0, Math.min(computePointsValueCents(balance), capLeft, amountCents));
}

/** A traveller's points balance; 0 when the traveller does not exist. */
export async function pointsBalance(db: Db | Trx, travelerId: string): Promise<number> {
  const row = await db.selectFrom('travelers').select('accumulatedReward').where('id', '=', travelerId).executeTakeFirst();
  return row?.accumulatedReward ?? 0;
}
