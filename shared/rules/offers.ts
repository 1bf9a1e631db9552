/** Tour offers: price display, departure cities, visibility and the offer forms. */
import { ADULT_AGE_GROUP, ALL_CITIES_LABEL, FLIGHT_NAME_CITY_PREFIX, MAX_LISTED_DEPARTURE_CITIES, OFFER_FORM_MESSAGES } from '../constants.ts';
import type { Flight, TourOffer } from '../entities/index.ts';
import { findCheapestFlight, isNoFlight } from './flights.ts';
import { parseEurosInput, roundUpToEuro } from './money.ts';
import { findLowestAdultPriceCents, findPriceForAgeGroup, type AgePrice } from './prices.ts';

export type OfferFlight = Pick<Flight, 'id' | 'name'> & { prices: readonly AgePrice[] };

/**
 * The flight price an offer shows: "the cheapest adult flight price above 0 (excluding flights whose name
 * contains 'sin v', falling back to that one), or the chosen flight's adult price".
 *
 * With a chosen flight id that exists, its adult price. Otherwise the cheapest adult price above 0 among the
 * flights with a real flight; when there is none, the cheapest 'sin v' flight (usually 0). 0 with no flights.
 */
export function computeOfferFlightPriceCents({ flights, chosenFlightId }: { flights: readonly OfferFlight[]; chosenFlightId: string | null }): number {
  const chosen = chosenFlightId === null ? undefined : flights.find((flight) => flight.id === chosenFlightId);
  if (chosen !== undefined) return findPriceForAgeGroup({ prices: chosen.prices, ageGroup: ADULT_AGE_GROUP }) ?? 0;
  const withPrice = flights.filter((flight) => (findPriceForAgeGroup({ prices: flight.prices, ageGroup: ADULT_AGE_GROUP }) ?? 0) > 0);
  const cheapest = findCheapestFlight({ flights: withPrice });
  if (cheapest !== null) return cheapest.priceCents;
  const fallback = flights
    .filter(isNoFlight)
    .map((flight) => findPriceForAgeGroup({ prices: flight.prices, ageGroup: ADULT_AGE_GROUP }))
    .filter((price): price is number => price !== null);
  return fallback.length === 0 ? 0 : Math.min(...fallback);
}

/**
 * "Offer price display: tour adult price plus period adult price plus the cheapest adult flight price … the
 * discounted price is the sum minus the absolute discount, rounded up". Both rounded up to the euro; the
 * discounted price never goes below zero.
 */
export function computeOfferPrices({
  tourPrices,
  periodPrices,
  flights,
  chosenFlightId,
  discountCents,
}: {
  tourPrices: readonly AgePrice[];
  periodPrices: readonly AgePrice[];
  flights: readonly OfferFlight[];
  chosenFlightId: string | null;
  discountCents: number;
}): { priceCents: number; discountedPriceCents: number } {
  const sum =
    (findLowestAdultPriceCents(tourPrices) ?? 0) +
    (findPriceForAgeGroup({ prices: periodPrices, ageGroup: ADULT_AGE_GROUP }) ?? 0) +
    computeOfferFlightPriceCents({ flights, chosenFlightId });
  return {
    priceCents: roundUpToEuro(sum),
    discountedPriceCents: roundUpToEuro(Math.max(0, sum - Math.abs(discountCents))),
  };
}

/** A departure city from a flight name: "the prefix 'Vuelo desde ' is removed from flight names". */
export function extractDepartureCity(name: string): string {
  const trimmed = name.trim();
  return trimmed.toLowerCase().startsWith(FLIGHT_NAME_CITY_PREFIX.toLowerCase()) ? trimmed.slice(FLIGHT_NAME_CITY_PREFIX.length).trim() : trimmed;
}

/** The departure cities of an offer's flights: 'sin v' flights left out, duplicates removed, order kept. */
export function listDepartureCities(flights: readonly Pick<Flight, 'name'>[]): string[] {
  return [...new Set(flights.filter((flight) => !isNoFlight(flight)).map((f) => extractDepartureCity(f.name)))];
}

/**
 * The card's city text: "'Todas las ciudades' when the departure-city list is empty or has more than two
 * cities"; otherwise the city, or both joined with ' y '.
 */
export function formatDepartureCities(cities: readonly string[]): string {
  if (cities.length === 0 || cities.length > MAX_LISTED_DEPARTURE_CITIES) return ALL_CITIES_LABEL;
  return cities.join(' y ');
}

/** Reads TourOffer.departureCities ("JSON-encoded list of city names"); anything unreadable is no cities. */
export function parseDepartureCities(departureCities: string | null): string[] {
  if (departureCities === null || departureCities.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(departureCities);
    return Array.isArray(parsed) ? parsed.filter((city): city is string => typeof city === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * How an offer shows: "All offers are shown unless their status is set and not 'active'"; "Inactive offers show
 * dimmed to admins and are hidden from visitors."
 */
export function getOfferDisplay({ offer, isAdmin }: { offer: { status: TourOffer['status'] | null }; isAdmin: boolean }): 'shown' | 'dimmed' | 'hidden' {
  if (offer.status === null || offer.status === 'active') return 'shown';
  return isAdmin ? 'dimmed' : 'hidden';
}

/** Flight options of the offer form: "options meaning 'sin v' (no flight) are left out". */
export function listOfferFlightOptions<F extends Pick<Flight, 'name'>>(flights: readonly F[]): F[] {
  return flights.filter((flight) => !isNoFlight(flight));
}

/** "If exactly one flight is chosen, its id is saved with the offer"; otherwise none is. */
export function pickOfferFlightId(flightIds: readonly string[]): string | null {
  return flightIds.length === 1 ? (flightIds[0] ?? null) : null;
}

export type OfferFormErrors<K extends string> = Partial<Record<K, string>>;

function isBlank(value: string | number | null): boolean {
  return value === null || String(value).trim() === '';
}

function isNumeric(value: string | number | null): boolean {
  return !isBlank(value) && parseEurosInput(String(value)) !== null;
}

/**
 * The offer creation form: tour, period, numeric discount and coupon code required, with the spec's messages
 * ('Por favor selecciona un tour', …). Empty object when valid.
 */
export function validateOfferCreation(form: {
  tourId: string | null;
  periodId: string | null;
  discount: string | number | null;
  coupon: string | null;
}): OfferFormErrors<'tourId' | 'periodId' | 'discount' | 'coupon'> {
  const errors: OfferFormErrors<'tourId' | 'periodId' | 'discount' | 'coupon'> = {};
  if (isBlank(form.tourId)) errors.tourId = OFFER_FORM_MESSAGES.tourRequired;
  if (isBlank(form.periodId)) errors.periodId = OFFER_FORM_MESSAGES.periodRequired;
  if (!isNumeric(form.discount)) errors.discount = OFFER_FORM_MESSAGES.newDiscountRequired;
  if (isBlank(form.coupon)) errors.coupon = OFFER_FORM_MESSAGES.newCouponRequired;
  return errors;
}

/**
 * The offer edit form: discount ('Por favor ingresa el descuento') and coupon ('Por favor ingresa el cupón')
 * required; the status is a choice between active and inactive, so it cannot be missing.
 */
export function validateOfferEdit(form: { discount: string | number | null; coupon: string | null }): OfferFormErrors<'discount' | 'coupon'> {
  const errors: OfferFormErrors<'discount' | 'coupon'> = {};
  if (!isNumeric(form.discount)) errors.discount = OFFER_FORM_MESSAGES.discountRequired;
  if (isBlank(form.coupon)) errors.coupon = OFFER_FORM_MESSAGES.couponRequired;
  return errors;
}
