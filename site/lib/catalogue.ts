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
 * `derive` computed once per snapshot: a page renderer given a newer snapshot gets fresh values, and
 * a build computes each one once.
 *
 * @example const listTours = perCatalogue((catalogue) => selectPublicTours(catalogue));
 */
export function perCatalogue<T>(derive: (catalogue: SiteCatalogue) => T): () => T {
  const memo = new WeakMap<SiteCatalogue, T>();
  return () => {
    const catalogue = loadCatalogue();
    if (!memo.has(catalogue)) memo.set(catalogue, derive(catalogue));
    return memo.get(catalogue) as T;
  };
}
