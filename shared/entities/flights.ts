/** Flights of a period, their fares from the flight-fare service, journeys and segments. */
import type { Price } from './catalogue.ts';

export interface CockpitPrice {
  id: string;
  ageGroupName: string;
  feeCents: number;
  flightCostCents: number;
}

export interface CockpitFlight {
  id: string;
  flightId: string;
  fareId: string;
  agencyPurchasePriceCents: number;
  agencyMarginCents: number;
  totalTaxCents: number;
  purchasePriceCents: number;
  verifiedFareDate: string | null;
  bookable: boolean;
  ticketTimeLimit: string | null;
}

/**
 * One leg of a flight, as the catalogue snapshot, the flights provider and the flights step all carry it:
 * the one declaration of a segment's shape.
 */
export interface FlightSegment {
  /** ISO timestamps in the airport's local time, as stored (never shifted). */
  departureAt: string;
  arrivalAt: string;
  departureIata: string;
  arrivalIata: string;
  departureCity: string | null;
  arrivalCity: string | null;
  flightNumber: string | null;
  provider: string | null;
}

/** The outbound or return legs of a flight, in order. */
export interface FlightJourney {
  direction: 'outbound' | 'inbound';
  segments: FlightSegment[];
}

/** A segment as stored: the shape above plus its place in the journey. */
export interface Segment extends FlightSegment {
  id: string;
  position: number;
  /** True on the outbound leg, false on the return. */
  goSegment: boolean;
  nights: number | null;
}

export interface Journey {
  id: string;
  /** Outbound or return. */
  direction: string;
  position: number;
  segments: Segment[];
}

export interface Flight {
  id: string;
  /** Names containing 'sin v' ('sin vuelo') mean the traveller books without a flight. */
  name: string;
  periodId: string;
  departureCity: string | null;
  activityId: string | null;
  /** Spec's `servicecombination_id`. */
  servicecombinationId: string | null;
  guaranteedAvailability: number;
  bookableAvailability: number;
  departureDate: string | null;
  prices: Price[];
  cockpitPrices: CockpitPrice[];
  cockpitFlights: CockpitFlight[];
  journeys: Journey[];
}
