/**
 * The traveller's trips (/perfil/viajes) and one trip (/perfil/reserva/{id}): read from `/api/me`, which
 * narrows everything to the signed-in traveller on the server.
 */
import { nextRequestId } from '../staff-kit/press.ts';
import { map } from 'nanostores';
import type { ProfileSummary, TripDetail, TripPassengerField, TripsAnswer } from '#shared/schemas/me.ts';
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

/** A change the traveller sends from the trip's page: one request id per press, so a double click applies once. */
interface Press {
  requestId: string;
  sending: boolean;
  message: string | null;
  errors: Record<string, string>;
}
const freshPress = (): Press => ({ requestId: crypto.randomUUID(), sending: false, message: null, errors: {} });

export interface PassengerEdit extends Press {
  travellerId: string;
  fields: Partial<Record<TripPassengerField, string>>;
}
export interface ActivityAdd extends Press {
  activityId: string;
  travellerIds: string[];
}
export interface TripChangesState {
  passenger: PassengerEdit | null;
  activity: ActivityAdd | null;
  /** What the last change did, for the page's status line. */
  done: string | null;
}

export const $tripChanges = map<TripChangesState>({ passenger: null, activity: null, done: null });

export function openPassenger(travellerId: string) {
  const traveller = $trip.get().detail?.travellers.find((t) => t.id === travellerId);
  if (!traveller) return;
  $tripChanges.set({ passenger: { ...freshPress(), travellerId, fields: { ...traveller.fields } }, activity: null, done: null });
}
export const closePassenger = () => $tripChanges.setKey('passenger', null);
export function setPassengerField(field: TripPassengerField, value: string) {
  const edit = $tripChanges.get().passenger;
  if (!edit) return;
  const { [`fields.${field}`]: _fixed, ...errors } = edit.errors;
  $tripChanges.setKey('passenger', { ...edit, fields: { ...edit.fields, [field]: value }, errors });
}

/** After a change the page shows the trip as the server now has it. */
function refreshed(detail: TripDetail) {
  $trip.set({ status: 'ready', detail, message: null });
}

export async function savePassenger() {
  const edit = $tripChanges.get().passenger;
  const detail = $trip.get().detail;
  if (!edit || !detail || edit.sending) return;
  $tripChanges.setKey('passenger', { ...edit, sending: true, message: null });
  // Only what was typed: an emptied field is left as it was rather than sent as blank.
  const fields = Object.fromEntries(Object.entries(edit.fields).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));
  const result = await callApi(() =>
    api.me.trips[':id'].traveller.$post({
      param: { id: detail.trip.id },
      json: { requestId: edit.requestId, expectedUpdatedAt: detail.updatedAt, travellerId: edit.travellerId, fields },
    }),
  );
  if (!result.ok) {
    $tripChanges.setKey('passenger', {
      ...edit,
      sending: false,
      message: result.message,
      errors: result.fields,
      requestId: nextRequestId(result, edit.requestId),
    });
    // Changed meanwhile (another tab, the office): the page catches up; what was typed stays.
    if (result.status === 409) await reloadQuietly(detail.trip.id);
    return;
  }
  refreshed(result.data.detail);
  $tripChanges.set({ passenger: null, activity: null, done: 'Datos del viajero guardados.' });
}

export function openActivity(activityId: string) {
  $tripChanges.set({ passenger: null, activity: { ...freshPress(), activityId, travellerIds: [] }, done: null });
}
export const closeActivity = () => $tripChanges.setKey('activity', null);
export function toggleActivityTraveller(travellerId: string, on: boolean) {
  const add = $tripChanges.get().activity;
  if (!add) return;
  const travellerIds = on ? [...new Set([...add.travellerIds, travellerId])] : add.travellerIds.filter((id) => id !== travellerId);
  $tripChanges.setKey('activity', { ...add, travellerIds, errors: {}, message: null });
}

export async function addActivity() {
  const add = $tripChanges.get().activity;
  const detail = $trip.get().detail;
  if (!add || !detail || add.sending) return;
  if (add.travellerIds.length === 0) {
    $tripChanges.setKey('activity', { ...add, errors: { travellerIds: 'Elige al menos un viajero.' } });
    return;
  }
  $tripChanges.setKey('activity', { ...add, sending: true, message: null });
  const result = await callApi(() =>
    api.me.trips[':id'].activity.$post({
      param: { id: detail.trip.id },
      json: { requestId: add.requestId, expectedUpdatedAt: detail.updatedAt, activityId: add.activityId, travellerIds: add.travellerIds },
    }),
  );
  if (!result.ok) {
    $tripChanges.setKey('activity', {
      ...add,
      sending: false,
      message: result.message,
      errors: result.fields,
      requestId: nextRequestId(result, add.requestId),
    });
    if (result.status === 409) await reloadQuietly(detail.trip.id);
    return;
  }
  refreshed(result.data.detail);
  $tripChanges.set({ passenger: null, activity: null, done: 'Actividad añadida. Ya puedes pagarla con «Pagar lo pendiente».' });
}

async function reloadQuietly(id: string) {
  const result = await callApi(() => api.me.trips[':id'].$get({ param: { id } }));
  if (result.ok) refreshed(result.data);
}
