import { describe, expect, it } from 'vitest';
import type { QuoteInput, QuoteTraveller } from './quote.ts';
import { isCampaignValid, quoteBooking } from './quote.ts';

const adult = (changes: Partial<QuoteTraveller> = {}): QuoteTraveller => ({
  ageGroup: 'Adultos',
  reservationMode: null,
  optionalActivities: ['0'],
  ...changes,
});
const child = (changes: Partial<QuoteTraveller> = {}): QuoteTraveller => adult({ ageGroup: 'Niños', ...changes });

const catalogue: QuoteInput = {
  travellers: [adult()],
  tourPrices: [
    { ageGroupName: 'Adultos', valueCents: 100000 },
    { ageGroupName: 'Niños', valueCents: 80000 },
  ],
  periodPrices: [
    { ageGroupName: 'Adultos', valueCents: 10000 },
    { ageGroupName: 'Niños', valueCents: 5000 },
  ],
  flightPrices: [
    { ageGroupName: 'Adultos', valueCents: 25000 },
    { ageGroupName: 'Niños', valueCents: 20000 },
  ],
  reservationModes: [
    { activityId: 'M-IND', prices: [{ ageGroupName: 'Adultos', valueCents: 30000 }] },
    { activityId: 'M-DBL', prices: [] },
  ],
  optionalActivities: [
    {
      activityId: 'A1',
      productType: 'Excursión',
      prices: [
        { ageGroupName: 'Adultos', valueCents: 4000 },
        { ageGroupName: 'Niños', valueCents: 2000 },
      ],
    },
    { activityId: 'INS', productType: 'Seguros', prices: [{ ageGroupName: 'Adultos', valueCents: 3500 }] },
    { activityId: 'PACK1', productType: null, prices: [{ ageGroupName: 'Adultos', valueCents: 9000 }] },
  ],
  extras: [],
  campaigns: [],
  coupon: null,
};

type Row = { name: string; changes: Partial<QuoteInput>; lines: [string, number][]; total: number; insurance?: number };

const rows: Row[] = [
  {
    name: 'one adult: tour price, period supplement and flight',
    changes: {},
    lines: [
      ['Precio base', 100000],
      ['Suplemento de periodo', 10000],
      ['Vuelos', 25000],
    ],
    total: 135000,
  },
  {
    name: '"the sum, per traveler, of the tour price, period supplement, flight price and reservation-mode supplement, plus selected optional activities and insurance"',
    changes: {
      travellers: [
        adult({ reservationMode: 'M-IND', optionalActivities: ['A1', 'INS'] }),
        child({ reservationMode: 'M-DBL', optionalActivities: ['A1', 'INS'] }),
      ],
    },
    lines: [
      ['Precio base', 180000],
      ['Suplemento de periodo', 15000],
      ['Vuelos', 45000],
      ['Modo de reserva', 30000],
      ['Actividades opcionales', 6000],
      ['Seguro', 7000],
    ],
    total: 283000,
    insurance: 7000,
  },
  {
    name: 'no flight: no flight line',
    changes: { flightPrices: [] },
    lines: [
      ['Precio base', 100000],
      ['Suplemento de periodo', 10000],
    ],
    total: 110000,
  },
  {
    name: 'an activity pack is priced like an optional activity',
    changes: { travellers: [adult({ optionalActivities: ['0', 'PACK1'] })] },
    lines: [
      ['Precio base', 100000],
      ['Suplemento de periodo', 10000],
      ['Vuelos', 25000],
      ['Actividades opcionales', 9000],
    ],
    total: 144000,
  },
  {
    name: "the '0' sentinel, unknown ids and repeated ids add nothing",
    changes: { travellers: [adult({ reservationMode: 'NOPE', optionalActivities: ['0', 'A1', 'A1', 'ZZZ'] })] },
    lines: [
      ['Precio base', 100000],
      ['Suplemento de periodo', 10000],
      ['Vuelos', 25000],
      ['Actividades opcionales', 4000],
    ],
    total: 139000,
  },
  {
    name: '"plus an extra per traveler or per booking"',
    changes: {
      travellers: [adult(), adult()],
      extras: [
        { amountCents: 1000, basis: 'PER_TRAVELER' },
        { amountCents: 2500, basis: 'PER_BOOKING' },
      ],
    },
    lines: [
      ['Precio base', 200000],
      ['Suplemento de periodo', 20000],
      ['Vuelos', 50000],
      ['Extras', 4500],
    ],
    total: 274500,
  },
  {
    name: '"A campaign discount is subtracted, per pax"',
    changes: { travellers: [adult(), adult()], campaigns: [{ valueCents: 5000, discountAppliedPerTxt: 'PER_PAX' }] },
    lines: [
      ['Precio base', 200000],
      ['Suplemento de periodo', 20000],
      ['Vuelos', 50000],
      ['Descuento', -10000],
    ],
    total: 260000,
  },
  {
    name: '"… or once"; a negative campaign value counts by its size',
    changes: { travellers: [adult(), adult()], campaigns: [{ valueCents: -5000, discountAppliedPerTxt: 'ONCE' }] },
    lines: [
      ['Precio base', 200000],
      ['Suplemento de periodo', 20000],
      ['Vuelos', 50000],
      ['Descuento', -5000],
    ],
    total: 265000,
  },
  {
    name: 'coupon taken after the campaign ("discount code")',
    changes: {
      campaigns: [{ valueCents: 35000, discountAppliedPerTxt: 'ONCE' }],
      coupon: { type: 'percentage', value: 10, couponCondition: 'PER_BOOKING' },
    },
    lines: [
      ['Precio base', 100000],
      ['Suplemento de periodo', 10000],
      ['Vuelos', 25000],
      ['Descuento', -35000],
      ['Código de descuento', -10000],
    ],
    total: 90000,
  },
  {
    name: 'fixed per-traveller coupon',
    changes: { travellers: [adult(), child()], coupon: { type: 'fixed', value: 2000, couponCondition: 'PER_TRAVELER' } },
    lines: [
      ['Precio base', 180000],
      ['Suplemento de periodo', 15000],
      ['Vuelos', 45000],
      ['Código de descuento', -4000],
    ],
    total: 236000,
  },
  {
    name: '"Amounts are rounded up": 1 cent over the euro',
    changes: { tourPrices: [{ ageGroupName: 'Adultos', valueCents: 100001 }], periodPrices: [], flightPrices: [] },
    lines: [['Precio base', 100001]],
    total: 100100,
  },
  {
    name: 'rounding after a percentage coupon',
    changes: {
      tourPrices: [{ ageGroupName: 'Adultos', valueCents: 100001 }],
      periodPrices: [],
      flightPrices: [],
      coupon: { type: 'percentage', value: 10, couponCondition: 'PER_BOOKING' },
    },
    lines: [
      ['Precio base', 100001],
      ['Código de descuento', -10000],
    ],
    total: 90100,
  },
  {
    name: 'never negative: the campaign cannot exceed the price and the coupon has nothing left',
    changes: {
      campaigns: [{ valueCents: 500000, discountAppliedPerTxt: 'ONCE' }],
      coupon: { type: 'fixed', value: 1000, couponCondition: 'PER_BOOKING' },
    },
    lines: [
      ['Precio base', 100000],
      ['Suplemento de periodo', 10000],
      ['Vuelos', 25000],
      ['Descuento', -135000],
    ],
    total: 0,
  },
  {
    name: 'no travellers: a zero quote, extras and coupon ignored',
    changes: {
      travellers: [],
      extras: [{ amountCents: 2500, basis: 'PER_BOOKING' }],
      coupon: { type: 'fixed', value: 1000, couponCondition: 'PER_BOOKING' },
    },
    lines: [['Precio base', 0]],
    total: 0,
  },
  {
    name: 'a category price is used when the traveller has that category',
    changes: {
      travellers: [adult({ category: 'Superior' })],
      tourPrices: [
        { ageGroupName: 'Adultos', valueCents: 100000, categoryName: 'Standard category' },
        { ageGroupName: 'Adultos', valueCents: 120000, categoryName: 'Superior' },
      ],
      periodPrices: [],
      flightPrices: [],
    },
    lines: [['Precio base', 120000]],
    total: 120000,
  },
];

describe('quoteBooking', () => {
  it.each(rows)('$name', ({ changes, lines, total, insurance = 0 }) => {
    const quote = quoteBooking({ ...catalogue, ...changes });
    expect(quote.lines.map((line) => [line.label, line.amountCents])).toEqual(lines);
    expect(quote.totalCents).toBe(total);
    expect(quote.insuranceCents).toBe(insurance);
  });

  it('does not change its input', () => {
    const input: QuoteInput = structuredClone({ ...catalogue, travellers: [adult({ optionalActivities: ['A1'] })] });
    const copy = structuredClone(input);
    quoteBooking(input);
    expect(input).toEqual(copy);
  });
});

describe('isCampaignValid', () => {
  const today = '2025-06-15';
  it.each([
    { name: 'inside the dates', validFromDate: '2025-06-01', validUntilDate: '2025-06-30', expected: true },
    { name: 'first day', validFromDate: today, validUntilDate: '2025-06-30', expected: true },
    { name: 'last day', validFromDate: '2025-06-01', validUntilDate: today, expected: true },
    { name: 'ended yesterday', validFromDate: '2025-06-01', validUntilDate: '2025-06-14', expected: false },
    { name: 'starts tomorrow', validFromDate: '2025-06-16', validUntilDate: null, expected: false },
    { name: 'open dates', validFromDate: null, validUntilDate: null, expected: true },
  ])('$name → $expected', ({ validFromDate, validUntilDate, expected }) => {
    expect(isCampaignValid({ campaign: { validFromDate, validUntilDate }, today })).toBe(expected);
  });
});
