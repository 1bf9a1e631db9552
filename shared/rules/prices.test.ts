import { describe, expect, it } from 'vitest';
import { hasPositiveAdultPrice, findLowestAdultPriceCents, findPriceForAgeGroup, priceForTraveller } from './prices.ts';

const adultAndChild = [
  { ageGroupName: 'Adultos', valueCents: 100000 },
  { ageGroupName: 'Niños', valueCents: 70000 },
];
const categorised = [
  { ageGroupName: 'Adultos', valueCents: 100000, categoryName: 'Standard category' },
  { ageGroupName: 'Adultos', valueCents: 150000, categoryName: 'Superior' },
];

describe('findPriceForAgeGroup', () => {
  it.each([
    {
      name: '"per traveller prices looked up by the traveller\'s age group": adult',
      prices: adultAndChild,
      ageGroup: 'Adultos',
      category: null,
      expected: 100000,
    },
    { name: 'child', prices: adultAndChild, ageGroup: 'Niños', category: null, expected: 70000 },
    {
      name: 'a child without a child price pays the adult price',
      prices: [{ ageGroupName: 'Adultos', valueCents: 100000 }],
      ageGroup: 'Niños',
      category: null,
      expected: 100000,
    },
    { name: 'no price at all', prices: [], ageGroup: 'Adultos', category: null, expected: null },
    { name: 'matching category', prices: categorised, ageGroup: 'Adultos', category: 'Superior', expected: 150000 },
    { name: 'unknown category takes the lowest of the age group', prices: categorised, ageGroup: 'Adultos', category: 'Premium', expected: 100000 },
    {
      name: 'an uncategorised price beats the lowest when the category is unknown',
      prices: [...categorised, { ageGroupName: 'Adultos', valueCents: 120000, categoryName: null }],
      ageGroup: 'Adultos',
      category: 'Premium',
      expected: 120000,
    },
  ])('$name → $expected', ({ prices, ageGroup, category, expected }) => {
    expect(findPriceForAgeGroup({ prices, ageGroup, category })).toBe(expected);
  });
});

describe('priceForTraveller', () => {
  const prices = [
    { ageGroupName: 'Adultos', valueCents: 9_000, categoryName: null },
    { ageGroupName: 'Adultos', valueCents: 7_000, categoryName: 'Senior' },
    { ageGroupName: 'Niños', valueCents: 4_500, categoryName: null },
  ];
  it.each([
    { name: 'an adult', traveller: { ageGroup: 'Adultos' }, expected: 9_000 },
    { name: 'an adult of a priced category', traveller: { ageGroup: 'Adultos', category: 'Senior' }, expected: 7_000 },
    { name: 'a child', traveller: { ageGroup: 'Niños' }, expected: 4_500 },
    { name: 'an age group without a price pays the adult one', traveller: { ageGroup: 'Bebés' }, expected: 9_000 },
  ])('$name → $expected', ({ traveller, expected }) => {
    expect(priceForTraveller(prices, traveller)).toBe(expected);
  });

  it('nothing priced at all costs nothing', () => {
    expect(priceForTraveller([], { ageGroup: 'Niños' })).toBe(0);
  });
});

describe('findLowestAdultPriceCents', () => {
  it.each([
    { name: 'no prices', prices: [], expected: null },
    { name: 'only a zero adult price', prices: [{ ageGroupName: 'Adultos', valueCents: 0 }], expected: null },
    {
      name: '"the lowest price" among adult prices, ignoring children',
      prices: [
        { ageGroupName: 'Adultos', valueCents: 120000 },
        { ageGroupName: 'Adultos', valueCents: 99000 },
        { ageGroupName: 'Niños', valueCents: 50000 },
      ],
      expected: 99000,
    },
    { name: 'only a child price', prices: [{ ageGroupName: 'Niños', valueCents: 50000 }], expected: null },
  ])('$name → $expected', ({ prices, expected }) => {
    expect(findLowestAdultPriceCents(prices)).toBe(expected);
    expect(hasPositiveAdultPrice(prices)).toBe(expected !== null);
  });
});
