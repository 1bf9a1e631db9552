import { describe, expect, it } from 'vitest';
import {
  computeMaxPointsDiscountCents,
  computePointsCapLeftCents,
  computePointsDiscountCents,
  computeRedeemablePoints,
  computePointsEarned,
  computePointsForDiscount,
  computePointsValueCents,
  isPointsCreditDue,
  pointsMovementLabel,
} from './points.ts';

describe('computePointsEarned ("earns points on the amount paid for a trip": 1 point per whole euro)', () => {
  it.each([
    { paidCents: 150_000, expected: 1500 },
    { paidCents: 150_099, expected: 1500 },
    { paidCents: 99, expected: 0 },
    { paidCents: 0, expected: 0 },
    { paidCents: -5000, expected: 0 },
  ])('$paidCents cents → $expected points', ({ paidCents, expected }) => {
    expect(computePointsEarned(paidCents)).toBe(expected);
  });
});

describe('isPointsCreditDue ("credited after its return date")', () => {
  it.each([
    { name: 'on the return date: not yet', status: 'CONFIRMED' as const, returnDate: '2026-07-10', today: '2026-07-10', expected: false },
    { name: 'the day after the return date', status: 'CONFIRMED' as const, returnDate: '2026-07-10', today: '2026-07-11', expected: true },
    { name: 'across a month end', status: 'CONFIRMED' as const, returnDate: '2026-07-31', today: '2026-08-01', expected: true },
    { name: 'long after', status: 'CONFIRMED' as const, returnDate: '2026-07-10', today: '2027-01-01', expected: true },
    { name: 'a cancelled trip earns nothing', status: 'CANCELED' as const, returnDate: '2026-07-10', today: '2026-08-01', expected: false },
    { name: 'an unpaid booking earns nothing', status: 'IN_PROGRESS' as const, returnDate: '2026-07-10', today: '2026-08-01', expected: false },
  ])('$name → $expected', ({ status, returnDate, today, expected }) => {
    expect(isPointsCreditDue({ status, returnDate, today })).toBe(expected);
  });
});

describe('redeeming ("100 points = 1 €", at most 10 % of a booking)', () => {
  it.each([
    { points: 1500, expected: 1500 },
    { points: 1599, expected: 1500 },
    { points: 99, expected: 0 },
    { points: 0, expected: 0 },
  ])('$points points are worth $expected cents', ({ points, expected }) => {
    expect(computePointsValueCents(points)).toBe(expected);
  });

  it.each([
    { totalCents: 123_456, expected: 12_300 },
    { totalCents: 100_000, expected: 10_000 },
    { totalCents: 999, expected: 0 },
    { totalCents: 0, expected: 0 },
  ])('10 % of $totalCents cents, in whole euros → $expected', ({ totalCents, expected }) => {
    expect(computeMaxPointsDiscountCents(totalCents)).toBe(expected);
  });

  it.each([
    { totalCents: 200_000, redeemedCents: 0, expected: 20_000 },
    { totalCents: 200_000, redeemedCents: 15_000, expected: 5_000 },
    { totalCents: 200_000, redeemedCents: 25_000, expected: 0 },
  ])('10 % of $totalCents with $redeemedCents already paid in points leaves $expected', ({ totalCents, redeemedCents, expected }) => {
    expect(computePointsCapLeftCents({ bookingTotalCents: totalCents, redeemedCents })).toBe(expected);
  });

  it.each([
    { name: 'balance below the cap', balancePoints: 1500, capCents: 20_000, requestedPoints: undefined, paymentCents: undefined, expected: 1500 },
    { name: 'capped at 10 % of the booking', balancePoints: 50_000, capCents: 12_000, requestedPoints: undefined, paymentCents: undefined, expected: 12_000 },
    { name: 'spending only part of the balance', balancePoints: 5000, capCents: 20_000, requestedPoints: 2000, paymentCents: undefined, expected: 2000 },
    { name: 'asking for more than the balance', balancePoints: 300, capCents: 20_000, requestedPoints: 5000, paymentCents: undefined, expected: 300 },
    { name: 'never more than the payment', balancePoints: 50_000, capCents: 20_000, requestedPoints: undefined, paymentCents: 100, expected: 100 },
    { name: 'the cap already used up', balancePoints: 50_000, capCents: 0, requestedPoints: undefined, paymentCents: 50_000, expected: 0 },
    { name: 'no points', balancePoints: 0, capCents: 20_000, requestedPoints: undefined, paymentCents: undefined, expected: 0 },
  ])('$name → $expected cents', ({ balancePoints, capCents, requestedPoints, paymentCents, expected }) => {
    expect(
      computePointsDiscountCents({
        balancePoints,
        capCents,
        ...(requestedPoints === undefined ? {} : { requestedPoints }),
        ...(paymentCents === undefined ? {} : { paymentCents }),
      }),
    ).toBe(expected);
  });

  it.each([
    { name: 'the balance, in whole euros', balancePoints: 5_050, capCents: 12_000, paymentCents: 60_000, expected: 5_000 },
    { name: 'up to the cap', balancePoints: 50_000, capCents: 12_000, paymentCents: 60_000, expected: 12_000 },
    { name: 'up to the payment', balancePoints: 50_000, capCents: 12_000, paymentCents: 3_000, expected: 3_000 },
    { name: 'a cap in cents still reaches it with the next whole euro', balancePoints: 50_000, capCents: 12_345, paymentCents: 60_000, expected: 12_400 },
    { name: 'under one euro of balance', balancePoints: 99, capCents: 12_000, paymentCents: 60_000, expected: 0 },
  ])('redeemable: $name → $expected points', ({ balancePoints, capCents, paymentCents, expected }) => {
    expect(computeRedeemablePoints({ balancePoints, capCents, paymentCents })).toBe(expected);
  });

  it.each([
    { discountCents: 1500, expected: 1500 },
    { discountCents: 12_000, expected: 12_000 },
    { discountCents: 0, expected: 0 },
  ])('a $discountCents cents discount debits $expected points', ({ discountCents, expected }) => {
    expect(computePointsForDiscount(discountCents)).toBe(expected);
  });
});

describe('pointsMovementLabel', () => {
  it.each([
    [{ type: 'CREDIT', status: 'COMPLETED' }, 'Ganados con un viaje'],
    [{ type: 'DEBIT', status: 'COMPLETED' }, 'Usados en un pago'],
    [{ type: 'CREDIT', status: 'COMPENSATION' }, 'Compensación del equipo'],
    [{ type: 'DEBIT', status: 'ERASED' }, 'Perdidos al borrar tus datos'],
    [{ type: 'CREDIT', status: 'RECONCILED' }, 'Ajuste del saldo'],
  ] as const)('%o → %s', (movement, label) => {
    expect(pointsMovementLabel(movement)).toBe(label);
  });
});
