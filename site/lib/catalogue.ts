import type { SiteCatalogue, TourSnapshot } from '#shared/snapshot.ts';
import { LIVE_CATALOGUE, type LiveCatalogue } from '#shared/page-deps.ts';

function live(): LiveCatalogue {
  const catalogue = (globalThis as { [LIVE_CATALOGUE]?: LiveCatalogue })[LIVE_CATALOGUE];
  if (!catalogue) throw new Error('No catalogue to render: build the site with `npm run build:site`.');
  return catalogue;
}

/**
 * The catalogue the pages render, its tours summarised. The build opens the snapshot content-build wrote
 * for it (content-build/snapshot-file.ts) before the first page renders; the page renderer that stays
 * alive after a build puts each newer catalogue in its place, and the pages rendered after that read it.
 */
export function loadCatalogue(): SiteCatalogue {
  return live().snapshot;
}

/** The tour `id` whole, for its own page: read from the snapshot when asked, not held with the summaries. */
export function loadTour(id: string): TourSnapshot {
  const tour = live().tour(id);
  if (!tour) throw new Error(`The catalogue has no tour ${id}.`);
  return tour;
}

/**
 * `make`'s value for the catalogue the pages render now, its images included: made again when the page
 * renderer puts a newer catalogue in its place.
 */
export function perLiveCatalogue<T>(make: () => T): () => T {
  let last: { catalogue: LiveCatalogue; value: T } | null = null;
  return () => {
    const catalogue = live();
    if (last?.catalogue !== catalogue) last = { catalogue, value: make() };
    return last.value;
  };
}

/** Whether the pages render in Astro's build, which reads their cache keys (`LiveCatalogue.afterBuild`). */
export function cacheKeysRead(): boolean {
  return !live().afterBuild;
}

/**
 * `derive` computed once per snapshot: a page renderer given a newer snapshot gets fresh values, and
 * a build computes each one once.
 *
 * `carry`, given, makes the value for a newer snapshot from the previous snapshot's value (with the two
 * snapshots), or answers null to have it derived anew: a targeted rebuild changes one tour of 50,000, and
 * what is derived over all of them need not be derived again.
 *
 * @example const listTours = perCatalogue((catalogue) => selectPublicTours(catalogue));
 */
export function perCatalogue<T>(derive: (catalogue: SiteCatalogue) => T, carry?: (previous: T, from: SiteCatalogue, to: SiteCatalogue) => T | null): () => T {
  // The latest only: a build has one snapshot, and a page renderer moves on from each to the next.
  let last: { catalogue: SiteCatalogue; value: T } | null = null;
  return () => {
    const catalogue = loadCatalogue();
    if (last?.catalogue !== catalogue) {
      const carried = last && carry ? carry(last.value, last.catalogue, catalogue) : null;
      last = { catalogue, value: carried ?? derive(catalogue) };
    }
    return last.value;
  };
}
