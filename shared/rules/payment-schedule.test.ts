import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_POLICIES,
  describePaymentPlan,
  describePolicy,
  type PaymentPolicy,
  policyFor,
  rescheduleDeadlines,
  scheduleDeadlines,
} from './payment-schedule.ts';

const group = DEFAULT_PAYMENT_POLICIES.Group;
const withInstalment: PaymentPolicy = { deposit: { kind: 'percent', percent: 20 }, instalments: [{ percent: 30, daysBefore: 90 }], balanceDaysBefore: 30 };
const perTraveller: PaymentPolicy = { deposit: { kind: 'perTraveller', amountCents: 25_000 }, instalments: [], balanceDaysBefore: 45 };
const sum = (list: readonly { amountCents: number }[]) => list.reduce((s, d) => s + d.amountCents, 0);

describe('scheduleDeadlines (docs/decisions/042)', () => {
  it.each([
    {
      name: 'group tour: 30 % a week after the pre-booking, the balance 30 days before departure',
      policy: group,
      total: 200_000,
      bookedOn: '2027-01-10',
      expected: [
        { date: '2027-01-17', amountCents: 60_000 },
        { date: '2027-05-02', amountCents: 140_000 },
      ],
    },
    {
      name: 'the deposit rounded up to the euro, the balance what is left to the cent',
      policy: group,
      total: 100_001,
      bookedOn: '2027-01-10',
      expected: [
        { date: '2027-01-17', amountCents: 30_100 },
        { date: '2027-05-02', amountCents: 69_901 },
      ],
    },
    {
      name: 'a fixed deposit per traveller (two travellers), the balance 45 days before',
      policy: perTraveller,
      total: 300_000,
      bookedOn: '2027-01-10',
      expected: [
        { date: '2027-01-17', amountCents: 50_000 },
        { date: '2027-04-17', amountCents: 250_000 },
      ],
    },
    {
      name: 'an instalment 90 days before, between deposit and balance',
      policy: withInstalment,
      total: 100_000,
      bookedOn: '2027-01-10',
      expected: [
        { date: '2027-01-17', amountCents: 20_000 },
        { date: '2027-03-03', amountCents: 30_000 },
        { date: '2027-05-02', amountCents: 50_000 },
      ],
    },
    {
      name: 'an instalment already due by the deposit joins it',
      policy: withInstalment,
      total: 100_000,
      bookedOn: '2027-03-10',
      expected: [
        { date: '2027-03-17', amountCents: 50_000 },
        { date: '2027-05-02', amountCents: 50_000 },
      ],
    },
    {
      name: 'booked 34 days ahead: a week after the pre-booking is past the balance’s date, so the deposit is due at once',
      policy: group,
      total: 200_000,
      bookedOn: '2027-04-28',
      expected: [
        { date: '2027-04-28', amountCents: 60_000 },
        { date: '2027-05-02', amountCents: 140_000 },
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
      expected: [{ date: '2027-01-17', amountCents: 40_000 }],
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

describe('describePaymentPlan', () => {
  it.each([
    {
      name: 'the deposit today, the balance on one day: the issue’s line',
      today: 88_600,
      rest: [{ date: '2027-05-02', amountCents: 206_600 }],
      expected: 'Hoy pagas 886 € · El resto, 2.066 €, antes del 2 de mayo',
    },
    {
      name: 'a balance due next year says its year',
      today: 30_000,
      rest: [{ date: '2028-01-15', amountCents: 70_000 }],
      expected: 'Hoy pagas 300 € · El resto, 700 €, antes del 15 de enero de 2028',
    },
    {
      name: 'instalments, each with its day',
      today: 20_000,
      rest: [
        { date: '2027-05-02', amountCents: 50_000 },
        { date: '2027-03-03', amountCents: 30_000 },
      ],
      expected: 'Hoy pagas 200 € · El resto, 800 €, en 2 plazos: 300 € antes del 3 de marzo y 500 € antes del 2 de mayo',
    },
    { name: 'everything today', today: 100_000, rest: [], expected: 'Hoy pagas 1.000 € y tu viaje queda pagado' },
  ])('$name', ({ today, rest, expected }) => {
    expect(describePaymentPlan({ todayCents: today, restDeadlines: rest, departureDate: '2027-06-01', today: '2027-01-10' })).toBe(expected);
  });

  it('a booking without deadlines owes the rest before departure', () => {
    expect(describePaymentPlan({ todayCents: 75_100, restDeadlines: [], restCents: 225_100, departureDate: '2027-06-01', today: '2027-01-10' })).toBe(
      'Hoy pagas 751 € · El resto, 2.251 €, antes del 1 de junio',
    );
  });
});

describe('describePolicy', () => {
  it.each([
    [DEFAULT_PAYMENT_POLICIES.Group, 'Señal del 30 % al reservar, el resto 30 días antes de la salida.'],
    [
      {
        deposit: { kind: 'perTraveller', amountCents: 15_000 },
        instalments: [
          { percent: 20, daysBefore: 60 },
          { percent: 12.5, daysBefore: 90 },
        ],
        balanceDaysBefore: 21,
      },
      'Señal de 150 € por viajero al reservar, 12,5 % 90 días antes, 20 % 60 días antes, el resto 21 días antes de la salida.',
    ],
  ] satisfies [PaymentPolicy, string][])('%o reads «%s»', (policy, sentence) => {
    expect(describePolicy(policy)).toBe(sentence);
  });
});
