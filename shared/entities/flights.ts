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

export interface Segment {
  id: string;
  provider: string | null;
  position: number;
  /** ISO timestamps. */
  departureAt: string;
  arrivalAt: string;
  departureIata: string;
  arrivalIata: string;
  departureCity: string | null;
  arrivalCity: string | null;
  flightNumber: string | null;
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
