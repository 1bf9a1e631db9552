/** Flight prices (own price, cockpit cost and fee, agency fare), the 'sin v' marker and the cheapest flight. */
import { ADULT_AGE_GROUP, NO_FLIGHT_MARKER } from '../constants.ts';
import { AGE_GROUPS } from '../enums.ts';
import type { CockpitFlight, CockpitPrice, Flight, Period } from '../entities/index.ts';
import { roundUpToEuro } from './money.ts';
import { findPriceForAgeGroup, type AgePrice } from './prices.ts';
import { containsNormalised } from './text.ts';

/** Whether a flight means "no flight": "Flights whose name contains … 'sin v'" (any case). */
export function isNoFlight(flight: Pick<Flight, 'name'>): boolean {
  return containsNormalised({ text: flight.name, fragment: NO_FLIGHT_MARKER });
}

export interface PricedFlight {
  guaranteedAvailability: number;
  prices: readonly AgePrice[];
  cockpitPrices: readonly Pick<CockpitPrice, 'ageGroupName' | 'feeCents' | 'flightCostCents'>[];
}

/**
 * A traveller's flight price: "A flight uses its own price when its guaranteed availability exceeds the
 * number of travelers; otherwise it uses the rounded sum of flight cost and fee from the cockpit prices."
 *
 * Cockpit prices are matched by age group, falling back to 'Adultos'. Null when the chosen source has no
 * price for the traveller (the flight cannot be sold to them).
 *
 * @example computeFlightPriceCents({ flight, ageGroup: 'Adultos', travellerCount: 2 })
 */
export function computeFlightPriceCents({
  flight,
  ageGroup,
  travellerCount,
  category = null,
}: {
  flight: PricedFlight;
  ageGroup: string;
  travellerCount: number;
  category?: string | null;
}): number | null {
  if (flight.guaranteedAvailability > travellerCount) {
    return findPriceForAgeGroup({ prices: flight.prices, ageGroup, category });
  }
  const cockpit =
    flight.cockpitPrices.find((price) => price.ageGroupName === ageGroup) ?? flight.cockpitPrices.find((price) => price.ageGroupName === ADULT_AGE_GROUP);
  return cockpit === undefined ? null : roundUpToEuro(cockpit.flightCostCents + cockpit.feeCents);
}

/**
 * The chosen flight's price per age group for a booking of `travellerCount` travellers, ready to pass to the
 * quote as `flightPrices`. Age groups the flight cannot price are left out.
 */
export function computeFlightPricesForBooking({ flight, travellerCount }: { flight: PricedFlight; travellerCount: number }): AgePrice[] {
  const result: AgePrice[] = [];
  for (const ageGroup of AGE_GROUPS) {
    const valueCents = computeFlightPriceCents({ flight, ageGroup, travellerCount });
    if (valueCents !== null) result.push({ ageGroupName: ageGroup, valueCents });
  }
  return result;
}

/**
 * What a set of travellers pays for a flight priced per age group (`computeFlightPricesForBooking`): each
 * traveller's price by age group and category, as the quote's flights line adds it up. A traveller the
 * flight cannot price adds nothing.
 *
 * @example computeFlightTotalCents({ prices, travellers: [{ ageGroup: 'Adultos' }, { ageGroup: 'Niños' }] })
 */
export function computeFlightTotalCents({
  prices,
  travellers,
}: {
  prices: readonly AgePrice[];
  travellers: readonly { ageGroup: string; category?: string | null }[];
}): number {
  return travellers.reduce((sum, t) => sum + (findPriceForAgeGroup({ prices, ageGroup: t.ageGroup, category: t.category ?? null }) ?? 0), 0);
}

/**
 * "An agency-sourced flight price is the rounded sum of purchase price, margin and total tax."
 *
 * @example
 * computeAgencyFlightPriceCents({ purchasePriceCents: 10000, agencyMarginCents: 1550, totalTaxCents: 3001 }) // 14600
 */
export function computeAgencyFlightPriceCents(fare: Pick<CockpitFlight, 'purchasePriceCents' | 'agencyMarginCents' | 'totalTaxCents'>): number {
  return roundUpToEuro(fare.purchasePriceCents + fare.agencyMarginCents + fare.totalTaxCents);
}

/**
 * The cheapest flight for an age group by its own price: "Flights whose name contains … 'sin v' are
 * excluded when finding the cheapest flight". Flights without a price for the age group are skipped; ties
 * keep the first. Null when nothing is left.
 */
export function findCheapestFlight<F extends Pick<Flight, 'name'> & { prices: readonly AgePrice[] }>({
  flights,
  ageGroup = ADULT_AGE_GROUP,
}: {
  flights: readonly F[];
  ageGroup?: string;
}): { flight: F; priceCents: number } | null {
  let best: { flight: F; priceCents: number } | null = null;
  for (const flight of flights) {
    if (isNoFlight(flight)) continue;
    const priceCents = findPriceForAgeGroup({ prices: flight.prices, ageGroup });
    if (priceCents === null) continue;
    if (best === null || priceCents < best.priceCents) best = { flight, priceCents };
  }
  return best;
}

/**
 * "Flight fares are looked up only for periods that start in the future and have availability": day one
 * after today and bookable availability above 0.
 */
export function shouldLookUpFlightFares({ period, today }: { period: Pick<Period, 'dayOne' | 'bookableAvailability'>; today: string }): boolean {
  return period.dayOne > today && period.bookableAvailability > 0;
}
