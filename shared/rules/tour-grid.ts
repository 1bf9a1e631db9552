/** The tour grid: which tours it lists, its trip-type and destination pills, and filtering. */
import { DEFAULT_TRIP_TYPE_PATH, SINGLE_TRIP_TYPE, TRIP_TYPE_PILL_LABELS } from '../constants.ts';
import { isOneOf, TOUR_TYPES, TRIP_TYPE_SLUGS, type TourType, type TripTypeSlug } from '../enums.ts';
import type { Destination, Period, Tour } from '../entities/index.ts';
import { isPeriodWebBookable } from './catalogue.ts';
import { hasPositiveAdultPrice, type AgePrice } from './prices.ts';

export type GridTour = Pick<Tour, 'tourType'> & {
  prices: readonly AgePrice[];
  destinations: readonly Pick<Destination, 'name'>[];
  periods: readonly Pick<Period, 'tripType' | 'webBookable' | 'publishWeb'>[];
};

/** "Only tours whose price for age group 'Adultos' is above 0 are listed." */
export function listGridTours<T extends GridTour>(tours: readonly T[]): T[] {
  return tours.filter((tour) => hasPositiveAdultPrice(tour.prices));
}

/**
 * Whether a tour belongs to a trip type. "Type filters apply to tour_type. The 'Single' filter instead checks
 * whether any period that is both web_bookable and publish_web has trip_type Single." The single pill is the
 * FIT one ('Viaje single'), so FIT uses the period check, not tour_type.
 */
export function tourMatchesTripType({ tour, tripType }: { tour: GridTour; tripType: TourType }): boolean {
  if (tripType === 'FIT') {
    return tour.periods.some((period) => isPeriodWebBookable(period) && period.tripType === SINGLE_TRIP_TYPE);
  }
  return tour.tourType === tripType;
}

export interface TripTypePill {
  /** 'all' for 'Todos los viajes'. */
  key: 'all' | TourType;
  label: string;
  count: number;
}

/**
 * The trip-type pills: "'Todos los viajes' (all), 'En grupo' (Group), 'Viaje single' (FIT), 'Privados'
 * (Private), each with a count. A pill appears only when at least one tour has that type." Counts use the same
 * test as the filter, over the listed tours; 'Todos los viajes' follows the same rule (hidden with no tours).
 */
export function buildTripTypePills<T extends GridTour>({ tours }: { tours: readonly T[] }): TripTypePill[] {
  const listed = listGridTours(tours);
  const pills: TripTypePill[] = [{ key: 'all', label: TRIP_TYPE_PILL_LABELS.all, count: listed.length }];
  for (const tripType of TOUR_TYPES) {
    const count = listed.filter((tour) => tourMatchesTripType({ tour, tripType })).length;
    pills.push({ key: tripType, label: TRIP_TYPE_PILL_LABELS[tripType], count });
  }
  return pills.filter((pill) => pill.count >= 1);
}

/** "Destination pills come from the unique destination names across the tours", in first-seen order. */
export function buildDestinationPills<T extends GridTour>({ tours }: { tours: readonly T[] }): string[] {
  return [...new Set(listGridTours(tours).flatMap((tour) => tour.destinations.map((d) => d.name)))];
}

/** "Clicking the active pill clears it": the new active pill after a click. */
export function togglePill<K extends string>({ active, clicked }: { active: K | null; clicked: K }): K | null {
  return active === clicked ? null : clicked;
}

/**
 * The tours the grid shows: listed tours, narrowed to the active trip type (null or 'all' is no filter) and
 * the active destination name (null is no filter).
 */
export function filterGrid<T extends GridTour>({
  tours,
  tripType,
  destination,
}: {
  tours: readonly T[];
  tripType: TourType | 'all' | null;
  destination: string | null;
}): T[] {
  return listGridTours(tours).filter(
    (tour) =>
      (tripType === null || tripType === 'all' || tourMatchesTripType({ tour, tripType })) &&
      (destination === null || tour.destinations.some((d) => d.name === destination)),
  );
}

const TRIP_TYPE_BY_SLUG = {
  grupo: 'Group',
  single: 'FIT',
  'grupo-privados': 'Private',
} as const satisfies Record<TripTypeSlug, TourType>;

/** The tour type of a /tipo-de-viaje/{slug} page ("Known trip-type slugs: grupo, single, grupo-privados"). */
export function parseTripTypeSlug(slug: string): TourType | null {
  return isOneOf(TRIP_TYPE_SLUGS, slug) ? TRIP_TYPE_BY_SLUG[slug] : null;
}

/** The page of a trip type; "/viajes-en-grupo is the default fallback for the selected trip type". */
export function buildTripTypePath(slug: TripTypeSlug | null): string {
  return slug === null ? DEFAULT_TRIP_TYPE_PATH : `/tipo-de-viaje/${slug}`;
}
