/**
 * The catalogue snapshot a build hands its renderer, in parts (docs/decisions/049-catalogue-in-parts.md):
 *
 *   <dir>/content.json       the catalogue without its tours (CatalogueContent)
 *   <dir>/tours.ndjson       one whole tour per line (TourSnapshot), in the catalogue's order
 *   <dir>/summaries.ndjson   each tour's line: `[offset, length, summary]` (TourSummary), in the same order
 *
 * At 50,000 tours the snapshot as one string outgrows V8's largest (`Invalid string length`) and as
 * objects a build's memory; in parts, the build writes a batch at a time and the renderer keeps each
 * tour's summary and where its line is, reading the whole tour again when its page renders.
 *
 * The summaries are the writer's, made from the tours it has just read and checked (snapshot.ts
 * `readTourBatches`): the renderer, and each render worker, read them instead of parsing every whole tour
 * once more at their start (114 MB at 10,000 tours; docs/decisions/055-build-cpu-per-page.md).
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { mkdir, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageManifest } from '#shared/images.ts';
import type { LiveCatalogue } from '#shared/page-deps.ts';
import { type CatalogueContent, CatalogueContentSchema, summariseTour, type TourSnapshot, type TourSummary } from '#shared/snapshot.ts';

const CONTENT_FILE = 'content.json';
const TOURS_FILE = 'tours.ndjson';
const SUMMARIES_FILE = 'summaries.ndjson';
const NEWLINE = 0x0a;
const NEWLINE_BYTES = Buffer.from([NEWLINE]);

/** The hash a tour's summary names its whole data by: of the line the snapshot holds it in. */
const hashLine = (line: string | Buffer): string => createHash('sha256').update(line).digest('hex').slice(0, 16);
/** `hashLine` of the line `tour` is written as. */
export const hashTour = (tour: TourSnapshot): string => hashLine(JSON.stringify(tour));

export interface WrittenSnapshot {
  /** A sha256 of every part, in order: the build's hash starts from it. */
  digest: string;
  tours: number;
}

/**
 * Writes the snapshot's parts into `dir`, the tours as `batches` give them, calling `onTour` with each
 * (what else the build collects of them, such as their images) before it is let go.
 */
export async function writeSnapshotParts({
  dir,
  content,
  batches,
  onTour,
}: {
  dir: string;
  content: CatalogueContent;
  batches: AsyncIterable<readonly TourSnapshot[]>;
  onTour?: (tour: TourSnapshot) => void;
}): Promise<WrittenSnapshot> {
  await mkdir(dir, { recursive: true });
  const digest = createHash('sha256');
  const contentJson = JSON.stringify(content);
  digest.update(contentJson);
  await writeFile(join(dir, CONTENT_FILE), contentJson);
  const file = await open(join(dir, TOURS_FILE), 'w');
  const summaries = await open(join(dir, SUMMARIES_FILE), 'w');
  let tours = 0;
  let offset = 0;
  try {
    for await (const batch of batches) {
      // Each line encoded once, for its hash, the digest and the file alike.
      const lines: Buffer[] = [];
      let entries = '';
      for (const tour of batch) {
        onTour?.(tour);
        const line = Buffer.from(JSON.stringify(tour));
        entries += `${JSON.stringify([offset, line.length, summariseTour(tour, hashLine(line))])}\n`;
        lines.push(line, NEWLINE_BYTES);
        offset += line.length + 1;
      }
      const bytes = Buffer.concat(lines);
      digest.update(bytes);
      await file.write(bytes);
      await summaries.write(entries);
      tours += batch.length;
    }
  } finally {
    await Promise.all([file.close(), summaries.close()]);
  }
  return { digest: digest.digest('hex'), tours };
}

/** Calls `onLine` with each line of the file open at `fd` (without its newline), reading a few megabytes at a time. */
function forEachLine(fd: number, onLine: (line: Buffer) => void): void {
  const chunk = Buffer.allocUnsafe(4 << 20);
  let carry = Buffer.alloc(0);
  let position = 0;
  for (;;) {
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) break;
    position += read;
    const data = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk.subarray(0, read);
    let start = 0;
    for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
      onLine(data.subarray(start, end));
      start = end + 1;
    }
    // Copied: `chunk` is read into again.
    carry = Buffer.from(data.subarray(start));
  }
  if (carry.length > 0) throw new Error('The snapshot’s summaries end in the middle of a line.');
}

/** Strings longer than this are rarely repeated from one tour to the next (descriptions, slugs). */
const INTERNED_LENGTH = 64;

/**
 * `value` with each short string replaced by the first equal one seen: JSON.parse makes a string per
 * occurrence, and the summaries of 50,000 tours repeat a few hundred values (age groups, categories,
 * trip types, dates, season tags) by the million.
 */
function interned<T>(value: T, strings: Map<string, string>): T {
  if (typeof value === 'string') {
    if (value.length > INTERNED_LENGTH) return value;
    const kept = strings.get(value);
    if (kept !== undefined) return kept as T;
    strings.set(value, value);
    return value;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = interned(value[i], strings);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = interned(record[key], strings);
  }
  return value;
}

/** How much of the tours file a read of one tour brings: the tours after it, for the pages rendered next. */
const READ_AHEAD_BYTES = 1 << 20;

/** Where each tour's line is in the tours file. */
type Ranges = Map<string, { offset: number; length: number }>;

/**
 * Opens the snapshot written into `dir`: the content checked with its schema, the tours' summaries kept
 * (the tours were checked as they were read: snapshot.ts). The tours file stays open, so the renderer a
 * build leaves running reads whole tours from it after the build removed its folder.
 */
export function openSnapshotParts(dir: string, images: ImageManifest): LiveCatalogue {
  const content = CatalogueContentSchema.parse(JSON.parse(readFileSync(join(dir, CONTENT_FILE), 'utf8')));
  const ranges: Ranges = new Map();
  const tours: TourSummary[] = [];
  const strings = new Map<string, string>();
  const summaries = openSync(join(dir, SUMMARIES_FILE), 'r');
  let size = 0;
  try {
    forEachLine(summaries, (line) => {
      const [offset, length, summary] = JSON.parse(line.toString('utf8')) as [number, number, TourSummary];
      tours.push(interned(summary, strings));
      ranges.set(summary.id, { offset, length });
      size = offset + length + 1;
    });
  } finally {
    closeSync(summaries);
  }
  const fd = openSync(join(dir, TOURS_FILE), 'r');
  // The two files of one writing: a tours file of another length is not the one the summaries describe.
  if (fstatSync(fd).size !== size) {
    closeSync(fd);
    throw new Error('The snapshot’s tours file is not the one its summaries describe.');
  }
  // Read ahead a window at a time: a build renders the tours' pages in the catalogue's order, the file's, so
  // most tours are found in the window the one before brought (a read a tour was most of the cost of taking it).
  let window = { start: 0, bytes: Buffer.alloc(0) };
  const tour = (id: string): TourSnapshot | null => {
    const range = ranges.get(id);
    if (!range) return null;
    const end = range.offset + range.length;
    if (range.offset < window.start || end > window.start + window.bytes.length) {
      const bytes = Buffer.allocUnsafe(Math.max(range.length, READ_AHEAD_BYTES));
      window = { start: range.offset, bytes: bytes.subarray(0, readSync(fd, bytes, 0, bytes.length, range.offset)) };
    }
    // Checked when the writer read it.
    return JSON.parse(window.bytes.toString('utf8', range.offset - window.start, end - window.start)) as TourSnapshot;
  };
  return { snapshot: { ...content, tours }, images, tour };
}
