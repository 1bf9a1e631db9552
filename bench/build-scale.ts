/**
 * How the static build scales: the demo catalogue and synthetic catalogues (default 1,000 and 10,000
 * tours), each seeded into a fresh SQLite file, built from scratch with `content-build/build.ts`
 * (snapshot, images, Astro, compression, swap), then rebuilt after one tour's name changes, which is
 * where Astro's incremental build (pages with an unchanged `cacheKey` are copied, not rendered) shows.
 * Peak memory is the largest process of the build (the Astro child), measured by GNU time (`apt-get
 * install time`). Not part of `npm test`: it takes minutes, and tests never assert on time.
 *
 *   npm run bench:build                     # demo, 1000, 10000
 *   node bench/build-scale.ts --sizes 1000  # just one synthetic size
 *   node bench/build-scale.ts --no-demo --sizes 500,2000
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '#api/db/database.ts';
import { seedDemo, seedScale } from '#api/db/seed/index.ts';
import type { BuildInfo } from '#api/services/site-builds.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TIME = '/usr/bin/time';
const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '1000,10000' }, 'no-demo': { type: 'boolean', default: false }, keep: { type: 'boolean', default: false } },
});
if (!existsSync(TIME)) {
  console.error('GNU time is needed to measure peak memory: apt-get install -y time');
  process.exit(1);
}
const today = new Date().toISOString().slice(0, 10);

interface Run {
  seconds: number;
  peakRssMb: number;
  info: BuildInfo;
}

/** One `npm run build:site` as a fresh process, under GNU time. */
function timedBuild(dataDir: string, force: boolean): Promise<Run> {
  return new Promise((resolve, reject) => {
    const args = ['-v', process.execPath, join(ROOT, 'content-build/build.ts'), ...(force ? ['--force'] : [])];
    const started = performance.now();
    const child = spawn(TIME, args, {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: join(dataDir, 'shop.db'), ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`build failed (${code}):\n${stderr.slice(-4000)}`));
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      const info = JSON.parse(readFileSync(join(dataDir, 'site', 'current', 'build-info.json'), 'utf8')) as BuildInfo;
      resolve({ seconds, peakRssMb: rss ? Number(rss[1]) / 1024 : Number.NaN, info });
    });
  });
}

async function measure(label: string, seed: (db: ReturnType<typeof openDatabase>, filesDir: string) => Promise<unknown>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-build-'));
  const db = openDatabase({ url: join(dataDir, 'shop.db') });
  try {
    await migrateToLatest(db);
    const t = performance.now();
    await seed(db, join(dataDir, 'files'));
    const seedSeconds = (performance.now() - t) / 1000;
    const full = await timedBuild(dataDir, true);

    // One tour changes, as an edit in the back office would: the next build reuses every other page.
    const tour = await db.selectFrom('tours').select(['id', 'name']).where('publishWeb', '=', 1).orderBy('sortTour').orderBy('id').executeTakeFirstOrThrow();
    await db
      .updateTable('tours')
      .set({ name: `${tour.name} (renovado)` })
      .where('id', '=', tour.id)
      .execute();
    const incremental = await timedBuild(dataDir, false);
    return { label, tours: full.info.tours, seedSeconds, full, incremental };
  } finally {
    await db.destroy();
    if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
    else console.log(`kept ${dataDir}`);
  }
}

const cases: [string, (db: ReturnType<typeof openDatabase>, filesDir: string) => Promise<unknown>][] = [];
if (!values['no-demo']) cases.push(['demo', (db, filesDir) => seedDemo(db, { today, filesDir })]);
for (const size of values.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0)) {
  cases.push([`${size.toLocaleString('en')} tours`, (db) => seedScale(db, { tours: size, today })]);
}

console.log(`Node ${process.version}, ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, today ${today}\n`);
const rows = [];
for (const [label, seed] of cases) {
  process.stdout.write(`${label}… `);
  const r = await measure(label, seed);
  console.log(`seeded in ${r.seedSeconds.toFixed(1)} s; built in ${r.full.seconds.toFixed(1)} s, after one change in ${r.incremental.seconds.toFixed(1)} s`);
  rows.push(r);
}

const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);
console.log('\ncatalogue      tours   pages   full s  pages/s  peak MB  | one change: s  pages/s  peak MB  speed-up');
for (const r of rows) {
  const pages = r.full.info.pages;
  console.log(
    `${r.label.padEnd(12)} ${String(r.tours).padStart(7)} ${String(pages).padStart(7)} ${fmt(r.full.seconds)} ${fmt(pages / r.full.seconds, 0)} ${fmt(r.full.peakRssMb, 0)}  | ${fmt(r.incremental.seconds)} ${fmt(r.incremental.info.pages / r.incremental.seconds, 0)} ${fmt(r.incremental.peakRssMb, 0)} ${fmt(r.full.seconds / r.incremental.seconds, 2)}x`,
  );
}
console.log('\nSeconds are wall-clock for the whole build process (snapshot, images, Astro, compression, swap);');
console.log('seeding is not included. "pages" counts every HTML file of the build.');
