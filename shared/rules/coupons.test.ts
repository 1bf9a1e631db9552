import { describe, expect, it } from 'vitest';
import type { CouponScopeInput } from './coupons.ts';
import { computeCouponDiscountCents, isCouponApplicable, normaliseCouponCode } from './coupons.ts';

describe('computeCouponDiscountCents', () => {
  it.each([
    {
      name: '"Percentage coupons take value/100 of the total"',
      type: 'percentage',
      condition: 'PER_BOOKING',
      value: 10,
      total: 150000,
      travellers: 2,
      expected: 15000,
    },
    { name: 'percentage rounds to the nearest cent', type: 'percentage', condition: 'PER_BOOKING', value: 15, total: 10001, travellers: 1, expected: 1500 },
    { name: 'percentage ignores the condition', type: 'percentage', condition: 'PER_FOUR_TRAVELER', value: 10, total: 10000, travellers: 1, expected: 1000 },
    { name: '100 % takes the whole total', type: 'percentage', condition: 'PER_BOOKING', value: 100, total: 99900, travellers: 1, expected: 99900 },
    { name: 'more than 100 % is capped at the total', type: 'percentage', condition: 'PER_BOOKING', value: 150, total: 99900, travellers: 1, expected: 99900 },
    {
      name: '"multiplied by the number of travelers when the condition is per traveler"',
      type: 'fixed',
      condition: 'PER_TRAVELER',
      value: 5000,
      total: 300000,
      travellers: 3,
      expected: 15000,
    },
    { name: '"per booking": once', type: 'fixed', condition: 'PER_BOOKING', value: 5000, total: 300000, travellers: 3, expected: 5000 },
    { name: '"per four travelers": nothing below four', type: 'fixed', condition: 'PER_FOUR_TRAVELER', value: 5000, total: 300000, travellers: 3, expected: 0 },
    { name: '"per four travelers": once for four', type: 'fixed', condition: 'PER_FOUR_TRAVELER', value: 5000, total: 300000, travellers: 4, expected: 5000 },
    { name: '"per four travelers": once for seven', type: 'fixed', condition: 'PER_FOUR_TRAVELER', value: 5000, total: 300000, travellers: 7, expected: 5000 },
    {
      name: '"per four travelers": twice for eight',
      type: 'fixed',
      condition: 'PER_FOUR_TRAVELER',
      value: 5000,
      total: 300000,
      travellers: 8,
      expected: 10000,
    },
    { name: 'never more than the total', type: 'fixed', condition: 'PER_TRAVELER', value: 5000, total: 12000, travellers: 3, expected: 12000 },
    { name: 'zero total', type: 'fixed', condition: 'PER_BOOKING', value: 5000, total: 0, travellers: 1, expected: 0 },
    { name: 'a negative value gives nothing', type: 'fixed', condition: 'PER_BOOKING', value: -5000, total: 10000, travellers: 1, expected: 0 },
  ] as const)('$name → $expected', ({ type, condition, value, total, travellers, expected }) => {
    expect(computeCouponDiscountCents({ coupon: { type, value, couponCondition: condition }, totalCents: total, travellerCount: travellers })).toBe(expected);
  });
});

describe('isCouponApplicable', () => {
  const today = '2025-06-15';
  const coupon: CouponScopeInput = {
    status: 'active',
    startDate: '2025-06-01',
    endDate: '2025-06-30',
    uses: 5,
    tourId: null,
    tourType: null,
    periodId: null,
    flightId: null,
  };
  const booking = { tourId: 'T1', tourType: 'Group', periodId: 'P1', flightId: 'F1' };
  const notForTrip = { applicable: false, reason: 'El cupón no es válido para este viaje' };

  it.each([
    { name: 'valid, active, with uses and no scope', changes: {}, context: {}, expected: { applicable: true } },
    { name: 'starts today (inclusive)', changes: { startDate: today }, context: {}, expected: { applicable: true } },
    { name: 'ends today (inclusive)', changes: { endDate: today }, context: {}, expected: { applicable: true } },
    { name: 'open-ended dates', changes: { startDate: null, endDate: null }, context: {}, expected: { applicable: true } },
    { name: 'starts tomorrow', changes: { startDate: '2025-06-16' }, context: {}, expected: { applicable: false, reason: 'El cupón aún no es válido' } },
    { name: 'ended yesterday', changes: { endDate: '2025-06-14' }, context: {}, expected: { applicable: false, reason: 'El cupón ha caducado' } },
    { name: 'no uses left', changes: { uses: 0 }, context: {}, expected: { applicable: false, reason: 'El cupón ya se ha agotado' } },
    { name: 'one use left', changes: { uses: 1 }, context: {}, expected: { applicable: true } },
    { name: 'inactive', changes: { status: 'inactive' }, context: {}, expected: { applicable: false, reason: 'El cupón no está activo' } },
    { name: 'for this tour', changes: { tourId: 'T1' }, context: {}, expected: { applicable: true } },
    { name: 'for another tour', changes: { tourId: 'T2' }, context: {}, expected: notForTrip },
    { name: 'for another tour type', changes: { tourType: 'Private' }, context: {}, expected: notForTrip },
    { name: 'for this tour type', changes: { tourType: 'Group' }, context: {}, expected: { applicable: true } },
    { name: 'for another period', changes: { periodId: 'P2' }, context: {}, expected: notForTrip },
    { name: 'for a flight, booking without flight', changes: { flightId: 'F1' }, context: { flightId: null }, expected: notForTrip },
    { name: 'for this flight', changes: { flightId: 'F1' }, context: {}, expected: { applicable: true } },
    {
      name: 'inactive is reported before expiry',
      changes: { status: 'inactive', endDate: '2025-01-01' },
      context: {},
      expected: { applicable: false, reason: 'El cupón no está activo' },
    },
  ] as const)('$name', ({ changes, context, expected }) => {
    expect(isCouponApplicable({ coupon: { ...coupon, ...changes }, today, ...booking, ...context })).toEqual(expected);
  });
});

describe('normaliseCouponCode', () => {
  it('trims and upper-cases', () => {
    expect(normaliseCouponCode(' verano25 ')).toBe('VERANO25');
  });
});
