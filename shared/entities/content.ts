/** Content-managed entities: landings, sliders (carousels and grids), offers, banners, reviews and photos. */
import type { OfferStatus, SliderCategory, SliderStatus, WebsiteType } from '../enums.ts';
import type { Period, Tour } from './catalogue.ts';
import type { Flight } from './flights.ts';

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
