import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_POLICIES, type PaymentPolicy, policyFor, rescheduleDeadlines, scheduleDeadlines } from './payment-schedule.ts';

const group = DEFAULT_PAYMENT_POLICIES.Group;
const withInstalment: PaymentPolicy = { deposit: { kind: 'percent', percent: 20 }, instalments: [{ percent: 30, daysBefore: 90 }], balanceDaysBefore: 30 };
const perTraveller: PaymentPolicy = { deposit: { kind: 'perTraveller', amountCents: 25_000 }, instalments: [], balanceDaysBefore: 45 };
const sum = (list: readonly { amountCents: number }[]) => list.reduce((s, d) => s + d.amountCents, 0);

describe('scheduleDeadlines (docs/decisions/042)', () => {
  it.each([
    {
      name: 'group tour: 30 % at booking, the balance 30 days before departure',
      policy: group,
      total: 200_000,
      bookedOn: '2027-01-10',
      expected: [
        { date: '2027-01-10', amountCents: 60_000 },
        { date: '2027-05-02', amountCents: 140_000 },
      ],
    },
    {
      name: 'the deposit rounded up to the euro, the balance what is left to the cent',
      policy: group,
      total: 100_001,
      bookedOn: '2027-01-10',
      expected: [
        { date: '2027-01-10', amountCents: 30_100 },
        { date: '2027-05-02', amountCents: 69_901 },
      ],
    },
    {
      name: 'a fixed deposit per traveller (two travellers), the balance 45 days before',
      policy: perTraveller,
      total: 300_000,
      bookedOn: '2027-01-10',
      expected: [
        { date: '2027-01-10', amountCents: 50_000 },
        { date: '2027-04-17', amountCents: 250_000 },
      ],
    },
    {
      name: 'an instalment 90 days before, between deposit and balance',
      policy: withInstalment,
      total: 100_000,
      bookedOn: '2027-01-10',
      expected: [
        { date: '2027-01-10', amountCents: 20_000 },
        { date: '2027-03-03', amountCents: 30_000 },
        { date: '2027-05-02', amountCents: 50_000 },
      ],
    },
    {
      name: 'an instalment already due at booking joins the deposit',
      policy: withInstalment,
      total: 100_000,
      bookedOn: '2027-03-10',
      expected: [
        { date: '2027-03-10', amountCents: 50_000 },
        { date: '2027-05-02', amountCents: 50_000 },
      ],
    },
    {
      name: 'booked inside the balance window: everything at once',
      policy: group,
      total: 200_000,
      bookedOn: '2027-05-02',
      expected: [{ date: '2027-05-02', amountCents: 200_000 }],
    },
    {
      name: 'a deposit larger than the total is the total',
      policy: perTraveller,
      total: 40_000,
      bookedOn: '2027-01-10',
      expected: [{ date: '2027-01-10', amountCents: 40_000 }],
    },
  ])('$name', ({ policy, total, bookedOn, expected }) => {
    const deadlines = scheduleDeadlines({ policy, scheduledCents: total, travellerCount: 2, bookedOn, departureDate: '2027-06-01' });
    expect(deadlines).toEqual(expected);
    expect(sum(deadlines)).toBe(total);
  });
});

describe('rescheduleDeadlines', () => {
  const schedule = [
    { date: '2027-01-10', amountCents: 60_000 },
    { date: '2027-03-01', amountCents: 40_000 },
    { date: '2027-05-02', amountCents: 100_000 },
  ];
  it.each([
    { name: 'nothing changed', paid: 0, total: 200_000, expected: schedule },
    {
      name: 'a price that rose goes to the balance; the paid deposit stays',
      paid: 60_000,
      total: 208_000,
      expected: [schedule[0], schedule[1], { date: '2027-05-02', amountCents: 108_000 }],
    },
    {
      name: 'a price that fell is taken from the last deadlines first',
      paid: 60_000,
      total: 50_000 + 60_000,
      expected: [schedule[0], { date: '2027-03-01', amountCents: 40_000 }, { date: '2027-05-02', amountCents: 10_000 }],
    },
    {
      name: 'never below what payments cover: the instalment paid in part keeps what was paid',
      paid: 80_000,
      total: 70_000,
      expected: [schedule[0], { date: '2027-03-01', amountCents: 20_000 }],
    },
    {
      name: 'paid in full, the deadlines stay; what the price rose by is one more deadline, due today',
      paid: 200_000,
      total: 208_000,
      expected: [...schedule, { date: '2027-05-10', amountCents: 8_000 }],
    },
    { name: 'paid in full and the price fell: a refund, not a schedule', paid: 200_000, total: 190_000, expected: schedule },
  ])('$name', ({ paid, total, expected }) => {
    expect(rescheduleDeadlines({ deadlines: schedule, paidCents: paid, scheduledCents: total, today: '2027-05-10' })).toEqual(expected);
  });
});

describe('policyFor', () => {
  it('takes the departure’s policy, else the tour’s, else its type’s', () => {
    expect(policyFor({ type: group, tour: perTraveller, period: withInstalment })).toBe(withInstalment);
    expect(policyFor({ type: group, tour: perTraveller, period: null })).toBe(perTraveller);
    expect(policyFor({ type: group })).toBe(group);
  });
});
