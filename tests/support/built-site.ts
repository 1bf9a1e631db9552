/**
 * What the content build makes of a test database, for the stores that read the built site rather than
 * the API: a tour page's departures (the picker's static list) and the Pagefind search index. Made by the
 * build's own functions from the snapshot it reads, so a store test sees the files a visitor's browser gets.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSearchRecords, writeSearchIndex } from '#content-build/search-index.ts';
import { readCatalogueSnapshot } from '#content-build/snapshot.ts';
import type { Db } from '#api/db/database.ts';
import { selectPublicTours } from '#shared/public-catalogue.ts';
import { buildSearchVocabulary } from '#shared/rules/search.ts';
import { buildTourView, type DepartureView } from '../../site/lib/tour-view.ts';
import { temporaryDataDir } from './test-config.ts';

/** The departures the tour page of `slug` is built with (what it hands `initDepartures`). */
export async function builtDepartures(db: Db, slug: string): Promise<DepartureView[]> {
  const snapshot = await readCatalogueSnapshot(db, { now: new Date() });
  const tour = selectPublicTours(snapshot).find((t) => t.webSlug === slug);
  if (!tour) throw new Error(`the build would make no page for ${slug}`);
  return buildTourView(tour, snapshot.today).departures;
}

/**
 * The search index as the build writes it (`<folder>/pagefind/`), and the words the results page offers
 * typo correction from. `serve` answers a fetch of `/pagefind/…` with the file, as the static server would.
 */
export async function builtSearchIndex(db: Db): Promise<{ folder: string; vocabulary: string[]; serve: (path: string) => Promise<Response> }> {
  const snapshot = await readCatalogueSnapshot(db, { now: new Date() });
  const records = buildSearchRecords({ snapshot, images: {} });
  // Removed with the test run's other temporary folders.
  const folder = temporaryDataDir();
  await writeSearchIndex({ records, outDir: folder });
  const serve = async (path: string) => {
    const file = join(folder, new URL(path, 'http://localhost').pathname);
    return readFile(file).then(
      (bytes) => new Response(bytes),
      () => new Response(null, { status: 404 }),
    );
  };
  return { folder, vocabulary: buildSearchVocabulary({ texts: records.map((r) => r.content) }), serve };
}
