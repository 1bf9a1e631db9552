/**
 * Everything the tour page renders, computed once at build time from a visible tour: departures with
 * prices and seats, flights per departure, bookable options, practical information and the rating. The
 * page's cacheKey is a hash of this, so it covers exactly what the page shows.
 */
import { ADULT_AGE_GROUP, CHILD_AGE_GROUP, SINGLE_TRIP_TYPE } from '#shared/constants.ts';
import { listBookableOptions } from '#shared/rules/activities.ts';
import { formatDateRange, formatMadridDateTime, formatSpanishDate, isIsoDate } from '#shared/rules/dates.ts';
import { computeDeparturePrices, type DepartureAvailability } from '#shared/rules/departures.ts';
import { computeFlightPriceCents, computeFlightPricesForBooking, findCheapestFlight, isNoFlight } from '#shared/rules/flights.ts';
import { formatTripDuration } from '#shared/rules/labels.ts';
import { extractDepartureCity } from '#shared/rules/offers.ts';
import { computeAverageRating } from '#shared/rules/opinions.ts';
import { isCampaignValid } from '#shared/rules/quote.ts';
import type { PublicTour } from '#shared/public-catalogue.ts';
import type { FlightSnapshot, PeriodSnapshot } from '#shared/snapshot.ts';

/** A departure as the picker island shows it: plain data, labels formatted at build time. */
export interface DepartureView extends DepartureAvailability {
  label: string;
  duration: string;
  /** "Salida single" for periods of trip_type Single. */
  isSingle: boolean;
  campaignNames: string[];
  campaignValidFrom: string | null;
  campaignValidUntil: string | null;
}

export interface SegmentView {
  from: string;
  to: string;
  departureDate: string;
  departureTime: string;
  arrivalDate: string;
  arrivalTime: string;
  flightNumber: string | null;
  provider: string | null;
}

export interface FlightView {
  id: string;
  name: string;
  city: string;
  noFlight: boolean;
  cheapest: boolean;
  adultPriceCents: number | null;
  childPriceCents: number | null;
  seats: number;
  journeys: { direction: 'Ida' | 'Vuelta'; segments: SegmentView[] }[];
}

const place = (city: string | null, iata: string) => (city ? `${city} (${iata})` : iata);

function flightView(flight: FlightSnapshot, cheapestId: string | null): FlightView {
  const price = (ageGroup: string) => computeFlightPriceCents({ flight, ageGroup, travellerCount: 1 });
  return {
    id: flight.id,
    name: flight.name,
    city: flight.departureCity ?? extractDepartureCity(flight.name),
    noFlight: isNoFlight(flight),
    cheapest: flight.id === cheapestId,
    adultPriceCents: price(ADULT_AGE_GROUP),
    childPriceCents: price(CHILD_AGE_GROUP),
    seats: flight.bookableAvailability,
    journeys: flight.journeys.map((journey) => ({
      direction: journey.direction === 'outbound' ? 'Ida' : 'Vuelta',
      segments: journey.segments.map((segment) => {
        const departure = formatMadridDateTime(segment.departureAt);
        const arrival = formatMadridDateTime(segment.arrivalAt);
        return {
          from: place(segment.departureCity, segment.departureIata),
          to: place(segment.arrivalCity, segment.arrivalIata),
          departureDate: departure.date,
          departureTime: departure.time,
          arrivalDate: arrival.date,
          arrivalTime: arrival.time,
          flightNumber: segment.flightNumber,
          provider: segment.provider,
        };
      }),
    })),
  };
}

/** Real flights by price, then the 'Sin vuelo' option. */
function departureFlights(period: PeriodSnapshot): FlightView[] {
  // "Cheapest" by the price the page shows for one traveller, so the badge never contradicts the numbers.
  const shown = period.flights.map((flight) => ({ ...flight, prices: computeFlightPricesForBooking({ flight, travellerCount: 1 }) }));
  const cheapest = findCheapestFlight({ flights: shown })?.flight.id ?? null;
  const views = period.flights.map((flight) => flightView(flight, cheapest));
  const key = (f: FlightView) => (f.noFlight ? Number.MAX_SAFE_INTEGER : (f.adultPriceCents ?? Number.MAX_SAFE_INTEGER - 1));
  return views.sort((a, b) => key(a) - key(b) || a.city.localeCompare(b.city, 'es'));
}

export interface OptionView {
  name: string;
  webInfo: string | null;
  /** Lowest and highest adult price across departures; null when no adult price is listed. */
  minPriceCents: number | null;
  maxPriceCents: number | null;
  days: number[];
  /** Storage keys of the option's photos: those of the soonest departure that has any. */
  photos: string[];
}

class OptionList {
  readonly #byName = new Map<string, OptionView>();
  add(option: {
    name: string;
    webInfo: string | null;
    prices: readonly { ageGroupName: string; valueCents: number }[];
    days?: readonly number[];
    photos?: readonly string[];
  }): void {
    const price = option.prices.find((p) => p.ageGroupName === ADULT_AGE_GROUP)?.valueCents ?? null;
    const known = this.#byName.get(option.name);
    if (!known) {
      this.#byName.set(option.name, {
        name: option.name,
        webInfo: option.webInfo,
        minPriceCents: price,
        maxPriceCents: price,
        days: [...new Set(option.days ?? [])],
        photos: [...(option.photos ?? [])],
      });
      return;
    }
    if (known.photos.length === 0 && option.photos?.length) known.photos = [...option.photos];
    if (price !== null) {
      known.minPriceCents = Math.min(known.minPriceCents ?? price, price);
      known.maxPriceCents = Math.max(known.maxPriceCents ?? price, price);
    }
    known.days = [...new Set([...known.days, ...(option.days ?? [])])].sort((a, b) => a - b);
  }
  list(): OptionView[] {
    return [...this.#byName.values()];
  }
}

const PRACTICAL_FIELDS = [
  ['meetingPoint', 'Punto de encuentro'],
  ['beforeYouTravel', 'Antes de viajar'],
  ['aboutTheAirport', 'Sobre el aeropuerto'],
  ['countryInfo', 'Información del país'],
  ['emergencyNumbers', 'Teléfonos de emergencia'],
] as const;

export function buildTourView(tour: PublicTour, today: string) {
  const periods = [...tour.periods].sort((a, b) => a.dayOne.localeCompare(b.dayOne) || a.id.localeCompare(b.id));

  const departures: DepartureView[] = periods.map((period) => {
    const inForce = period.campaigns.filter((campaign) => isCampaignValid({ campaign, today }));
    return {
      periodId: period.id,
      dayOne: period.dayOne,
      returnDate: period.returnDate,
      bookableAvailability: period.bookableAvailability,
      ...computeDeparturePrices({ tourPrices: tour.prices, periodPrices: period.prices, campaigns: period.campaigns, today }),
      label: formatDateRange({ from: period.dayOne, to: period.returnDate }),
      duration: formatTripDuration(period.numberOfDays),
      isSingle: period.tripType === SINGLE_TRIP_TYPE,
      campaignNames: inForce.map((campaign) => campaign.name),
      campaignValidFrom:
        inForce
          .map((c) => c.validFromDate)
          .filter((d) => d !== null)
          .sort()
          .at(-1) ?? null,
      campaignValidUntil:
        inForce
          .map((c) => c.validUntilDate)
          .filter((d) => d !== null)
          .sort()[0] ?? null,
    };
  });

  const flights = periods
    .map((period, index) => ({
      periodId: period.id,
      label: departures[index]?.label ?? '',
      full: period.bookableAvailability <= 0,
      flights: departureFlights(period),
    }))
    .filter((entry) => entry.flights.length > 0);

  // Each departure carries its own copy of an option (own id, maybe its own price): the page lists each
  // option once by name, with the price range across departures and every itinerary day it is on.
  const activities = new OptionList();
  const insurance = new OptionList();
  const packs = new OptionList();
  for (const period of periods) {
    const options = listBookableOptions({ optionalActivities: period.optionalActivities, packs: period.activityPacks });
    for (const activity of options.activities) activities.add(activity);
    for (const activity of options.insurance) insurance.add(activity);
    for (const pack of options.packs) packs.add(pack);
  }

  // Practical information is written per departure; the next departure that has a field speaks for the tour.
  const practical = PRACTICAL_FIELDS.flatMap(([field, title]) => {
    const text = periods.find((period) => period[field]?.trim())?.[field] ?? null;
    return text ? [{ title, text }] : [];
  });

  const average = computeAverageRating(tour.opinions);
  return {
    departures,
    flights,
    activities: activities.list(),
    insurance: insurance.list(),
    packs: packs.list(),
    practical,
    rating: average === null ? null : { average, count: tour.opinions.length },
  };
}

export type TourView = ReturnType<typeof buildTourView>;

/**
 * Free text from the back office (e.g. the offer validity) may carry dates as staff type them in the
 * database, `2026-12-31`; visitors read them as Spanish dates ('31 de diciembre de 2026').
 */
export const formatDatesInText = (text: string): string =>
  text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (date) => (isIsoDate(date) ? formatSpanishDate({ date }) : date));
