import { describe, expect, it } from 'vitest';
import type { PaymentAmountInput } from './payments.ts';
import {
  computeAmountDueCents,
  computeAmountPaidCents,
  parseDeadlines,
  computePaymentDueFromDeadlinesCents,
  computePaymentStepAmounts,
  computePreBookingAmountCents,
  explainDueNow,
  deadlinesStillOwed,
  deadlinesToPay,
  deadlinesWithOwed,
} from './payments.ts';

const confirmed = (amountCents: number): PaymentAmountInput => ({ amountCents, status: 'CONFIRMED' });

describe('computeAmountDueCents', () => {
  it.each([
    {
      name: '"a confirmed payment counts toward the amount paid; other statuses do not"',
      payments: [
        confirmed(30000),
        { amountCents: 20000, status: 'PENDING' },
        { amountCents: 10000, status: 'FAILED' },
        { amountCents: 5000, status: 'REVIEW' },
      ],
      paid: 30000,
      due: 70000,
    },
    { name: 'no payments: the whole total', payments: [], paid: 0, due: 100000 },
    { name: 'paid in full', payments: [confirmed(60000), confirmed(40000)], paid: 100000, due: 0 },
    { name: '"never below zero"', payments: [confirmed(120000)], paid: 120000, due: 0 },
  ] satisfies { name: string; payments: PaymentAmountInput[]; paid: number; due: number }[])('$name → due $due', ({ payments, paid, due }) => {
    expect(computeAmountPaidCents(payments)).toBe(paid);
    expect(computeAmountDueCents({ totalCents: 100000, payments })).toBe(due);
  });
});

describe('computePreBookingAmountCents', () => {
  const today = '2025-06-15';
  it.each([
    {
      name: '"more than 30 days away and there is no cockpit pre-booking fare … 1 per booking": 31 days',
      departureDate: '2025-07-16',
      fareCents: null,
      travellers: 3,
      expected: 100,
    },
    { name: 'exactly 30 days is not more than 30', departureDate: '2025-07-15', fareCents: null, travellers: 3, expected: null },
    { name: 'departure today', departureDate: today, fareCents: null, travellers: 1, expected: null },
    { name: 'departure in the past', departureDate: '2025-06-14', fareCents: null, travellers: 1, expected: null },
    {
      name: '"If there is a fare, the amount is the fare times the number of travelers"',
      departureDate: '2025-07-16',
      fareCents: 15000,
      travellers: 3,
      expected: 45000,
    },
    { name: 'a fare applies within 30 days too', departureDate: '2025-06-25', fareCents: 15000, travellers: 2, expected: 30000 },
    {
      name: '"Amounts are rounded up": a fare split to the cent asks whole euros',
      departureDate: '2025-07-16',
      fareCents: 130_867,
      travellers: 3,
      expected: 392_700,
    },
    { name: 'a zero fare is no fare', departureDate: '2025-07-16', fareCents: 0, travellers: 2, expected: 100 },
  ])('$name → $expected', ({ departureDate, fareCents, travellers, expected }) => {
    expect(computePreBookingAmountCents({ departureDate, today, fareCents, travellerCount: travellers })).toBe(expected);
  });
});

describe('computePaymentDueFromDeadlinesCents', () => {
  const deadlines = [
    { date: '2025-07-01', amountCents: 50000 },
    { date: '2025-06-01', amountCents: 20000 },
    { date: '2025-06-15', amountCents: 30000 },
  ];
  it.each([
    {
      name: '"the sum of the amounts of deadlines already passed … plus insurance" (today counts as passed)',
      deadlines,
      today: '2025-06-15',
      total: 200000,
      insurance: 3500,
      owed: 200000,
      expected: 53500,
    },
    { name: 'only the deadline of yesterday has passed', deadlines, today: '2025-06-14', total: 200000, insurance: 0, owed: 200000, expected: 20000 },
    {
      name: '"or else the first deadline\'s amount" (the earliest)',
      deadlines,
      today: '2025-05-31',
      total: 200000,
      insurance: 3500,
      owed: 200000,
      expected: 23500,
    },
    {
      name: '"or else 25% of the total, plus insurance", rounded up to the euro',
      deadlines: [],
      today: '2025-06-15',
      total: 100001,
      insurance: 3500,
      owed: 100001,
      expected: 28600,
    },
    { name: '25 % of a whole amount', deadlines: [], today: '2025-06-15', total: 100000, insurance: 0, owed: 100000, expected: 25000 },
    { name: 'capped by what is still owed', deadlines, today: '2025-06-15', total: 200000, insurance: 3500, owed: 10000, expected: 10000 },
    { name: 'nothing owed', deadlines: [], today: '2025-06-15', total: 0, insurance: 0, owed: 0, expected: 0 },
  ])('$name → $expected', ({ deadlines: list, today, total, insurance, owed, expected }) => {
    expect(computePaymentDueFromDeadlinesCents({ deadlines: list, today, totalCents: total, insuranceCents: insurance, outstandingCents: owed })).toBe(
      expected,
    );
  });
});

describe('computePaymentStepAmounts', () => {
  const base = {
    totalCents: 200000,
    payments: [] as PaymentAmountInput[],
    departureDate: '2025-09-01',
    today: '2025-06-15',
    fareCents: null as number | null,
    travellerCount: 2,
    deadlines: [{ date: '2025-07-01', amountCents: 50000 }],
    insuranceCents: 0,
  };
  it.each([
    { name: 'nothing paid, departure far away: pre-booking 1 €', changes: {}, expected: { dueNowCents: 100, remainingCents: 200000 } },
    { name: 'nothing paid, with a fare', changes: { fareCents: 20000 }, expected: { dueNowCents: 40000, remainingCents: 200000 } },
    {
      name: 'nothing paid, departure within 30 days: deadlines',
      changes: { departureDate: '2025-07-10' },
      expected: { dueNowCents: 50000, remainingCents: 200000 },
    },
    {
      name: 'after a first payment the deadlines rule applies, to what is still owed of them (ADR 042)',
      changes: { payments: [confirmed(100)] },
      expected: { dueNowCents: 49900, remainingCents: 199900 },
    },
    { name: 'paid in full', changes: { payments: [confirmed(200000)] }, expected: { dueNowCents: 0, remainingCents: 0 } },
    { name: 'pre-booking capped by the total', changes: { totalCents: 50, departureDate: '2025-09-01' }, expected: { dueNowCents: 50, remainingCents: 50 } },
  ])('$name', ({ changes, expected }) => {
    expect(computePaymentStepAmounts({ ...base, ...changes })).toEqual(expected);
  });
});

describe('parseDeadlines', () => {
  it.each([
    { name: 'a stored list', json: '[{"date":"2025-07-01","amountCents":50000}]', expected: [{ date: '2025-07-01', amountCents: 50000 }] },
    { name: 'null', json: null, expected: [] },
    { name: 'empty', json: '', expected: [] },
    { name: 'not JSON', json: '{oops', expected: [] },
    { name: 'not a list', json: '{"date":"2025-07-01"}', expected: [] },
    {
      name: 'bad entries are dropped',
      json: '[{"date":"01/07/2025","amountCents":1},{"date":"2025-07-01","amountCents":"5"},{"date":"2025-07-02","amountCents":1.5},null,{"date":"2025-08-01","amountCents":700}]',
      expected: [{ date: '2025-08-01', amountCents: 700 }],
    },
  ])('$name', ({ json, expected }) => {
    expect(parseDeadlines(json)).toEqual(expected);
  });
});

describe('explainDueNow', () => {
  // Each case is priced by computePaymentStepAmounts first, as the pay step does, then explained.
  const base = { totalCents: 200_000, departureDate: '2027-06-01', fareCents: null, travellerCount: 2, deadlines: [], insuranceCents: 0 };
  it.each([
    {
      name: 'paid in full',
      input: { ...base, payments: [confirmed(200_000)], today: '2027-05-01' },
      expected: 'Tu reserva está pagada por completo. No tienes nada pendiente.',
    },
    {
      name: 'pre-booking with a blocked fare, per traveller and rounded up',
      input: { ...base, payments: [], today: '2027-05-20', fareCents: 12_345 },
      expected:
        'Para reservar pagas ahora la tarifa aérea que hemos bloqueado: 123,45 € × 2 viajeros, redondeado al euro = 247 €. El resto, en los plazos de tu reserva.',
    },
    {
      name: 'pre-booking with a blocked fare for one traveller, already whole euros',
      input: { ...base, payments: [], today: '2027-05-20', fareCents: 30_000, travellerCount: 1 },
      expected: 'Para reservar pagas ahora la tarifa aérea que hemos bloqueado: 300 € × 1 viajero = 300 €. El resto, en los plazos de tu reserva.',
    },
    {
      name: 'pre-booking more than 30 days before departure',
      input: { ...base, payments: [], today: '2027-04-01' },
      expected: 'Reserva tu plaza con 1 €: la salida es dentro de más de 30 días. El resto, en los plazos de tu reserva.',
    },
    {
      name: 'the 25 % fallback, plus insurance',
      input: { ...base, payments: [], today: '2027-05-20', insuranceCents: 4_000 },
      expected: 'Ahora pagas el 25 % del total, redondeado al euro (500 €), más el seguro (40 €): 540 €. El resto, antes de la salida.',
    },
    {
      name: 'the first deadline, not yet due',
      input: {
        ...base,
        payments: [confirmed(100)],
        today: '2027-02-01',
        deadlines: [
          { date: '2027-03-01', amountCents: 60_000 },
          { date: '2027-05-01', amountCents: 140_000 },
        ],
      },
      expected: 'Ahora pagas el primer plazo de tu reserva, que vence el 1 de marzo de 2027 (600 € menos 1 € ya pagados): 599 €.',
    },
    {
      name: 'one deadline passed',
      input: {
        ...base,
        payments: [confirmed(100)],
        today: '2027-03-02',
        deadlines: [
          { date: '2027-03-01', amountCents: 60_000 },
          { date: '2027-05-01', amountCents: 140_000 },
        ],
      },
      expected: 'Ahora toca pagar el plazo que venció el 1 de marzo de 2027 (600 € menos 1 € ya pagados): 599 €.',
    },
    {
      name: 'two deadlines passed, capped at what is left',
      input: {
        ...base,
        payments: [confirmed(100)],
        today: '2027-05-02',
        deadlines: [
          { date: '2027-03-01', amountCents: 60_000 },
          { date: '2027-05-01', amountCents: 140_000 },
        ],
      },
      expected: 'Ahora toca pagar los 2 plazos ya vencidos (2.000 € menos 1 € ya pagados): 1.999 € (lo que queda por pagar).',
    },
  ])('$name', ({ input, expected }) => {
    const { payments, ...rest } = input;
    const amounts = computePaymentStepAmounts({ ...rest, payments });
    expect(explainDueNow({ ...rest, ...amounts, paidCents: computeAmountPaidCents(payments) })).toBe(expected);
  });
});

describe('deadlinesStillOwed', () => {
  const deadlines = [
    { date: '2027-03-01', amountCents: 70_000 },
    { date: '2027-01-10', amountCents: 30_000 },
  ];
  it.each([
    {
      name: 'nothing paid: every deadline, earliest first',
      paidCents: 0,
      dueCents: 100_000,
      expected: [
        { date: '2027-01-10', amountCents: 30_000 },
        { date: '2027-03-01', amountCents: 70_000 },
      ],
    },
    { name: 'the first one paid exactly: only the second', paidCents: 30_000, dueCents: 70_000, expected: [{ date: '2027-03-01', amountCents: 70_000 }] },
    { name: 'the first paid and part of the second', paidCents: 35_000, dueCents: 65_000, expected: [{ date: '2027-03-01', amountCents: 65_000 }] },
    {
      name: 'part of the first: what is left of it, then the second',
      paidCents: 10_000,
      dueCents: 90_000,
      expected: [
        { date: '2027-01-10', amountCents: 20_000 },
        { date: '2027-03-01', amountCents: 70_000 },
      ],
    },
    { name: 'all paid: none', paidCents: 100_000, dueCents: 0, expected: [] },
  ])('$name', ({ paidCents, dueCents, expected }) => {
    expect(deadlinesStillOwed(deadlines, { paidCents, dueCents })).toEqual(expected);
  });
});

describe('deadlinesToPay (docs/decisions/042)', () => {
  const deadlines = [
    { date: '2027-01-17', amountCents: 88_600 },
    { date: '2027-05-02', amountCents: 206_600 },
  ];
  it.each([
    {
      name: 'nothing paid: the insurance goes with the first',
      paid: 0,
      insurance: 5_000,
      expected: [{ date: '2027-01-17', amountCents: 93_600 }, deadlines[1]],
    },
    {
      name: 'the 1 € pre-booking paid part of the insurance',
      paid: 100,
      insurance: 5_000,
      expected: [{ date: '2027-01-17', amountCents: 93_500 }, deadlines[1]],
    },
    { name: 'the deposit and insurance paid: the balance alone', paid: 93_600, insurance: 5_000, expected: [deadlines[1]] },
    { name: 'paid in full: nothing', paid: 300_200, insurance: 5_000, expected: [] },
  ])('$name', ({ paid, insurance, expected }) => {
    expect(deadlinesToPay({ deadlines, paidCents: paid, insuranceCents: insurance })).toEqual(expected);
  });
});

describe('deadlinesWithOwed', () => {
  it('shows each deadline with what is still owed of it, the insurance covered first', () => {
    const deadlines = [
      { date: '2027-05-02', amountCents: 206_600 },
      { date: '2027-01-17', amountCents: 88_600 },
    ];
    expect(deadlinesWithOwed({ deadlines, paidCents: 100_000, insuranceCents: 5_000 })).toEqual([
      { date: '2027-01-17', amountCents: 88_600, owedCents: 0 },
      { date: '2027-05-02', amountCents: 206_600, owedCents: 200_200 },
    ]);
  });
});
