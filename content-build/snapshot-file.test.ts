import { copyFileSync, mkdtempSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { summariseTour, type TourSnapshot } from '#shared/snapshot.ts';
import { makeSnapshot, makeTour } from '../tests/support/catalogue-snapshot.ts';
import { hashTour, openSnapshotParts, writeSnapshotParts } from './snapshot-file.ts';

const { tours: _none, ...content } = makeSnapshot();

/** Tours of about 11 KB each, with accents (two bytes in UTF-8): 700 of them cross the reader's 4 MB chunks. */
const bigTours = (count: number): TourSnapshot[] =>
  Array.from({ length: count }, (_, i) =>
    makeTour({ id: `T${i}`, webSlug: `japon-${i}`, name: `Japón ${i}`, description: 'Montañas y señales. '.repeat(500 + (i % 7)) }),
  );

async function* inBatches(tours: readonly TourSnapshot[], size: number) {
  for (let i = 0; i < tours.length; i += size) yield tours.slice(i, i + size);
}

describe('the catalogue snapshot in parts', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'shop-snapshot-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back every tour whole by id, and holds summaries that name its data', async () => {
    const tours = bigTours(700);
    const seen: string[] = [];
    const written = await writeSnapshotParts({ dir, content, batches: inBatches(tours, 300), onTour: (tour) => seen.push(tour.id) });
    expect(written.tours).toBe(700);
    expect(seen).toEqual(tours.map((t) => t.id));
    expect(readdirSync(dir).sort()).toEqual(['content.json', 'summaries.ndjson', 'tours.ndjson']);

    const live = openSnapshotParts(dir, {});
    expect(live.snapshot.tours).toEqual(tours.map((tour) => summariseTour(tour, hashTour(tour))));
    expect(live.snapshot.today).toBe(content.today);
    for (const tour of [tours[0], tours[381], tours[699]] as TourSnapshot[]) expect(live.tour(tour.id)).toEqual(tour);
    expect(live.tour('no-such-tour')).toBeNull();
    // In the file's order (a build's, read ahead a window at a time), backwards, and a window's last tour
    // and the next one's first, every tour whole.
    for (const tour of tours) expect(live.tour(tour.id)).toEqual(tour);
    for (const tour of tours.toReversed()) expect(live.tour(tour.id)).toEqual(tour);
  });

  it('reads a tour larger than the window it reads ahead, and the tours around it', async () => {
    const tours = [...bigTours(3), makeTour({ id: 'grande', webSlug: 'grande', description: 'Señales del camino. '.repeat(80_000) }), ...bigTours(2)];
    await writeSnapshotParts({ dir, content, batches: inBatches(tours, 10) });
    const live = openSnapshotParts(dir, {});
    for (const tour of tours) expect(live.tour(tour.id)).toEqual(tour);
    expect(live.tour('grande')?.description?.length).toBe(1_600_000);
    // The summary leaves out what only the tour's page shows.
    expect(live.snapshot.tours[0]).not.toHaveProperty('description');
    expect(live.snapshot.tours[0]?.periods[0]).not.toHaveProperty('flights');
  });

  it('keeps reading whole tours after the folder is removed (the renderer a build leaves running)', async () => {
    const tours = bigTours(3);
    await writeSnapshotParts({ dir, content, batches: inBatches(tours, 2) });
    const live = openSnapshotParts(dir, {});
    rmSync(dir, { recursive: true, force: true });
    expect(live.tour('T2')).toEqual(tours[2]);
  });

  it('gives the same digest for the same data, whatever the batches, and another for other data', async () => {
    const tours = bigTours(5);
    const a = await writeSnapshotParts({ dir: join(dir, 'a'), content, batches: inBatches(tours, 2) });
    const b = await writeSnapshotParts({ dir: join(dir, 'b'), content, batches: inBatches(tours, 5) });
    const c = await writeSnapshotParts({
      dir: join(dir, 'c'),
      content,
      batches: inBatches([...tours.slice(0, 4), { ...(tours[4] as TourSnapshot), name: 'Perú' }], 5),
    });
    expect(a.digest).toBe(b.digest);
    expect(c.digest).not.toBe(a.digest);
  });

  it('refuses summaries cut in the middle of a line, and a tours file they do not describe', async () => {
    await writeSnapshotParts({ dir: join(dir, 'a'), content, batches: inBatches(bigTours(3), 2) });
    await writeSnapshotParts({ dir: join(dir, 'b'), content, batches: inBatches(bigTours(4), 2) });
    copyFileSync(join(dir, 'b', 'tours.ndjson'), join(dir, 'a', 'tours.ndjson'));
    expect(() => openSnapshotParts(join(dir, 'a'), {})).toThrow(/not the one its summaries describe/);
    truncateSync(join(dir, 'b', 'summaries.ndjson'), 500);
    expect(() => openSnapshotParts(join(dir, 'b'), {})).toThrow(/middle of a line/);
  });
});
