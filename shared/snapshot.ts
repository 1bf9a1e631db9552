/**
 * The catalogue snapshot: the public part of the catalogue, written by content-build and read by the
 * Astro build. One schema validates both ends. Public fields only: never purchase prices, margins,
 * bookings or personal data (DESIGN.md, Security).
 */
import { z } from 'zod';

const Cents = z.number().int();
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const PriceSnapshotSchema = z.strictObject({
  ageGroupName: z.string(),
  categoryName: z.string(),
  valueCents: Cents,
});

export const CampaignSnapshotSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  valueCents: Cents,
  validFromDate: IsoDate.nullable(),
  validUntilDate: IsoDate.nullable(),
  discountAppliedPerTxt: z.enum(['PER_PAX', 'ONCE']),
});

export const FlightSnapshotSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  departureCity: z.string().nullable(),
  guaranteedAvailability: z.number().int(),
  bookableAvailability: z.number().int(),
  prices: z.array(PriceSnapshotSchema.extend({ flightCostCents: Cents.nullable(), feeCents: Cents.nullable() })),
  cockpitPrices: z.array(z.strictObject({ ageGroupName: z.string(), flightCostCents: Cents, feeCents: Cents })),
});

export const PeriodSnapshotSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  dayOne: IsoDate,
  returnDate: IsoDate,
  tripType: z.string().nullable(),
  numberOfDays: z.number().int().positive(),
  bookableAvailability: z.number().int().nonnegative(),
  webBookable: z.boolean(),
  publishWeb: z.boolean(),
  prices: z.array(PriceSnapshotSchema),
  campaigns: z.array(CampaignSnapshotSchema),
  flights: z.array(FlightSnapshotSchema),
});

export const DestinationSnapshotSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  continent: z.string().nullable(),
  iso2: z.string().nullable(),
  description: z.string().nullable(),
  parentRegionId: z.string().nullable(),
});

export const ParentRegionSnapshotSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
});

export const TourSnapshotSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  webSlug: z.string(),
  tagSeason: z.string().nullable(),
  tagKeywords: z.string().nullable(),
  highlights: z.string().nullable(),
  thumbnail: z.string().nullable(),
  banner: z.string().nullable(),
  tourType: z.enum(['Group', 'FIT', 'Private']),
  rate: z.number().nullable(),
  sortTour: z.number().int(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  metaKeyword: z.string().nullable(),
  destinationIds: z.array(z.string()),
  parentRegionIds: z.array(z.string()),
  prices: z.array(PriceSnapshotSchema),
  periods: z.array(PeriodSnapshotSchema),
});

export const CatalogueSnapshotSchema = z.strictObject({
  /** The UTC day the catalogue window was computed for. */
  today: IsoDate,
  company: z.strictObject({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable(), schedules: z.string().nullable() }).nullable(),
  parentRegions: z.array(ParentRegionSnapshotSchema),
  destinations: z.array(DestinationSnapshotSchema),
  tours: z.array(TourSnapshotSchema),
});

export type PriceSnapshot = z.infer<typeof PriceSnapshotSchema>;
export type CampaignSnapshot = z.infer<typeof CampaignSnapshotSchema>;
export type FlightSnapshot = z.infer<typeof FlightSnapshotSchema>;
export type PeriodSnapshot = z.infer<typeof PeriodSnapshotSchema>;
export type DestinationSnapshot = z.infer<typeof DestinationSnapshotSchema>;
export type ParentRegionSnapshot = z.infer<typeof ParentRegionSnapshotSchema>;
export type TourSnapshot = z.infer<typeof TourSnapshotSchema>;
export type CatalogueSnapshot = z.infer<typeof CatalogueSnapshotSchema>;
