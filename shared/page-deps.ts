/**
 * Which pages show which content: the one dependency map of the targeted rebuild (DESIGN.md, Edits and
 * targeted rebuilds). It is recorded while the site renders, not written by hand: a component that
 * shows a piece of content calls `showsContent(key)`, and the page renderer notes the keys of every
 * page it renders. When staff change content, the API names the keys of what changed and only the pages
 * that recorded one of them are rendered again.
 *
 * Keys are plain strings so the map can be stored as JSON beside the builds.
 */
import type { SiteCatalogue, TourSnapshot } from './snapshot.ts';
import type { ImageManifest } from './images.ts';

export type ContentKey = string;

export const contentKeys = {
  /** The recommended-carousels block (any non-grid slider and its tour links). */
  carousels: 'carousels',
  /** A slider shown by its slug: the offer lists and the campaign grids. */
  slider: (slug: string) => `slider:${slug}`,
  /** A landing's banner and content blocks, by the landing's slug. */
  landing: (slug: string) => `landing:${slug}`,
  /** The home's main banners. */
  mainBanners: 'main-banners',
  /** A region's banners. */
  regionBanners: 'region-banners',
  /** The company's name, phone, e-mail and hours: every page's header and footer, the text pages' figures. */
  company: 'company',
  /** The home's experiences (activities) and travellers' photos, as staff order them on /admin/portada. */
  homeBlocks: 'home-blocks',
  /** The reviews staff marked 'En la portada': the home page's block. */
  homeOpinions: 'home-opinions',
  /** A tour: its own page and every card of it. */
  tour: (id: string) => `tour:${id}`,
  /**
   * What search shows of every tour (its words, its result card): the search page's vocabulary. The page
   * renderer adds it when a changed tour's search record differs.
   */
  search: 'search',
} as const;

/**
 * Where the page renderer leaves the recording of the page being rendered: an `AsyncLocalStorage` whose
 * store is that page's set of keys, since the build renders several pages at once.
 */
export const PAGE_DEPS = Symbol.for('shop.page-deps');

/** The part of `AsyncLocalStorage` a page reads; `shared/` runs in browsers too, so it imports none. */
interface PageDepsRecorder {
  getStore(): Set<ContentKey> | undefined;
}
/** Where the build and the page renderer leave the catalogue the pages render, and its image manifest. */
export const LIVE_CATALOGUE = Symbol.for('shop.live-catalogue');

export interface LiveCatalogue {
  /** The content whole, the tours summarised. */
  snapshot: SiteCatalogue;
  images: ImageManifest;
  /** A tour of the snapshot whole (what its page shows), read when asked; null for a tour it does not have. */
  tour(id: string): TourSnapshot | null;
  /**
   * Set where pages render after the build, in a targeted rebuild: Astro reads the pages' cache keys only
   * while it builds, so they are not computed (at 50,000 tours, hashing every path's data was a third of a
   * targeted render).
   */
  afterBuild?: true;
}

/** Notes that the page being rendered shows `keys`; nothing happens outside the page renderer. */
export function showsContent(...keys: ContentKey[]): void {
  const recording = (globalThis as { [PAGE_DEPS]?: PageDepsRecorder })[PAGE_DEPS]?.getStore();
  if (!recording) return;
  for (const key of keys) recording.add(key);
}

/** Page path → the keys it showed when it was last rendered. */
export type PageDeps = Record<string, ContentKey[]>;

/**
 * The pages to render again when `changed` content changed, sorted.
 *
 * @example pagesShowing({ '/': ['carousels'], '/ofertas': ['slider:ofertas'] }, ['slider:ofertas']) // ['/ofertas']
 */
export function pagesShowing(deps: PageDeps, changed: readonly ContentKey[]): string[] {
  const wanted = new Set(changed);
  return Object.keys(deps)
    .filter((page) => deps[page]?.some((key) => wanted.has(key)))
    .sort();
}
