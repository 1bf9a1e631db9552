/**
 * "Store final price: lowest tour price plus period price plus flight price, flight cost and fee of the chosen
 * flight (or tour-level fallback), minus the value of a campaign whose name matches a given text."
 *
 * A campaign landing (/black-friday) shows it on each tour's card: what one adult pays on the tour's
 * cheapest departure that has the campaign in force, with its cheapest flight. It is computed by the booking
 * quote itself (docs/decisions/047), so the card never promises a price the funnel does not charge: the
 * flight is priced as the funnel prices it for one traveller (its own price, or the cockpit's flight cost
 * plus fee), and every campaign in force on that departure is taken off, as the funnel takes them off.
 */
import { ADULT_AGE_GROUP } from '../constants.ts';
import type { Campaign } from '../entities/index.ts';
import { type CatalogueWindow, isPeriodListed, type ListedPeriod } from './catalogue.ts';
import { computeFlightPriceCents, computeFlightPricesForBooking, isNoFlight, type PricedFlight } from './flights.ts';
import type { AgePrice } from './prices.ts';
import { isCampaignValid, quoteBooking } from './quote.ts';
import { containsNormalised } from './text.ts';
import { createTravellerEntry } from './travellers.ts';

type StoreCampaign = Pick<Campaign, 'name' | 'valueCents' | 'validFromDate' | 'validUntilDate' | 'discountAppliedPerTxt'>;
type StoreFlight = PricedFlight & { id: string; name: string };

export interface StorePeriod extends ListedPeriod {
  id: string;
  dayOne: string;
  bookableAvailability: number;
  prices: readonly AgePrice[];
  campaigns: readonly StoreCampaign[];
  flights: readonly StoreFlight[];
}

export interface StoreFinalPrice {
  priceCents: number;
  /** The campaign that matched, by its own name. */
  campaignName: string;
  periodId: string;
  dayOne: string;
  /** The flight priced in, null without one. */
  flightId: string | null;
  /** Whether that flight is a real one (not a 'sin vuelo' option). */
  withFlight: boolean;
}

/**
 * Whether a campaign's name matches the text (a landing's label): either contains the other, case and
 * accents aside, so the campaign 'Black Friday' matches the landing 'Black Friday viajero'.
 */
export function campaignMatches(name: string, text: string): boolean {
  const fragment = text.trim();
  if (fragment === '' || name.trim() === '') return false;
  return containsNormalised({ text: name, fragment }) || containsNormalised({ text: fragment, fragment: name.trim() });
}

/** The flight a card prices in: the cheapest real one for one adult, or a 'sin vuelo' one; null without flights. */
function cheapestFlight(flights: readonly StoreFlight[]): StoreFlight | null {
  const priced = flights
    .map((flight) => ({ flight, cents: computeFlightPriceCents({ flight, ageGroup: ADULT_AGE_GROUP, travellerCount: 1 }) }))
    .filter((f): f is { flight: StoreFlight; cents: number } => f.cents !== null);
  const real = priced.filter((f) => !isNoFlight(f.flight));
  const pool = real.length > 0 ? real : priced;
  return pool.reduce<{ flight: StoreFlight; cents: number } | null>((best, f) => (best === null || f.cents < best.cents ? f : best), null)?.flight ?? null;
}

/**
 * The store final price of a tour for a campaign named like `campaignText`: over its departures the catalogue
 * lists (`window`) with seats left that have such a campaign in force `today`, the lowest; null when none has.
 */
export function computeStoreFinalPrice({
  tourPrices,
  periods,
  campaignText,
  window,
  today,
}: {
  tourPrices: readonly AgePrice[];
  periods: readonly StorePeriod[];
  campaignText: string;
  window: CatalogueWindow;
  today: string;
}): StoreFinalPrice | null {
  let best: StoreFinalPrice | null = null;
  for (const period of periods) {
    if (!isPeriodListed({ period, window }) || period.bookableAvailability <= 0) continue;
    const inForce = period.campaigns.filter((campaign) => isCampaignValid({ campaign, today }));
    const matched = inForce.find((campaign) => campaignMatches(campaign.name, campaignText));
    if (!matched) continue;
    const flight = cheapestFlight(period.flights);
    const { totalCents } = quoteBooking({
      travellers: [createTravellerEntry({ id: '1', ageGroup: ADULT_AGE_GROUP })],
      tourPrices,
      periodPrices: period.prices,
      flightPrices: flight ? computeFlightPricesForBooking({ flight, travellerCount: 1 }) : [],
      reservationModes: [],
      optionalActivities: [],
      extras: [],
      campaigns: inForce,
      coupon: null,
    });
    if (best === null || totalCents < best.priceCents) {
      best = {
        priceCents: totalCents,
        campaignName: matched.name,
        periodId: period.id,
        dayOne: period.dayOne,
        flightId: flight?.id ?? null,
        withFlight: flight !== null && !isNoFlight(flight),
      };
    }
  }
  return best;
}
