/** Coupon amounts and whether a coupon applies to a booking. */
import { COUPON_MESSAGES, TRAVELERS_PER_GROUP_COUPON } from '../constants.ts';
import type { Coupon } from '../entities/index.ts';
import { computePercentOfCents } from './money.ts';

export type CouponAmountInput = Pick<Coupon, 'type' | 'value' | 'couponCondition'>;

/**
 * The discount a coupon gives: "Percentage coupons take value/100 of the total. Fixed coupons take the value,
 * multiplied by the number of travelers when the condition is per traveler. Conditions: per traveler, per
 * booking, per four travelers."
 *
 * - percentage: `value` % of the total, to the nearest cent, whatever the condition.
 * - fixed PER_TRAVELER: `value` cents × travellers; PER_BOOKING: `value` once.
 * - fixed PER_FOUR_TRAVELER: `value` once per complete group of four travellers, so 0 below four, 1× for
 *   4–7, 2× for 8–11 (the spec names the condition only; this is our reading).
 *
 * Never negative, never more than the total.
 */
export function computeCouponDiscountCents({
  coupon,
  totalCents,
  travellerCount,
}: {
  coupon: CouponAmountInput;
  totalCents: number;
  travellerCount: number;
}): number {
  const total = Math.max(0, totalCents);
  const value = Math.max(0, coupon.value);
  let discount: number;
  if (coupon.type === 'percentage') {
    discount = computePercentOfCents({ cents: total, percent: value });
  } else if (coupon.couponCondition === 'PER_TRAVELER') {
    discount = value * Math.max(0, travellerCount);
  } else if (coupon.couponCondition === 'PER_FOUR_TRAVELER') {
    discount = value * Math.floor(Math.max(0, travellerCount) / TRAVELERS_PER_GROUP_COUPON);
  } else {
    discount = value;
  }
  return Math.min(discount, total);
}

export type CouponCheck = { applicable: true } | { applicable: false; reason: string };

export type CouponScopeInput = Pick<Coupon, 'status' | 'startDate' | 'endDate' | 'uses' | 'tourId' | 'tourType' | 'periodId' | 'flightId'>;

/**
 * Whether a coupon may be used on a booking today, with the Spanish reason when not. Checked in this order:
 * status 'active'; validity dates `startDate`..`endDate`, both inclusive (null is open-ended); remaining
 * uses above 0; and each scope field that is set (tour, tour type, period, flight) must
 * match the booking.
 */
export function isCouponApplicable({
  coupon,
  today,
  tourId,
  tourType,
  periodId,
  flightId,
}: {
  coupon: CouponScopeInput;
  today: string;
  tourId: string;
  tourType: string;
  periodId: string;
  flightId: string | null;
}): CouponCheck {
  if (coupon.status !== 'active') return { applicable: false, reason: COUPON_MESSAGES.inactive };
  if (coupon.startDate !== null && today < coupon.startDate) {
    return { applicable: false, reason: COUPON_MESSAGES.notYetValid };
  }
  if (coupon.endDate !== null && today > coupon.endDate) return { applicable: false, reason: COUPON_MESSAGES.expired };
  if (coupon.uses <= 0) return { applicable: false, reason: COUPON_MESSAGES.exhausted };
  const scope: [string | null, string | null][] = [
    [coupon.tourId, tourId],
    [coupon.tourType, tourType],
    [coupon.periodId, periodId],
    [coupon.flightId, flightId],
  ];
  if (scope.some(([required, actual]) => required !== null && required !== actual)) {
    return { applicable: false, reason: COUPON_MESSAGES.notForThisTrip };
  }
  return { applicable: true };
}

/** Coupon codes are typed by people: compare them trimmed and case-insensitively. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}
