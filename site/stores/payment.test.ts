import { describe, expect, it } from 'vitest';
import type { PaymentOptionsAnswer } from '#shared/schemas/payments.ts';
import { chosenAmountCents, clampPoints, maxRedeemablePoints, pointsDiscountCents, whereToMend } from './payment.ts';

describe('whereToMend', () => {
  it.each<{ name: string; status: number; fields: Record<string, string>; expected: string | null }>([
    { name: 'a room type that ran out is changed on the customise step', status: 409, fields: { reservationMode: '…' }, expected: 'customise' },
    { name: 'an activity that ran out too', status: 409, fields: { optionalActivities: '…' }, expected: 'customise' },
    { name: 'a full flight is changed on the flights step', status: 409, fields: { flightId: '…' }, expected: 'flights' },
    { name: 'a departure without seats needs another date or fewer travellers', status: 409, fields: { periodId: '…' }, expected: 'tour' },
    { name: 'a 409 that names nothing: the tour', status: 409, fields: {}, expected: 'tour' },
    { name: "a passenger's missing data is completed on the passengers step", status: 422, fields: { 'travellers.0.birthdate': '…' }, expected: 'passengers' },
    { name: 'anything else has no place to mend', status: 422, fields: { acceptTerms: '…' }, expected: null },
  ])('$name', ({ status, fields, expected }) => {
    expect(whereToMend({ status, fields })).toBe(expected);
  });
});

/** A pay step for a 2.000 € booking: 500 € due now, 1.500 € paid already not counted here. */
function options(points: PaymentOptionsAnswer['points']): PaymentOptionsAnswer {
  return {
    bookingId: 'b1',
    status: 'IN_PROGRESS',
    tkId: null,
    differentId: '123456',
    tour: { name: 'Japón', slug: 'japon' },
    period: { dayOne: '2027-06-01', returnDate: '2027-06-12', numberOfDays: 12 },
    travellerCount: 2,
    quote: { lines: [], totalCents: 200_000, insuranceCents: 0, coupon: null },
    paidCents: 0,
    dueNowCents: 50_000,
    remainingCents: 200_000,
    dueNowExplanation: '',
    paymentPlan: 'Hoy pagas 1 € · El resto, 999 €, antes del 1 de junio',
    points,
    holdExpiresAt: null,
    methods: ['card', 'bizum', 'transfer'],
    payments: [],
  };
}

describe('the chosen amount and points', () => {
  it('the amount is what is due now, or everything still owed', () => {
    expect(chosenAmountCents(options(null), 'due')).toBe(50_000);
    expect(chosenAmountCents(options(null), 'full')).toBe(200_000);
  });

  it.each([
    { name: 'no points for a visitor', points: null, amount: 'due' as const, expected: 0 },
    { name: 'the whole euros of the balance', points: { balance: 5_050, maxDiscountCents: 20_000 }, amount: 'due' as const, expected: 5_000 },
    { name: "up to the server's cap", points: { balance: 90_000, maxDiscountCents: 20_000 }, amount: 'full' as const, expected: 20_000 },
    { name: 'up to the chosen amount', points: { balance: 90_000, maxDiscountCents: 90_000 }, amount: 'due' as const, expected: 50_000 },
  ])('redeemable: $name → $expected', ({ points, amount, expected }) => {
    expect(maxRedeemablePoints(options(points), amount)).toBe(expected);
  });

  it.each([
    { typed: 1_234, expected: 1_200 },
    { typed: 99, expected: 0 },
    { typed: -500, expected: 0 },
    { typed: Number.NaN, expected: 0 },
    { typed: 999_999, expected: 5_000 },
  ])('points typed as $typed are kept as $expected', ({ typed, expected }) => {
    expect(clampPoints(typed, options({ balance: 5_000, maxDiscountCents: 20_000 }), 'due')).toBe(expected);
  });

  it('the discount shown is the value of the points chosen, within the cap and the amount', () => {
    const choice = { amount: 'due' as const, method: 'card' as const, points: 3_000 };
    expect(pointsDiscountCents(options({ balance: 5_000, maxDiscountCents: 20_000 }), choice)).toBe(3_000);
    expect(pointsDiscountCents(options({ balance: 5_000, maxDiscountCents: 1_000 }), choice)).toBe(1_000);
    expect(pointsDiscountCents(options(null), choice)).toBe(0);
  });
});
