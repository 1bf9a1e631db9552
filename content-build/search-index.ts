/**
 * The static search index: one Pagefind record per visible tour, written into the built site at
 * `/pagefind/`, so /busqueda finds tours in the browser with no server round trip.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import * as pagefind from 'pagefind';
import type { ImageManifest } from '#shared/images.ts';
import { selectPublicTours } from '#shared/public-catalogue.ts';
import { formatFromPrice, formatTourCardDuration, formatTourCardName } from '#shared/rules/labels.ts';
import { findLowestAdultPriceCents } from '#shared/rules/prices.ts';
import { buildTourSearchText } from '#shared/rules/search.ts';
import type { CatalogueSnapshot, SiteCatalogue } from '#shared/snapshot.ts';

/** Result cards are at most this wide; a bigger variant would only cost bytes. */
const RESULT_IMAGE_WIDTH = 480;

export interface SearchRecord {
  url: string;
  content: string;
  meta: Record<string, string>;
}

/**
 * The records of the index. The content is normalised like queries ("accents, ä/å, aliases"), so 'Japón'
 * and 'japon' find the same tour and 'europe' finds Europa; the meta is what a result card shows.
 */
export function buildSearchRecords({ snapshot, images }: { snapshot: SiteCatalogue | CatalogueSnapshot; images: ImageManifest }): SearchRecord[] {
  return selectPublicTours<SiteCatalogue['tours'][number] | CatalogueSnapshot['tours'][number]>(snapshot).map((tour) => {
    const image = tour.thumbnail ? images[tour.thumbnail] : undefined;
    const variant = image?.variants.find((v) => v.width >= RESULT_IMAGE_WIDTH) ?? image?.variants.at(-1);
    const from = findLowestAdultPriceCents(tour.prices);
    const meta: Record<string, string> = {
      title: formatTourCardName(tour.name),
      destinations: tour.destinations.map((d) => d.name).join(' · '),
    };
    if (variant && image)
      Object.assign(meta, {
        image: variant.url,
        image_width: String(variant.width),
        image_height: String(Math.round((image.height / image.width) * variant.width)),
      });
    if (from !== null) meta.price = formatFromPrice(from);
    const duration = formatTourCardDuration({ periods: tour.periods });
    if (duration) meta.duration = duration;
    return {
      url: `/tour/${tour.webSlug}`,
      content: buildTourSearchText({ ...tour, regions: tour.parentRegions }),
      meta,
    };
  });
}

/** Indexes the records and writes Pagefind's files to `<outDir>/pagefind`. */
export async function writeSearchIndex({ records, outDir }: { records: Iterable<SearchRecord> | AsyncIterable<SearchRecord>; outDir: string }): Promise<void> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'es' });
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  try {
    for await (const record of records) {
      const added = await index.addCustomRecord({ url: record.url, content: record.content, language: 'es', meta: record.meta });
      if (added.errors.length > 0) throw new Error(`Pagefind (${record.url}): ${added.errors.join('; ')}`);
    }
    const written = await index.writeFiles({ outputPath: `${outDir}/pagefind` });
    if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
  } finally {
    await pagefind.close();
  }
}

/**
 * A full build's records, one per line, for the build's parent to index once the Astro process has ended
 * (build.ts): Pagefind takes its most memory as it writes the index (about 220 MB at 10,000 tours), and
 * beside the rendering process at its largest it made the build's peak.
 */
export async function writeSearchRecords({ records, file }: { records: readonly SearchRecord[]; file: string }): Promise<void> {
  const out = await open(file, 'w');
  try {
    for (let i = 0; i < records.length; i += RECORDS_PER_WRITE) {
      await out.write(
        records
          .slice(i, i + RECORDS_PER_WRITE)
          .map((record) => `${JSON.stringify(record)}\n`)
          .join(''),
      );
    }
  } finally {
    await out.close();
  }
}

/** Where a build's Astro process leaves the records: in the snapshot's folder, which the build's parent removes. */
export const searchRecordsFile = (snapshotDir: string) => join(snapshotDir, 'search-records.ndjson');

/** Lines a write takes at once: a few hundred kilobytes, never the whole catalogue's records as one string. */
const RECORDS_PER_WRITE = 500;

/** The records `writeSearchRecords` wrote, in order. */
export async function* readSearchRecords(file: string): AsyncGenerator<SearchRecord> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) if (line) yield JSON.parse(line) as SearchRecord;
}
