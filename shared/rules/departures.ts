/** Departures (periods) as the tour page shows them: price per age group, campaign discount and seats. */
import { ADULT_AGE_GROUP, CHILD_AGE_GROUP } from '../constants.ts';
import type { Campaign, Period } from '../entities/index.ts';
import { roundUpToEuro } from './money.ts';
import type { AgePrice } from './prices.ts';
import { isCampaignValid, quoteBooking } from './quote.ts';
import { createTravellerEntry } from './travellers.ts';

export interface DeparturePrices {
  /** One adult: tour price plus period supplement, before campaigns, rounded up to the euro. */
  adultPriceCents: number;
  /** One child ('Niños'; the adult price where the tour lists no child price), likewise. */
  childPriceCents: number;
  /** What the period's campaigns in force today take off one adult's price. */
  campaignDiscountCents: number;
  /** What one adult pays without flight or extras: the departure's 'desde'. */
  fromPriceCents: number;
}

export type DepartureCampaign = Pick<Campaign, 'valueCents' | 'validFromDate' | 'validUntilDate' | 'discountAppliedPerTxt'>;

/** One traveller of an age group, priced by the booking quote (no flight, room or activities). */
function quoteOne({
  ageGroup,
  tourPrices,
  periodPrices,
  campaigns,
}: {
  ageGroup: string;
  tourPrices: readonly AgePrice[];
  periodPrices: readonly AgePrice[];
  campaigns: readonly DepartureCampaign[];
}): number {
  return quoteBooking({
    travellers: [createTravellerEntry({ id: '1', ageGroup })],
    tourPrices,
    periodPrices,
    flightPrices: [],
    reservationModes: [],
    optionalActivities: [],
    extras: [],
    campaigns,
    coupon: null,
  }).totalCents;
}

/**
 * The prices of one departure for one traveller, computed by the booking quote itself ("the tour price,
 * period supplement … A campaign discount is subtracted"), so the page never promises a price the funnel
 * does not charge. Only campaigns in force today count; for one traveller a per-pax and a once-per-booking
 * campaign both take their whole value. Flights are priced apart (the 'Sin vuelo' option exists).
 */
export function computeDeparturePrices({
  tourPrices,
  periodPrices,
  campaigns,
  today,
}: {
  tourPrices: readonly AgePrice[];
  periodPrices: readonly AgePrice[];
  campaigns: readonly DepartureCampaign[];
  today: string;
}): DeparturePrices {
  const base = { tourPrices, periodPrices, campaigns: [] };
  const inForce = campaigns.filter((campaign) => isCampaignValid({ campaign, today }));
  const adultPriceCents = quoteOne({ ...base, ageGroup: ADULT_AGE_GROUP });
  const fromPriceCents = quoteOne({ ...base, ageGroup: ADULT_AGE_GROUP, campaigns: inForce });
  return {
    adultPriceCents,
    childPriceCents: quoteOne({ ...base, ageGroup: CHILD_AGE_GROUP }),
    campaignDiscountCents: adultPriceCents - fromPriceCents,
    fromPriceCents,
  };
}

/** A price after a campaign discount: rounded up to the euro, never below zero. */
export function discountedPriceCents({ priceCents, discountCents }: { priceCents: number; discountCents: number }): number {
  return roundUpToEuro(Math.max(0, priceCents - discountCents));
}

/** A departure with no seats left: shown as 'Completo' and not selectable. */
export function isDepartureFull(departure: Pick<Period, 'bookableAvailability'>): boolean {
  return departure.bookableAvailability <= 0;
}

/** What `GET /api/tours/{slug}/departures` answers per listed period. */
export interface DepartureAvailability extends DeparturePrices {
  periodId: string;
  dayOne: string;
  returnDate: string;
  bookableAvailability: number;
}

/**
 * Fresh seats and prices over what the static page was built with (up to an hour old). A departure the
 * answer no longer lists cannot be booked any more, so it becomes full; departures the page does not know
 * are left out (the page has no labels for them until the next build).
 */
export function mergeDepartureAvailability<D extends DepartureAvailability>({
  departures,
  fresh,
}: {
  departures: readonly D[];
  fresh: readonly DepartureAvailability[];
}): D[] {
  const byId = new Map(fresh.map((entry) => [entry.periodId, entry]));
  return departures.map((departure) => {
    const update = byId.get(departure.periodId);
    if (update === undefined) return { ...departure, bookableAvailability: 0 };
    return {
      ...departure,
      bookableAvailability: update.bookableAvailability,
      adultPriceCents: update.adultPriceCents,
      childPriceCents: update.childPriceCents,
      campaignDiscountCents: update.campaignDiscountCents,
      fromPriceCents: update.fromPriceCents,
    };
  });
}

/**
 * The tour page's 'desde': the lowest departure price among departures with seats, or among all when every
 * one is full. Null without departures.
 */
export function findFromPriceCents(departures: readonly Pick<DepartureAvailability, 'fromPriceCents' | 'bookableAvailability'>[]): number | null {
  const open = departures.filter((departure) => !isDepartureFull(departure));
  const pool = open.length > 0 ? open : departures;
  return pool.length === 0 ? null : Math.min(...pool.map((departure) => departure.fromPriceCents));
}

const DEPARTURE_NUMBER_FIELDS = ['bookableAvailability', 'adultPriceCents', 'childPriceCents', 'campaignDiscountCents', 'fromPriceCents'] as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether an API answer has the shape of a departure list. A structural check rather than a schema
 * library: the departure picker runs it on every tour page, where every kilobyte of JavaScript counts.
 */
export function isDepartureAvailabilityList(value: unknown): value is DepartureAvailability[] {
  return (
    Array.isArray(value) &&
    value.every((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return false;
      const record = entry as Record<string, unknown>;
      return (
        typeof record.periodId === 'string' &&
        typeof record.dayOne === 'string' &&
        ISO_DAY.test(record.dayOne) &&
        typeof record.returnDate === 'string' &&
        ISO_DAY.test(record.returnDate) &&
        DEPARTURE_NUMBER_FIELDS.every((field) => Number.isInteger(record[field]))
      );
    })
  );
}
