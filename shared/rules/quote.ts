/**
 * The booking quote: one function computes the price the booking island shows and the API charges.
 */
import { NO_OPTIONAL_ACTIVITY_ID, QUOTE_LINE_LABELS } from '../constants.ts';
import type { ExtraBasis } from '../enums.ts';
import type { BookingTravelerEntry, Campaign } from '../entities/index.ts';
import { isInsurance } from './activities.ts';
import { computeCouponDiscountCents, type CouponAmountInput } from './coupons.ts';
import { roundUpToEuro } from './money.ts';
import { type AgePrice, priceForTraveller } from './prices.ts';

export type QuoteTraveller = Pick<BookingTravelerEntry, 'ageGroup' | 'reservationMode' | 'optionalActivities'> &
  Partial<Pick<BookingTravelerEntry, 'category'>>;

/** A reservation mode (room) or an optional activity / pack, matched by `activityId`. */
export interface QuoteOption {
  activityId: string;
  prices: readonly AgePrice[];
}

export interface QuoteActivity extends QuoteOption {
  /** 'Seguros' puts the activity on the 'Seguro' line. */
  productType: string | null;
}

export interface QuoteExtra {
  amountCents: number;
  basis: ExtraBasis;
}

export type QuoteCampaign = Pick<Campaign, 'valueCents' | 'discountAppliedPerTxt'>;

export interface QuoteInput {
  travellers: readonly QuoteTraveller[];
  /** Tour.prices: the base price per age group. */
  tourPrices: readonly AgePrice[];
  /** Period.prices: the period supplement per age group. */
  periodPrices: readonly AgePrice[];
  /** The chosen flight's price per age group (see `computeFlightPricesForBooking`); empty without a flight. */
  flightPrices: readonly AgePrice[];
  /** The period's reservation modes; a traveller's `reservationMode` is an `activityId` among them. */
  reservationModes: readonly QuoteOption[];
  /** The period's optional activities, insurance and activity packs, matched by `activityId`. */
  optionalActivities: readonly QuoteActivity[];
  extras: readonly QuoteExtra[];
  /** Campaigns applying to the booking; their absolute value is subtracted. */
  campaigns: readonly QuoteCampaign[];
  coupon: CouponAmountInput | null;
}

export interface QuoteLine {
  label: string;
  amountCents: number;
}

export interface Quote {
  /** 'Precio base' always, then the other lines that are not zero, in a fixed order; discounts negative. */
  lines: QuoteLine[];
  /** Rounded up to the euro, never negative. */
  totalCents: number;
  /** The insurance part, which the payment-due rule adds on top of deadlines. */
  insuranceCents: number;
}

/**
 * The booking price: "Total = the sum, per traveler, of the tour price, period supplement, flight price and
 * reservation-mode supplement, plus selected optional activities and insurance, plus an extra per traveler or
 * per booking. A campaign discount is subtracted, per pax or once." Then a coupon ('Código de descuento')
 * is taken from what is left, and "Amounts are rounded up": the total goes up to the whole euro.
 *
 * Each traveller pays the prices of their age group (see `findPriceForAgeGroup`). Selected ids that match no
 * option, and the '0' sentinel, add nothing. No travellers means a zero quote.
 */
export function quoteBooking(input: QuoteInput): Quote {
  const { travellers } = input;
  const count = travellers.length;
  const sums = { base: 0, period: 0, flights: 0, reservationMode: 0, optionalActivities: 0, insurance: 0 };

  for (const traveller of travellers) {
    const lookup = (prices: readonly AgePrice[]): number => priceForTraveller(prices, traveller);
    sums.base += lookup(input.tourPrices);
    sums.period += lookup(input.periodPrices);
    sums.flights += lookup(input.flightPrices);
    const mode = input.reservationModes.find((option) => option.activityId === traveller.reservationMode);
    if (mode !== undefined) sums.reservationMode += lookup(mode.prices);
    for (const id of new Set(traveller.optionalActivities)) {
      if (id === NO_OPTIONAL_ACTIVITY_ID) continue;
      const activity = input.optionalActivities.find((option) => option.activityId === id);
      if (activity === undefined) continue;
      if (isInsurance(activity)) sums.insurance += lookup(activity.prices);
      else sums.optionalActivities += lookup(activity.prices);
    }
  }

  const extras = count === 0 ? 0 : input.extras.reduce((sum, extra) => sum + extra.amountCents * (extra.basis === 'PER_TRAVELER' ? count : 1), 0);
  const gross = Object.values(sums).reduce((a, b) => a + b, 0) + extras;
  const campaignTotal = input.campaigns.reduce(
    (sum, campaign) => sum + Math.abs(campaign.valueCents) * (campaign.discountAppliedPerTxt === 'PER_PAX' ? count : 1),
    0,
  );
  const campaignDiscount = Math.min(gross, campaignTotal);
  const afterCampaign = Math.max(0, gross - campaignDiscount);
  const couponDiscount =
    input.coupon === null || count === 0 ? 0 : computeCouponDiscountCents({ coupon: input.coupon, totalCents: afterCampaign, travellerCount: count });

  const candidates: QuoteLine[] = [
    { label: QUOTE_LINE_LABELS.period, amountCents: sums.period },
    { label: QUOTE_LINE_LABELS.flights, amountCents: sums.flights },
    { label: QUOTE_LINE_LABELS.reservationMode, amountCents: sums.reservationMode },
    { label: QUOTE_LINE_LABELS.optionalActivities, amountCents: sums.optionalActivities },
    { label: QUOTE_LINE_LABELS.insurance, amountCents: sums.insurance },
    { label: QUOTE_LINE_LABELS.extras, amountCents: extras },
    { label: QUOTE_LINE_LABELS.campaignDiscount, amountCents: -campaignDiscount },
    { label: QUOTE_LINE_LABELS.coupon, amountCents: -couponDiscount },
  ];
  const lines = [{ label: QUOTE_LINE_LABELS.base, amountCents: sums.base }, ...candidates.filter((line) => line.amountCents !== 0)];
  return {
    lines,
    totalCents: roundUpToEuro(Math.max(0, afterCampaign - couponDiscount)),
    insuranceCents: sums.insurance,
  };
}

/**
 * Whether a campaign is in force on a day: between `validFromDate` and `validUntilDate`, both inclusive,
 * null bounds open. The spec lists the dates without a rule; callers filter campaigns with this before
 * quoting so an expired campaign never discounts.
 */
export function isCampaignValid({ campaign, today }: { campaign: Pick<Campaign, 'validFromDate' | 'validUntilDate'>; today: string }): boolean {
  return (campaign.validFromDate === null || campaign.validFromDate <= today) && (campaign.validUntilDate === null || today <= campaign.validUntilDate);
}
