import { describe, expect, it } from 'vitest';
import {
  formatCreatedByBadge,
  formatFromPrice,
  formatRating,
  formatTourCardName,
  formatTripDuration,
  formatNoRecommendationsMessage,
  shouldShowCreatedByBadge,
  shouldShowRatingBadge,
  computeStruckPriceCents,
  formatTourCardDuration,
} from './labels.ts';

describe('formatTripDuration', () => {
  it.each([
    { days: 8, expected: '8 días/7 noches' },
    { days: 2, expected: '2 días/1 noche' },
    { days: 1, expected: '1 día/0 noches' },
    { days: 0, expected: '0 días/0 noches' },
  ])('"\'N días/N-1 noches\'": $days → $expected', ({ days, expected }) => {
    expect(formatTripDuration(days)).toBe(expected);
  });

  it.each([
    {
      name: '"taken from the first period" (earliest departure)',
      periods: [
        { dayOne: '2025-09-01', numberOfDays: 10 },
        { dayOne: '2025-07-01', numberOfDays: 8 },
      ],
      expected: '8 días/7 noches',
    },
    { name: 'no periods', periods: [], expected: null },
  ])('$name → $expected', ({ periods, expected }) => {
    expect(formatTourCardDuration({ periods })).toBe(expected);
  });
});

describe('tour card texts', () => {
  it('"\'desde\' followed by the lowest price and the euro sign"', () => {
    expect(formatFromPrice(129000)).toBe('desde 1.290 €');
  });

  it('"the name in uppercase"', () => {
    expect(formatTourCardName('Japón esencial')).toBe('JAPÓN ESENCIAL');
  });

  it('"Tour creado por {product}"', () => {
    expect(formatCreatedByBadge()).toBe('Tour creado por Different Roads');
    expect(formatCreatedByBadge('Otra Marca')).toBe('Tour creado por Otra Marca');
  });
});

describe('shouldShowCreatedByBadge', () => {
  it.each([
    { name: "\"no period has trip_type 'terceros' and the season tag is not 'all year'\"", tripTypes: ['Grupo', null], tagSeason: 'Verano', expected: true },
    { name: 'a third-party period', tripTypes: ['Grupo', 'terceros'], tagSeason: 'Verano', expected: false },
    { name: "season 'Todo el año'", tripTypes: ['Grupo'], tagSeason: 'Todo el año', expected: false },
    { name: "season 'all year'", tripTypes: ['Grupo'], tagSeason: 'all year', expected: false },
    { name: 'no season tag', tripTypes: [], tagSeason: null, expected: true },
  ])('$name → $expected', ({ tripTypes, tagSeason, expected }) => {
    const tour = { tagSeason, periods: tripTypes.map((tripType) => ({ tripType })) };
    expect(shouldShowCreatedByBadge({ tour })).toBe(expected);
  });
});

describe('rating badge', () => {
  it.each([
    { rate: 4, expected: true },
    { rate: 5, expected: true },
    { rate: 3.99, expected: false },
    { rate: 0, expected: false },
    { rate: null, expected: false },
  ])('"a rating badge when rate is 4 or more": $rate → $expected', ({ rate, expected }) => {
    expect(shouldShowRatingBadge(rate)).toBe(expected);
  });

  it.each([
    { rate: 4.46, expected: '4,5' },
    { rate: 4, expected: '4,0' },
    { rate: 4.04, expected: '4,0' },
    { rate: 4.96, expected: '5,0' },
  ])('"one decimal": $rate → $expected', ({ rate, expected }) => {
    expect(formatRating(rate)).toBe(expected);
  });
});

describe('computeStruckPriceCents', () => {
  const today = '2025-06-15';
  it.each([
    {
      name: '"when a future period has at least one campaign … the adult price plus the displayed price adjustment"',
      periods: [{ dayOne: '2025-08-01', campaigns: [{ valueCents: -5000 }, { valueCents: 2000 }] }],
      expected: 107000,
    },
    {
      name: 'the earliest future period with campaigns gives the adjustment',
      periods: [
        { dayOne: '2025-10-01', campaigns: [{ valueCents: 9000 }] },
        { dayOne: '2025-07-01', campaigns: [] },
        { dayOne: '2025-08-01', campaigns: [{ valueCents: 3000 }] },
      ],
      expected: 103000,
    },
    { name: 'a past period with a campaign does not count', periods: [{ dayOne: '2025-06-14', campaigns: [{ valueCents: 5000 }] }], expected: null },
    { name: 'a period departing today is not in the future', periods: [{ dayOne: today, campaigns: [{ valueCents: 5000 }] }], expected: null },
    { name: 'no campaigns', periods: [{ dayOne: '2025-08-01', campaigns: [] }], expected: null },
    { name: 'no periods', periods: [], expected: null },
  ])('$name → $expected', ({ periods, expected }) => {
    expect(computeStruckPriceCents({ adultPriceCents: 100000, periods, today })).toBe(expected);
  });
});

describe('formatNoRecommendationsMessage', () => {
  it("keeps the spec's text", () => {
    expect(formatNoRecommendationsMessage('en grupo')).toBe('No encuentras recomendaciones de tours en grupo?');
  });
});
