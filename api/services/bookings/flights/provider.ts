/**
 * The flights provider interface (DESIGN.md: services … flights): where the flights step gets a period's
 * flight options and fares, verifies the fare a visitor picks, and pre-books it. The spec's hosted
 * flight-fare service (GET /flights/fare/{a}/{b}, POST /flights/fare/verify) is one possible
 * implementation; the built-in one (`stored-provider.ts`) answers from the fares stored in the database.
 * The shop (`flight-step.ts`) decides what to show, compares the verified fare with what was shown, and
 * writes the booking; a provider only answers.
 */
import type { FlightJourney } from '#shared/entities/index.ts';
import type { AgePrice } from '#shared/rules/prices.ts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import { createStoredFlightsProvider } from './stored-provider.ts';

/** The departure whose flights are asked for; `bookableAvailability` as this booking sees it (its own held seats count as free). */
export interface FarePeriod {
  id: string;
  dayOne: string;
  bookableAvailability: number;
}

/** Who flies: the price of each traveller depends on the age group (and, where prices have one, the category). */
export interface FareTraveller {
  ageGroup: string;
  category?: string | null;
}

export interface FareJourney extends FlightJourney {
  /** The itinerary id a pre-booking names (`outbound_itinerary_id`, `inbound_itinerary_id`). */
  id: string;
}

/** One flight option of a period with its fare for a given set of travellers. */
export interface FlightFare {
  flightId: string;
  name: string;
  departureCity: string | null;
  /** The 'sin vuelo' option: travelling without our flight. It has no fare to verify or pre-book. */
  noFlight: boolean;
  /** Seats left on the flight (the no-flight option is never short). */
  bookableAvailability: number;
  /**
   * Whose price applies for this many travellers: 'own' (the flight's own price, guaranteed seats) or 'fare'
   * (the fare service's cost plus fee), as `computeFlightPriceCents` decides.
   */
  pricedBy: 'own' | 'fare';
  /** The price per traveller of each age group, as the quote charges it (`computeFlightPricesForBooking`). */
  perAgeGroup: AgePrice[];
  /** The fare to pre-book, when the flight is sold through the fare service; null otherwise. */
  fare: { fareId: string; cockpitFlightId: string | null; bookable: boolean } | null;
  journeys: FareJourney[];
}

/** The fare of one flight checked again at the moment a visitor chooses it. */
export interface VerifiedFare {
  flightId: string;
  noFlight: boolean;
  pricedBy: 'own' | 'fare';
  bookableAvailability: number;
  /** Null when the flight has nothing to pre-book (own price, no fare-service fare, or no flight). */
  fareId: string | null;
  cockpitFlightId: string | null;
  /** False when the fare service no longer sells this fare. */
  bookable: boolean;
  /** The price per traveller of each age group now. */
  perAgeGroup: AgePrice[];
  /** What the travellers pay for the flight now, and what the listing showed them. */
  totalCents: number;
  listedTotalCents: number;
  /** `totalCents` differs from `listedTotalCents`: the visitor must see and accept the new price. */
  changed: boolean;
  outboundItineraryId: string | null;
  inboundItineraryId: string | null;
}

/** What the booking's `cockpit_pre_bookings` row records. */
export interface FarePreBooking {
  fareId: string;
  /** The fare per traveller in cents: the pay step asks "the fare times the number of travelers" now. */
  farePerTravellerCents: number;
  cockpitFlightId: string | null;
  outboundItineraryId: string | null;
  inboundItineraryId: string | null;
}

export interface FlightsProvider {
  readonly name: string;
  /**
   * Every flight option of the period priced for `travellers`. "Flight fares are looked up only for periods
   * that start in the future and have availability" (§5, `shouldLookUpFlightFares`): otherwise an
   * implementation answers the no-flight options only, without asking for fares.
   */
  listFares(query: { period: FarePeriod; travellers: readonly FareTraveller[]; today: string }): Promise<FlightFare[]>;
  /**
   * The fare of `flightId` checked now, compared with what `listFares` showed. Null when the flight is not
   * one of the period's, or when §5 forbids looking fares up.
   */
  verifyFare(query: { period: FarePeriod; flightId: string; travellers: readonly FareTraveller[]; today: string }): Promise<VerifiedFare | null>;
  /** Reserves a verified fare with the fare service; null when there is nothing to pre-book. */
  preBook(request: { bookingId: string; fare: VerifiedFare; travellerCount: number }): Promise<FarePreBooking | null>;
}

/** The provider the configuration names (`FLIGHTS_PROVIDER`; the stored fares by default). */
export function createFlightsProvider({ db, config }: { db: Db; config: Pick<Config, 'flightsProvider'> }): FlightsProvider {
  switch (config.flightsProvider) {
    case 'stored':
      return createStoredFlightsProvider(db);
  }
}
