/**
 * How the static build scales: the demo catalogue and synthetic catalogues (default 1,000 and 10,000
 * tours), each seeded into a fresh SQLite file, built from scratch with `api/build-site.ts` (`npm run build:site`)
 * (snapshot, images, Astro, compression, swap), then rebuilt after one tour's name changes, which is
 * where Astro's incremental build (pages with an unchanged `cacheKey` are copied, not rendered) shows.
 * Peak memory is the largest process of the build (the Astro child), measured by GNU time (`apt-get
 * install time`). Not part of `npm test`: it takes minutes, and tests never assert on time.
 * `runBuildScale` answers the figures as a markdown section, for the whole suite's report.
 *
 *   npm run bench:build                     # demo, 1000, 10000
 *   node bench/build-scale.ts --sizes 1000  # just one synthetic size
 *   node bench/build-scale.ts --no-demo --sizes 500,2000
 *   node bench/build-scale.ts --keep        # keep the data folders (named on stderr) to build again
 *   node bench/build-scale.ts --no-demo --sizes 10000 --workers 0,1,2   # and again with 0, 1, 2 render workers
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '#api/db/database.ts';
import { seedDemo, seedScale } from '#api/db/seed/index.ts';
import type { BuildInfo } from '#content-build/site-folder.ts';
import { residentKb } from './machine.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TIME = '/usr/bin/time';

interface Run {
  seconds: number;
  peakRssMb: number;
  /** The largest sum of the resident memory of the build's processes at one time (sampled every 200 ms). */
  treePeakRssMb: number;
  /** CPU seconds of the build's processes (GNU time: user and system, children included). */
  cpuSeconds: number;
  /** The system part of `cpuSeconds`: file writes, and on an ext4 without a journal the inodes they allocate. */
  systemSeconds: number;
  info: BuildInfo;
  /** What `build.ts --phases` printed: seconds by phase. */
  phases: Record<string, number>;
}

/** The processes under `root` (itself included), from /proc. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i] as number) ?? []));
  return tree;
}

/** Samples the resident memory of `root` and its descendants; `stop` answers the largest sum seen, in MB. */
function sampleTreeRss(root: number): { stop(): number } {
  let peakKb = 0;
  const sample = () => {
    let kb = 0;
    for (const pid of processTree(root)) {
      try {
        kb += residentKb(pid) || 0;
      } catch {
        // Ended meanwhile.
      }
    }
    peakKb = Math.max(peakKb, kb);
  };
  const timer = setInterval(sample, 200);
  return {
    stop: () => {
      clearInterval(timer);
      return peakKb / 1024;
    },
  };
}

/** One `npm run build:site` as a fresh process, under GNU time; with `workers`, rendered in that many threads. */
function timedBuild(dataDir: string, force: boolean, workers?: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const args = [
      '-v',
      process.execPath,
      join(ROOT, 'api/build-site.ts'),
      '--phases',
      ...(force ? ['--force'] : []),
      ...(workers === undefined ? [] : ['--workers', String(workers)]),
    ];
    const started = performance.now();
    const child = spawn(TIME, args, {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: join(dataDir, 'shop.db'), ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tree = child.pid ? sampleTreeRss(child.pid) : { stop: () => Number.NaN };
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const treePeakRssMb = tree.stop();
      if (code !== 0) return reject(new Error(`build failed (${code}):\n${stderr.slice(-4000)}`));
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      const cpu = ['User', 'System'].map((kind) => Number(new RegExp(`${kind} time \\(seconds\\): ([\\d.]+)`).exec(stderr)?.[1] ?? Number.NaN));
      const info = JSON.parse(readFileSync(join(dataDir, 'site', 'current', 'build-info.json'), 'utf8')) as BuildInfo;
      const phases = (JSON.parse(/^\{"phases".*$/m.exec(stdout)?.[0] ?? '{"phases":{}}') as { phases: Record<string, number> }).phases;
      resolve({
        seconds,
        peakRssMb: rss ? Number(rss[1]) / 1024 : Number.NaN,
        treePeakRssMb,
        cpuSeconds: (cpu[0] ?? 0) + (cpu[1] ?? 0),
        systemSeconds: cpu[1] ?? 0,
        info,
        phases,
      });
    });
  });
}

type Seed = (db: ReturnType<typeof openDatabase>, filesDir: string) => Promise<unknown>;

/** Measures one catalogue in a data folder of its own, which it leaves for the caller to remove. */
async function measure(label: string, seed: Seed, dataDir: string, workers: readonly number[]) {
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
    // The same full build again with each number of render workers, each from an empty site folder as the
    // first one: nothing restored from Astro's cache, no compressed copy linked from a live build. The
    // site before is moved aside, not removed: on an ext4 without a journal (these machines) a build that
    // starts within minutes of thousands of files being removed pays kernel time for each file it creates
    // (docs/decisions/052-render-workers.md, last addendum), which would be this bench's doing.
    const byWorkers: { workers: number; run: Run }[] = [];
    for (const [i, count] of workers.entries()) {
      renameSync(join(dataDir, 'site'), join(dataDir, `site-before-${i}`));
      byWorkers.push({ workers: count, run: await timedBuild(dataDir, true, count) });
    }
    return { label, tours: full.info.tours, seedSeconds, full, incremental, byWorkers };
  } finally {
    await db.destroy();
  }
}

/** The full builds with each number of render workers (docs/decisions/052-render-workers.md). */
function workersTable(rows: { label: string; byWorkers: { workers: number; run: Run }[] }[]): string[] {
  const measured = rows.filter((r) => r.byWorkers.length > 0);
  if (measured.length === 0) return [];
  const rendering = (run: Run) => run.phases['astro: rendering'] ?? Number.NaN;
  return [
    '### Render workers',
    '',
    "Each a full build from an empty site folder. 0 workers renders and hashes the pages in the build's own",
    'thread; N workers render, compress and hash them in N threads. The ratio is',
    "the rendering phase with 1 worker over this row's.",
    '',
    '| catalogue | workers | rendering (s) | vs 1 worker | full build (s) | CPU (s) | CPU per page (ms) | peak RSS, all processes (MB) |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...measured.flatMap((r) => {
      const one = r.byWorkers.find((w) => w.workers === 1)?.run;
      return r.byWorkers.map(
        ({ workers, run }) =>
          `| ${r.label} | ${workers} | ${round(rendering(run), 1)} | ${one ? `${round(rendering(one) / rendering(run), 2)}×` : '–'} | ${round(run.seconds, 1)} | ${round(run.cpuSeconds, 1)} | ${round((run.cpuSeconds * 1000) / run.info.pages, 1)} | ${round(run.treePeakRssMb)} |`,
      );
    }),
    '',
  ];
}

/** Where the largest catalogue's full build went, phase by phase. */
function phaseTable(row: { label: string; full: Run } | undefined): string[] {
  if (!row || Object.keys(row.full.phases).length === 0) return [];
  return [
    `### Where the full build of ${row.label} went`,
    '',
    '| phase | s |',
    '|---|--:|',
    ...Object.entries(row.full.phases).map(([phase, seconds]) => `| ${phase} | ${round(seconds, 1)} |`),
    '',
    '`astro` is the build process as a whole; its rows (`astro: …`) are its own phases.',
    '',
  ];
}

const round = (n: number, digits = 0) => n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * Builds the demo catalogue (with `demo`) and a synthetic catalogue of each size, each from scratch and
 * then after one tour's change, and answers the figures as a markdown section (a heading, a table, what
 * the columns mean). Progress goes to stderr.
 *
 * @example const section = await runBuildScale({ sizes: [1000, 10000] });
 */
export async function runBuildScale({
  sizes,
  demo = false,
  keep = false,
  workers = [],
}: {
  sizes: readonly number[];
  demo?: boolean;
  keep?: boolean;
  /** Build each catalogue again with each of these numbers of render workers. */
  workers?: readonly number[];
}): Promise<string> {
  if (!existsSync(TIME)) throw new Error('GNU time is needed to measure peak memory: apt-get install -y time');
  const today = new Date().toISOString().slice(0, 10);
  const cases: [string, Seed][] = [];
  if (demo) cases.push(['demo', (db, filesDir) => seedDemo(db, { today, filesDir })]);
  for (const size of sizes.filter((n) => n > 0)) cases.push([`${round(size)} tours`, (db) => seedScale(db, { tours: size, today })]);

  const rows = [];
  // Removed once every catalogue is measured, not before the next one's builds (see `measure`'s workers).
  const dataDirs: string[] = [];
  try {
    for (const [label, seed] of cases) {
      process.stderr.write(`build scale: ${label}… `);
      const dataDir = mkdtempSync(join(tmpdir(), 'bench-build-'));
      dataDirs.push(dataDir);
      const r = await measure(label, seed, dataDir, workers);
      process.stderr.write(
        `seeded in ${r.seedSeconds.toFixed(1)} s; built in ${r.full.seconds.toFixed(1)} s, after one change in ${r.incremental.seconds.toFixed(1)} s\n`,
      );
      rows.push(r);
    }
  } finally {
    for (const dataDir of dataDirs) {
      if (keep) console.error(`kept ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return [
    '## Static build',
    '',
    `Node ${process.version}, ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM.`,
    '',
    '| catalogue | tours | pages | full build (s) | pages/s | CPU (s) (of it system) | CPU per page (ms) | peak RSS (MB) | all processes (MB) | one change (s) | one change: peak RSS (MB) |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${round(r.tours)} | ${round(r.full.info.pages)} | ${round(r.full.seconds, 1)} | ${round(r.full.info.pages / r.full.seconds)} | ${round(r.full.cpuSeconds, 1)} (${round(r.full.systemSeconds, 1)}) | ${round((r.full.cpuSeconds * 1000) / r.full.info.pages, 1)} | ${round(r.full.peakRssMb)} | ${round(r.full.treePeakRssMb)} | ${round(r.incremental.seconds, 1)} | ${round(r.incremental.peakRssMb)} |`,
    ),
    '',
    'Seconds are wall-clock for the whole build process (snapshot, images, Astro, compression, swap), seeding',
    'excluded; pages/s is the HTML files the build wrote over those seconds. CPU is the user and system time',
    'of all its processes: more than the wall-clock seconds where they used both cores; the system part in',
    'brackets swings with the disk (README). Peak RSS is the',
    'largest process of the build (GNU time); "all processes" the largest sum of them at one time (sampled',
    'every 200 ms). "One change" renames one tour and builds again: its page and',
    'every listing showing its card are rendered, the rest restored from the previous build.',
    '',
    ...workersTable(rows),
    ...phaseTable(rows.at(-1)),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1000,10000' },
      'no-demo': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      workers: { type: 'string', default: '' },
    },
  });
  const sizes = values.sizes.split(',').map(Number);
  const workers = values.workers ? values.workers.split(',').map(Number) : [];
  console.log(await runBuildScale({ sizes, demo: !values['no-demo'], keep: values.keep, workers }));
}
