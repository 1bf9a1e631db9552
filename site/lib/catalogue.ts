import { readFileSync } from 'node:fs';
import { type CatalogueSnapshot, CatalogueSnapshotSchema } from '#shared/snapshot.ts';
import { LIVE_CATALOGUE, type LiveCatalogue } from '#shared/page-deps.ts';

let fromFile: CatalogueSnapshot | undefined;

/**
 * The catalogue snapshot the pages render. A build reads the file content-build wrote for it
 * (validated with the schema it was written with) once; the page renderer that stays alive after a
 * build (content-build/page-renderer.ts) puts each newer snapshot on `globalThis` instead, and the
 * pages rendered after that read it there.
 */
export function loadCatalogue(): CatalogueSnapshot {
  const live = (globalThis as { [LIVE_CATALOGUE]?: LiveCatalogue })[LIVE_CATALOGUE];
  if (live) return live.snapshot;
  if (fromFile) return fromFile;
  const path = process.env.CATALOGUE_SNAPSHOT;
  if (!path) throw new Error('CATALOGUE_SNAPSHOT is not set: build the site with `npm run build:site`.');
  fromFile = CatalogueSnapshotSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  return fromFile;
}

/**
 * `derive` computed once per snapshot: a page renderer given a newer snapshot gets fresh values, and
 * a build computes each one once.
 *
 * @example const listTours = perCatalogue((catalogue) => selectPublicTours(catalogue));
 */
export function perCatalogue<T>(derive: (catalogue: CatalogueSnapshot) => T): () => T {
  const memo = new WeakMap<CatalogueSnapshot, T>();
  return () => {
    const catalogue = loadCatalogue();
    if (!memo.has(catalogue)) memo.set(catalogue, derive(catalogue));
    return memo.get(catalogue) as T;
  };
}
