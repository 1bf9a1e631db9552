/**
 * The flights step (`/tour/{slug}/anade-tus-vuelos/{bookingId}`): the booking's flight options by departure
 * city, and choosing one. The server verifies the fare with the flights provider first; a changed fare is
 * kept here until the visitor accepts it or picks another flight.
 */
import { map } from 'nanostores';
import type { FlightChoiceAnswer, FlightOptionsAnswer, FlightOptionView } from '#shared/schemas/bookings.ts';
import { chooseFlight, fetchFlightOptions, loadBooking } from './booking.ts';

export type PriceChange = Extract<FlightChoiceAnswer, { status: 'price-changed' }>;

export interface FlightsStep {
  bookingId: string | null;
  options: FlightOptionsAnswer | null;
  /** Why the options could not be read or a choice was refused, in Spanish. */
  message: string | null;
  /** The fare went up or down since it was shown: nothing is saved until it is accepted. */
  changed: PriceChange | null;
  busy: boolean;
}

const INITIAL: FlightsStep = { bookingId: null, options: null, message: null, changed: null, busy: false };

export const $flightsStep = map<FlightsStep>(INITIAL);

export async function loadFlightsStep(bookingId: string): Promise<void> {
  $flightsStep.set({ ...INITIAL, bookingId });
  const result = await fetchFlightOptions(bookingId);
  if ($flightsStep.get().bookingId !== bookingId) return;
  if (result.ok) $flightsStep.setKey('options', result.data);
  else $flightsStep.setKey('message', result.message);
}

/**
 * Chooses a flight (null: none). `shownTotalCents` is the price the visitor saw, so the server can tell a
 * changed fare; `acceptedPriceCents` accepts the changed one. The booking's quote is read again after.
 */
export async function chooseFlightOption(flightId: string | null, prices: { acceptedPriceCents?: number; shownTotalCents?: number } = {}): Promise<void> {
  const { bookingId, busy } = $flightsStep.get();
  if (!bookingId || busy) return;
  $flightsStep.set({ ...$flightsStep.get(), busy: true, message: null });
  const result = await chooseFlight(bookingId, { flightId, ...prices });
  if (!result.ok) return void $flightsStep.set({ ...$flightsStep.get(), busy: false, message: result.message });
  if (result.data.status === 'price-changed') return void $flightsStep.set({ ...$flightsStep.get(), busy: false, changed: result.data });
  const { options } = $flightsStep.get();
  $flightsStep.set({ ...$flightsStep.get(), changed: null, options: options ? { ...options, selectedFlightId: result.data.flightId } : options });
  await loadBooking(bookingId, 'flights');
  $flightsStep.setKey('busy', false);
}

export function dismissPriceChange(): void {
  $flightsStep.setKey('changed', null);
}

/** The heading an option is listed under: 'Sin vuelo', its departure city, or 'Otros vuelos'. */
export const cityOf = (option: FlightOptionView): string => (option.noFlight ? 'Sin vuelo' : (option.departureCity ?? 'Otros vuelos'));

/** The options grouped by departure city, in the order the server listed them. */
export function groupByCity(options: readonly FlightOptionView[]): { city: string; options: FlightOptionView[] }[] {
  const groups = new Map<string, FlightOptionView[]>();
  for (const option of options) groups.set(cityOf(option), [...(groups.get(cityOf(option)) ?? []), option]);
  return [...groups].map(([city, list]) => ({ city, options: list }));
}

/** Offer 'No necesito vuelo' when the tour has flights but none of them is the 'sin vuelo' option. */
export const offersNoFlight = (options: FlightOptionsAnswer | null): boolean =>
  options !== null && options.options.length > 0 && !options.options.some((o) => o.noFlight);
