/** Which tours and periods the public catalogue lists, search matching and route filters. */
import { HIDDEN_KEYWORD } from '../constants.ts';
import type { Destination, ParentRegion, Period, Tour } from '../entities/index.ts';
import { formatIsoDate } from './dates.ts';
import { hasPositiveAdultPrice, type AgePrice } from './prices.ts';
import { containsNormalised, normaliseSearchQuery, normaliseSearchText, slugify } from './text.ts';

export interface CatalogueWindow {
  /** Today, UTC, inclusive. */
  from: string;
  /** 31 December of next year, inclusive. */
  to: string;
}

/**
 * The departure window of the catalogue: "day_one between today (UTC) and 31 December of next year".
 *
 * @example catalogueWindow(new Date('2025-06-15T23:30:00Z')) // { from: '2025-06-15', to: '2026-12-31' }
 */
export function catalogueWindow(now: Date): CatalogueWindow {
  return { from: formatIsoDate(now), to: `${now.getUTCFullYear() + 1}-12-31` };
}

/** "A period is bookable on the web only when web_bookable and publish_web are both true." */
export function isPeriodWebBookable(period: Pick<Period, 'webBookable' | 'publishWeb'>): boolean {
  return period.webBookable && period.publishWeb;
}

export type ListedPeriod = Pick<Period, 'webBookable' | 'publishWeb' | 'dayOne'>;

/** A period the catalogue lists: web-bookable, with day one inside the window (both ends inclusive). */
export function isPeriodListed({ period, window }: { period: ListedPeriod; window: CatalogueWindow }): boolean {
  return isPeriodWebBookable(period) && period.dayOne >= window.from && period.dayOne <= window.to;
}

/** "Hidden tours (tagKeywords or tag_season containing 'oculto') are removed from lists." Any case. */
export function isHiddenTour(tour: Pick<Tour, 'tagKeywords' | 'tagSeason'>): boolean {
  return containsNormalised({ text: tour.tagKeywords, fragment: HIDDEN_KEYWORD }) || containsNormalised({ text: tour.tagSeason, fragment: HIDDEN_KEYWORD });
}

export type CatalogueTour<P extends ListedPeriod> = Pick<Tour, 'publishWeb' | 'tagKeywords' | 'tagSeason'> & {
  periods: readonly P[];
};

/**
 * The public catalogue: "Catalogue listing keeps only tours with publish_web true, and periods that are
 * publish_web and web_bookable with day_one between today (UTC) and 31 December of next year." Hidden tours
 * go, each tour keeps only its listed periods, and a tour left with no period goes too.
 */
export function listCatalogueTours<P extends ListedPeriod, T extends CatalogueTour<P>>({ tours, now }: { tours: readonly T[]; now: Date }): T[] {
  const window = catalogueWindow(now);
  return tours.flatMap((tour) => {
    if (!tour.publishWeb || isHiddenTour(tour)) return [];
    const periods = tour.periods.filter((period) => isPeriodListed({ period, window }));
    return periods.length === 0 ? [] : [{ ...tour, periods }];
  });
}

export type SearchableTour = Pick<Tour, 'name' | 'subtitle' | 'tagSeason' | 'tagKeywords'> & {
  destinations: readonly Pick<Destination, 'name' | 'continentTxt' | 'province'>[];
};

/**
 * Whether a tour answers a search: every word of the normalised query (destination aliases applied, so
 * 'europe' finds 'Europa') occurs in the tour's name, subtitle, season, keywords or destinations. An empty
 * query matches every tour.
 */
export function tourMatchesSearch({ tour, query }: { tour: SearchableTour; query: string }): boolean {
  const words = normaliseSearchQuery(query)
    .split(' ')
    .filter((word) => word !== '');
  const haystack = normaliseSearchText(
    [tour.name, tour.subtitle, tour.tagSeason, tour.tagKeywords, ...tour.destinations.flatMap((d) => [d.name, d.continentTxt, d.province])]
      .filter((part): part is string => part !== null)
      .join(' '),
  );
  return words.every((word) => haystack.includes(word));
}

/** /destino/{slug}: a tour with a destination whose name slugifies to the slug. */
export function tourMatchesDestinationSlug({ tour, slug }: { tour: { destinations: readonly Pick<Destination, 'name'>[] }; slug: string }): boolean {
  return tour.destinations.some((destination) => slugify(destination.name) === slug);
}

/** /region/{slug}: a tour under a parent region with that slug. */
export function tourMatchesRegionSlug({ tour, slug }: { tour: { parentRegions: readonly Pick<ParentRegion, 'slug'>[] }; slug: string }): boolean {
  return tour.parentRegions.some((region) => region.slug === slug);
}

/** /temporada/{slug}: a tour whose season tag (one season or a comma-separated list) has that slug. */
export function tourMatchesSeasonSlug({ tour, slug }: { tour: Pick<Tour, 'tagSeason'>; slug: string }): boolean {
  if (tour.tagSeason === null) return false;
  return tour.tagSeason.split(',').some((season) => slugify(season) === slug);
}

export type PublicTourCandidate<P extends ListedPeriod> = Pick<Tour, 'tagKeywords' | 'tagSeason'> & {
  prices: readonly AgePrice[];
  periods: readonly P[];
};

/**
 * Whether a tour may appear anywhere public (its page, cards, search, sitemap): not hidden ('oculto'), an
 * 'Adultos' price above 0 ("Only tours whose price for age group 'Adultos' is above 0 are listed") and at
 * least one listed period. Publication (publish_web) is checked where tours are read: unpublished tours
 * never reach the snapshot.
 */
export function isTourPublic<P extends ListedPeriod>({ tour, window }: { tour: PublicTourCandidate<P>; window: CatalogueWindow }): boolean {
  return !isHiddenTour(tour) && hasPositiveAdultPrice(tour.prices) && tour.periods.some((period) => isPeriodListed({ period, window }));
}
