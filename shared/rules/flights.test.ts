import { describe, expect, it } from 'vitest';
import {
  computeAgencyFlightPriceCents,
  findCheapestFlight,
  computeFlightPriceCents,
  computeFlightPricesForBooking,
  computeFlightTotalCents,
  isNoFlight,
  shouldLookUpFlightFares,
} from './flights.ts';

const flight = {
  guaranteedAvailability: 3,
  prices: [
    { ageGroupName: 'Adultos', valueCents: 25000 },
    { ageGroupName: 'Niños', valueCents: 20000 },
  ],
  cockpitPrices: [
    { ageGroupName: 'Adultos', feeCents: 1550, flightCostCents: 20001 },
    { ageGroupName: 'Niños', feeCents: 1000, flightCostCents: 15000 },
  ],
};

describe('computeFlightPriceCents', () => {
  it.each([
    {
      name: '"uses its own price when its guaranteed availability exceeds the number of travelers"',
      flight,
      ageGroup: 'Adultos',
      travellerCount: 2,
      expected: 25000,
    },
    { name: 'own child price', flight, ageGroup: 'Niños', travellerCount: 2, expected: 20000 },
    {
      name: '"otherwise … the rounded sum of flight cost and fee from the cockpit prices" (equal is not exceeding)',
      flight,
      ageGroup: 'Adultos',
      travellerCount: 3,
      expected: 21600,
    },
    { name: 'cockpit child price', flight, ageGroup: 'Niños', travellerCount: 3, expected: 16000 },
    { name: 'no guaranteed seats', flight: { ...flight, guaranteedAvailability: 0 }, ageGroup: 'Adultos', travellerCount: 1, expected: 21600 },
    {
      name: 'cockpit falls back to the adult price',
      flight: { ...flight, guaranteedAvailability: 0, cockpitPrices: [{ ageGroupName: 'Adultos', feeCents: 0, flightCostCents: 18000 }] },
      ageGroup: 'Niños',
      travellerCount: 1,
      expected: 18000,
    },
    {
      name: 'no cockpit price to use',
      flight: { ...flight, guaranteedAvailability: 0, cockpitPrices: [] },
      ageGroup: 'Adultos',
      travellerCount: 1,
      expected: null,
    },
  ])('$name → $expected', ({ flight: input, ageGroup, travellerCount, expected }) => {
    expect(computeFlightPriceCents({ flight: input, ageGroup, travellerCount })).toBe(expected);
  });

  it('prices every age group for the quote', () => {
    expect(computeFlightPricesForBooking({ flight, travellerCount: 4 })).toEqual([
      { ageGroupName: 'Adultos', valueCents: 21600 },
      { ageGroupName: 'Niños', valueCents: 16000 },
    ]);
    expect(computeFlightPricesForBooking({ flight: { ...flight, guaranteedAvailability: 0, cockpitPrices: [] }, travellerCount: 1 })).toEqual([]);
  });
});

describe('computeFlightTotalCents', () => {
  const prices = [
    { ageGroupName: 'Adultos', valueCents: 30_000 },
    { ageGroupName: 'Niños', valueCents: 25_000 },
  ];
  it.each([
    ['two adults and a child pay their age group each', prices, ['Adultos', 'Adultos', 'Niños'], 85_000],
    ['a child without a price of its own pays the adult price', prices.slice(0, 1), ['Adultos', 'Niños'], 60_000],
    ["'sin vuelo', with no price at all, adds nothing", [], ['Adultos', 'Niños'], 0],
    ['no travellers, nothing', prices, [], 0],
  ])('%s', (_, given, ageGroups, expected) => {
    expect(computeFlightTotalCents({ prices: given, travellers: ageGroups.map((ageGroup) => ({ ageGroup })) })).toBe(expected);
  });
});

describe('computeAgencyFlightPriceCents', () => {
  it.each([
    {
      name: '"the rounded sum of purchase price, margin and total tax"',
      purchasePriceCents: 10000,
      agencyMarginCents: 1550,
      totalTaxCents: 3001,
      expected: 14600,
    },
    { name: 'already whole euros', purchasePriceCents: 10000, agencyMarginCents: 1000, totalTaxCents: 0, expected: 11000 },
    { name: 'one cent over', purchasePriceCents: 10000, agencyMarginCents: 0, totalTaxCents: 1, expected: 10100 },
  ])('$name → $expected', ({ expected, ...fare }) => {
    expect(computeAgencyFlightPriceCents(fare)).toBe(expected);
  });
});

const madrid = { name: 'Vuelo desde Madrid', prices: [{ ageGroupName: 'Adultos', valueCents: 30000 }] };
const barcelona = { name: 'Vuelo desde Barcelona', prices: [{ ageGroupName: 'Adultos', valueCents: 25000 }] };
const noFlight = { name: 'Sin vuelo', prices: [{ ageGroupName: 'Adultos', valueCents: 0 }] };

describe('isNoFlight', () => {
  it.each([
    { name: 'Sin vuelo', expected: true },
    { name: 'SIN VUELO', expected: true },
    { name: 'Tour sin vuelos incluidos', expected: true },
    { name: 'Vuelo desde Madrid', expected: false },
    { name: 'Sinvuelo', expected: false },
  ])('"$name" → $expected', ({ name, expected }) => {
    expect(isNoFlight({ name })).toBe(expected);
  });
});

describe('findCheapestFlight', () => {
  it.each([
    {
      name: '"Flights whose name contains … \'sin v\' are excluded when finding the cheapest flight"',
      flights: [madrid, barcelona, noFlight],
      expected: { flight: barcelona, priceCents: 25000 },
    },
    { name: "'sin v' as the only flight gives none", flights: [noFlight], expected: null },
    { name: 'no flights', flights: [], expected: null },
    { name: 'upper-case marker is excluded too', flights: [{ ...noFlight, name: 'SIN VUELO' }, madrid], expected: { flight: madrid, priceCents: 30000 } },
    { name: 'a tie keeps the first', flights: [madrid, { ...madrid, name: 'Vuelo desde Bilbao' }], expected: { flight: madrid, priceCents: 30000 } },
  ])('$name', ({ flights, expected }) => {
    expect(findCheapestFlight({ flights })).toEqual(expected);
  });

  it('looks at the requested age group', () => {
    const withChild = {
      name: 'Vuelo desde Sevilla',
      prices: [
        { ageGroupName: 'Niños', valueCents: 9000 },
        { ageGroupName: 'Adultos', valueCents: 40000 },
      ],
    };
    expect(findCheapestFlight({ flights: [madrid, withChild], ageGroup: 'Niños' })?.priceCents).toBe(9000);
  });
});

describe('shouldLookUpFlightFares', () => {
  const today = '2025-06-15';
  it.each([
    { name: '"start in the future and have availability"', dayOne: '2025-06-16', bookableAvailability: 5, expected: true },
    { name: 'starts today: not in the future', dayOne: '2025-06-15', bookableAvailability: 5, expected: false },
    { name: 'started yesterday', dayOne: '2025-06-14', bookableAvailability: 5, expected: false },
    { name: 'no availability', dayOne: '2025-07-01', bookableAvailability: 0, expected: false },
  ])('$name → $expected', ({ dayOne, bookableAvailability, expected }) => {
    expect(shouldLookUpFlightFares({ period: { dayOne, bookableAvailability }, today })).toBe(expected);
  });
});
