/**
 * The tour grid's pills over the tours already on the page, and the address that mirrors them: "Clicking
 * the active pill clears it", 'Todos los viajes' clears the trip type, the filter is written into the
 * address without a new history entry (other parameters and the anchor kept), and a shared or reloaded
 * address gives the same filter back, ignoring what the grid does not offer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $gridFilter, clearGridFilter, formatTripCount, loadGridFilterFromAddress, toggleDestinationPill, toggleTripTypePill } from './grid-filter.ts';

const DESTINATIONS = ['Japón', 'Islandia'];
let page: URL;
const address = () => `${page.pathname}${page.search}${page.hash}`;

/** The listing's window: its address, and a history that only replaces it (a pill is no new page). */
function atPage(path: string) {
  page = new URL(path, 'http://localhost');
  vi.stubGlobal('window', {
    location: page,
    history: { state: null, replaceState: (_state: unknown, _title: string, next: string) => (page.href = new URL(next, page).href) },
  });
}

beforeEach(() => {
  atPage('/viajes?utm_source=boletin#viajes');
  clearGridFilter();
});
afterEach(() => vi.unstubAllGlobals());

describe('the tour grid’s filter', () => {
  it('filters by trip type, clears on the active pill or on “Todos los viajes”, and keeps the address in step', () => {
    toggleTripTypePill('FIT');
    expect($gridFilter.get()).toEqual({ tripType: 'FIT', destination: null });
    expect(address()).toBe('/viajes?utm_source=boletin&tipo=single#viajes');
    toggleTripTypePill('FIT');
    expect($gridFilter.get().tripType).toBeNull();
    expect(address()).toBe('/viajes?utm_source=boletin#viajes');
    toggleTripTypePill('Private');
    toggleTripTypePill('all');
    expect($gridFilter.get().tripType).toBeNull();
  });

  it('filters by one destination at a time; clicking it again clears it', () => {
    toggleTripTypePill('Group');
    toggleDestinationPill('Japón');
    expect(address()).toBe('/viajes?utm_source=boletin&tipo=grupo&destino=japon#viajes');
    toggleDestinationPill('Islandia');
    expect($gridFilter.get()).toEqual({ tripType: 'Group', destination: 'Islandia' });
    toggleDestinationPill('Islandia');
    expect($gridFilter.get()).toEqual({ tripType: 'Group', destination: null });
    clearGridFilter();
    expect(address()).toBe('/viajes?utm_source=boletin#viajes');
  });

  it('takes the filter from a shared address, among the destinations the grid offers', () => {
    atPage('/viajes?tipo=grupo-privados&destino=JAPON');
    loadGridFilterFromAddress(DESTINATIONS);
    expect($gridFilter.get()).toEqual({ tripType: 'Private', destination: 'Japón' });
    atPage('/viajes?tipo=crucero&destino=peru');
    loadGridFilterFromAddress(DESTINATIONS);
    expect($gridFilter.get()).toEqual({ tripType: null, destination: null });
  });

  it('announces the count as “1 viaje” or “N viajes”', () => {
    expect([0, 1, 12].map(formatTripCount)).toEqual(['0 viajes', '1 viaje', '12 viajes']);
  });
});
