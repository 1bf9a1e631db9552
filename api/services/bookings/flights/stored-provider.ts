/**
 * The built-in flights provider: answers from the fares stored in the database, the way the spec's hosted
 * flight-fare service left them after its last sync.
 *
 * - Listing (`listFares`): each flight of the period with journeys and segments, priced per age group with
 *   `computeFlightPricesForBooking`, the function the quote charges with: the flight's own price when its
 *   guaranteed seats exceed the travellers, else the cockpit prices (flight cost plus fee).
 * - Verifying (`verifyFare`): a flight sold through the fare service is re-checked against its cockpit
 *   flight, the fare service's last verification of that fare (`fare_id`, `verified_fare_date`). Its fare
 *   is "the rounded sum of purchase price, margin and total tax" (`computeAgencyFlightPriceCents`). When it
 *   differs from the listed adult fare, the fare moved since the listing: every age group's price moves by
 *   the same amount (a fare change is per seat; the child reduction stays), and the visitor is asked to
 *   accept it. Flights at their own price (guaranteed seats) never change on verification.
 * - Pre-booking (`preBook`): nothing to call; the fare and itineraries to record come from the verification.
 */
import { ADULT_AGE_GROUP } from '#shared/constants.ts';
import {
  computeAgencyFlightPriceCents,
  computeFlightPricesForBooking,
  computeFlightTotalCents,
  isNoFlight,
  shouldLookUpFlightFares,
} from '#shared/rules/flights.ts';
import { type AgePrice, findPriceForAgeGroup } from '#shared/rules/prices.ts';
import type { Db } from '../../../db/database.ts';
import type { FareJourney, FareTraveller, FlightFare, FlightsProvider, VerifiedFare } from './provider.ts';

interface StoredCockpitFlight {
  id: string;
  fareId: string;
  purchasePriceCents: number;
  agencyMarginCents: number;
  totalTaxCents: number;
  verifiedFareDate: string | null;
  bookable: number;
}

interface StoredFlight {
  id: string;
  name: string;
  departureCity: string | null;
  guaranteedAvailability: number;
  bookableAvailability: number;
  prices: AgePrice[];
  cockpitPrices: { ageGroupName: string; feeCents: number; flightCostCents: number }[];
  /** The latest verification of the flight's fare, if the fare service has one. */
  cockpitFlight: StoredCockpitFlight | null;
  journeys: FareJourney[];
}

/** Loads the flights of a period (or one of them) with everything their fare and journeys need. */
async function loadStoredFlights(db: Db, { periodId, flightId }: { periodId: string; flightId?: string }): Promise<StoredFlight[]> {
  const flights = await db
    .selectFrom('flights')
    .select(['id', 'name', 'departureCity', 'guaranteedAvailability', 'bookableAvailability'])
    .where('periodId', '=', periodId)
    .$if(flightId !== undefined, (qb) => qb.where('id', '=', flightId as string))
    .orderBy('id')
    .execute();
  if (flights.length === 0) return [];
  const ids = flights.map((f) => f.id);
  const [prices, cockpitPrices, cockpitFlights, journeys] = await Promise.all([
    db.selectFrom('prices').select(['flightId', 'ageGroupName', 'categoryName', 'valueCents']).where('flightId', 'in', ids).orderBy('id').execute(),
    db.selectFrom('cockpitPrices').select(['flightId', 'ageGroupName', 'feeCents', 'flightCostCents']).where('flightId', 'in', ids).orderBy('id').execute(),
    db
      .selectFrom('cockpitFlights')
      .select(['id', 'flightId', 'fareId', 'purchasePriceCents', 'agencyMarginCents', 'totalTaxCents', 'verifiedFareDate', 'bookable'])
      .where('flightId', 'in', ids)
      .orderBy('id')
      .execute(),
    db.selectFrom('flightJourneys').select(['id', 'flightId', 'direction']).where('flightId', 'in', ids).orderBy('position').orderBy('id').execute(),
  ]);
  const segments =
    journeys.length === 0
      ? []
      : await db
          .selectFrom('flightSegments')
          .select(['journeyId', 'departureAt', 'arrivalAt', 'departureIata', 'arrivalIata', 'departureCity', 'arrivalCity', 'flightNumber', 'provider'])
          .where(
            'journeyId',
            'in',
            journeys.map((j) => j.id),
          )
          .orderBy('position')
          .orderBy('id')
          .execute();
  // ISO timestamps sort as text; an unverified fare counts as the oldest.
  const latest = (rows: typeof cockpitFlights) => rows.toSorted((a, b) => (b.verifiedFareDate ?? '').localeCompare(a.verifiedFareDate ?? ''))[0] ?? null;
  return flights.map((f) => ({
    ...f,
    prices: prices.filter((p) => p.flightId === f.id).map(({ ageGroupName, categoryName, valueCents }) => ({ ageGroupName, categoryName, valueCents })),
    cockpitPrices: cockpitPrices
      .filter((p) => p.flightId === f.id)
      .map(({ ageGroupName, feeCents, flightCostCents }) => ({ ageGroupName, feeCents, flightCostCents })),
    cockpitFlight: latest(cockpitFlights.filter((c) => c.flightId === f.id)),
    journeys: journeys
      .filter((j) => j.flightId === f.id)
      .map((j) => ({
        id: j.id,
        direction: j.direction === 'inbound' ? ('inbound' as const) : ('outbound' as const),
        segments: segments.filter((s) => s.journeyId === j.id).map(({ journeyId: _, ...segment }) => segment),
      })),
  }));
}

/** A stored flight as an option for this many travellers. */
function toFare(flight: StoredFlight, travellers: readonly FareTraveller[]): FlightFare {
  const noFlight = isNoFlight(flight);
  const pricedBy = flight.guaranteedAvailability > travellers.length ? 'own' : 'fare';
  const cockpit = flight.cockpitFlight;
  return {
    flightId: flight.id,
    name: flight.name,
    departureCity: noFlight ? null : flight.departureCity,
    noFlight,
    bookableAvailability: flight.bookableAvailability,
    pricedBy,
    perAgeGroup: computeFlightPricesForBooking({ flight, travellerCount: travellers.length }),
    fare: !noFlight && pricedBy === 'fare' && cockpit ? { fareId: cockpit.fareId, cockpitFlightId: cockpit.id, bookable: cockpit.bookable === 1 } : null,
    journeys: flight.journeys,
  };
}

/** How far the fare service's verified fare is from the listed adult fare, in cents (whole euros: both are rounded up). */
function fareMovement(flight: StoredFlight, listed: FlightFare): number {
  if (listed.fare === null || flight.cockpitFlight === null) return 0;
  const listedAdult = findPriceForAgeGroup({ prices: listed.perAgeGroup, ageGroup: ADULT_AGE_GROUP });
  return listedAdult === null ? 0 : computeAgencyFlightPriceCents(flight.cockpitFlight) - listedAdult;
}

/** The provider over the database's stored fares (`FLIGHTS_PROVIDER=stored`, the default). */
export function createStoredFlightsProvider(db: Db): FlightsProvider {
  return {
    name: 'stored',

    async listFares({ period, travellers, today }) {
      const lookUp = shouldLookUpFlightFares({ period, today });
      const flights = await loadStoredFlights(db, { periodId: period.id });
      return flights.filter((f) => lookUp || isNoFlight(f)).map((f) => toFare(f, travellers));
    },

    async verifyFare({ period, flightId, travellers, today }): Promise<VerifiedFare | null> {
      const [flight] = await loadStoredFlights(db, { periodId: period.id, flightId });
      if (!flight) return null;
      if (!isNoFlight(flight) && !shouldLookUpFlightFares({ period, today })) return null;
      const listed = toFare(flight, travellers);
      const movement = fareMovement(flight, listed);
      const perAgeGroup = listed.perAgeGroup.map((p) => ({ ...p, valueCents: Math.max(0, p.valueCents + movement) }));
      const listedTotalCents = computeFlightTotalCents({ prices: listed.perAgeGroup, travellers });
      const totalCents = computeFlightTotalCents({ prices: perAgeGroup, travellers });
      const itinerary = (direction: 'outbound' | 'inbound') => flight.journeys.find((j) => j.direction === direction)?.id ?? null;
      return {
        flightId: flight.id,
        noFlight: listed.noFlight,
        pricedBy: listed.pricedBy,
        bookableAvailability: flight.bookableAvailability,
        fareId: listed.fare?.fareId ?? null,
        cockpitFlightId: listed.fare?.cockpitFlightId ?? null,
        bookable: listed.fare?.bookable ?? true,
        perAgeGroup,
        totalCents,
        listedTotalCents,
        changed: totalCents !== listedTotalCents,
        outboundItineraryId: itinerary('outbound'),
        inboundItineraryId: itinerary('inbound'),
      };
    },

    async preBook({ fare, travellerCount }) {
      if (fare.fareId === null || travellerCount === 0) return null;
      return {
        fareId: fare.fareId,
        // Rounded up so that "the fare times the number of travelers" never asks for less than the flights cost.
        farePerTravellerCents: Math.ceil(fare.totalCents / travellerCount),
        cockpitFlightId: fare.cockpitFlightId,
        outboundItineraryId: fare.outboundItineraryId,
        inboundItineraryId: fare.inboundItineraryId,
      };
    },
  };
}
