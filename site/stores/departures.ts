/**
 * The tour page's departures: the static list the page was built with (up to an hour old), refreshed once
 * from the API for live seats and prices, and the departure the visitor picked.
 */
import { atom } from 'nanostores';
import { isDepartureAvailabilityList, isDepartureFull, mergeDepartureAvailability } from '#shared/rules/departures.ts';
import { api, callApi } from '../lib/api-client.ts';
import type { DepartureView } from '../lib/tour-view.ts';

export const $departures = atom<DepartureView[]>([]);
export const $selectedPeriodId = atom<string | null>(null);
/** 'static' until the live answer arrives; 'live' after it; a failed refresh stays 'static', silently. */
export const $departuresSource = atom<'static' | 'live'>('static');

export function initDepartures(departures: DepartureView[]): void {
  $departures.set(departures);
}

export function selectDeparture(periodId: string): void {
  const departure = $departures.get().find((d) => d.periodId === periodId);
  if (departure && !isDepartureFull(departure)) $selectedPeriodId.set(periodId);
}

/** Live seats and prices from `GET /api/tours/{slug}/departures`; on any failure the static data stays. */
export async function refreshDepartures(slug: string): Promise<void> {
  // Offline or the API is down: the page's own data is still right to within the hour.
  const live = await callApi(() => api.tours[':slug'].departures.$get({ param: { slug } }));
  if (!live.ok || !isDepartureAvailabilityList(live.data)) return;
  const merged = mergeDepartureAvailability({ departures: $departures.get(), fresh: live.data });
  $departures.set(merged);
  $departuresSource.set('live');
  // A departure that filled up since the page was built cannot stay chosen.
  const selected = merged.find((d) => d.periodId === $selectedPeriodId.get());
  if (selected && isDepartureFull(selected)) $selectedPeriodId.set(null);
}

/** 'Completo', 'Última plaza', 'Quedan 8 plazas'. */
export function formatSeatsLeft(seats: number): string {
  if (seats <= 0) return 'Completo';
  return seats === 1 ? 'Última plaza' : `Quedan ${seats} plazas`;
}
