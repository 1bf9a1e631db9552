/** Texts and badges of tour cards, recommended cards and carousels. */
import { BRAND_NAME, RATING_BADGE_THRESHOLD, THIRD_PARTY_TRIP_TYPE } from '../constants.ts';
import type { Campaign, Period, Tour } from '../entities/index.ts';
import { isAllYearSeason } from './seasons.ts';
import { formatEuros } from './money.ts';

/**
 * "'N días/N-1 noches'", in singular where Spanish needs it.
 *
 * @example formatTripDuration(8) // '8 días/7 noches'
 * @example formatTripDuration(2) // '2 días/1 noche'
 */
export function formatTripDuration(numberOfDays: number): string {
  const days = Math.max(0, Math.trunc(numberOfDays));
  const nights = Math.max(0, days - 1);
  return `${days} ${days === 1 ? 'día' : 'días'}/${nights} ${nights === 1 ? 'noche' : 'noches'}`;
}

/**
 * The card's duration "taken from the first period": the period with the earliest day one (the order periods
 * arrive in is not meaningful). Null without periods.
 */
export function formatTourCardDuration({ periods }: { periods: readonly Pick<Period, 'dayOne' | 'numberOfDays'>[] }): string | null {
  const first = [...periods].sort((a, b) => a.dayOne.localeCompare(b.dayOne))[0];
  return first === undefined ? null : formatTripDuration(first.numberOfDays);
}

/** "'desde' followed by the lowest price and the euro sign". */
export function formatFromPrice(cents: number): string {
  return `desde ${formatEuros(cents)}`;
}

/** "Shows … the name in uppercase" (Spanish casing rules). */
export function formatTourCardName(name: string): string {
  return name.toLocaleUpperCase('es');
}

/**
 * "A badge 'Tour creado por {product}' … is shown when no period has trip_type 'terceros' and the season tag
 * is not 'all year'."
 */
export function shouldShowCreatedByBadge({ tour }: { tour: Pick<Tour, 'tagSeason'> & { periods: readonly Pick<Period, 'tripType'>[] } }): boolean {
  return !tour.periods.some((period) => period.tripType === THIRD_PARTY_TRIP_TYPE) && !isAllYearSeason(tour.tagSeason);
}

/** The badge text: 'Tour creado por {product}'. */
export function formatCreatedByBadge(product: string = BRAND_NAME): string {
  return `Tour creado por ${product}`;
}

/** "Shows a rating badge when rate is 4 or more." */
export function shouldShowRatingBadge(rate: number | null): boolean {
  return rate !== null && rate >= RATING_BADGE_THRESHOLD;
}

/**
 * The rating with "one decimal", Spanish decimal comma.
 *
 * @example formatRating(4.46) // '4,5'
 */
export function formatRating(rate: number): string {
  return (Math.round(rate * 10) / 10).toFixed(1).replace('.', ',');
}

/**
 * The recommended card's struck-through price: "a struck-through original price when a future period has at
 * least one campaign. The struck price is the adult price plus the displayed price adjustment."
 *
 * A future period starts after today; the earliest such period with campaigns gives the adjustment, the sum
 * of its campaigns' absolute values (what one adult saves, as the quote computes it). Null when no future
 * period has a campaign.
 */
export function computeStruckPriceCents({
  adultPriceCents,
  periods,
  today,
}: {
  adultPriceCents: number;
  periods: readonly (Pick<Period, 'dayOne'> & { campaigns: readonly Pick<Campaign, 'valueCents'>[] })[];
  today: string;
}): number | null {
  const withCampaign = periods.filter((period) => period.dayOne > today && period.campaigns.length > 0).sort((a, b) => a.dayOne.localeCompare(b.dayOne))[0];
  if (withCampaign === undefined) return null;
  return adultPriceCents + withCampaign.campaigns.reduce((sum, campaign) => sum + Math.abs(campaign.valueCents), 0);
}

/** "'No encuentras recomendaciones de tours {type}?'" (the spec's punctuation, kept). */
export function formatNoRecommendationsMessage(type: string): string {
  return `No encuentras recomendaciones de tours ${type}?`;
}
