import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogueContent, TourSnapshot } from '#shared/snapshot.ts';
import { type ImageEntry, type ImageManifest, MEDIA_URL_PREFIX } from '#shared/images.ts';

/** Widths a browser may pick from; a source is never enlarged. */
const WIDTHS: readonly number[] = [320, 480, 640, 960, 1280, 1600];
const MAX_WIDTH = 1600;
const QUALITY = 72;

/** Every storage key a tour shows as an image. */
export function tourImageKeys(tour: TourSnapshot): (string | null)[] {
  return [
    tour.thumbnail,
    tour.banner,
    tour.expertOpinionAvatar,
    ...tour.opinions.map((opinion) => opinion.avatar),
    ...tour.periods.flatMap((period) => period.optionalActivities.flatMap((activity) => activity.photos)),
  ];
}

/**
 * Every storage key the snapshot's content shows as an image, with `more` (its tours' keys, collected as
 * the build reads them), once each and sorted.
 */
export function collectImageKeys(
  snapshot: Pick<CatalogueContent, 'sliders' | 'mainBanners' | 'regionBanners' | 'activities' | 'travellerPhotos' | 'landings'>,
  more: Iterable<string | null> = [],
): string[] {
  const keys = new Set<string>();
  const add = (key: string | null | undefined) => key && keys.add(key);
  for (const key of more) add(key);
  for (const slider of snapshot.sliders) {
    add(slider.sliderBanner);
    add(slider.sliderBannerMobile);
  }
  for (const banner of snapshot.mainBanners) {
    add(banner.backgroundImageDesktop);
    add(banner.backgroundImageMobile);
  }
  for (const banner of snapshot.regionBanners) {
    add(banner.imageDesktop);
    add(banner.imageMobile);
  }
  for (const activity of snapshot.activities) add(activity.thumbnail);
  for (const photo of snapshot.travellerPhotos) add(photo.thumbnail);
  for (const landing of snapshot.landings) {
    // An IMAGE block keeps its desktop image in value1 and its mobile one in value2.
    for (const content of landing.contents) {
      if (content.contentType === 'IMAGE') {
        add(content.value1);
        add(content.value2);
      }
    }
  }
  return [...keys].filter((k) => !/^https?:/.test(k)).sort();
}

/** Temporary names unique within this process too: an upload and a build may prepare the same photo at once. */
let temporaries = 0;
const temporary = (target: string) => `${target}.tmp-${process.pid}-${++temporaries}`;

/** A source's entry, kept beside its variants: a later build reads it instead of decoding the source again. */
const entryFile = (dir: string, hash: string) => join(dir, `${hash}.json`);

/**
 * The entry made earlier for this source in `dir`, if every variant it names is there too. Its facts (size,
 * placeholder, variants) are in every page that shows the image: nothing in it is private.
 */
async function madeIn(dir: string, hash: string): Promise<ImageEntry | null> {
  const entry = await readFile(entryFile(dir, hash), 'utf8').then(
    (text) => JSON.parse(text) as ImageEntry,
    () => null,
  );
  if (!entry) return null;
  return entry.variants.every((v) => existsSync(join(dir, v.url.slice(MEDIA_URL_PREFIX.length)))) ? entry : null;
}

/** Puts `name` from `from` into `to` (a hard link where they share a disk), unless it is there already. */
async function share(from: string, to: string, name: string): Promise<void> {
  const target = join(to, name);
  if (existsSync(target)) return;
  const tmp = temporary(target);
  await link(join(from, name), tmp).catch(() => copyFile(join(from, name), tmp));
  await rename(tmp, target);
}

/** Copies an entry and its variants from one media folder to another. */
async function shareEntry(entry: ImageEntry, hash: string, from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const variant of entry.variants) await share(from, to, variant.url.slice(MEDIA_URL_PREFIX.length));
  await share(from, to, `${hash}.json`);
}

/**
 * Where variants made for other site folders are kept (`MEDIA_CACHE_DIR`): the test suites start dozens of
 * shops from empty folders, each of which encoded the same demo photos again (about 25 CPU-seconds a build).
 */
const sharedMediaDir = () => process.env.MEDIA_CACHE_DIR || null;

async function prepareOne(source: Buffer, mediaDir: string): Promise<ImageEntry> {
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const kept = await madeIn(mediaDir, hash);
  if (kept) return kept;
  const shared = sharedMediaDir();
  const cached = shared ? await madeIn(shared, hash) : null;
  if (shared && cached) {
    await shareEntry(cached, hash, shared, mediaDir);
    return cached;
  }
  const entry = await encode(source, hash, mediaDir);
  const tmp = temporary(entryFile(mediaDir, hash));
  await writeFile(tmp, JSON.stringify(entry));
  await rename(tmp, entryFile(mediaDir, hash));
  if (shared) await shareEntry(entry, hash, mediaDir, shared);
  return entry;
}

async function encode(source: Buffer, hash: string, mediaDir: string): Promise<ImageEntry> {
  // Loaded by the first image to encode: a build whose images are all made already (every build after the
  // first) keeps libvips out of its process while the pages render beside it.
  const { default: sharp } = await import('sharp');
  const image = sharp(source);
  const { width = 0, height = 0 } = await image.metadata();
  const widths = WIDTHS.filter((w) => w < width);
  widths.push(Math.min(width, MAX_WIDTH));
  // The widths at once, with the placeholder: libvips encodes each on its own thread, so a new photo's
  // variants (what a staff upload waits for before its pages are published) take the machine's cores
  // instead of one after the other. Each file is the same as made alone.
  const [variants, tiny] = await Promise.all([
    Promise.all(
      [...new Set(widths)].map(async (w) => {
        const name = `${hash}-${w}.webp`;
        const target = join(mediaDir, name);
        // Variants are named by content, so one made for an earlier build is reused as it is.
        if (!existsSync(target)) {
          const tmp = temporary(target);
          await sharp(source).resize({ width: w }).webp({ quality: QUALITY, effort: 4 }).toFile(tmp);
          await rename(tmp, target);
        }
        return { width: w, url: `${MEDIA_URL_PREFIX}${name}` };
      }),
    ),
    sharp(source).resize({ width: 16 }).webp({ quality: 40 }).toBuffer(),
  ]);
  return { width, height, placeholder: `data:image/webp;base64,${tiny.toString('base64')}`, variants };
}

/**
 * Makes responsive WebP variants and a tiny blurred placeholder for every image `keys` name, into `mediaDir`
 * (shared by all builds, served immutable), and returns the manifest the pages read. Missing source files
 * are left out: the pages show the default placeholder instead.
 */
export async function prepareImageKeys({ keys, filesDir, mediaDir }: { keys: readonly string[]; filesDir: string; mediaDir: string }): Promise<ImageManifest> {
  await mkdir(mediaDir, { recursive: true });
  const manifest: ImageManifest = {};
  for (const key of keys) {
    if (key.includes('..') || /^https?:/.test(key)) continue;
    const source = await readFile(join(filesDir, key)).catch(() => null);
    if (source) manifest[key] = await prepareOne(source, mediaDir);
  }
  return manifest;
}
