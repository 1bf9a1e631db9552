/**
 * Writes a build's snapshot in its own process (build.ts `writeSnapshot`): reading 10,000 tours left the
 * build's process holding about 400 MB of V8 pages it no longer used (a forced collection returned a tenth
 * of them), through the whole rendering beside the Astro process. Here they go back to the system when the
 * process ends, before Astro starts.
 *
 * Usage: SNAPSHOT_DATABASE_URL=… node content-build/snapshot-writer.ts <dir> <now, ISO 8601>
 * (the URL in the environment: a PostgreSQL password must not show in the process list). Answers
 * `{ written, imageKeys }` on its IPC channel.
 */
import { openDatabase } from '#api/db/database.ts';
import { collectImageKeys, tourImageKeys } from './images.ts';
import { readCatalogueContent, readTourBatches } from './snapshot.ts';
import { type WrittenSnapshot, writeSnapshotParts } from './snapshot-file.ts';

export interface SnapshotWritten {
  written: WrittenSnapshot;
  /** Every image the snapshot shows, for the build to make their variants. */
  imageKeys: string[];
}

const [dir, at] = process.argv.slice(2);
const url = process.env.SNAPSHOT_DATABASE_URL;
if (!dir || !at || !url || !process.send)
  throw new Error('Usage: SNAPSHOT_DATABASE_URL=… node content-build/snapshot-writer.ts <dir> <now> (with an IPC channel)');
const now = new Date(at);
const db = openDatabase({ url });
try {
  const content = await readCatalogueContent(db, { now });
  const tourImages: (string | null)[] = [];
  const written = await writeSnapshotParts({
    dir,
    content,
    batches: readTourBatches(db, { now }),
    onTour: (tour) => tourImages.push(...tourImageKeys(tour)),
  });
  const answer: SnapshotWritten = { written, imageKeys: collectImageKeys(content, tourImages) };
  await new Promise<void>((resolve, reject) => process.send?.(answer, undefined, {}, (err) => (err ? reject(err) : resolve())));
} finally {
  await db.destroy();
}
