/** Looking up prices by age group and the lowest adult price (the store's final price is store-price.ts's). */
import { ADULT_AGE_GROUP } from '../constants.ts';
import type { Price } from '../entities/index.ts';

/**
 * The least a price needs to be looked up by age group. The category is optional so callers holding only an
 * age group and a value (a flight's computed price, a snapshot) can pass them.
 */
export type AgePrice = Pick<Price, 'ageGroupName' | 'valueCents'> & { categoryName?: string | null };

function lowest(values: readonly number[]): number | null {
  return values.length === 0 ? null : Math.min(...values);
}

/**
 * The price for a traveller: "per traveller prices looked up by the traveller's age group".
 *
 * Order: same age group and category; same age group without category; same age group, any category (the
 * lowest). An age group with no price at all pays the 'Adultos' price: the ERP lists a child price only where
 * it differs. Null when neither exists.
 */
export function findPriceForAgeGroup({
  prices,
  ageGroup,
  category = null,
}: {
  prices: readonly AgePrice[];
  ageGroup: string;
  category?: string | null;
}): number | null {
  const forAge = prices.filter((price) => price.ageGroupName === ageGroup);
  if (forAge.length === 0) {
    return ageGroup === ADULT_AGE_GROUP ? null : findPriceForAgeGroup({ prices, ageGroup: ADULT_AGE_GROUP, category });
  }
  const exact = category === null ? undefined : forAge.find((price) => price.categoryName === category);
  if (exact !== undefined) return exact.valueCents;
  const uncategorised = forAge.find((price) => price.categoryName === null || price.categoryName === undefined);
  if (uncategorised !== undefined) return uncategorised.valueCents;
  return lowest(forAge.map((price) => price.valueCents));
}

/**
 * What one traveller pays for something priced by age group (a room, an activity, the tour itself): the
 * quote adds it and the customise step shows it, so both read it here. 0 when nothing is priced for them.
 */
export function priceForTraveller(prices: readonly AgePrice[], traveller: { ageGroup: string; category?: string | null }): number {
  return findPriceForAgeGroup({ prices, ageGroup: traveller.ageGroup, category: traveller.category ?? null }) ?? 0;
}

/**
 * The lowest 'Adultos' price above 0: the card's "'desde' followed by the lowest price", and the test of
 * "Only tours whose price for age group 'Adultos' is above 0 are listed". Null when there is none.
 */
export function findLowestAdultPriceCents(prices: readonly AgePrice[]): number | null {
  return lowest(prices.filter((price) => price.ageGroupName === ADULT_AGE_GROUP && price.valueCents > 0).map((p) => p.valueCents));
}

/** Whether some 'Adultos' price is above 0. */
export function hasPositiveAdultPrice(prices: readonly AgePrice[]): boolean {
  return findLowestAdultPriceCents(prices) !== null;
}
