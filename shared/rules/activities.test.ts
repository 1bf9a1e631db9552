import { describe, expect, it } from 'vitest';
import { countsAsActivityPack, countsAsOptionalActivity, isInsurance, listBookableOptions, parsePackMemberIds } from './activities.ts';

const adultPrice = (valueCents: number) => ({ ageGroupName: 'Adultos', valueCents });

describe('countsAsOptionalActivity', () => {
  it.each([
    { name: '"counts only if it is not a rental car and some price is above 0"', subtype: 'Excursión', prices: [adultPrice(4000)], expected: true },
    { name: 'a rental car never counts', subtype: 'Rental car', prices: [adultPrice(4000)], expected: false },
    { name: 'only zero prices', subtype: null, prices: [adultPrice(0)], expected: false },
    { name: 'no prices', subtype: null, prices: [], expected: false },
    { name: 'a child price above 0 is "some price"', subtype: null, prices: [adultPrice(0), { ageGroupName: 'Niños', valueCents: 1500 }], expected: true },
  ])('$name → $expected', ({ subtype, prices, expected }) => {
    expect(countsAsOptionalActivity({ subtype, prices })).toBe(expected);
  });
});

describe('isInsurance', () => {
  it.each([
    { productType: 'Seguros', expected: true },
    { productType: 'Excursión', expected: false },
    { productType: null, expected: false },
  ])('"Insurance means … product_type \'Seguros\'": $productType → $expected', ({ productType, expected }) => {
    expect(isInsurance({ productType })).toBe(expected);
  });
});

describe('countsAsActivityPack', () => {
  const activities = [
    { activityId: 'A1', bookableAvailability: 5 },
    { activityId: 'A2', bookableAvailability: 1 },
    { activityId: 'A3', bookableAvailability: 0 },
  ];
  it.each([
    {
      name: '"has an adult price and every member activity has bookable_availability above 0"',
      multipleActivityIds: 'A1,A2',
      prices: [adultPrice(9000)],
      expected: true,
    },
    { name: 'spaces around ids', multipleActivityIds: ' A1 , A2 ', prices: [adultPrice(9000)], expected: true },
    { name: 'a member without availability', multipleActivityIds: 'A1,A3', prices: [adultPrice(9000)], expected: false },
    { name: 'a member that does not exist', multipleActivityIds: 'A1,A9', prices: [adultPrice(9000)], expected: false },
    { name: 'no adult price', multipleActivityIds: 'A1,A2', prices: [{ ageGroupName: 'Niños', valueCents: 5000 }], expected: false },
    { name: 'no members and an adult price', multipleActivityIds: '', prices: [adultPrice(9000)], expected: true },
  ])('$name → $expected', ({ multipleActivityIds, prices, expected }) => {
    expect(countsAsActivityPack({ pack: { multipleActivityIds, prices }, activities })).toBe(expected);
  });

  it('reads member ids', () => {
    expect(parsePackMemberIds({ multipleActivityIds: 'A1, ,A2,' })).toEqual(['A1', 'A2']);
  });
});

describe('listBookableOptions', () => {
  it('splits counting activities from insurance and keeps counting packs', () => {
    const optionalActivities = [
      { activityId: 'A1', subtype: null, productType: 'Excursión', bookableAvailability: 3, prices: [adultPrice(4000)] },
      { activityId: 'CAR', subtype: 'Rental car', productType: null, bookableAvailability: 3, prices: [adultPrice(9000)] },
      { activityId: 'INS', subtype: null, productType: 'Seguros', bookableAvailability: 99, prices: [adultPrice(3500)] },
      { activityId: 'FREE', subtype: null, productType: null, bookableAvailability: 0, prices: [adultPrice(0)] },
    ];
    const packs = [
      { id: 'P1', multipleActivityIds: 'A1,INS', prices: [adultPrice(7000)] },
      { id: 'P2', multipleActivityIds: 'A1,FREE', prices: [adultPrice(7000)] },
    ];
    const options = listBookableOptions({ optionalActivities, packs });
    expect(options.activities.map((a) => a.activityId)).toEqual(['A1']);
    expect(options.insurance.map((a) => a.activityId)).toEqual(['INS']);
    expect(options.packs.map((p) => p.id)).toEqual(['P1']);
  });
});
