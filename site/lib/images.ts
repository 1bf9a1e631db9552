import { readFileSync } from 'node:fs';
import type { ImageEntry, ImageManifest } from '#shared/images.ts';

let manifest: ImageManifest | undefined;

/** The responsive variants content-build made for a storage key, or null (show the default placeholder). */
export function findImage(key: string | null | undefined): ImageEntry | null {
  if (!key) return null;
  if (!manifest) {
    const path = process.env.IMAGE_MANIFEST;
    manifest = path ? (JSON.parse(readFileSync(path, 'utf8')) as ImageManifest) : {};
  }
  return manifest[key] ?? null;
}
