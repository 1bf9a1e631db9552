/**
 * The tour grid's filter in the address (`?tipo=grupo&destino=japon`), so a filtered list can be shared
 * and a reload or the back button keeps it. Trip types use the /tipo-de-viaje slugs, destinations their
 * slug; anything unknown is ignored (no filter) rather than showing an empty grid.
 */
import { TOUR_TYPES, type TourType, type TripTypeSlug } from '../enums.ts';
import { parseTripTypeSlug } from './tour-grid.ts';
import { slugify } from './text.ts';

export const GRID_QUERY_PARAMS = { tripType: 'tipo', destination: 'destino' } as const;

export interface GridFilter {
  /** null: no trip-type filter ('Todos los viajes'). */
  tripType: TourType | null;
  /** A destination name among the grid's pills, or null. */
  destination: string | null;
}

const SLUG_BY_TRIP_TYPE = { Group: 'grupo', FIT: 'single', Private: 'grupo-privados' } as const satisfies Record<TourType, TripTypeSlug>;

/**
 * The filter an address asks for, among the destinations the grid offers.
 *
 * @example parseGridQuery({ search: '?tipo=grupo&destino=japon', destinations: ['Japón'] }) // { tripType: 'Group', destination: 'Japón' }
 */
export function parseGridQuery({ search, destinations }: { search: string; destinations: readonly string[] }): GridFilter {
  const params = new URLSearchParams(search);
  const tipo = params.get(GRID_QUERY_PARAMS.tripType);
  const destino = params.get(GRID_QUERY_PARAMS.destination);
  const tripType = tipo === null ? null : parseTripTypeSlug(tipo);
  const destination = destino === null ? null : (destinations.find((name) => slugify(name) === slugify(destino)) ?? null);
  return { tripType: tripType !== null && TOUR_TYPES.includes(tripType) ? tripType : null, destination };
}

/**
 * The query string for a filter, keeping every other parameter (campaign utm_* ones must survive).
 * Returns '' or a string starting with '?'.
 *
 * @example buildGridQuery({ search: '?utm_source=x', filter: { tripType: 'FIT', destination: null } }) // '?utm_source=x&tipo=single'
 */
export function buildGridQuery({ search, filter }: { search: string; filter: GridFilter }): string {
  const params = new URLSearchParams(search);
  params.delete(GRID_QUERY_PARAMS.tripType);
  params.delete(GRID_QUERY_PARAMS.destination);
  if (filter.tripType !== null) params.set(GRID_QUERY_PARAMS.tripType, SLUG_BY_TRIP_TYPE[filter.tripType]);
  if (filter.destination !== null) params.set(GRID_QUERY_PARAMS.destination, slugify(filter.destination));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
