/** Content-managed entities: landings, sliders (carousels and grids), offers, banners, reviews and photos. */
import type { DraftStatus, LandingContentType, OfferStatus, SliderCategory, SliderStatus, WebsiteType, WideStatus } from '../enums.ts';
import type { Period, Tour } from './catalogue.ts';
import type { Flight } from './flights.ts';

export interface Landing {
  id: string;
  slug: string;
  name: string;
  status: DraftStatus;
}

export interface LandingContent {
  id: string;
  landingId: string;
  slug: string;
  contentType: LandingContentType;
  name: string;
  value1: string | null;
  value2: string | null;
  updatedAt: string;
}

export interface TourOffer {
  id: string;
  periodId: string;
  flightId: string | null;
  stock: number | null;
  description: string | null;
  /** Euro discount; rules subtract its absolute value. */
  discountCents: number;
  /** Coupon code text shown with the offer. */
  coupon: string;
  position: number;
  status: OfferStatus;
  /** JSON-encoded list of city names, 'Vuelo desde ' already removed. */
  departureCities: string;
  period: Period | null;
  flight: Flight | null;
}

export interface TourSlider {
  id: string;
  tourId: string;
  sliderId: string;
  position: number;
  tourOfferId: string | null;
  tourOffer: TourOffer | null;
  tour: Tour | null;
}

/** A carousel, a campaign grid or an offers section. */
export interface Slider {
  id: string;
  /** Null means the slider shows on every site. */
  website: WebsiteType | null;
  position: number;
  label: string;
  subTitleBanner: string | null;
  promotionBanner: string | null;
  description: string | null;
  labelFooter: string | null;
  descriptionFooter: string | null;
  category: SliderCategory;
  status: SliderStatus;
  sliderSlug: string | null;
  sliderTitle: string | null;
  subtitle: string | null;
  title: string | null;
  sliderBanner: string | null;
  sliderBannerMobile: string | null;
  sliderBannerAnimation: string | null;
  createdAt: string;
  updatedAt: string;
  tourSliders: TourSlider[];
}

export interface MainBanner {
  id: string;
  backgroundImageDesktop: string | null;
  backgroundImageMobile: string | null;
  content: string | null;
  order: number;
  status: DraftStatus;
  enhanceMenu: boolean;
}

export interface RegionBanner {
  id: string;
  region: string;
  imageDesktop: string | null;
  imageMobile: string | null;
  description: string | null;
  order: number;
  visible: boolean;
}

export interface CompanyInfo {
  id: string;
  name: string;
  description: string | null;
  country: string | null;
  numberPhone: string | null;
  schedules: string | null;
  email: string | null;
  ads: string | null;
  offerValidity: string | null;
}

export interface Activity {
  id: string;
  thumbnail: string | null;
  name: string;
  city: string | null;
  country: string | null;
  description: string | null;
  homeViewable: boolean;
  status: DraftStatus;
  /** Ids of the tours the activity belongs to. */
  tours: string[];
}

export interface TravellerPhoto {
  id: string;
  name: string;
  thumbnail: string;
  status: DraftStatus;
}

export interface OpinionComment {
  id: string;
  opinionId: string;
  comment: string;
  emailReplySent: boolean;
  createdAt: string;
}

/** A tour review. `rateAccomodation` keeps the spec's spelling. */
export interface TravelerOpinion {
  id: string;
  bookingId: string | null;
  periodId: string | null;
  tourId: string;
  title: string | null;
  name: string;
  email: string | null;
  description: string | null;
  thumbnail: string | null;
  avatar: string | null;
  rate: number;
  rateGuide: number | null;
  rateDestination: number | null;
  ratePriceQuality: number | null;
  rateAccomodation: number | null;
  rateActivities: number | null;
  homeViewable: boolean;
  tourViewable: boolean;
  urlFolder: string | null;
  status: WideStatus;
  /** 'TravelerOpinion'. */
  type: string;
  comments: OpinionComment[];
  createdAt: string;
}

export interface OptionalActivityOpinion {
  id: string;
  optionalActivityId: string;
  bookingId: string | null;
  rate: number;
  opinion: string | null;
  createdAt: string;
}
