/**
 * The traveller's trips (/perfil/viajes) and one trip (/perfil/reserva/{id}): read from `/api/me`, which
 * narrows everything to the signed-in traveller on the server.
 */
import { map } from 'nanostores';
import type { ProfileSummary, TripDetail, TripsAnswer } from '#shared/schemas/me.ts';
import { api, callApi } from '../lib/api-client.ts';

export interface TripsState {
  status: 'loading' | 'ready' | 'failed';
  trips: TripsAnswer | null;
  message: string | null;
}

export const $trips = map<TripsState>({ status: 'loading', trips: null, message: null });

export async function loadTrips() {
  $trips.set({ status: 'loading', trips: $trips.get().trips, message: null });
  const result = await callApi(() => api.me.trips.$get());
  $trips.set(result.ok ? { status: 'ready', trips: result.data, message: null } : { status: 'failed', trips: null, message: result.message });
}

export interface TripState {
  status: 'loading' | 'ready' | 'failed';
  detail: TripDetail | null;
  message: string | null;
}

export const $trip = map<TripState>({ status: 'loading', detail: null, message: null });

export async function loadTrip(id: string) {
  $trip.set({ status: 'loading', detail: null, message: null });
  const result = await callApi(() => api.me.trips[':id'].$get({ param: { id } }));
  $trip.set(result.ok ? { status: 'ready', detail: result.data, message: null } : { status: 'failed', detail: null, message: result.message });
}

export interface SummaryState {
  status: 'loading' | 'ready' | 'failed';
  summary: ProfileSummary | null;
  message: string | null;
}

export const $profileSummary = map<SummaryState>({ status: 'loading', summary: null, message: null });

export async function loadProfileSummary() {
  const result = await callApi(() => api.me.summary.$get());
  $profileSummary.set(result.ok ? { status: 'ready', summary: result.data, message: null } : { status: 'failed', summary: null, message: result.message });
}
