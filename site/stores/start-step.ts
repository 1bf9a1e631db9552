/**
 * The funnel's first step (`/booking/{slug}`, and the tour page's 'Reservar' with `?periodo=`): the tour's
 * departures, the one chosen and the party, with the server's price for that party. A booking of this tour
 * left half-way is offered to be continued rather than silently started over.
 */
import { map } from 'nanostores';
import { BOOKING_LIMITS, type QuoteView } from '#shared/schemas/bookings.ts';
import type { BookingStartAnswer } from '#shared/schemas/tours.ts';
import type { FunnelStepKey } from '#shared/funnel-steps.ts';
import { $funnel, fetchBookingStart, fetchPartyQuote, forgetBooking, startFunnel } from './booking.ts';

export type Departure = BookingStartAnswer['departures'][number];

export interface StartStep {
  tour: BookingStartAnswer | null;
  error: string | null;
  /** The server's price for the party on the chosen departure; null while it is asked or when it does not fit. */
  quote: QuoteView | null;
  /** A booking of this tour left at a later step. */
  pending: { bookingId: string; step: FunnelStepKey } | null;
}

export const $startStep = map<StartStep>({ tour: null, error: null, quote: null, pending: null });

const NOT_FOUND = 'No encontramos ese viaje. Puede que ya no esté a la venta.';

/** Opens the step for a tour; `asked` is the departure the tour page sent (`?periodo=`). */
export async function openBookingStart(slug: string, asked: string | null): Promise<void> {
  const stored = $funnel.get();
  const inProgress = stored.slug === slug && stored.bookingId !== null;
  $startStep.set({
    tour: null,
    error: null,
    quote: null,
    pending: inProgress && stored.bookingId && stored.lastStep ? { bookingId: stored.bookingId, step: stored.lastStep } : null,
  });
  if (!inProgress) startFunnel(slug, asked);
  else if (asked) $funnel.setKey('periodId', asked);
  const result = await fetchBookingStart(slug);
  if (!result.ok) return void $startStep.setKey('error', result.status === 404 ? NOT_FOUND : result.message);
  $startStep.setKey('tour', result.data);
  const current = $funnel.get().periodId;
  if (!result.data.departures.some((d) => d.periodId === current)) $funnel.setKey('periodId', firstBookable(result.data.departures)?.periodId ?? null);
}

/** 'Empezar una nueva': the half-made booking is left as it is and this tab starts over. */
export function startOver(): void {
  forgetBooking();
  $startStep.setKey('pending', null);
}

export const chooseDeparture = (periodId: string) => $funnel.setKey('periodId', periodId);
export const setAdults = (n: number) => $funnel.setKey('adults', n);
export const setChildren = (n: number) => $funnel.setKey('children', n);

let latest = 0;

/** Asks the server's price for the party; a slower answer to an older question is dropped. */
export async function quoteParty({ periodId, adults, children }: { periodId: string | null; adults: number; children: number }): Promise<void> {
  const ticket = ++latest;
  $startStep.setKey('quote', null);
  if (!periodId) return;
  const result = await fetchPartyQuote({ periodId, adults, children });
  if (ticket !== latest) return;
  if (result.ok) $startStep.setKey('quote', result.data);
  else $startStep.setKey('error', result.message);
}

export const firstBookable = (departures: readonly Departure[]): Departure | null => departures.find((d) => d.bookableAvailability > 0) ?? null;

/** Whether the party fits in the departure's seats (if not, the waiting list is offered). */
export const partyFits = (departure: Departure | null, travellers: number): boolean => departure !== null && departure.bookableAvailability >= travellers;

/** The most travellers the counters allow: the booking limit, within the seats left (at least one). */
export const maxTravellersFor = (departure: Departure | null): number =>
  Math.min(BOOKING_LIMITS.travellersMax, Math.max(departure?.bookableAvailability ?? 1, 1));
