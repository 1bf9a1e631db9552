import { createHash } from 'node:crypto';
import { loadCatalogue } from './catalogue.ts';
import { findImage } from './images.ts';
import { cardCacheData, pageCacheData, type ListingPage } from './listing.ts';

/**
 * A page's `cacheKey` for Astro's incremental build: a short sha256 of exactly the data the page renders.
 * Code changes are covered by Astro's own module-graph hash; this covers the data.
 */
export function computeCacheKey(data: unknown): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);
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
 * The `cacheKey` of a catalogue listing page: its cards and their images, where it sits among the pages
 * and the pills over the whole listing, the layout, and whatever else the page shows (`extra`).
 */
export function listingPageCacheKey(page: ListingPage, extra: Record<string, unknown> = {}, images: readonly (string | null | undefined)[] = []): string {
  return computeCacheKey({
    ...extra,
    page: pageCacheData(page),
    cards: page.tours.map(cardCacheData),
    images: imageCacheData([...images, ...page.tours.map((t) => t.thumbnail)]),
    layout: layoutCacheData(),
  });
}
