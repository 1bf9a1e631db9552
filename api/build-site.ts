/**
 * `npm run build:site`: builds the static site from the configured database now (`-- --force` even when
 * nothing changed since the live build; `-- --workers N` renders in N worker threads
 * instead of the build's own, docs/decisions/052-render-workers.md;
 * `-- --phases` prints where the time went, for bench/build-scale.ts).
 * The running shop builds by itself after every change; this is for operators and benchmarks.
 */
import { parseArgs } from 'node:util';
import { buildSite } from '#content-build/build.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';

const { values } = parseArgs({
  options: { force: { type: 'boolean', default: false }, phases: { type: 'boolean', default: false }, workers: { type: 'string' } },
});
const workers = values.workers === undefined ? undefined : Number(values.workers);
if (workers !== undefined && !(Number.isInteger(workers) && workers >= 0)) {
  console.error('--workers must be a whole number (0: render in the build process).');
  process.exit(2);
}
const config = loadConfig();
const db = openDatabase({ url: config.databaseUrl });
await migrateToLatest(db);
const { info, skipped, phases } = await buildSite({
  databaseUrl: config.databaseUrl,
  siteDir: config.siteDir,
  filesDir: config.filesDir,
  force: values.force,
  workers,
});
console.log(skipped ? `Site unchanged (${info.hash}).` : `Built ${info.pages} pages (${info.hash}).`);
if (values.phases) console.log(JSON.stringify({ phases }));
await db.destroy();
