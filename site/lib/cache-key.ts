import { createHash } from 'node:crypto';
import { cacheKeysRead, loadCatalogue } from './catalogue.ts';
import { findImage } from './images.ts';
import { cardCacheData, type ListedTour, pageCacheData, type ListingPage } from './listing.ts';

/**
 * A page's `cacheKey` for Astro's incremental build: a short sha256 of exactly the data the page renders.
 * Code changes are covered by Astro's own module-graph hash; this covers the data.
 */
export function computeCacheKey(data: unknown): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);
}

/**
 * A page's `cacheKey` from what `data` answers, or none where nothing reads it (`cacheKeysRead`): a
 * targeted rebuild asks a route for its paths to render a few of them, and hashing all of them cost more
 * than rendering those few.
 */
export function cacheKeyOf(data: () => unknown): string | undefined {
  return cacheKeysRead() ? computeCacheKey(data()) : undefined;
}

/** What the layout shows on every page (footer contact, copyright year). */
export function layoutCacheData() {
  const { company, today } = loadCatalogue();
  return { company, year: today.slice(0, 4) };
}

/** The image manifest entries behind storage keys: a re-encoded image changes the page's srcset. */
export function imageCacheData(keys: readonly (string | null | undefined)[]) {
  return keys.filter((key): key is string => Boolean(key)).map((key) => [key, findImage(key)]);
}

/**
 * A hash of what `data(value)` and the images behind `imageKeys(value)` are, kept per value object: a
 * tour's view is the same object from one snapshot to the next unless the tour changed
 * (`selectPublicTours`), and an image's manifest entry unless it was made again, so the 10,000 tours a
 * targeted rebuild did not touch are not hashed again when their routes list their pages.
 */
function hashedPerObject<T extends object>(data: (value: T) => unknown, imageKeys: (value: T) => readonly (string | null | undefined)[]) {
  const kept = new WeakMap<T, { images: unknown[]; hash: string }>();
  return (value: T): string => {
    const keys = imageKeys(value);
    const images = keys.map((key) => (key ? findImage(key) : null));
    const hit = kept.get(value);
    if (hit && hit.images.length === images.length && hit.images.every((image, i) => image === images[i])) return hit.hash;
    const hash = computeCacheKey({ data: data(value), images: imageCacheData(keys) });
    kept.set(value, { images, hash });
    return hash;
  };
}

/** A tour card's data and its picture. */
const cardHash = hashedPerObject(cardCacheData, (tour: ListedTour) => [tour.thumbnail]);
/**
 * Everything of a tour its page shows: the tour's view and its pictures (the page derives the rest from it
 * and the day). The view is its summary, which names the whole tour's data by `contentHash`.
 */
export const tourHash = hashedPerObject(
  (tour: ListedTour) => tour,
  (tour: ListedTour) => [tour.banner, tour.thumbnail, tour.expertOpinionAvatar],
);

/**
 * The `cacheKey` of a catalogue listing page: its cards and their images, where it sits among the pages
 * and the pills over the whole listing, the layout, and whatever else the page shows (`extra`).
 */
export function listingPageCacheKey(
  page: ListingPage,
  extra: Record<string, unknown> = {},
  images: readonly (string | null | undefined)[] = [],
): string | undefined {
  return cacheKeyOf(() => ({
    ...extra,
    page: pageCacheData(page),
    cards: page.tours.map(cardHash),
    images: imageCacheData(images),
    layout: layoutCacheData(),
  }));
}
