import { describe, expect, it } from 'vitest';
import {
  listDepartureCities,
  formatDepartureCities,
  extractDepartureCity,
  getOfferDisplay,
  pickOfferFlightId,
  listOfferFlightOptions,
  computeOfferFlightPriceCents,
  computeOfferPrices,
  parseDepartureCities,
  validateOfferCreation,
  validateOfferEdit,
} from './offers.ts';

const flight = (id: string, name: string, adultCents: number) => ({
  id,
  name,
  prices: [{ ageGroupName: 'Adultos', valueCents: adultCents }],
});
const madrid = flight('F-MAD', 'Vuelo desde Madrid', 30000);
const barcelona = flight('F-BCN', 'Vuelo desde Barcelona', 25000);
const noFlight = flight('F-NO', 'Sin vuelo', 0);

describe('computeOfferFlightPriceCents', () => {
  it.each([
    {
      name: '"the cheapest adult flight price above 0 (excluding flights whose name contains \'sin v\'…)"',
      flights: [madrid, barcelona, noFlight],
      chosen: null,
      expected: 25000,
    },
    { name: '"or the chosen flight\'s adult price"', flights: [madrid, barcelona, noFlight], chosen: 'F-MAD', expected: 30000 },
    { name: 'a chosen id that is not there falls back to the cheapest', flights: [madrid, barcelona], chosen: 'F-XXX', expected: 25000 },
    { name: '"falling back to that one": \'sin v\' as the only flight', flights: [noFlight], chosen: null, expected: 0 },
    { name: "the 'sin v' fallback keeps its price", flights: [flight('F-NO', 'SIN VUELO', 5000)], chosen: null, expected: 5000 },
    { name: 'flights at 0 are not "above 0"', flights: [flight('F-Z', 'Vuelo desde Bilbao', 0), flight('F-NO', 'Sin vuelo', 0)], chosen: null, expected: 0 },
    { name: 'no flights', flights: [], chosen: null, expected: 0 },
  ])('$name → $expected', ({ flights, chosen, expected }) => {
    expect(computeOfferFlightPriceCents({ flights, chosenFlightId: chosen })).toBe(expected);
  });
});

describe('computeOfferPrices', () => {
  const base = {
    tourPrices: [{ ageGroupName: 'Adultos', valueCents: 99000 }],
    periodPrices: [{ ageGroupName: 'Adultos', valueCents: 5000 }],
    flights: [flight('F1', 'Vuelo desde Madrid', 25001), noFlight],
    chosenFlightId: null,
  };
  it.each([
    {
      name: '"the discounted price is the sum minus the absolute discount, rounded up"',
      discountCents: -10000,
      expected: { priceCents: 129100, discountedPriceCents: 119100 },
    },
    { name: 'a positive discount is subtracted the same', discountCents: 10000, expected: { priceCents: 129100, discountedPriceCents: 119100 } },
    { name: 'no discount', discountCents: 0, expected: { priceCents: 129100, discountedPriceCents: 129100 } },
    { name: 'a discount larger than the price', discountCents: 500000, expected: { priceCents: 129100, discountedPriceCents: 0 } },
  ])('$name', ({ discountCents, expected }) => {
    expect(computeOfferPrices({ ...base, discountCents })).toEqual(expected);
  });
});

describe('departure cities', () => {
  it.each([
    { name: '"\'Todas las ciudades\' when the departure-city list is empty"', cities: [], expected: 'Todas las ciudades' },
    { name: 'one city', cities: ['Madrid'], expected: 'Madrid' },
    { name: 'two cities', cities: ['Madrid', 'Barcelona'], expected: 'Madrid y Barcelona' },
    { name: '"or has more than two cities"', cities: ['Madrid', 'Barcelona', 'Valencia'], expected: 'Todas las ciudades' },
  ])('$name → $expected', ({ cities, expected }) => {
    expect(formatDepartureCities(cities)).toBe(expected);
  });

  it.each([
    { name: 'Vuelo desde Madrid', expected: 'Madrid' },
    { name: 'vuelo desde Bilbao ', expected: 'Bilbao' },
    { name: 'Madrid', expected: 'Madrid' },
  ])('"the prefix \'Vuelo desde \' is removed": "$name" → "$expected"', ({ name, expected }) => {
    expect(extractDepartureCity(name)).toBe(expected);
  });

  it("takes unique cities from flights, without 'sin v'", () => {
    const flights = [madrid, { name: 'Vuelo desde Madrid' }, noFlight, { name: 'Vuelo desde Valencia' }];
    expect(listDepartureCities(flights)).toEqual(['Madrid', 'Valencia']);
  });

  it.each([
    { json: '["Madrid","Bilbao"]', expected: ['Madrid', 'Bilbao'] },
    { json: '[]', expected: [] },
    { json: null, expected: [] },
    { json: 'Madrid', expected: [] },
    { json: '["Madrid",3]', expected: ['Madrid'] },
  ])('reads "$json"', ({ json, expected }) => {
    expect(parseDepartureCities(json)).toEqual(expected);
  });
});

describe('getOfferDisplay', () => {
  it.each([
    { name: '"All offers are shown unless their status is set and not \'active\'": no status', status: null, isAdmin: false, expected: 'shown' },
    { status: 'active', isAdmin: false, expected: 'shown' },
    { name: '"Inactive offers … are hidden from visitors"', status: 'inactive', isAdmin: false, expected: 'hidden' },
    { name: '"Inactive offers show dimmed to admins"', status: 'inactive', isAdmin: true, expected: 'dimmed' },
    { status: 'active', isAdmin: true, expected: 'shown' },
  ] as const)('$status, admin $isAdmin → $expected', ({ status, isAdmin, expected }) => {
    expect(getOfferDisplay({ offer: { status }, isAdmin })).toBe(expected);
  });
});

describe('offer form flights', () => {
  it('"options meaning \'sin v\' (no flight) are left out"', () => {
    expect(listOfferFlightOptions([madrid, noFlight, barcelona])).toEqual([madrid, barcelona]);
  });

  it.each([
    { ids: [], expected: null },
    { ids: ['F1'], expected: 'F1' },
    { ids: ['F1', 'F2'], expected: null },
  ])('"If exactly one flight is chosen, its id is saved": $ids → $expected', ({ ids, expected }) => {
    expect(pickOfferFlightId(ids)).toBe(expected);
  });
});

describe('validateOfferCreation', () => {
  const valid = { tourId: 'T1', periodId: 'P1', discount: '100', coupon: 'VERANO' };
  it.each([
    { name: 'a complete form', changes: {}, expected: {} },
    { name: '"tour required"', changes: { tourId: null }, expected: { tourId: 'Por favor selecciona un tour' } },
    { name: '"period required"', changes: { periodId: '' }, expected: { periodId: 'Por favor selecciona un periodo' } },
    { name: '"discount required"', changes: { discount: '' }, expected: { discount: 'Por favor ingresa descuento' } },
    { name: '"and numeric"', changes: { discount: 'cien' }, expected: { discount: 'Por favor ingresa descuento' } },
    { name: 'a decimal comma is numeric', changes: { discount: '99,50' }, expected: {} },
    { name: 'a number is numeric', changes: { discount: 0 }, expected: {} },
    { name: '"coupon code required"', changes: { coupon: '  ' }, expected: { coupon: 'Por favor ingresa cupón' } },
  ])('$name', ({ changes, expected }) => {
    expect(validateOfferCreation({ ...valid, ...changes })).toEqual(expected);
  });
});

describe('validateOfferEdit', () => {
  it.each([
    { name: 'complete', discount: '50', coupon: 'X', expected: {} },
    { name: '"discount required (\'Por favor ingresa el descuento\')"', discount: null, coupon: 'X', expected: { discount: 'Por favor ingresa el descuento' } },
    { name: '"coupon required (\'Por favor ingresa el cupón\')"', discount: '50', coupon: '', expected: { coupon: 'Por favor ingresa el cupón' } },
  ])('$name', ({ discount, coupon, expected }) => {
    expect(validateOfferEdit({ discount, coupon })).toEqual(expected);
  });
});
