/**
 * How fast the catalogue importer is (issue 14: "10,000 tours import in under a minute"): the scale
 * generator fills one SQLite file, its tours are exported as an import file, and that file is imported
 * into a fresh SQLite file holding only the destinations; then the same file again, which must change
 * nothing. Reports tours per second and seconds for each pass (absolute times are noisy on shared machines).
 *
 *   node bench/importer.ts [--tours 10000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '#api/db/database.ts';
import { seedScale } from '#api/db/seed/index.ts';
import { exportTours } from '#api/services/catalogue/import/export.ts';
import { applyImport } from '#api/services/catalogue/import/import.ts';

const { values } = parseArgs({ options: { tours: { type: 'string', default: '10000' } } });
const tours = Number(values.tours);
const today = new Date().toISOString().slice(0, 10);
const actor = { userId: '', email: 'bench@different.demo' };
const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
const source = openDatabase({ url: join(dir, 'source.db') });
const target = openDatabase({ url: join(dir, 'target.db') });
try {
  await migrateToLatest(source);
  await seedScale(source, { tours, today });
  const text = JSON.stringify(await exportTours(source, { slugs: null }));
  const file = { name: 'catalogo.json', text };
  await migrateToLatest(target);
  // Only the geography: the file refers to destinations and regions by slug.
  await seedScale(target, { tours: 0, today });

  let t = performance.now();
  const first = await applyImport(target, file, { requestId: 'bench-first', actor, now: new Date() });
  const firstSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  const second = await applyImport(target, file, { requestId: 'bench-second', actor, now: new Date() });
  const secondSeconds = (performance.now() - t) / 1000;

  const counts = (c: typeof first.report.counts) => `${c.created} altas, ${c.changed} cambios, ${c.unchanged} sin cambios, ${c.refused} rechazadas`;
  console.log(`file: ${tours} tours, ${(text.length / 1e6).toFixed(1)} MB, ${first.report.totalRows} rows`);
  console.log(
    `import into a fresh database: ${firstSeconds.toFixed(1)} s, ${Math.round(tours / firstSeconds)} tours/s (${counts(first.report.counts)}; applied ${first.applied})`,
  );
  console.log(
    `same file again:              ${secondSeconds.toFixed(1)} s, ${Math.round(tours / secondSeconds)} tours/s (${counts(second.report.counts)}; applied ${second.applied})`,
  );
} finally {
  await source.destroy();
  await target.destroy();
  rmSync(dir, { recursive: true, force: true });
}
