/**
 * The catalogue snapshot: the public part of the catalogue, written by content-build and read by the
 * Astro build. One schema validates both ends. Public fields only: never purchase prices, margins,
 * bookings or personal data (DESIGN.md, Security).
 */
import { z } from 'zod';
import type { FlightSegment } from './entities/index.ts';

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

// The one segment shape (shared/entities/flights.ts), plus the nights spent at its destination.
export const SegmentSnapshotSchema = z.strictObject({
  departureAt: z.string(),
  arrivalAt: z.string(),
  departureIata: z.string(),
  arrivalIata: z.string(),
  departureCity: z.string().nullable(),
  arrivalCity: z.string().nullable(),
  flightNumber: z.string().nullable(),
  provider: z.string().nullable(),
  nights: z.number().int().nullable(),
}) satisfies z.ZodType<FlightSegment & { nights: number | null }>;

export const JourneySnapshotSchema = z.strictObject({
  direction: z.enum(['outbound', 'inbound']),
  segments: z.array(SegmentSnapshotSchema),
});

export const FlightSnapshotSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  departureCity: z.string().nullable(),
  guaranteedAvailability: z.number().int(),
  bookableAvailability: z.number().int(),
  prices: z.array(PriceSnapshotSchema.extend({ flightCostCents: Cents.nullable(), feeCents: Cents.nullable() })),
  cockpitPrices: z.array(z.strictObject({ ageGroupName: z.string(), flightCostCents: Cents, feeCents: Cents })),
  journeys: z.array(JourneySnapshotSchema),
});

export const OptionalActivitySnapshotSchema = z.strictObject({
  id: z.string(),
  activityId: z.string(),
  name: z.string(),
  subtype: z.string().nullable(),
  productType: z.string().nullable(),
  serviceType: z.string().nullable(),
  webInfo: z.string().nullable(),
  bookableAvailability: z.number().int(),
  days: z.array(z.number().int()),
  prices: z.array(PriceSnapshotSchema),
  /** Storage keys of the activity's photos, in the order staff gave them. */
  photos: z.array(z.string()),
});

export const ActivityPackSnapshotSchema = z.strictObject({
  id: z.string(),
  activityId: z.string(),
  name: z.string(),
  webInfo: z.string().nullable(),
  multipleActivityIds: z.string(),
  prices: z.array(PriceSnapshotSchema),
});

export const ReservationModeSnapshotSchema = z.strictObject({
  id: z.string(),
  activityId: z.string(),
  name: z.string(),
  places: z.number().int(),
  comment: z.string().nullable(),
  availability: z.number().int(),
  shareRoom: z.boolean(),
  prices: z.array(PriceSnapshotSchema),
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
  optionalActivities: z.array(OptionalActivitySnapshotSchema),
  activityPacks: z.array(ActivityPackSnapshotSchema),
  reservationModes: z.array(ReservationModeSnapshotSchema),
  meetingPoint: z.string().nullable(),
  beforeYouTravel: z.string().nullable(),
  aboutTheAirport: z.string().nullable(),
  countryInfo: z.string().nullable(),
  emergencyNumbers: z.string().nullable(),
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
  includedServices: z.string().nullable(),
  notIncludedServices: z.string().nullable(),
  includedServicesWeb: z.string().nullable(),
  expertOpinionTitle: z.string().nullable(),
  expertOpinion: z.string().nullable(),
  expertOpinionAvatar: z.string().nullable(),
  stops: z.string().nullable(),
  offerValidity: z.string().nullable(),
  /** Storage keys (`{tourId}/{file}`), never signed addresses: content-build turns them into image variants. */
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
  tags: z.array(z.strictObject({ name: z.string(), typeName: z.string().nullable() })),
  itinerary: z.array(z.strictObject({ rank: z.number().int(), title: z.string(), description: z.string().nullable(), city: z.string().nullable() })),
  prices: z.array(PriceSnapshotSchema),
  periods: z.array(PeriodSnapshotSchema),
  /** Published opinions only (status ACTIVE and shown on the tour page); no reviewer e-mail. */
  opinions: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string().nullable(),
      name: z.string(),
      description: z.string().nullable(),
      avatar: z.string().nullable(),
      rate: z.number(),
      rateGuide: z.number().nullable(),
      rateDestination: z.number().nullable(),
      ratePriceQuality: z.number().nullable(),
      rateAccomodation: z.number().nullable(),
      rateActivities: z.number().nullable(),
      homeViewable: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});

export const TourOfferSnapshotSchema = z.strictObject({
  id: z.string(),
  periodId: z.string(),
  flightId: z.string().nullable(),
  stock: z.number().int().nullable(),
  description: z.string().nullable(),
  discountCents: Cents,
  coupon: z.string(),
  position: z.number().int(),
  departureCities: z.array(z.string()),
});

export const SliderSnapshotSchema = z.strictObject({
  id: z.string(),
  website: z.string().nullable(),
  position: z.number().int(),
  label: z.string(),
  category: z.string(),
  sliderSlug: z.string().nullable(),
  title: z.string().nullable(),
  sliderTitle: z.string().nullable(),
  subtitle: z.string().nullable(),
  subTitleBanner: z.string().nullable(),
  promotionBanner: z.string().nullable(),
  description: z.string().nullable(),
  labelFooter: z.string().nullable(),
  descriptionFooter: z.string().nullable(),
  sliderBanner: z.string().nullable(),
  sliderBannerMobile: z.string().nullable(),
  /** Set (the animation's length in ms): the campaign banner's image comes in animated. */
  sliderBannerAnimation: z.string().nullable(),
  /** Tour links by position; an offer slider's links carry their active offer. */
  tours: z.array(z.strictObject({ tourId: z.string(), position: z.number().int(), offer: TourOfferSnapshotSchema.nullable() })),
});

export const LandingSnapshotSchema = z.strictObject({
  slug: z.string(),
  name: z.string(),
  contents: z.array(
    z.strictObject({
      slug: z.string(),
      contentType: z.enum(['TITLE', 'TEXT', 'IMAGE', 'MEDIA', 'BUTTON', 'ENRICHED_TEXT']),
      name: z.string(),
      value1: z.string().nullable(),
      value2: z.string().nullable(),
      /** When the block was last saved (a text page shows it as its last update). */
      updatedAt: z.string().nullable(),
    }),
  ),
});

export const CatalogueSnapshotSchema = z.strictObject({
  /** The UTC day the catalogue window was computed for. */
  today: IsoDate,
  company: z
    .strictObject({
      name: z.string(),
      description: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      schedules: z.string().nullable(),
      offerValidity: z.string().nullable(),
    })
    .nullable(),
  parentRegions: z.array(ParentRegionSnapshotSchema),
  destinations: z.array(DestinationSnapshotSchema),
  tours: z.array(TourSnapshotSchema),
  /** ACTIVE sliders only (visitors never see drafts); GRID sliders are the campaign landings. */
  sliders: z.array(SliderSnapshotSchema),
  /** ACTIVE landings and their content blocks, by slug. */
  landings: z.array(LandingSnapshotSchema),
  mainBanners: z.array(
    z.strictObject({
      id: z.string(),
      backgroundImageDesktop: z.string().nullable(),
      backgroundImageMobile: z.string().nullable(),
      content: z.string().nullable(),
      order: z.number().int(),
      enhanceMenu: z.boolean(),
    }),
  ),
  regionBanners: z.array(
    z.strictObject({
      id: z.string(),
      region: z.string(),
      imageDesktop: z.string().nullable(),
      imageMobile: z.string().nullable(),
      description: z.string().nullable(),
      order: z.number().int(),
    }),
  ),
  activities: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      city: z.string().nullable(),
      country: z.string().nullable(),
      description: z.string().nullable(),
      thumbnail: z.string().nullable(),
      homeViewable: z.boolean(),
      tourIds: z.array(z.string()),
    }),
  ),
  /** The travellers' photos the home shows (ACTIVE), in the order staff set. */
  travellerPhotos: z.array(z.strictObject({ id: z.string(), name: z.string(), thumbnail: z.string() })),
  /** Published reviews staff marked 'En la portada', newest first (HOME_OPINIONS_LIMIT), with their tour. */
  homeOpinions: z.array(
    z.strictObject({
      id: z.string(),
      tourId: z.string(),
      tourName: z.string(),
      tourSlug: z.string(),
      name: z.string(),
      title: z.string().nullable(),
      description: z.string().nullable(),
      rate: z.number(),
      createdAt: z.string(),
    }),
  ),
});

export type PriceSnapshot = z.infer<typeof PriceSnapshotSchema>;
export type FlightSnapshot = z.infer<typeof FlightSnapshotSchema>;
export type PeriodSnapshot = z.infer<typeof PeriodSnapshotSchema>;
export type DestinationSnapshot = z.infer<typeof DestinationSnapshotSchema>;
export type ParentRegionSnapshot = z.infer<typeof ParentRegionSnapshotSchema>;
export type TourSnapshot = z.infer<typeof TourSnapshotSchema>;
export type TourOfferSnapshot = z.infer<typeof TourOfferSnapshotSchema>;
export type SliderSnapshot = z.infer<typeof SliderSnapshotSchema>;
export type LandingSnapshot = z.infer<typeof LandingSnapshotSchema>;
export type CatalogueSnapshot = z.infer<typeof CatalogueSnapshotSchema>;

/** The catalogue without its tours: what a build reads whole, while the tours come one batch at a time. */
export const CatalogueContentSchema = CatalogueSnapshotSchema.omit({ tours: true });
export type CatalogueContent = z.infer<typeof CatalogueContentSchema>;

/** What only a tour's own page shows of a departure. */
type PeriodDetail =
  | 'flights'
  | 'optionalActivities'
  | 'activityPacks'
  | 'reservationModes'
  | 'meetingPoint'
  | 'beforeYouTravel'
  | 'aboutTheAirport'
  | 'countryInfo'
  | 'emergencyNumbers';
/** What only a tour's own page shows of the tour. */
type TourDetail =
  | 'description'
  | 'highlights'
  | 'includedServices'
  | 'notIncludedServices'
  | 'includedServicesWeb'
  | 'expertOpinionTitle'
  | 'expertOpinion'
  | 'itinerary'
  | 'opinions';

export type PeriodSummary = Omit<PeriodSnapshot, PeriodDetail>;
/**
 * A tour as every page but its own reads it (cards, listings, filters, search, sitemap): at 50,000 tours
 * the whole tours do not fit a build's memory, their summaries do (docs/decisions/049-catalogue-in-parts.md).
 * `contentHash` names the whole tour's data, for the cache key of its page.
 */
export type TourSummary = Omit<TourSnapshot, TourDetail | 'periods'> & { periods: PeriodSummary[]; contentHash: string };

/** The catalogue as the pages hold it: the content whole, the tours summarised (each whole one is read when its page renders). */
export type SiteCatalogue = CatalogueContent & { tours: TourSummary[] };

/** `tour`'s summary; `contentHash` is a hash of its whole data (the caller's: this module also runs in browsers). */
export function summariseTour(tour: TourSnapshot, contentHash: string): TourSummary {
  const {
    description: _description,
    highlights: _highlights,
    includedServices: _included,
    notIncludedServices: _notIncluded,
    includedServicesWeb: _includedWeb,
    expertOpinionTitle: _expertTitle,
    expertOpinion: _expert,
    itinerary: _itinerary,
    opinions: _opinions,
    periods,
    ...kept
  } = tour;
  return {
    ...kept,
    periods: periods.map(
      ({
        flights: _flights,
        optionalActivities: _activities,
        activityPacks: _packs,
        reservationModes: _modes,
        meetingPoint: _meeting,
        beforeYouTravel: _before,
        aboutTheAirport: _airport,
        countryInfo: _country,
        emergencyNumbers: _emergency,
        ...period
      }) => period,
    ),
    contentHash,
  };
}
