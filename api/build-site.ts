/**
 * `npm run build:site`: builds the static site from the configured database now (`-- --force` even when
 * nothing changed since the live build; `-- --workers N` renders in N worker threads
 * instead of the build's own, docs/decisions/052-render-workers.md;
 * `-- --phases` prints where the time went, for bench/build-scale.ts).
 * The running shop builds by itself after every change; this is for operators and benchmarks.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSite } from '#content-build/build.ts';
import { loadConfig } from './config.ts';

const { values } = parseArgs({
  options: { force: { type: 'boolean', default: false }, phases: { type: 'boolean', default: false }, workers: { type: 'string' } },
});
const workers = values.workers === undefined ? undefined : Number(values.workers);
if (workers !== undefined && !(Number.isInteger(workers) && workers >= 0)) {
  console.error('--workers must be a whole number (0: render in the build process).');
  process.exit(2);
}
const config = loadConfig();
// Migrated by a process of its own: the database layer (its drivers and every migration, about 20 MB) would
// otherwise stay loaded in this one through the whole build, beside the renderer at its largest.
const migrated = spawnSync(process.execPath, [fileURLToPath(new URL('./db/migrate-cli.ts', import.meta.url))], {
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
if (migrated.status !== 0) {
  process.stdout.write(migrated.stdout ?? '');
  console.error('The database could not be migrated: nothing was built.');
  process.exit(1);
}
const { info, skipped, phases } = await buildSite({
  databaseUrl: config.databaseUrl,
  siteDir: config.siteDir,
  filesDir: config.filesDir,
  force: values.force,
  workers,
});
console.log(skipped ? `Site unchanged (${info.hash}).` : `Built ${info.pages} pages (${info.hash}).`);
if (values.phases) console.log(JSON.stringify({ phases }));
