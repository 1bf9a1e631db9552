/**
 * SEO builders for the catalogue pages: meta texts with fallbacks and schema.org JSON-LD (TouristTrip with
 * offers and rating, BreadcrumbList, ItemList). Plain objects; Base.astro writes them as scripts.
 */
import { BRAND_NAME, CURRENCY } from '#shared/constants.ts';
import { isDepartureFull } from '#shared/rules/departures.ts';
import { convertCentsToEuros } from '#shared/rules/money.ts';
import type { CatalogueSnapshot, TourSnapshot } from '#shared/snapshot.ts';

// The tour's meta texts are one rule with the tour editor's search-snippet preview.
export { buildTourMeta, truncateForMeta } from '#shared/rules/seo-meta.ts';

const SCHEMA = 'https://schema.org';

export interface Crumb {
  name: string;
  /** Root-relative path. */
  path: string;
}

export const absoluteUrl = (path: string, site: URL): string => new URL(path, site).href;

/** BreadcrumbList: Inicio › … › the page. */
export function buildBreadcrumbJsonLd({ crumbs, site }: { crumbs: readonly Crumb[]; site: URL }) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absoluteUrl(crumb.path, site) })),
  };
}

/** ItemList of the tours a listing page shows, in its order. */
export function buildTourListJsonLd({
  tours,
  site,
  firstPosition = 1,
}: {
  tours: readonly Pick<TourSnapshot, 'name' | 'webSlug'>[];
  site: URL;
  /** The position of the first tour: a listing's later pages go on counting. */
  firstPosition?: number;
}) {
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    itemListElement: tours.map((tour, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      name: tour.name,
      url: absoluteUrl(`/tour/${tour.webSlug}`, site),
    })),
  };
}

export interface OfferDeparture {
  periodId: string;
  label: string;
  dayOne: string;
  returnDate: string;
  bookableAvailability: number;
  fromPriceCents: number;
  /** When the campaign behind a discounted price started and ends; null without campaign. */
  campaignValidFrom: string | null;
  campaignValidUntil: string | null;
}

const price = (cents: number) => convertCentsToEuros(cents).toFixed(2);

/**
 * schema.org TouristTrip for a tour page: one Offer per listed departure (price per adult in EUR,
 * InStock or SoldOut, the departure as availabilityStarts, campaign dates as validFrom/priceValidUntil),
 * an AggregateRating only when there is at least one published opinion, and the company as provider.
 */
export function buildTouristTripJsonLd({
  tour,
  destinations,
  departures,
  rating,
  imageUrl,
  company,
  site,
}: {
  tour: Pick<TourSnapshot, 'name' | 'webSlug' | 'subtitle' | 'description'>;
  destinations: readonly string[];
  departures: readonly OfferDeparture[];
  rating: { average: number; count: number } | null;
  imageUrl: string | null;
  company: CatalogueSnapshot['company'];
  site: URL;
}) {
  const url = absoluteUrl(`/tour/${tour.webSlug}`, site);
  return {
    '@context': SCHEMA,
    '@type': 'TouristTrip',
    name: tour.name,
    description: tour.description ?? tour.subtitle ?? undefined,
    url,
    ...(imageUrl ? { image: absoluteUrl(imageUrl, site) } : {}),
    ...(destinations.length > 0
      ? {
          itinerary: {
            '@type': 'ItemList',
            itemListElement: destinations.map((name, index) => ({ '@type': 'ListItem', position: index + 1, item: { '@type': 'Place', name } })),
          },
        }
      : {}),
    provider: {
      '@type': 'TravelAgency',
      name: company?.name ?? BRAND_NAME,
      url: absoluteUrl('/', site),
      ...(company?.phone ? { telephone: company.phone } : {}),
    },
    offers: departures.map((departure) => ({
      '@type': 'Offer',
      name: departure.label,
      url: `${url}?periodo=${encodeURIComponent(departure.periodId)}`,
      price: price(departure.fromPriceCents),
      priceCurrency: CURRENCY,
      availability: `${SCHEMA}/${isDepartureFull(departure) ? 'SoldOut' : 'InStock'}`,
      availabilityStarts: departure.dayOne,
      availabilityEnds: departure.returnDate,
      ...(departure.campaignValidFrom ? { validFrom: departure.campaignValidFrom } : {}),
      ...(departure.campaignValidUntil ? { priceValidUntil: departure.campaignValidUntil } : {}),
    })),
    ...(rating && rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(rating.average * 10) / 10,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
