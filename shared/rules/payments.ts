/** Amount paid and due, the pre-booking amount, the payment due from deadlines and why it is what it is. */
import { PAYMENT_DUE_FALLBACK_PERCENT, PRE_BOOKING_AMOUNT_CENTS, PRE_BOOKING_THRESHOLD_DAYS } from '../constants.ts';
import type { BookingDeadline, Payment } from '../entities/index.ts';
import { countDaysBetween, formatSpanishDate, isIsoDate } from './dates.ts';
import { formatEuros, roundUpToEuro } from './money.ts';

export type PaymentAmountInput = Pick<Payment, 'amountCents' | 'status'>;

/** "A confirmed payment counts toward the amount paid; other statuses do not." */
export function computeAmountPaidCents(payments: readonly PaymentAmountInput[]): number {
  return payments.filter((payment) => payment.status === 'CONFIRMED').reduce((sum, p) => sum + p.amountCents, 0);
}

/** "The amount due is the total minus confirmed payments, never below zero." */
export function computeAmountDueCents({ totalCents, payments }: { totalCents: number; payments: readonly PaymentAmountInput[] }): number {
  return Math.max(0, totalCents - computeAmountPaidCents(payments));
}

/**
 * "If departure is more than 30 days away and there is no cockpit pre-booking fare, the amount due is 1 per
 * booking. If there is a fare, the amount is the fare times the number of travelers."
 *
 * Returns 100 cents, or fare × travellers rounded up to the euro, or null when neither applies (30 days or fewer and no fare): the
 * caller then uses the deadlines. A fare of 0 or less counts as no fare.
 */
export function computePreBookingAmountCents({
  departureDate,
  today,
  fareCents,
  travellerCount,
}: {
  departureDate: string;
  today: string;
  fareCents: number | null;
  travellerCount: number;
}): number | null {
  // "Amounts are rounded up": a fare stored to the cent (a flights total split per traveller) asks whole euros.
  if (fareCents !== null && fareCents > 0) return roundUpToEuro(fareCents * travellerCount);
  const daysToDeparture = countDaysBetween({ from: today, to: departureDate });
  return daysToDeparture > PRE_BOOKING_THRESHOLD_DAYS ? PRE_BOOKING_AMOUNT_CENTS : null;
}

/**
 * What a booking still owes of its schedule (docs/decisions/042): payments cover the insurance first (the spec
 * adds it to the first amount asked), then the deadlines, the earliest first.
 */
export function owedSchedule({ deadlines, paidCents, insuranceCents }: { deadlines: readonly BookingDeadline[]; paidCents: number; insuranceCents: number }): {
  deadlines: BookingDeadline[];
  insuranceCents: number;
} {
  const towardsInsurance = Math.min(Math.max(0, paidCents), insuranceCents);
  return {
    deadlines: deadlinesStillOwed(deadlines, { paidCents: Math.max(0, paidCents) - towardsInsurance, dueCents: Number.MAX_SAFE_INTEGER }),
    insuranceCents: insuranceCents - towardsInsurance,
  };
}

/**
 * Every deadline with what is still owed of it (payments cover the insurance first, then the earliest
 * deadlines), for the documents and the back office, which show the whole schedule.
 *
 * @example deadlinesWithOwed({ deadlines: [{ date: '2027-01-17', amountCents: 88_600 }], paidCents: 100, insuranceCents: 0 })
 * // [{ date: '2027-01-17', amountCents: 88_600, owedCents: 88_500 }]
 */
export function deadlinesWithOwed({
  deadlines,
  paidCents,
  insuranceCents,
}: {
  deadlines: readonly BookingDeadline[];
  paidCents: number;
  insuranceCents: number;
}): (BookingDeadline & { owedCents: number })[] {
  let covered = Math.max(0, paidCents) - Math.min(Math.max(0, paidCents), insuranceCents);
  return [...deadlines]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((d) => {
      const paid = Math.min(covered, d.amountCents);
      covered -= paid;
      return { date: d.date, amountCents: d.amountCents, owedCents: d.amountCents - paid };
    });
}

/**
 * The deadlines as a traveller is told them: what each still owes, the insurance still unpaid added to the first
 * (it goes with the next payment), so they add up to what is left to pay.
 *
 * @example deadlinesToPay({ deadlines: [{ date: '2027-01-17', amountCents: 88_600 }, { date: '2027-05-02', amountCents: 206_600 }], paidCents: 100, insuranceCents: 5_000 })
 * // [{ date: '2027-01-17', amountCents: 93_500 }, { date: '2027-05-02', amountCents: 206_600 }]
 */
export function deadlinesToPay(input: { deadlines: readonly BookingDeadline[]; paidCents: number; insuranceCents: number }): BookingDeadline[] {
  const owed = owedSchedule(input);
  const [first, ...rest] = owed.deadlines;
  return first ? [{ date: first.date, amountCents: first.amountCents + owed.insuranceCents }, ...rest] : [];
}

/**
 * "The payment due is the sum of the amounts of deadlines already passed, or else the first deadline's
 * amount, or else 25% of the total, plus insurance."
 *
 * A deadline has passed when its date is today or earlier. "First" is the earliest date. The deadlines are read
 * as what is still owed of them (`paidCents`, docs/decisions/042): a deadline paid is not asked again. The 25 %
 * fallback (no deadlines at all) is rounded up to the euro. The result never exceeds `outstandingCents`.
 */
export function computePaymentDueFromDeadlinesCents({
  deadlines,
  today,
  totalCents,
  insuranceCents,
  outstandingCents,
  paidCents = 0,
}: {
  deadlines: readonly BookingDeadline[];
  today: string;
  totalCents: number;
  insuranceCents: number;
  outstandingCents: number;
  paidCents?: number;
}): number {
  if (deadlines.length === 0) {
    const base = roundUpToEuro((Math.max(0, totalCents) * PAYMENT_DUE_FALLBACK_PERCENT) / 100);
    return Math.max(0, Math.min(base + insuranceCents, outstandingCents));
  }
  const owed = owedSchedule({ deadlines, paidCents, insuranceCents });
  const ordered = [...owed.deadlines].sort((a, b) => a.date.localeCompare(b.date));
  const passed = ordered.filter((deadline) => deadline.date <= today);
  const base = passed.length > 0 ? passed.reduce((sum, deadline) => sum + deadline.amountCents, 0) : (ordered[0]?.amountCents ?? 0);
  return Math.max(0, Math.min(base + owed.insuranceCents, outstandingCents));
}

/**
 * The two amounts the pay step offers: "the amount due now and the full remaining amount". Before any
 * confirmed payment the pre-booking amount applies when it does; otherwise (and after a first payment) the
 * deadlines rule does. Both are capped by what is still owed.
 */
export function computePaymentStepAmounts({
  totalCents,
  payments,
  departureDate,
  today,
  fareCents,
  travellerCount,
  deadlines,
  insuranceCents,
}: {
  totalCents: number;
  payments: readonly PaymentAmountInput[];
  departureDate: string;
  today: string;
  fareCents: number | null;
  travellerCount: number;
  deadlines: readonly BookingDeadline[];
  insuranceCents: number;
}): { dueNowCents: number; remainingCents: number } {
  const remainingCents = computeAmountDueCents({ totalCents, payments });
  const preBooking = computeAmountPaidCents(payments) === 0 ? computePreBookingAmountCents({ departureDate, today, fareCents, travellerCount }) : null;
  const dueNowCents =
    preBooking !== null
      ? Math.min(preBooking, remainingCents)
      : computePaymentDueFromDeadlinesCents({
          deadlines,
          today,
          totalCents,
          insuranceCents,
          outstandingCents: remainingCents,
          paidCents: computeAmountPaidCents(payments),
        });
  return { dueNowCents, remainingCents };
}

/**
 * Reads Booking.deadlinesStringify. Entries that are not `{date: 'YYYY-MM-DD', amountCents: integer}` are
 * dropped, and unreadable JSON gives no deadlines, so a bad row falls back to the 25 % rule instead of failing.
 */
export function parseDeadlines(deadlinesStringify: string | null): BookingDeadline[] {
  if (deadlinesStringify === null || deadlinesStringify.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(deadlinesStringify);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry: unknown): BookingDeadline[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { date, amountCents } = entry as Record<string, unknown>;
    if (typeof date !== 'string' || !isIsoDate(date)) return [];
    if (typeof amountCents !== 'number' || !Number.isInteger(amountCents)) return [];
    return [{ date, amountCents }];
  });
}

/**
 * The deadlines a traveller still has to meet: what was paid covers the earliest ones first, so a deadline
 * already paid is left out and one paid in part shows what is left of it. Nothing when nothing is owed.
 *
 * @example deadlinesStillOwed([{ date: '2027-01-10', amountCents: 300 }, { date: '2027-03-01', amountCents: 700 }], { paidCents: 350, dueCents: 650 })
 * // [{ date: '2027-03-01', amountCents: 650 }]
 */
export function deadlinesStillOwed(deadlines: readonly BookingDeadline[], { paidCents, dueCents }: { paidCents: number; dueCents: number }): BookingDeadline[] {
  if (dueCents <= 0) return [];
  let covered = paidCents;
  const left: BookingDeadline[] = [];
  for (const d of [...deadlines].sort((a, b) => a.date.localeCompare(b.date))) {
    const rest = d.amountCents - Math.min(covered, d.amountCents);
    covered = Math.max(0, covered - d.amountCents);
    if (rest > 0) left.push({ date: d.date, amountCents: rest });
  }
  return left;
}

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
      return `Para reservar pagas ahora la tarifa aérea que hemos bloqueado: ${formatEuros(input.fareCents)} × ${people}${rounded} = ${formatEuros(dueNowCents)}${capped}. El resto, en los plazos de tu reserva.`;
    }
    if (preBooking !== null) {
      return `Reserva tu plaza con ${formatEuros(dueNowCents)}: la salida es dentro de más de ${PRE_BOOKING_THRESHOLD_DAYS} días. El resto, en los plazos de tu reserva.`;
    }
  }
  const owed = input.deadlines.length > 0 ? owedSchedule({ deadlines: input.deadlines, paidCents: input.paidCents, insuranceCents }) : null;
  const insuranceOwed = owed ? owed.insuranceCents : insuranceCents;
  const withInsurance = insuranceOwed > 0 ? `, más el seguro (${formatEuros(insuranceOwed)})` : '';
  const ordered = [...(owed?.deadlines ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  const passed = ordered.filter((d) => d.date <= today);
  const base = computePaymentDueFromDeadlinesCents({
    deadlines: input.deadlines,
    today,
    totalCents: input.totalCents,
    insuranceCents: 0,
    outstandingCents: Number.MAX_SAFE_INTEGER,
    paidCents: input.paidCents + insuranceCents - insuranceOwed,
  });
  // What the deadlines asked before anything was paid: a deadline paid in part says what was paid of it.
  const asked = owed
    ? computePaymentDueFromDeadlinesCents({
        deadlines: input.deadlines,
        today,
        totalCents: input.totalCents,
        insuranceCents: 0,
        outstandingCents: Number.MAX_SAFE_INTEGER,
      })
    : base;
  const paidOfIt = asked > base && ordered.length > 0 ? `${formatEuros(asked)} menos ${formatEuros(asked - base)} ya pagados` : '';
  // The parts are spelled out only when they differ from the amount asked (insurance added, paid in part, or capped).
  let parts = '';
  if (base === dueNowCents && paidOfIt) parts = ` (${paidOfIt})`;
  else if (base !== dueNowCents) parts = ` (${paidOfIt ? `${formatEuros(base)}: ${paidOfIt}` : formatEuros(base)})${withInsurance}`;
  if (passed.length > 0) {
    const which = passed.length === 1 ? `el plazo que venció el ${formatSpanishDate({ date: passed[0]!.date })}` : `los ${passed.length} plazos ya vencidos`;
    return `Ahora toca pagar ${which}${parts}: ${formatEuros(dueNowCents)}${capped}.`;
  }
  if (ordered[0] !== undefined) {
    return `Ahora pagas el primer plazo de tu reserva, que vence el ${formatSpanishDate({ date: ordered[0].date })}${parts}: ${formatEuros(dueNowCents)}${capped}.`;
  }
  return `Ahora pagas el ${PAYMENT_DUE_FALLBACK_PERCENT} % del total, redondeado al euro${parts}: ${formatEuros(dueNowCents)}${capped}. El resto, antes de la salida.`;
}
