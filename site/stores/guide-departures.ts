/**
 * One departure as the guide reads it on tour (/admin/guias/{periodId}). The last departure opened is kept
 * in this browser (localStorage, by period id) so it stays readable without a connection; signing out
 * forgets every copy (session.ts).
 */
import { map } from 'nanostores';
import type { GuideDeparture } from '#shared/schemas/guides.ts';
import { api, callApi } from '../lib/api-client.ts';
import { GUIDE_COPY_PREFIX } from './session.ts';

export interface GuideDepartureState {
  status: 'loading' | 'ready' | 'failed';
  departure: GuideDeparture | null;
  /** Shown from the copy kept in this browser because the shop could not be reached. */
  offline: boolean;
  message: string | null;
  signIn: boolean;
}

export const $guideDeparture = map<GuideDepartureState>({ status: 'loading', departure: null, offline: false, message: null, signIn: false });

function readCopy(periodId: string): GuideDeparture | null {
  try {
    const text = localStorage.getItem(`${GUIDE_COPY_PREFIX}${periodId}`);
    return text ? (JSON.parse(text) as GuideDeparture) : null;
  } catch {
    return null;
  }
}

function keepCopy(departure: GuideDeparture): void {
  try {
    localStorage.setItem(`${GUIDE_COPY_PREFIX}${departure.period.id}`, JSON.stringify(departure));
  } catch {
    // Storage full or blocked: the screen still works online.
  }
}

export async function openGuideDeparture(periodId: string) {
  $guideDeparture.set({ status: 'loading', departure: null, offline: false, message: null, signIn: false });
  const result = await callApi(() => api.guides.departures[':periodId'].$get({ param: { periodId } }));
  if (result.ok) {
    keepCopy(result.data);
    $guideDeparture.set({ status: 'ready', departure: result.data, offline: false, message: null, signIn: false });
    return;
  }
  // No connection: the copy of the last time, said as such. Any answer of the server wins over the copy.
  const copy = result.status === 0 ? readCopy(periodId) : null;
  if (copy) {
    $guideDeparture.set({ status: 'ready', departure: copy, offline: true, message: null, signIn: false });
    return;
  }
  if (result.status === 401 || result.status === 403 || result.status === 404) forgetCopy(periodId);
  $guideDeparture.set({ status: 'failed', departure: null, offline: false, message: result.message, signIn: result.status === 401 });
}

function forgetCopy(periodId: string): void {
  try {
    localStorage.removeItem(`${GUIDE_COPY_PREFIX}${periodId}`);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
