/** The image manifest content-build writes and the pages read: responsive variants per storage key. */
export interface ImageVariant {
  width: number;
  url: string;
}

export interface ImageEntry {
  /** The source's size, so every <img> carries width and height and nothing shifts while loading. */
  width: number;
  height: number;
  /** A 16-pixel-wide WebP as a data URI, shown blurred until the image arrives. */
  placeholder: string;
  variants: ImageVariant[];
}

export type ImageManifest = Record<string, ImageEntry>;

export const MEDIA_URL_PREFIX = '/media/';
