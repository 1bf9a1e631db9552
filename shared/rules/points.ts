/**
 * The points programme (DESIGN.md, "Points programme"): a traveller earns points on the amount paid for a
 * trip, credited after its return date as a CREDIT transaction, and may redeem them as a discount on a later
 * booking (a DEBIT transaction). /programa-de-puntos states these constants, read from here, so the page and
 * the code never disagree.
 */
import { CENTS_PER_EURO } from '../constants.ts';
import type { BookingStatus } from '../enums.ts';
import { addDays } from './dates.ts';

/** Points earned per whole euro paid. */
export const POINTS_PER_EURO_PAID = 1;
/** Points that make one euro of discount. */
export const POINTS_PER_EURO_DISCOUNT = 100;
/** At most this share of a booking's total may be paid with points. */
export const POINTS_MAX_DISCOUNT_PERCENT = 10;
/** Points are credited this many days after the return date (the day after coming home). */
export const POINTS_CREDIT_DAYS_AFTER_RETURN = 1;

/**
 * Points a trip earns: POINTS_PER_EURO_PAID for every whole euro of confirmed payments (cents left over
 * earn nothing; refunds already netted out by the caller).
 *
 * @example computePointsEarned(150_099) // 1500
 */
export function computePointsEarned(paidCents: number): number {
  if (!Number.isFinite(paidCents) || paidCents <= 0) return 0;
  return Math.floor(paidCents / CENTS_PER_EURO) * POINTS_PER_EURO_PAID;
}

/**
 * Whether a booking's points may be credited today: it is CONFIRMED (a cancelled trip earns nothing) and
 * today is at least POINTS_CREDIT_DAYS_AFTER_RETURN days after its return date. Dates are 'YYYY-MM-DD'.
 */
export function isPointsCreditDue({ status, returnDate, today }: { status: BookingStatus; returnDate: string; today: string }): boolean {
  if (status !== 'CONFIRMED') return false;
  return today >= addDays({ date: returnDate, days: POINTS_CREDIT_DAYS_AFTER_RETURN });
}

/** The euro value of a balance, in cents: whole euros only (POINTS_PER_EURO_DISCOUNT points each). */
export function computePointsValueCents(points: number): number {
  if (!Number.isFinite(points) || points <= 0) return 0;
  return Math.floor(points / POINTS_PER_EURO_DISCOUNT) * CENTS_PER_EURO;
}

/**
 * The most a booking may take off with points: POINTS_MAX_DISCOUNT_PERCENT of its total, rounded down to
 * whole euros (a discount is always a whole number of euros).
 *
 * @example computeMaxPointsDiscountCents(123_456) // 12_300
 */
export function computeMaxPointsDiscountCents(bookingTotalCents: number): number {
  if (!Number.isFinite(bookingTotalCents) || bookingTotalCents <= 0) return 0;
  const cap = Math.floor((bookingTotalCents * POINTS_MAX_DISCOUNT_PERCENT) / 100);
  return Math.floor(cap / CENTS_PER_EURO) * CENTS_PER_EURO;
}

/** What the POINTS_MAX_DISCOUNT_PERCENT cap leaves on a booking once points already paid `redeemedCents` of it. */
export function computePointsCapLeftCents({ bookingTotalCents, redeemedCents }: { bookingTotalCents: number; redeemedCents: number }): number {
  return Math.max(0, computeMaxPointsDiscountCents(bookingTotalCents) - redeemedCents);
}

/**
 * The discount points give on one payment: the value of the points spent (the balance, or fewer when the
 * traveller asks for fewer), within what the booking's cap allows (`capCents`, see
 * `computePointsCapLeftCents`) and never more than the payment itself. The pay step shows it and the API
 * charges it with this same rule.
 */
export function computePointsDiscountCents({
  balancePoints,
  requestedPoints = balancePoints,
  capCents,
  paymentCents = Number.POSITIVE_INFINITY,
}: {
  balancePoints: number;
  requestedPoints?: number;
  capCents: number;
  paymentCents?: number;
}): number {
  const spendable = Math.min(balancePoints, requestedPoints);
  return Math.max(0, Math.min(computePointsValueCents(spendable), capCents, paymentCents));
}

/** The points a discount uses up: the DEBIT transaction's amount. */
export function computePointsForDiscount(discountCents: number): number {
  if (!Number.isFinite(discountCents) || discountCents <= 0) return 0;
  return Math.ceil(discountCents / CENTS_PER_EURO) * POINTS_PER_EURO_DISCOUNT;
}

const wholeEurosOfPoints = (points: number) => Math.floor(points / POINTS_PER_EURO_DISCOUNT) * POINTS_PER_EURO_DISCOUNT;

/**
 * The most points worth spending on one payment: whole euros' worth of the balance, up to what the cap and
 * the payment let a discount reach (points beyond it would be spent for nothing).
 *
 * @example computeRedeemablePoints({ balancePoints: 5_050, capCents: 12_000, paymentCents: 3_000 }) // 3_000
 */
export function computeRedeemablePoints({ balancePoints, capCents, paymentCents }: { balancePoints: number; capCents: number; paymentCents: number }): number {
  const upToCap = computePointsForDiscount(Math.min(capCents, paymentCents));
  return Math.max(0, Math.min(wholeEurosOfPoints(balancePoints), wholeEurosOfPoints(upToCap)));
}

/** What a row of the points ledger was, as the traveller's history names it. */
export function pointsMovementLabel({ type, status }: { type: 'CREDIT' | 'DEBIT'; status: string }): string {
  if (status === 'COMPENSATION') return 'Compensación del equipo';
  if (status === 'ERASED') return 'Perdidos al borrar tus datos';
  if (status === 'RECONCILED') return 'Ajuste del saldo';
  return type === 'CREDIT' ? 'Ganados con un viaje' : 'Usados en un pago';
}
