/**
 * The tour editor's contract with `/api/admin/tours/{id}` (issue 14; cms-and-backoffice.md §2 /admin/tour/{id},
 * §3 "Tour fields edited here", §7 updateTour and update Price): the tour's own fields, saved against the
 * version they were read at, and its departures (dates, seats, web sale, source) with their prices per age
 * group. The island and the server check input with these schemas.
 */
import { z } from 'zod';
import { AGE_GROUPS, CAMPAIGN_DISCOUNT_BASES, PERIOD_SOURCES, type TourType } from '../enums.ts';
import { isIsoDate } from '../rules/dates.ts';
import type { PaymentPolicy } from '../rules/payment-schedule.ts';
import type { TourEditorExtra } from './tour-extras.ts';
import {
  type FLIGHT_DIRECTIONS,
  MAX_FLIGHT_SEGMENTS,
  MAX_PERIOD_SEATS,
  MAX_PRICE_CENTS,
  TOUR_EDITOR_MESSAGES,
  TOUR_EDITOR_STATUSES,
  TOUR_FIELD_LIMITS,
  type TourField,
} from './tour-editor-texts.ts';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const text = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max, TOUR_EDITOR_MESSAGES.tooLong(max)).nullable());
const requestId = z.string().trim().min(8).max(100);

export const TourFieldsSchema = z.strictObject({
  offerValidity: text(TOUR_FIELD_LIMITS.offerValidity),
  /** The stars the tour is rated with on its page, 0 to 5; empty for none. */
  rate: z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? null : Number(value.replace(',', '.'))) : value),
    z
      .number(TOUR_EDITOR_MESSAGES.rate)
      .min(0, TOUR_EDITOR_MESSAGES.rate)
      .max(5, TOUR_EDITOR_MESSAGES.rate)
      .refine((n) => Number.isInteger(Math.round(n * 10)) && Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, TOUR_EDITOR_MESSAGES.rate)
      .nullable(),
  ),
  stops: text(TOUR_FIELD_LIMITS.stops),
  expertOpinionTitle: text(TOUR_FIELD_LIMITS.expertOpinionTitle),
  expertOpinion: text(TOUR_FIELD_LIMITS.expertOpinion),
  /** A storage key: unchanged, or an image uploaded into the tour's folder. */
  expertOpinionAvatar: text(TOUR_FIELD_LIMITS.expertOpinionAvatar),
  includedServicesWeb: text(TOUR_FIELD_LIMITS.includedServicesWeb),
  metaTitle: text(TOUR_FIELD_LIMITS.metaTitle),
  metaDescription: text(TOUR_FIELD_LIMITS.metaDescription),
  metaKeyword: text(TOUR_FIELD_LIMITS.metaKeyword),
  thumbnail: text(TOUR_FIELD_LIMITS.thumbnail),
  status: z.enum(TOUR_EDITOR_STATUSES, TOUR_EDITOR_MESSAGES.status),
} satisfies Record<TourField, z.ZodType>);
export type TourFields = z.output<typeof TourFieldsSchema>;

/** 'Guardar': the fields, the version they were read at, one id per press. */
export const TourSaveSchema = z.strictObject({ requestId, version: z.number().int().positive(), fields: TourFieldsSchema });

const day = z.string().refine(isIsoDate, TOUR_EDITOR_MESSAGES.day);

export const PeriodInputSchema = z
  .strictObject({
    dayOne: day,
    returnDate: day,
    /** Every seat of the departure: those sold, those held by payments under way and those still on sale. */
    seats: z
      .number(TOUR_EDITOR_MESSAGES.seats)
      .int(TOUR_EDITOR_MESSAGES.seats)
      .min(0, TOUR_EDITOR_MESSAGES.seats)
      .max(MAX_PERIOD_SEATS, TOUR_EDITOR_MESSAGES.seats),
    webBookable: z.boolean(),
    source: z.enum(PERIOD_SOURCES, TOUR_EDITOR_MESSAGES.source).nullable(),
  })
  .refine((p) => !isIsoDate(p.dayOne) || !isIsoDate(p.returnDate) || p.returnDate >= p.dayOne, {
    message: TOUR_EDITOR_MESSAGES.returnBeforeStart,
    path: ['returnDate'],
  });
export type PeriodInput = z.output<typeof PeriodInputSchema>;

export const PeriodSaveSchema = z.strictObject({ requestId, period: PeriodInputSchema });
/** A press that sends nothing but itself: removing a departure or a region. */
export const TourPressSchema = z.strictObject({ requestId });

const optionalDay = z.preprocess(blankToNull, day.nullable());

/** A campaign of one departure: a discount in euros, per person or once per booking, between two days. */
export const CampaignInputSchema = z
  .strictObject({
    name: z.string().trim().min(1, TOUR_EDITOR_MESSAGES.campaignName).max(100, TOUR_EDITOR_MESSAGES.tooLong(100)),
    valueCents: z
      .number(TOUR_EDITOR_MESSAGES.campaignValue)
      .int(TOUR_EDITOR_MESSAGES.campaignValue)
      .min(0, TOUR_EDITOR_MESSAGES.campaignValue)
      .max(MAX_PRICE_CENTS, TOUR_EDITOR_MESSAGES.campaignValue),
    validFromDate: optionalDay,
    validUntilDate: optionalDay,
    discountAppliedPerTxt: z.enum(CAMPAIGN_DISCOUNT_BASES, TOUR_EDITOR_MESSAGES.campaignBasis),
  })
  .refine((c) => !c.validFromDate || !c.validUntilDate || c.validUntilDate >= c.validFromDate, {
    message: TOUR_EDITOR_MESSAGES.campaignUntil,
    path: ['validUntilDate'],
  });
export type CampaignInput = z.output<typeof CampaignInputSchema>;
export const CampaignSaveSchema = z.strictObject({ requestId, campaign: CampaignInputSchema });

export const PriceInputSchema = z.strictObject({
  ageGroupName: z.enum(AGE_GROUPS, TOUR_EDITOR_MESSAGES.ageGroup),
  valueCents: z
    .number(TOUR_EDITOR_MESSAGES.price)
    .int(TOUR_EDITOR_MESSAGES.price)
    .min(0, TOUR_EDITOR_MESSAGES.price)
    .max(MAX_PRICE_CENTS, TOUR_EDITOR_MESSAGES.price),
});
/** 'Guardar vuelo': the flight's seats in total and its price per age group. */
export const FlightSaveSchema = z.strictObject({
  requestId,
  flight: z.strictObject({
    seats: PeriodInputSchema.shape.seats,
    prices: z
      .array(PriceInputSchema)
      .min(1)
      .max(AGE_GROUPS.length)
      .refine((list) => new Set(list.map((p) => p.ageGroupName)).size === list.length, TOUR_EDITOR_MESSAGES.ageGroup),
  }),
});

/** A date and a time as the form's `datetime-local` sends it; stored as the seeded flights are, in UTC notation. */
const dateTime = z
  .string(TOUR_EDITOR_MESSAGES.dateTime)
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, TOUR_EDITOR_MESSAGES.dateTime)
  .refine((v) => isIsoDate(v.slice(0, 10)) && Number(v.slice(11, 13)) < 24 && Number(v.slice(14, 16)) < 60, TOUR_EDITOR_MESSAGES.dateTime);
const iata = z
  .string(TOUR_EDITOR_MESSAGES.iata)
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, TOUR_EDITOR_MESSAGES.iata));

export const FlightSegmentInputSchema = z
  .strictObject({
    flightNumber: z
      .string(TOUR_EDITOR_MESSAGES.flightNumber)
      .trim()
      .transform((v) => v.toUpperCase().replace(/\s+/g, ''))
      .pipe(z.string().regex(/^[A-Z0-9]{2}\d{1,4}[A-Z]?$/, TOUR_EDITOR_MESSAGES.flightNumber)),
    departureIata: iata,
    arrivalIata: iata,
    departureAt: dateTime,
    arrivalAt: dateTime,
  })
  .refine((s) => s.arrivalAt > s.departureAt, { message: TOUR_EDITOR_MESSAGES.arrivalBeforeDeparture, path: ['arrivalAt'] });

const journey = (direction: (typeof FLIGHT_DIRECTIONS)[number]) =>
  z.strictObject({
    direction: z.literal(direction, TOUR_EDITOR_MESSAGES.journeys),
    segments: z.array(FlightSegmentInputSchema).min(1, TOUR_EDITOR_MESSAGES.journeys).max(MAX_FLIGHT_SEGMENTS),
  });

/**
 * 'Añadir vuelo': its name, seats, price per age group and its journeys: the outbound, and the return when
 * there is one, each with its segments in order. Whether the outbound leaves within the departure's days is
 * checked against the departure.
 */
export const FlightAddSchema = z.strictObject({
  requestId,
  flight: z.strictObject({
    name: z.string(TOUR_EDITOR_MESSAGES.flightName).trim().min(1, TOUR_EDITOR_MESSAGES.flightName).max(100, TOUR_EDITOR_MESSAGES.tooLong(100)),
    /** The Spanish city it leaves from, as the flights step shows it ("Vuelo desde Madrid"); none for ground-only options. */
    departureCity: z.preprocess(blankToNull, z.string().trim().max(100, TOUR_EDITOR_MESSAGES.tooLong(100)).nullable()),
    seats: PeriodInputSchema.shape.seats,
    prices: FlightSaveSchema.shape.flight.shape.prices,
    journeys: z.union([z.tuple([journey('outbound')]), z.tuple([journey('outbound'), journey('inbound')])], TOUR_EDITOR_MESSAGES.journeys),
  }),
});
export type FlightAddInput = z.output<typeof FlightAddSchema>['flight'];

/** 'Guardar precios' of one departure: its supplement per age group over the tour's price. */
export const PeriodPricesSchema = z.strictObject({
  requestId,
  prices: z
    .array(PriceInputSchema)
    .min(1)
    .max(AGE_GROUPS.length)
    .refine((list) => new Set(list.map((p) => p.ageGroupName)).size === list.length, TOUR_EDITOR_MESSAGES.ageGroup),
});

/** 'Añadir región' / 'Quitar': one parent region the tour is listed under. */
export const TourRegionSchema = z.strictObject({ requestId, parentRegionId: z.string().trim().min(1, TOUR_EDITOR_MESSAGES.regionUnknown).max(100) });

/** 'Enlazar' / 'Desenlazar': one activity of the catalogue that names the tour (ActivityTour). */
export const TourActivitySchema = z.strictObject({ requestId, activityId: z.string().trim().min(1, TOUR_EDITOR_MESSAGES.activityUnknown).max(100) });

export interface TourEditorActivity {
  id: string;
  name: string;
  city: string | null;
  status: 'ACTIVE' | 'DRAFT' | 'INACTIVE';
}

export interface TourEditorRegion {
  id: string;
  name: string;
  slug: string;
}

export interface TourEditorPeriod {
  id: string;
  name: string;
  dayOne: string;
  returnDate: string;
  numberOfDays: number;
  /** Seats sold + held + on sale. */
  seats: number;
  /** Seats taken for good (confirmed holds). */
  sold: number;
  /** Seats held for a few minutes by payments under way. */
  held: number;
  onSale: number;
  webBookable: boolean;
  publishWeb: boolean;
  source: (typeof PERIOD_SOURCES)[number] | null;
  /** Bookings that name the departure, whatever their state: while there is one it cannot be removed. */
  bookings: number;
  /** The departure's own payment schedule, or null when it follows the tour's (docs/decisions/042). */
  paymentPolicy: PaymentPolicy | null;
  /** The departure's price per age group (a supplement over the tour's price), cents. */
  prices: { ageGroupName: string; valueCents: number }[];
  /** Its campaigns (discounts). */
  campaigns: (CampaignInput & { id: string })[];
  /** Its flights: seats as the departure's (sold, held, on sale) and the price per age group. */
  flights: {
    id: string;
    name: string;
    departureCity: string | null;
    seats: number;
    sold: number;
    held: number;
    onSale: number;
    /** Bookings that chose the flight, whatever their state: while there is one it cannot be removed. */
    bookings: number;
    prices: { ageGroupName: string; valueCents: number }[];
  }[];
  /** Its optional activities, each with its price per age group. */
  optionalActivities: { id: string; name: string; prices: { ageGroupName: string; valueCents: number }[] }[];
}

export interface TourEditorView {
  tour: {
    id: string;
    name: string;
    webSlug: string;
    tourType: TourType;
    version: number;
    publishWeb: boolean;
    statusNow: 'ACTIVE' | 'UPDATING' | 'INACTIVE';
    /** The texts the page's meta falls back on when the meta fields are empty. */
    subtitle: string | null;
    description: string | null;
    tagKeywords: string | null;
    fields: TourFields;
    /** Signed links to show the current images. */
    thumbnailUrl: string | null;
    expertOpinionAvatarUrl: string | null;
    /** The tour's own price per age group, cents (the departures add their supplement). */
    prices: { ageGroupName: string; valueCents: number }[];
    /** The tour's own payment schedule (null: its type's), and its type's. */
    paymentPolicy: { own: PaymentPolicy | null; type: PaymentPolicy };
  };
  periods: TourEditorPeriod[];
  /** The parent regions the tour is listed under (/region/{slug}), and every one it could be. */
  regions: { linked: TourEditorRegion[]; options: TourEditorRegion[] };
  /** The catalogue's activities that name the tour (ActivityTour), and every one that could. */
  activities: { linked: TourEditorActivity[]; options: TourEditorActivity[] };
  /** Its extras, offered or withdrawn, in their order. */
  extras: TourEditorExtra[];
}

/** What every change answers: the editor as it is now, and the publication of the tour's pages (null when none). */
export interface TourEditorAnswer {
  editor: TourEditorView;
  applied: boolean;
  publication: string | null;
  message: string;
}
