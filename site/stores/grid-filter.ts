/**
 * The tour grid's filter: trip type and destination, mirrored in the address so a filtered list can be
 * shared and survives a reload or the back button. One grid per page.
 */
import { map } from 'nanostores';
import type { TourType } from '#shared/enums.ts';
import { buildGridQuery, parseGridQuery, type GridFilter } from '#shared/rules/grid-query.ts';
import { togglePill } from '#shared/rules/tour-grid.ts';

export const $gridFilter = map<GridFilter>({ tripType: null, destination: null });

function writeToAddress(filter: GridFilter): void {
  if (typeof window === 'undefined') return;
  const query = buildGridQuery({ search: window.location.search, filter });
  // replaceState: a pill is a view of the page, not a new page; back leaves the listing as the visitor left it.
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${query}${window.location.hash}`);
}

/** "Clicking the active pill clears it"; 'Todos los viajes' (all) clears the trip-type filter. */
export function toggleTripTypePill(clicked: 'all' | TourType): void {
  const active = $gridFilter.get().tripType ?? 'all';
  const next = togglePill<'all' | TourType>({ active, clicked });
  $gridFilter.setKey('tripType', next === 'all' ? null : next);
  writeToAddress($gridFilter.get());
}

/** "Clicking one filters; clicking it again clears it." */
export function toggleDestinationPill(clicked: string): void {
  $gridFilter.setKey('destination', togglePill({ active: $gridFilter.get().destination, clicked }));
  writeToAddress($gridFilter.get());
}

export function clearGridFilter(): void {
  $gridFilter.set({ tripType: null, destination: null });
  writeToAddress($gridFilter.get());
}

/** Takes the filter from the address (`?tipo=…&destino=…`), among the destinations the grid offers. */
export function loadGridFilterFromAddress(destinations: readonly string[]): void {
  $gridFilter.set(parseGridQuery({ search: window.location.search, destinations }));
}

/** '1 viaje', '12 viajes': the announced result count. */
export const formatTripCount = (count: number): string => `${count} ${count === 1 ? 'viaje' : 'viajes'}`;
