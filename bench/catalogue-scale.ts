/**
 * How the catalogue pipeline scales: seed N synthetic tours into a fresh SQLite file, read the public
 * snapshot, build the site. Reports per-1,000-tour costs and the ratio between two sizes measured in
 * the same run (absolute times are noisy on shared machines; the ratio is what to compare).
 *
 *   node bench/catalogue-scale.ts [--small 1000] [--large 10000] [--build]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '#api/db/database.ts';
import { seedScale } from '#api/db/seed/index.ts';
import { buildSite } from '#content-build/build.ts';
import { readCatalogueSnapshot } from '#content-build/snapshot.ts';

const { values } = parseArgs({
  options: { small: { type: 'string', default: '1000' }, large: { type: 'string', default: '10000' }, build: { type: 'boolean', default: false } },
});
const today = new Date().toISOString().slice(0, 10);

async function measure(tours: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const db = openDatabase({ url: join(dir, 'shop.db') });
  try {
    await migrateToLatest(db);
    let t = performance.now();
    await seedScale(db, { tours, today });
    const seedMs = performance.now() - t;
    t = performance.now();
    const snapshot = await readCatalogueSnapshot(db, { now: new Date() });
    const snapshotMs = performance.now() - t;
    let buildMs = Number.NaN;
    if (values.build) {
      t = performance.now();
      await buildSite({ databaseUrl: join(dir, 'shop.db'), siteDir: join(dir, 'site'), filesDir: join(dir, 'files'), force: true });
      buildMs = performance.now() - t;
    }
    return { tours, listed: snapshot.tours.length, bytes: JSON.stringify(snapshot).length, seedMs, snapshotMs, buildMs };
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const small = await measure(Number(values.small));
const large = await measure(Number(values.large));
const per1k = (ms: number, n: number) => ((ms / n) * 1000).toFixed(0);
console.log('tours\tseed ms/1k\tsnapshot ms/1k\tbuild ms/1k\tsnapshot MB');
for (const r of [small, large]) {
  console.log(
    `${r.tours}\t${per1k(r.seedMs, r.tours)}\t\t${per1k(r.snapshotMs, r.tours)}\t\t${Number.isNaN(r.buildMs) ? '-' : per1k(r.buildMs, r.tours)}\t\t${(r.bytes / 1e6).toFixed(1)}`,
  );
}
const ratio = (a: number, b: number) => (b / large.tours / (a / small.tours)).toFixed(2);
console.log(
  `\nper-tour cost, ${large.tours} vs ${small.tours} tours (1.00 = linear): seed ${ratio(small.seedMs, large.seedMs)}, snapshot ${ratio(small.snapshotMs, large.snapshotMs)}${values.build ? `, build ${ratio(small.buildMs, large.buildMs)}` : ''}`,
);
