/**
 * Catalogue entities: tours, their periods (dated departures) and what a period carries.
 *
 * Conventions for every entity file: spec names in camelCase with `ID` suffixes written `Id`; money in integer
 * euro cents with a `Cents` suffix; dates `YYYY-MM-DD`; timestamps ISO strings; nullable columns `T | null`.
 */
import type { CampaignDiscountBasis, DraftStatus, EntityStatus, PeriodSource, TourType } from '../enums.ts';
import type { Flight } from './flights.ts';
import type { Booking } from './booking.ts';

/**
 * A price item. One shape serves tour, period, flight, activity and reservation-mode prices; the fields a
 * context does not use are null.
 */
export interface Price {
  id: string;
  periodId: string | null;
  tourId: string | null;
  flightId: string | null;
  /** Age group the price is for ('Adultos', 'Niños'); kept a string because the ERP may send others. */
  optionalActivityId: string | null;
  activityPackId: string | null;
  reservationModeId: string | null;
  ageGroupName: string;
  /** 'Standard category' unless the ERP says otherwise. */
  categoryName: string;
  valueCents: number;
  valueWithCampaignCents: number | null;
  flightCostCents: number | null;
  feeCents: number | null;
}

export interface Destination {
  id: string;
  name: string;
  slug: string;
  continentTxt: string | null;
  province: string | null;
  iso2: string | null;
  iso3: string | null;
  description: string | null;
  typeTxt: string | null;
  parentRegionId: string | null;
}

export interface Tag {
  id: string;
  tourId: string;
  name: string;
  description: string | null;
  typeName: string | null;
}

export interface ParentRegion {
  id: string;
  name: string;
  slug: string;
  description: string | null;
}

export interface Tour {
  id: string;
  name: string;
  subtitle: string | null;
  comment: string | null;
  description: string | null;
  webSlug: string;
  tagSeason: string | null;
  /** Free text keywords; 'oculto' anywhere in it hides the tour. */
  tagKeywords: string | null;
  highlights: string | null;
  includedServices: string | null;
  notIncludedServices: string | null;
  includedServicesWeb: string | null;
  thumbnail: string | null;
  banner: string | null;
  bookable: boolean;
  privateTourBase: number;
  expertOpinionTitle: string | null;
  expertOpinion: string | null;
  expertOpinionAvatar: string | null;
  tourType: TourType;
  offerValidity: string | null;
  seatsInThisFare: number | null;
  exclusiveTrip: boolean;
  stops: string | null;
  rate: number | null;
  sortTour: number;
  metaTitle: string | null;
  metaDescription: string | null;
  metaKeyword: string | null;
  publishWeb: boolean;
  status: EntityStatus;
  /** Photo of the trip included in the price, when there is one. */
  includedTripPhoto: string | null;
  destinations: Destination[];
  tags: Tag[];
  parentRegions: ParentRegion[];
  periods: Period[];
  prices: Price[];
  createdAt: string;
  updatedAt: string;
}

export interface Campaign {
  id: string;
  name: string;
  /** Discount amount; rules subtract its absolute value. */
  valueCents: number;
  validFromDate: string | null;
  validUntilDate: string | null;
  discountAppliedPerTxt: CampaignDiscountBasis;
}

export interface ItineraryDay {
  id: string;
  rank: number;
  title: string;
  description: string | null;
  city: string | null;
}

export interface Itinerary {
  id: string;
  name: string;
  status: DraftStatus;
  days: ItineraryDay[];
}

export interface OptionalActivity {
  id: string;
  activityId: string;
  name: string;
  /** 'Rental car' is one; rental cars never count as a bookable optional activity. */
  subtype: string | null;
  /** 'Seguros' means insurance. */
  productType: string | null;
  serviceType: string | null;
  webInfo: string | null;
  bookableAvailability: number;
  guaranteedAvailability: number;
  numPax: number | null;
  prices: Price[];
  /** Ranks of the itinerary days the activity takes place on. */
  itineraryDayRanks: number[];
}

export interface ActivityPack {
  id: string;
  activityId: string;
  name: string;
  webInfo: string | null;
  /** Comma-separated activity ids of the pack's members, as the spec stores them. */
  multipleActivityIds: string;
  prices: Price[];
  /** UI flag the spec keeps on the entity: whether the pack's detail is expanded. */
  toggleAccordion: boolean;
}

export interface ReservationMode {
  id: string;
  activityId: string;
  name: string;
  places: number;
  comment: string | null;
  /** Spec's `_deleted`. */
  deleted: boolean;
  availability: number;
  shareRoom: boolean;
  prices: Price[];
}

export interface Period {
  id: string;
  tourId: string;
  tourName: string;
  itineraryId: string | null;
  name: string;
  dayOne: string;
  returnDate: string;
  /** 'Single', 'terceros' and others; an open set fed by the ERP. */
  tripType: string | null;
  tags: string[];
  numberOfDays: number;
  source: PeriodSource | null;
  meetingPoint: string | null;
  bookableAvailability: number;
  webBookable: boolean;
  publishWeb: boolean;
  afterYourTrip: string | null;
  beforeYouTravel: string | null;
  aboutTheAirport: string | null;
  countryInfo: string | null;
  emergencyNumbers: string | null;
  campaigns: Campaign[];
  optionalActivities: OptionalActivity[];
  optionalActivityPacks: ActivityPack[];
  reservationModes: ReservationMode[];
  prices: Price[];
  flights: Flight[];
  itinerary: Itinerary | null;
  bookings: Booking[];
}
