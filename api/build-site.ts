/**
 * `npm run build:site`: builds the static site from the configured database now (`-- --force` even when
 * nothing changed since the live build; `-- --phases` prints where the time went, for bench/build-scale.ts).
 * The running shop builds by itself after every change; this is for operators and benchmarks.
 */
import { buildSite } from '#content-build/build.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';

const config = loadConfig();
const db = openDatabase({ url: config.databaseUrl });
await migrateToLatest(db);
const { info, skipped, phases } = await buildSite({ db, siteDir: config.siteDir, filesDir: config.filesDir, force: process.argv.includes('--force') });
console.log(skipped ? `Site unchanged (${info.hash}).` : `Built ${info.pages} pages (${info.hash}).`);
if (process.argv.includes('--phases')) console.log(JSON.stringify({ phases }));
await db.destroy();
