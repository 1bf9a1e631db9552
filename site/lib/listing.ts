/**
 * The public catalogue as the listing, tour and search pages see it: visible tours with their destinations
 * and parent regions resolved, and the groups the listing routes are built from.
 */
import { selectPublicTours, type PublicTour } from '#shared/public-catalogue.ts';
import { formatSeasonLabel, sortSeasonTags } from '#shared/rules/seasons.ts';
import { slugify } from '#shared/rules/text.ts';
import type { DestinationSnapshot, ParentRegionSnapshot, TourSnapshot, TourSummary } from '#shared/snapshot.ts';
import { ADULT_AGE_GROUP } from '#shared/constants.ts';
import { findLowestAdultPriceCents } from '#shared/rules/prices.ts';
import { buildListingFacets, splitIntoPages, type ListingFacets } from '#shared/rules/listing-pages.ts';
import { buildTripTypePath, filterGrid, listGridTours } from '#shared/rules/tour-grid.ts';
import type { SiteCatalogue } from '#shared/snapshot.ts';
import { loadCatalogue, loadTour, perCatalogue } from './catalogue.ts';

/** A visible tour as every page but its own reads it: summarised (`TourSummary`). */
export type ListedTour = PublicTour<TourSummary>;

/**
 * Tours of a newer snapshot that replace those of an older one in place, each listed where the tour it
 * replaces was and with the same pills: a targeted rebuild's new photo or text. What was derived over the
 * older snapshot's listings holds for the newer one with these tours swapped in.
 */
type ListingSwap = Map<ListedTour, ListedTour>;

/**
 * What decides where a tour is listed, where in the listing and which pills it counts for: its grid data,
 * its regions and its season tags (the groups of `listCatalogueListings`; the order is the snapshot's).
 */
const listingPlace = (tour: ListedTour) =>
  JSON.stringify([toGridTour(tour), tour.parentRegions.map((r) => r.slug), tour.tagSeason, tour.destinations.map((d) => d.id)]);

/** The swap from `before` to `after`, or null when a tour came, went, or moved between or within listings. */
function findSwap(before: readonly ListedTour[], after: readonly ListedTour[]): ListingSwap | null {
  if (before.length !== after.length) return null;
  const swap: ListingSwap = new Map();
  for (let i = 0; i < after.length; i++) {
    const [old, now] = [before[i] as ListedTour, after[i] as ListedTour];
    if (old === now) continue;
    if (old.id !== now.id || listingPlace(old) !== listingPlace(now)) return null;
    swap.set(old, now);
  }
  return swap;
}

/**
 * The snapshots rendered lately, oldest first, with their visible tours and the swap from the one before
 * (null when it was not one). A value derived for an older snapshot is carried across all of them: the
 * edits of a landing or a banner between two tour edits render no listing, and the listings derived before
 * them are still good for the next tour edit.
 */
const recent: { catalogue: SiteCatalogue; tours: ListedTour[]; swap: ListingSwap | null }[] = [];
const RECENT_SNAPSHOTS = 20;

function publicToursOf(catalogue: SiteCatalogue) {
  const last = recent.at(-1);
  if (last?.catalogue === catalogue) return last;
  const tours = selectPublicTours(catalogue);
  const sameGround =
    last &&
    last.catalogue.today === catalogue.today &&
    last.catalogue.destinations === catalogue.destinations &&
    last.catalogue.parentRegions === catalogue.parentRegions;
  const step = { catalogue, tours, swap: last && sameGround ? findSwap(last.tours, tours) : null };
  recent.push(step);
  if (recent.length > RECENT_SNAPSHOTS) recent.shift();
  return step;
}

/** The visible tours of the snapshot (see `selectPublicTours`), selected once per snapshot. */
export const listPublicTours = (): ListedTour[] => publicToursOf(loadCatalogue()).tours;

/** The swap from snapshot `from` to the one rendered now, through every snapshot between; null when there is none. */
function swapSince(from: SiteCatalogue): ListingSwap | null {
  publicToursOf(loadCatalogue());
  const start = recent.findIndex((step) => step.catalogue === from);
  if (start < 0) return null;
  let swap: ListingSwap = new Map();
  for (const step of recent.slice(start + 1)) {
    if (!step.swap) return null;
    const composed: ListingSwap = new Map(step.swap);
    for (const [old, now] of swap) composed.set(old, step.swap.get(now) ?? now);
    swap = composed;
  }
  return swap;
}

/** `tours` with the swap's tours in place of those they replace: the same array when none is in it. */
function swapTours(tours: ListedTour[], swap: ListingSwap): ListedTour[] {
  let copy: ListedTour[] | null = null;
  for (let i = 0; i < tours.length; i++) {
    const now = swap.get(tours[i] as ListedTour);
    if (!now) continue;
    copy ??= [...tours];
    copy[i] = now;
  }
  return copy ?? tours;
}

/** Listings with the swap's tours in place (the same listing where none of its tours was swapped). */
function swapInListings<L extends { tours: ListedTour[] }>(listings: L[], swap: ListingSwap): L[] {
  return listings.map((listing) => {
    const tours = swapTours(listing.tours, swap);
    return tours === listing.tours ? listing : { ...listing, tours };
  });
}

/**
 * `perCatalogue` for a value derived from the listings: carried to a newer snapshot by swapping its tours
 * (`carry`) when the newer snapshot's tours replace the older one's in place (`ListingSwap`).
 */
function perListings<T>(derive: (catalogue: SiteCatalogue) => T, carry: (previous: T, swap: ListingSwap) => T): () => T {
  return perCatalogue(derive, (previous, from) => {
    const swap = swapSince(from);
    return swap ? carry(previous, swap) : null;
  });
}

/**
 * The listed tour whole, for its own page: the snapshot's tour with the same listed departures, destinations
 * and regions as its summary.
 */
export function loadListedTour(listed: ListedTour): PublicTour<TourSnapshot> {
  const { destinations, parentRegions } = listed;
  const tour = loadTour(listed.id);
  const shown = new Set(listed.periods.map((period) => period.id));
  return { ...tour, periods: tour.periods.filter((period) => shown.has(period.id)), destinations, parentRegions };
}

export const destinationNames = (tour: ListedTour): string[] => tour.destinations.map((d) => d.name);

/** The slug of a /destino page: the destination's name slugified, as `tourMatchesDestinationSlug` compares. */
export const destinationSlug = (destination: Pick<DestinationSnapshot, 'name'>): string => slugify(destination.name);

/**
 * What the grid's filter island needs of a tour for `filterGrid`: no more, since it travels in the page.
 * The lowest adult price stands in for the price list (the only price question is "above 0").
 */
export function toGridTour(tour: Pick<ListedTour, 'id' | 'tourType' | 'prices' | 'destinations' | 'periods'>) {
  return {
    id: tour.id,
    tourType: tour.tourType,
    prices: [{ ageGroupName: ADULT_AGE_GROUP, valueCents: findLowestAdultPriceCents(tour.prices) ?? 0 }],
    destinations: tour.destinations.map((d) => ({ name: d.name })),
    periods: [
      ...new Map(
        tour.periods.map((p) => [
          `${p.tripType}|${p.webBookable}|${p.publishWeb}`,
          { tripType: p.tripType, webBookable: p.webBookable, publishWeb: p.publishWeb },
        ]),
      ).values(),
    ],
  };
}
export type GridTourData = ReturnType<typeof toGridTour>;

const gridTours = new WeakMap<ListedTour, GridTourData>();
/**
 * `toGridTour` of a listed tour, made once per tour of a catalogue: a tour is in about ten listings' filter
 * indexes (all trips, its type, regions, destinations, each month it leaves in), and each index is built twice,
 * for its cache key and for its file (`filtros.json.ts`). Kept as long as the catalogue's tours are.
 */
export function gridTourOf(tour: ListedTour): GridTourData {
  let grid = gridTours.get(tour);
  if (!grid) {
    grid = toGridTour(tour);
    gridTours.set(tour, grid);
  }
  return grid;
}

/**
 * What a tour card renders (TourCard.astro): keep in step with it. Listing pages hash this, not the whole
 * tour, so a seat sold on some departure does not rebuild every listing.
 */
export function cardCacheData(tour: ListedTour) {
  return {
    ...toGridTour(tour),
    name: tour.name,
    webSlug: tour.webSlug,
    thumbnail: tour.thumbnail,
    tagSeason: tour.tagSeason,
    prices: tour.prices,
    periods: tour.periods.map((p) => ({
      dayOne: p.dayOne,
      numberOfDays: p.numberOfDays,
      tripType: p.tripType,
      webBookable: p.webBookable,
      publishWeb: p.publishWeb,
    })),
  };
}

export interface DestinationListing {
  slug: string;
  destination: DestinationSnapshot;
  region: ParentRegionSnapshot | null;
  tours: ListedTour[];
}

/** The tours under each key, in the tours' order; a tour with a key twice is listed once. */
function groupTours(tours: readonly ListedTour[], keysOf: (tour: ListedTour) => Iterable<string>): Map<string, ListedTour[]> {
  const groups = new Map<string, ListedTour[]>();
  for (const tour of tours) {
    for (const key of new Set(keysOf(tour))) {
      const group = groups.get(key);
      if (group) group.push(tour);
      else groups.set(key, [tour]);
    }
  }
  return groups;
}

/** `slugify` of the same few names asked 10,000 times. */
function slugsOnce(): (text: string) => string {
  const slugs = new Map<string, string>();
  return (text) => {
    let slug = slugs.get(text);
    if (slug === undefined) {
      slug = slugify(text);
      slugs.set(text, slug);
    }
    return slug;
  };
}

/**
 * One /destino page per destination with at least one visible tour; a name shared by two ids is one page.
 * A tour is listed under a slug when one of its destinations' names has that slug (`tourMatchesDestinationSlug`).
 */
export const listDestinationListings: () => DestinationListing[] = perListings(({ destinations, parentRegions }) => {
  const slug = slugsOnce();
  const toursBySlug = groupTours(listPublicTours(), (tour) => tour.destinations.map((d) => slug(d.name)));
  const bySlug = new Map<string, DestinationListing>();
  for (const destination of destinations) {
    const key = slug(destination.name);
    if (key === '' || bySlug.has(key)) continue;
    const matching = toursBySlug.get(key);
    if (!matching) continue;
    const region = parentRegions.find((r) => r.id === destination.parentRegionId) ?? null;
    bySlug.set(key, { slug: key, destination, region, tours: matching });
  }
  return [...bySlug.values()];
}, swapInListings);

export interface RegionListing {
  region: ParentRegionSnapshot;
  tours: ListedTour[];
}

/** One /region page per parent region with at least one visible tour (`tourMatchesRegionSlug`). */
export const listRegionListings: () => RegionListing[] = perListings(({ parentRegions }) => {
  const toursBySlug = groupTours(listPublicTours(), (tour) => tour.parentRegions.map((r) => r.slug));
  return parentRegions.flatMap((region) => {
    const tours = toursBySlug.get(region.slug);
    return tours ? [{ region, tours }] : [];
  });
}, swapInListings);

export interface SeasonListing {
  slug: string;
  label: string;
  tours: ListedTour[];
}

/**
 * One /temporada page per season of the visible tours ('Todo el año', Enero … Diciembre, then any other
 * tag), in that order. A tour is listed under a season when one of its tags has its slug (`tourMatchesSeasonSlug`).
 */
export const listSeasonListings: () => SeasonListing[] = perListings(() => {
  const tours = listPublicTours();
  const slug = slugsOnce();
  const tagsOf = (tour: ListedTour) => tour.tagSeason?.split(',') ?? [];
  const labels = new Map<string, string>();
  for (const tour of tours) {
    for (const tag of tagsOf(tour)) {
      const label = formatSeasonLabel(tag);
      const key = slug(label);
      if (key !== '' && !labels.has(key)) labels.set(key, label);
    }
  }
  const toursBySlug = groupTours(tours, (tour) => tagsOf(tour).map(slug));
  return sortSeasonTags([...labels.values()]).flatMap((label) => {
    const key = slug(label);
    const matching = toursBySlug.get(key);
    return matching ? [{ slug: key, label, tours: matching }] : [];
  });
}, swapInListings);

/** The /tipo-de-viaje pages: heading and introduction per trip type (home tab texts of the spec, §2). */
export const TRIP_TYPE_PAGES = {
  grupo: {
    tripType: 'Group',
    heading: 'Viajes en grupo',
    intro: 'Viajes para todos: solo, con amigos o en pareja, en grupos reducidos y con guía en español.',
  },
  single: { tripType: 'FIT', heading: 'Viajes para singles', intro: 'Viaja solo y conoce gente nueva: salidas pensadas para quien viaja por su cuenta.' },
  'grupo-privados': { tripType: 'Private', heading: 'Viajes privados', intro: 'Viajes a medida para ti y los tuyos, con las fechas y el ritmo que elijáis.' },
} as const;

/**
 * One page of a catalogue listing (`#shared/rules/listing-pages.ts`): its cards, where it sits, and for a
 * listing of several pages the pills counted over all of them.
 */
export interface ListingPage {
  /** The listing's own address: page 1, and the base of `/pagina/{n}`. */
  base: string;
  number: number;
  total: number;
  /** This page's cards: listed tours only (an adult price above 0), in the listing's order. */
  tours: ListedTour[];
  /** Pills over the whole listing; null when it fits one page and the island counts its cards. */
  facets: ListingFacets | null;
}

/** A listing's pages, from every tour it shows (unlisted ones are dropped before paging). */
export function pageListing(base: string, tours: readonly ListedTour[]): ListingPage[] {
  const listed = listGridTours(tours);
  const pages = splitIntoPages(listed);
  const facets = pages.length > 1 ? buildListingFacets(listed) : null;
  return pages.map((cards, i) => ({ base, number: i + 1, total: pages.length, tours: cards, facets }));
}

/** Every catalogue listing by its address, each with its tours: the routes and the filter indexes read it. */
export const listCatalogueListings: () => Map<string, ListedTour[]> = perListings(
  () => {
    const tours = listPublicTours();
    const listings = new Map<string, ListedTour[]>([['/viajes', tours]]);
    for (const [slug, page] of Object.entries(TRIP_TYPE_PAGES))
      listings.set(buildTripTypePath(slug as keyof typeof TRIP_TYPE_PAGES), filterGrid({ tours, tripType: page.tripType, destination: null }));
    for (const season of listSeasonListings()) listings.set(`/temporada/${season.slug}`, season.tours);
    for (const { region, tours: inRegion } of listRegionListings()) listings.set(`/region/${region.slug}`, inRegion);
    for (const listing of listDestinationListings()) listings.set(`/destino/${listing.slug}`, listing.tours);
    return listings;
  },
  (previous, swap) => new Map([...previous].map(([base, tours]) => [base, swapTours(tours, swap)])),
);

/**
 * The pages of the listing at `base`, paged once per snapshot. Those of a newer snapshot that only swapped
 * tours are the previous pages with the tours swapped (the same page objects where none was).
 */
export const listingPages: (base: string) => ListingPage[] = (() => {
  const paged = perListings(
    () => new Map<string, ListingPage[]>(),
    (previous, swap) =>
      new Map(
        [...previous].map(([base, pages]) => [
          base,
          pages.map((page) => {
            const tours = swapTours(page.tours, swap);
            return tours === page.tours ? page : { ...page, tours };
          }),
        ]),
      ),
  );
  return (base: string) => {
    const memo = paged();
    let pages = memo.get(base);
    if (!pages) {
      pages = pageListing(base, listCatalogueListings().get(base) ?? []);
      memo.set(base, pages);
    }
    return pages;
  };
})();

/** What a listing page renders beyond its cards (pager, pills): part of its `cacheKey`. */
export const pageCacheData = (page: ListingPage) => ({ base: page.base, number: page.number, total: page.total, facets: page.facets });
