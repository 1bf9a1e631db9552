import { readFileSync } from 'node:fs';
import type { ImageEntry, ImageManifest } from '#shared/images.ts';
import { LIVE_CATALOGUE, type LiveCatalogue } from '#shared/page-deps.ts';

let fromFile: ImageManifest | undefined;

function loadManifest(): ImageManifest {
  const live = (globalThis as { [LIVE_CATALOGUE]?: LiveCatalogue })[LIVE_CATALOGUE];
  if (live) return live.images;
  if (!fromFile) {
    const path = process.env.IMAGE_MANIFEST;
    fromFile = path ? (JSON.parse(readFileSync(path, 'utf8')) as ImageManifest) : {};
  }
  return fromFile;
}

/** The responsive variants content-build made for a storage key, or null (show the default placeholder). */
export function findImage(key: string | null | undefined): ImageEntry | null {
  if (!key) return null;
  return loadManifest()[key] ?? null;
}
