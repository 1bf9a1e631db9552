/**
 * Paged catalogue listings (/viajes, /temporada/{slug}, /destino/{slug}, /region/{slug},
 * /tipo-de-viaje/{slug}): 50 cards a page ("tour listing … 50 in paged loading", §9), page 1 at the
 * listing's own address and the next ones at `{address}/pagina/{n}`. A listing of several pages also
 * publishes a small filter index, so the trip-type and destination pills filter the whole listing, not
 * only the cards of the page in view (docs/decisions/035-paged-listings.md).
 */
import { LISTING_PAGE_SIZE } from '../constants.ts';
import { TOUR_TYPES, type TourType } from '../enums.ts';
import { buildDestinationPills, buildTripTypePills, tourMatchesTripType, type GridTour, type TripTypePill } from './tour-grid.ts';

/** The path segment before a page number: `/viajes/pagina/2`. */
export const LISTING_PAGE_SEGMENT = 'pagina';
/** Beside page 1 of a paged listing: `/viajes/filtros.json`. */
export const LISTING_INDEX_FILE = 'filtros.json';

/**
 * The cards of each page, in the listing's order. An empty listing is one empty page, so its address
 * still answers (with the grid's "no tours" text).
 */
export function splitIntoPages<T>(items: readonly T[], size: number = LISTING_PAGE_SIZE): T[][] {
  if (items.length === 0) return [[]];
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
  return pages;
}

/**
 * @example listingPagePath('/viajes', 1) // '/viajes'
 * @example listingPagePath('/viajes', 3) // '/viajes/pagina/3'
 */
export function listingPagePath(base: string, page: number): string {
  return page <= 1 ? base : `${base}/${LISTING_PAGE_SEGMENT}/${page}`;
}

/** The Astro rest parameter of a page: undefined for page 1 (the listing's own address). */
export function listingPageParam(page: number): string | undefined {
  return page <= 1 ? undefined : `${LISTING_PAGE_SEGMENT}/${page}`;
}

export type PagerItem = { kind: 'page'; page: number; current: boolean } | { kind: 'gap' };

/**
 * The numbered links of a pager: the first and last page, and the two either side of the current one,
 * with a gap where pages are left out. A gap never stands for a single page: that page is shown instead.
 *
 * @example buildPagerItems({ current: 5, total: 9 }) // 1 … 3 4 [5] 6 7 … 9
 */
export function buildPagerItems({ current, total }: { current: number; total: number }): PagerItem[] {
  const shown = new Set([1, total]);
  for (let page = current - 2; page <= current + 2; page += 1) if (page >= 1 && page <= total) shown.add(page);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page - previous === 2) items.push({ kind: 'page', page: previous + 1, current: false });
    else if (page - previous > 2) items.push({ kind: 'gap' });
    items.push({ kind: 'page', page, current: page === current });
    previous = page;
  }
  return items;
}

/** What the pills of a paged listing show: counted over the whole listing, computed when it is built. */
export interface ListingFacets {
  tripTypePills: TripTypePill[];
  destinations: string[];
}

export function buildListingFacets(tours: readonly GridTour[]): ListingFacets {
  return { tripTypePills: buildTripTypePills({ tours }), destinations: buildDestinationPills({ tours }) };
}

/**
 * The filter index of a paged listing: every tour of it in order, with the page that shows its card,
 * the trip-type pills it counts under and its destinations (indexes into `destinations`). Small enough to
 * fetch when a visitor presses a pill: about 30 bytes a tour.
 */
export interface ListingIndex {
  pages: number;
  destinations: string[];
  /** [tour id, page, trip types (indexes into TOUR_TYPES), destinations (indexes into `destinations`)] */
  tours: [string, number, number[], number[]][];
}

export function buildListingIndex(pages: readonly (readonly (GridTour & { id: string })[])[]): ListingIndex {
  const destinations = buildDestinationPills({ tours: pages.flat() });
  const destinationIndex = new Map(destinations.map((name, i) => [name, i]));
  const tours: ListingIndex['tours'] = [];
  pages.forEach((cards, i) => {
    for (const tour of cards) {
      const types = TOUR_TYPES.flatMap((tripType, t) => (tourMatchesTripType({ tour, tripType }) ? [t] : []));
      const where = [...new Set(tour.destinations.flatMap((d) => destinationIndex.get(d.name) ?? []))];
      tours.push([tour.id, i + 1, types, where]);
    }
  });
  return { pages: pages.length, destinations, tours };
}

/** A tour of the index that the filter keeps, and the page its card is on. */
export interface IndexMatch {
  id: string;
  page: number;
}

/** The tours a filter keeps, in the listing's order (null is no filter on that dimension). */
export function filterListingIndex({
  index,
  tripType,
  destination,
}: {
  index: ListingIndex;
  tripType: TourType | null;
  destination: string | null;
}): IndexMatch[] {
  const typeIndex = tripType === null ? -1 : TOUR_TYPES.indexOf(tripType);
  const destinationIndex = destination === null ? -1 : index.destinations.indexOf(destination);
  if (destination !== null && destinationIndex === -1) return [];
  return index.tours
    .filter(([, , types, where]) => (typeIndex === -1 || types.includes(typeIndex)) && (destinationIndex === -1 || where.includes(destinationIndex)))
    .map(([id, page]) => ({ id, page }));
}

/** Whether a fetched index has the shape above: it comes over the network, so it is checked before use. */
export function isListingIndex(value: unknown): value is ListingIndex {
  if (typeof value !== 'object' || value === null) return false;
  const { pages, destinations, tours } = value as Partial<ListingIndex>;
  return (
    Number.isInteger(pages) &&
    Array.isArray(destinations) &&
    destinations.every((d) => typeof d === 'string') &&
    Array.isArray(tours) &&
    tours.every(
      (row) =>
        Array.isArray(row) &&
        typeof row[0] === 'string' &&
        Number.isInteger(row[1]) &&
        Array.isArray(row[2]) &&
        row[2].every(Number.isInteger) &&
        Array.isArray(row[3]) &&
        row[3].every(Number.isInteger),
    )
  );
}
