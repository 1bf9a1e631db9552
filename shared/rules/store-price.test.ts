import { describe, expect, it } from 'vitest';
import { campaignMatches, computeStoreFinalPrice, type StorePeriod } from './store-price.ts';
import { quoteBooking } from './quote.ts';
import { computeFlightPricesForBooking } from './flights.ts';
import { createTravellerEntry } from './travellers.ts';

const window = { from: '2026-11-28', to: '2027-12-31' };
const today = '2026-11-28';
const tourPrices = [
  { ageGroupName: 'Adultos', valueCents: 200_000 },
  { ageGroupName: 'Niños', valueCents: 160_000 },
];
const flight = (id: string, name: string, adultCents: number, extra: object = {}) => ({
  id,
  name,
  guaranteedAvailability: 10,
  prices: [{ ageGroupName: 'Adultos', valueCents: adultCents }],
  cockpitPrices: [],
  ...extra,
});
const blackFriday = {
  name: 'Black Friday',
  valueCents: 15_000,
  validFromDate: '2026-11-20',
  validUntilDate: '2026-12-05',
  discountAppliedPerTxt: 'PER_PAX' as const,
};
const period = (overrides: Partial<StorePeriod> = {}): StorePeriod => ({
  id: 'p1',
  dayOne: '2027-03-10',
  webBookable: true,
  publishWeb: true,
  bookableAvailability: 8,
  prices: [{ ageGroupName: 'Adultos', valueCents: 12_050 }],
  campaigns: [blackFriday],
  flights: [flight('f-sin', 'Sin vuelo', 0), flight('f-mad', 'Vuelo desde Madrid', 65_000), flight('f-bcn', 'Vuelo desde Barcelona', 60_000)],
  ...overrides,
});
const price = (periods: StorePeriod[], campaignText = 'Black Friday viajero') => computeStoreFinalPrice({ tourPrices, periods, campaignText, window, today });

describe('campaignMatches', () => {
  it.each([
    ['Black Friday', 'Black Friday viajero', true],
    ['BLACK FRIDAY 2026', 'black friday', true],
    ['Campaña de Navidad', 'navidad', true],
    ['Última hora', 'ultima hora', true],
    ['Reserva anticipada', 'Black Friday viajero', false],
    ['Black Friday', '  ', false],
  ])('%s ~ %s → %s', (name, text, expected) => {
    expect(campaignMatches(name, text)).toBe(expected);
  });
});

describe('computeStoreFinalPrice', () => {
  it('"lowest tour price plus period price plus flight price … minus the value of a campaign whose name matches": rounded up to the euro', () => {
    // 2.000 + 120,50 + 600 (Barcelona, the cheapest real flight) − 150 = 2.570,50 → 2.571 €.
    expect(price([period()])).toEqual({
      priceCents: 257_100,
      campaignName: 'Black Friday',
      periodId: 'p1',
      dayOne: '2027-03-10',
      flightId: 'f-bcn',
      withFlight: true,
    });
  });

  it('is what the funnel quotes one adult on that departure with that flight', () => {
    const p = period();
    const found = price([p])!;
    const chosen = p.flights.find((f) => f.id === found.flightId)!;
    const funnel = quoteBooking({
      travellers: [createTravellerEntry({ id: '1', ageGroup: 'Adultos' })],
      tourPrices,
      periodPrices: p.prices,
      flightPrices: computeFlightPricesForBooking({ flight: chosen, travellerCount: 1 }),
      reservationModes: [],
      optionalActivities: [],
      extras: [],
      campaigns: p.campaigns,
      coupon: null,
    });
    expect(found.priceCents).toBe(funnel.totalCents);
  });

  it("prices a flight with too few guaranteed seats at the cockpit's flight cost plus fee, as the funnel does", () => {
    const cockpit = flight('f-vlc', 'Vuelo desde Valencia', 90_000, {
      guaranteedAvailability: 0,
      cockpitPrices: [{ ageGroupName: 'Adultos', flightCostCents: 50_000, feeCents: 2_550 }],
    });
    // 2.000 + 120,50 + (500 + 25,50 → 526) − 150 = 2.496,50 → 2.497 €.
    expect(price([period({ flights: [cockpit] })])).toMatchObject({ priceCents: 249_700, flightId: 'f-vlc' });
  });

  it("falls back to a 'sin vuelo' option, and to no flight at all", () => {
    expect(price([period({ flights: [flight('f-sin', 'Sin vuelo', 0)] })])).toMatchObject({ priceCents: 197_100, flightId: 'f-sin', withFlight: false });
    expect(price([period({ flights: [] })])).toMatchObject({ priceCents: 197_100, flightId: null });
  });

  it('takes the lowest of the departures that have the campaign in force, listed and with seats', () => {
    const cheaper = period({ id: 'p2', dayOne: '2027-04-01', prices: [] });
    const full = period({ id: 'p3', prices: [], campaigns: [{ ...blackFriday, valueCents: 90_000 }], bookableAvailability: 0 });
    const gone = period({ id: 'p4', dayOne: '2026-11-01', campaigns: [{ ...blackFriday, valueCents: 90_000 }] });
    const hidden = period({ id: 'p5', webBookable: false, campaigns: [{ ...blackFriday, valueCents: 90_000 }] });
    const expired = period({ id: 'p6', campaigns: [{ ...blackFriday, valueCents: 90_000, validUntilDate: '2026-11-27' }] });
    const other = period({ id: 'p7', campaigns: [{ ...blackFriday, name: 'Reserva anticipada', valueCents: 90_000 }] });
    expect(price([period(), cheaper, full, gone, hidden, expired, other])).toMatchObject({ periodId: 'p2', priceCents: 245_000 });
    expect(price([full, gone, hidden, expired, other])).toBeNull();
  });

  it('takes off every campaign in force on the departure, as the funnel would, never below zero', () => {
    const both = period({ campaigns: [blackFriday, { ...blackFriday, name: 'Descuento familias', valueCents: 10_000, discountAppliedPerTxt: 'ONCE' }] });
    expect(price([both])).toMatchObject({ priceCents: 247_100, campaignName: 'Black Friday' });
    expect(price([period({ campaigns: [{ ...blackFriday, valueCents: 10_000_000 }] })])).toMatchObject({ priceCents: 0 });
  });
});
