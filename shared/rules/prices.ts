/** Looking up prices by age group, the lowest adult price and the store's final price. */
import { ADULT_AGE_GROUP } from '../constants.ts';
import type { Campaign, Price } from '../entities/index.ts';
import { containsNormalised } from './text.ts';
import { roundUpToEuro } from './money.ts';

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

/** The flight part of a price item: its value plus the flight cost and fee it carries. */
export type FlightPriceParts = Pick<Price, 'valueCents' | 'flightCostCents' | 'feeCents'>;

/**
 * "Store final price: lowest tour price plus period price plus flight price, flight cost and fee of the chosen
 * flight (or tour-level fallback), minus the value of a campaign whose name matches a given text."
 *
 * Prices are the adult ones; the period price is the period's 'Adultos' price; the campaign is the first whose
 * name contains `campaignName` (case and accents ignored) and its absolute value is subtracted. Rounded up to
 * the euro, never below zero.
 */
export function computeStoreFinalPriceCents({
  tourPrices,
  periodPrices,
  chosenFlightPrice,
  tourFlightPrice,
  campaigns,
  campaignName,
}: {
  tourPrices: readonly AgePrice[];
  periodPrices: readonly AgePrice[];
  chosenFlightPrice: FlightPriceParts | null;
  tourFlightPrice: FlightPriceParts | null;
  campaigns: readonly Pick<Campaign, 'name' | 'valueCents'>[];
  campaignName: string | null;
}): number {
  const tour = findLowestAdultPriceCents(tourPrices) ?? 0;
  const period = findPriceForAgeGroup({ prices: periodPrices, ageGroup: ADULT_AGE_GROUP }) ?? 0;
  const flightParts = chosenFlightPrice ?? tourFlightPrice;
  const flight = flightParts === null ? 0 : flightParts.valueCents + (flightParts.flightCostCents ?? 0) + (flightParts.feeCents ?? 0);
  const campaign =
    campaignName === null || campaignName.trim() === ''
      ? undefined
      : campaigns.find((candidate) => containsNormalised({ text: candidate.name, fragment: campaignName.trim() }));
  const discount = campaign === undefined ? 0 : Math.abs(campaign.valueCents);
  return roundUpToEuro(Math.max(0, tour + period + flight - discount));
}
