import { readFileSync } from 'node:fs';
import { type CatalogueSnapshot, CatalogueSnapshotSchema } from '#shared/snapshot.ts';

let cached: CatalogueSnapshot | undefined;

/**
 * The catalogue snapshot content-build wrote for this build, validated with the same schema it was
 * written with. Read once per build.
 */
export function loadCatalogue(): CatalogueSnapshot {
  if (cached) return cached;
  const path = process.env.CATALOGUE_SNAPSHOT;
  if (!path) throw new Error('CATALOGUE_SNAPSHOT is not set: build the site with `npm run build:site`.');
  cached = CatalogueSnapshotSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  return cached;
}
