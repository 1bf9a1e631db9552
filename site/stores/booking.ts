/**
 * The booking funnel's working state (DESIGN.md, Booking funnel): what the visitor chose before the booking
 * exists (tour, departure, travellers per age group, lead contact) and what they are typing on the
 * passengers step, kept in sessionStorage so a reload or back/forward keeps it. Once the booking exists the
 * server holds every choice and every price; this store mirrors its working view and never prices anything.
 */
import { atom, map } from 'nanostores';
import { ADULT_AGE_GROUP, CHILD_AGE_GROUP } from '#shared/constants.ts';
import type { RoommateGroup } from '#shared/rules/passengers.ts';
import {
  BUDGET_LINK_PARAM,
  type BookingWorkingView,
  type CreateBookingInput,
  type FlightChoiceInput,
  type QuoteRequestInput,
  type QuoteView,
} from '#shared/schemas/bookings.ts';
import type { FunnelStepKey } from '#shared/funnel-steps.ts';
import { api, type ApiResult, callApi } from '../lib/api-client.ts';

export interface LeadDraft {
  name: string;
  surname: string;
  email: string;
  phone: string;
}

export interface FunnelState {
  slug: string | null;
  periodId: string | null;
  adults: number;
  children: number;
  lead: LeadDraft;
  /** The booking made at the complete-details step, and the last step the visitor reached with it. */
  bookingId: string | null;
  lastStep: FunnelStepKey | null;
  /** Passengers-step fields typed but not yet saved, by traveller entry id. */
  passengerDrafts: Record<string, Record<string, string>>;
}

export const STORAGE_KEY = 'dr-booking-funnel';

export const INITIAL_FUNNEL: FunnelState = {
  slug: null,
  periodId: null,
  adults: 1,
  children: 0,
  lead: { name: '', surname: '', email: '', phone: '' },
  bookingId: null,
  lastStep: null,
  passengerDrafts: {},
};

function readStored(): FunnelState {
  if (typeof sessionStorage === 'undefined') return INITIAL_FUNNEL;
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? { ...INITIAL_FUNNEL, ...(JSON.parse(raw) as Partial<FunnelState>) } : INITIAL_FUNNEL;
  } catch {
    return INITIAL_FUNNEL;
  }
}

/**
 * The persisted part. Written through on every change; sessionStorage (not localStorage) because a booking
 * in progress belongs to this tab and personal data should not outlive it.
 */
export const $funnel = map<FunnelState>(readStored());
$funnel.listen((state) => {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Private mode or a full quota: the funnel still works, a reload just starts over.
  }
});

/** Starts a new funnel for a tour, keeping what was typed for the lead (the same person books again). */
export function startFunnel(slug: string, periodId: string | null): void {
  const current = $funnel.get();
  if (current.slug === slug && current.bookingId === null) {
    if (periodId) $funnel.setKey('periodId', periodId);
    return;
  }
  $funnel.set({ ...INITIAL_FUNNEL, lead: current.lead, slug, periodId });
}

export function forgetBooking(): void {
  $funnel.set({ ...$funnel.get(), bookingId: null, lastStep: null, passengerDrafts: {} });
}

export function setPassengerDraft(travellerId: string, field: string, value: string): void {
  const drafts = $funnel.get().passengerDrafts;
  $funnel.setKey('passengerDrafts', { ...drafts, [travellerId]: { ...drafts[travellerId], [field]: value } });
}

/** The API's working view of a booking (`GET /api/bookings/:id`). */
export type BookingView = BookingWorkingView;

export const $view = atom<BookingView | null>(null);
/** Why the step shows no booking; `fromLink` when the budget mail's link itself was refused (its message says why). */
export const $viewError = atom<{ status: number; message: string; fromLink?: boolean } | null>(null);

/**
 * Opened from the budget mail (`?acceso=…`): hands the link's token to the API, which lets this browser
 * continue the booking, then takes the token out of the address so it is not copied on from here.
 * False when the link was refused (`$viewError` says why).
 */
async function exchangeBudgetLink(id: string): Promise<boolean> {
  if (typeof location === 'undefined') return true;
  const url = new URL(location.href);
  const token = url.searchParams.get(BUDGET_LINK_PARAM);
  if (!token) return true;
  const result = await callApi(() => api.bookings[':id'].resume.$post({ param: { id }, json: { token } }));
  url.searchParams.delete(BUDGET_LINK_PARAM);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (result.ok) return true;
  $viewError.set({ status: result.status, message: result.message, fromLink: true });
  return false;
}

/** Loads the booking of the URL and remembers it as the funnel's booking at this step. */
export async function loadBooking(id: string, step: FunnelStepKey): Promise<BookingView | null> {
  if (!(await exchangeBudgetLink(id))) return null;
  const result = await callApi(() => api.bookings[':id'].$get({ param: { id } }));
  if (!result.ok) {
    $viewError.set({ status: result.status, message: result.message });
    return null;
  }
  $viewError.set(null);
  $view.set(result.data);
  const funnel = $funnel.get();
  if (funnel.bookingId !== id) $funnel.set({ ...funnel, bookingId: id, slug: result.data.tourSlug, periodId: result.data.periodId, passengerDrafts: {} });
  $funnel.setKey('lastStep', step);
  return result.data;
}

export interface TravellerPatch {
  id: string;
  reservationMode?: string | null;
  optionalActivities?: string[];
  reservationFields?: Record<string, string | undefined>;
}

/** Saves choices on the booking; the answer's quote replaces the view's. */
export async function patchBooking(
  id: string,
  body: { flightId?: string | null; couponCode?: string | null; travellers?: TravellerPatch[]; roommates?: RoommateGroup[]; extraIds?: string[] },
): Promise<ApiResult<{ id: string; quote: QuoteView }>> {
  const result = await callApi(() => api.bookings[':id'].$patch({ param: { id }, json: body }));
  if (result.ok) {
    // Re-read: travellers and rooms as the server stored them.
    await loadBooking(id, $funnel.get().lastStep ?? 'details');
  }
  return result;
}

/** The tour and its live departures, for the first step. */
export const fetchBookingStart = (slug: string) => callApi(() => api.tours[':slug'].booking.$get({ param: { slug } }));

/** The server's price for a party not yet booked (the first steps): adults and children, no extras. */
export function fetchPartyQuote({ periodId, adults, children }: { periodId: string; adults: number; children: number }) {
  const travellers: QuoteRequestInput['travellers'] = [
    ...Array.from({ length: adults }, () => ({ ageGroup: ADULT_AGE_GROUP })),
    ...Array.from({ length: children }, () => ({ ageGroup: CHILD_AGE_GROUP })),
  ];
  return callApi(() => api.bookings.quote.$post({ json: { periodId, travellers, flightId: null } }));
}

/** The complete-details step: creates the booking; its id goes into every later address. */
export const createFunnelBooking = (json: CreateBookingInput) => callApi(() => api.bookings.$post({ json }));

export const fetchFlightOptions = (id: string) => callApi(() => api.bookings[':id'].flights.$get({ param: { id } }));

/** Verifies the fare and saves the flight, or answers that its price changed (nothing saved then). */
export const chooseFlight = (id: string, json: FlightChoiceInput) => callApi(() => api.bookings[':id'].flight.$post({ param: { id }, json }));

export const fetchCustomiseOptions = (id: string) => callApi(() => api.bookings[':id'].options.$get({ param: { id } }));

export const joinWaitingList = (periodId: string, json: { name: string; email: string; travellers: number; privacy: true }) =>
  callApi(() => api.tours.periods[':periodId']['waiting-list'].$post({ param: { periodId }, json }));
