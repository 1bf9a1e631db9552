import { describe, expect, it } from 'vitest';
import {
  computeDeparturePrices,
  discountedPriceCents,
  findFromPriceCents,
  isDepartureAvailabilityList,
  isDepartureFull,
  mergeDepartureAvailability,
  type DepartureAvailability,
} from './departures.ts';

const adult = (valueCents: number) => ({ ageGroupName: 'Adultos', categoryName: 'Standard category', valueCents });
const child = (valueCents: number) => ({ ageGroupName: 'Niños', categoryName: 'Standard category', valueCents });
const campaign = (valueCents: number, from: string | null, until: string | null, per: 'PER_PAX' | 'ONCE' = 'PER_PAX') => ({
  valueCents,
  validFromDate: from,
  validUntilDate: until,
  discountAppliedPerTxt: per,
});
const today = '2026-11-22';

describe('computeDeparturePrices', () => {
  it.each([
    {
      name: '"the tour price, period supplement" per age group, no campaign',
      tourPrices: [adult(329000), child(263200)],
      periodPrices: [adult(15000), child(7500)],
      campaigns: [],
      expected: { adultPriceCents: 344000, childPriceCents: 270700, campaignDiscountCents: 0, fromPriceCents: 344000 },
    },
    {
      name: '"A campaign discount is subtracted" when in force today',
      tourPrices: [adult(329000), child(263200)],
      periodPrices: [adult(15000), child(7500)],
      campaigns: [campaign(20000, '2026-11-11', '2026-12-10')],
      expected: { adultPriceCents: 344000, childPriceCents: 270700, campaignDiscountCents: 20000, fromPriceCents: 324000 },
    },
    {
      name: 'an expired campaign does not discount',
      tourPrices: [adult(100000)],
      periodPrices: [],
      campaigns: [campaign(20000, '2026-01-01', '2026-11-21')],
      expected: { adultPriceCents: 100000, childPriceCents: 100000, campaignDiscountCents: 0, fromPriceCents: 100000 },
    },
    {
      name: 'a once-per-booking campaign takes its whole value for one traveller; negative values count by size',
      tourPrices: [adult(100000)],
      periodPrices: [adult(0)],
      campaigns: [campaign(-5000, null, null, 'ONCE'), campaign(3000, null, '2026-11-22')],
      expected: { adultPriceCents: 100000, childPriceCents: 100000, campaignDiscountCents: 8000, fromPriceCents: 92000 },
    },
    {
      name: '"Amounts are rounded up": cents go up to the euro',
      tourPrices: [adult(100050)],
      periodPrices: [],
      campaigns: [],
      expected: { adultPriceCents: 100100, childPriceCents: 100100, campaignDiscountCents: 0, fromPriceCents: 100100 },
    },
    {
      name: 'a discount larger than the price leaves 0',
      tourPrices: [adult(10000)],
      periodPrices: [],
      campaigns: [campaign(50000, null, null)],
      expected: { adultPriceCents: 10000, childPriceCents: 10000, campaignDiscountCents: 10000, fromPriceCents: 0 },
    },
  ])('$name', ({ tourPrices, periodPrices, campaigns, expected }) => {
    expect(computeDeparturePrices({ tourPrices, periodPrices, campaigns, today })).toEqual(expected);
  });
});

describe('discountedPriceCents', () => {
  it.each([
    { priceCents: 270700, discountCents: 20000, expected: 250700 },
    { priceCents: 100050, discountCents: 0, expected: 100100 },
    { priceCents: 1000, discountCents: 5000, expected: 0 },
  ])('$priceCents − $discountCents → $expected', ({ priceCents, discountCents, expected }) => {
    expect(discountedPriceCents({ priceCents, discountCents })).toBe(expected);
  });
});

describe('isDepartureFull', () => {
  it.each([
    { bookableAvailability: 0, expected: true },
    { bookableAvailability: -1, expected: true },
    { bookableAvailability: 1, expected: false },
  ])('$bookableAvailability seats → $expected', ({ bookableAvailability, expected }) => {
    expect(isDepartureFull({ bookableAvailability })).toBe(expected);
  });
});

const departure = (periodId: string, bookableAvailability: number, fromPriceCents: number): DepartureAvailability & { label: string } => ({
  periodId,
  dayOne: '2027-03-24',
  returnDate: '2027-04-05',
  bookableAvailability,
  adultPriceCents: fromPriceCents,
  childPriceCents: fromPriceCents,
  campaignDiscountCents: 0,
  fromPriceCents,
  label: `salida ${periodId}`,
});

describe('mergeDepartureAvailability', () => {
  it.each([
    {
      name: 'fresh seats and prices replace the static ones; labels stay',
      departures: [departure('a', 8, 300000)],
      fresh: [departure('a', 2, 280000)],
      expected: [departure('a', 2, 280000)],
    },
    {
      name: 'a departure the answer no longer lists becomes full',
      departures: [departure('a', 8, 300000), departure('b', 5, 310000)],
      fresh: [departure('a', 8, 300000)],
      expected: [departure('a', 8, 300000), departure('b', 0, 310000)],
    },
    {
      name: 'departures the page does not know are left out',
      departures: [departure('a', 8, 300000)],
      fresh: [departure('a', 8, 300000), departure('z', 9, 100000)],
      expected: [departure('a', 8, 300000)],
    },
  ])('$name', ({ departures, fresh, expected }) => {
    expect(mergeDepartureAvailability({ departures, fresh })).toEqual(expected.map((d) => ({ ...d, label: `salida ${d.periodId}` })));
  });
});

describe('findFromPriceCents', () => {
  it.each([
    {
      name: 'the lowest price among departures with seats',
      departures: [departure('a', 0, 100000), departure('b', 3, 200000), departure('c', 1, 150000)],
      expected: 150000,
    },
    { name: 'all full: the lowest of all', departures: [departure('a', 0, 100000), departure('b', 0, 90000)], expected: 90000 },
    { name: 'no departures', departures: [], expected: null },
  ])('$name → $expected', ({ departures, expected }) => {
    expect(findFromPriceCents(departures)).toBe(expected);
  });
});

describe('isDepartureAvailabilityList', () => {
  const valid = departure('a', 3, 100000);
  it.each([
    { name: 'a list of departures', value: [valid], expected: true },
    { name: 'an empty list', value: [], expected: true },
    { name: 'not a list', value: { error: { code: 'NOT_FOUND' } }, expected: false },
    { name: 'a price that is not whole cents', value: [{ ...valid, fromPriceCents: 10.5 }], expected: false },
    { name: 'a missing seat count', value: [{ ...valid, bookableAvailability: undefined }], expected: false },
    { name: 'a date that is not YYYY-MM-DD', value: [{ ...valid, dayOne: '24/03/2027' }], expected: false },
    { name: 'null inside', value: [null], expected: false },
  ])('$name → $expected', ({ value, expected }) => {
    expect(isDepartureAvailabilityList(value)).toBe(expected);
  });
});
