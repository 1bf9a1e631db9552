/** File names and storage keys of uploaded files. */
import type { BannerVariant } from '../enums.ts';
import { slugify } from './text.ts';

/**
 * Makes an uploaded file name safe to store: "Uploaded file names have spaces replaced by underscores".
 * Directory parts, control characters and leading dots are dropped so a name can never leave its folder.
 *
 * @example sanitiseFileName('../Foto playa 1.jpg') // 'Foto_playa_1.jpg'
 */
export function sanitiseFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const safe = base
    .replace(/[\p{Cc}]/gu, '')
    .replace(/\s/g, '_')
    .replace(/^\.+/, '');
  return safe === '' ? 'file' : safe;
}

/** Storage key of a tour's file: "{tourId}/{filename}". */
export function buildTourFileKey({ tourId, fileName }: { tourId: string; fileName: string }): string {
  return `${tourId}/${sanitiseFileName(fileName)}`;
}

/** Storage key of a landing banner image: "landing/{slug}/desktop" or "landing/{slug}/mobile". */
export function buildLandingImageKey({ slug, variant }: { slug: string; variant: BannerVariant }): string {
  return `landing/${slugify(slug)}/${variant}`;
}
