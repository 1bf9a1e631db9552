/**
 * `npm test`: every suite (format, lint and unused code, types, unit, database and API on SQLite and
 * PostgreSQL, browser) and, beside the browser suite, the suites that seed the demo again on two other
 * days; then one line
 * `N passed, N failed` that totals them, which CI reads. Starts a throwaway PostgreSQL cluster when
 * TEST_DATABASE_URL is not set and PostgreSQL is installed.
 *
 * `npm test -- --today YYYY-MM-DD` (or TEST_TODAY) runs every suite as if that were today
 * (tests/support/test-today.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { onDay, otherDays, SEED_DAY_SUITES } from './support/test-today.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const { values: args } = parseArgs({ options: { today: { type: 'string' } } });
const realToday = new Date().toISOString().slice(0, 10);
let env = { ...process.env };
const today = args.today ?? env.TEST_TODAY;
if (today) {
  env = onDay(env, today);
  console.log(`Las pruebas corren como si hoy fuera ${today}.`);
}
let pgDir: string | undefined;
if (!env.TEST_DATABASE_URL) {
  pgDir = join(tmpdir(), `shop-pg-${process.pid}`);
  const started = spawnSync('bash', [join(root, 'tests/support/pg-throwaway.sh'), 'start', pgDir, String(56_000 + (process.pid % 1000))], { encoding: 'utf8' });
  if (started.status === 0) {
    env.TEST_DATABASE_URL = started.stdout.trim();
    console.log(`PostgreSQL de pruebas: ${env.TEST_DATABASE_URL}`);
  } else {
    console.warn(`PostgreSQL not available, its suites are skipped: ${started.stderr.trim()}`);
    pgDir = undefined;
  }
}

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Tally = { passed: 0, failed: 0, skipped: 0 };
/**
 * What failed, by suite and name: repeated just above the totals line, since CI may show only the end of a
 * long run, where a failure far up would be out of sight.
 */
const failures: string[] = [];

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/**
 * The first lines of a failure's message, without colour codes, indented under its name: with the name alone a
 * failure seen only in CI's tail (2026-11-29, rebuild.test.ts) said nothing of why.
 */
function why(message: string | undefined): string {
  if (!message) return '';
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  const isFrame = (line: string) => /^\s+at /.test(line);
  // The message, then the first frame in our own code (where it failed) rather than the runner's.
  const said = lines.filter((line) => !isFrame(line)).slice(0, 8);
  const where = lines.find((line) => isFrame(line) && !line.includes('node_modules'));
  return [...said, ...(where ? [where.trim()] : [])].map((line) => `\n      ${line.slice(0, 300)}`).join('');
}

/** The tally of a vitest JSON report, its failed tests noted under `label`. */
function readVitest(json: string, label: string): Tally {
  const r = JSON.parse(readFileSync(json, 'utf8')) as VitestReport;
  for (const file of r.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${label}: ${file.name.replace(root, '')} › ${test.fullName}${why(test.failureMessages?.join('\n'))}`);
    // A file that failed before its tests ran (an import, a hook) has none failed of its own.
    if (failed.length === 0 && file.status === 'failed') failures.push(`${label}: ${file.name.replace(root, '')}${why(file.message)}`);
  }
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}
/** Notes the browser tests that failed (a flaky one passed on its retry). */
function notePlaywrightFailures(suites: readonly PlaywrightSuite[]): void {
  for (const suite of suites) {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected')
          failures.push(`browser [${test.projectName}]: ${spec.file}:${spec.line} › ${spec.title}${why(test.results?.at(-1)?.error?.message)}`);
    notePlaywrightFailures(suite.suites ?? []);
  }
}
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function run(label: string, command: string, args: string[], read: () => Tally, runEnv = env): void {
  console.log(`\n── ${label} ──`);
  const { status } = spawnSync(command, args, { cwd: root, env: runEnv, stdio: 'inherit' });
  let tally: Tally;
  try {
    tally = read();
  } catch {
    tally = { passed: 0, failed: 1, skipped: 0 }; // the runner died before reporting: count it as a failure
  }
  if (status !== 0 && tally.failed === 0) tally.failed = 1;
  if (tally.failed > 0 && !failures.some((name) => name.startsWith(`${label}:`))) failures.push(`${label}: exited with ${status}`);
  totals.passed += tally.passed;
  totals.failed += tally.failed;
  totals.skipped += tally.skipped;
}

/** A check that passes or fails as a whole (a formatter, a linter): one test in the tally. */
const check = (label: string, command: string, args: string[]) => run(label, command, args, () => ({ passed: 1, failed: 0, skipped: 0 }));

try {
  check('format (biome format)', bin('biome'), ['format', '.']);
  check('lint and layer imports (biome lint)', bin('biome'), ['lint', '.']);
  check('unused files, exports and dependencies (knip)', bin('knip'), []);
  check('types (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', '.']);

  const vitestJson = join(results, 'vitest.json');
  const vitestLabel = 'unit, database and API (vitest)';
  run(vitestLabel, bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], () =>
    readVitest(vitestJson, vitestLabel),
  );

  // The demo is seeded from the date, and so is what the suites above found in it: the suites that seed it run
  // again on two days that have broken such assumptions before (a leap day, a year's end). They start once vitest
  // is done (beside it they shared its PostgreSQL server, and once a read there waited out its timeout) and run
  // beside the browser suite; their output goes to a file each (nothing reads a pipe while the browser runs)
  // and is printed at the end.
  const seedDays = otherDays(today ?? realToday).map((day) => {
    const json = join(results, `vitest-${day}.json`);
    const log = join(results, `vitest-${day}.log`);
    const out = openSync(log, 'w');
    const args = ['run', ...SEED_DAY_SUITES.files, '-t', SEED_DAY_SUITES.names, '--reporter=dot', '--reporter=json', `--outputFile.json=${json}`];
    const child = spawn(bin('vitest'), args, { cwd: root, env: onDay(env, day), stdio: ['ignore', out, out] });
    closeSync(out);
    const status = new Promise<number | null>((resolve) => child.on('close', resolve));
    return { day, json, log, status };
  });

  const playwrightJson = join(results, 'playwright.json');
  env.PLAYWRIGHT_JSON_OUTPUT_NAME = playwrightJson;
  run('browser (Playwright, Chromium)', bin('playwright'), ['test', '--reporter=list,json'], () => {
    if (!existsSync(playwrightJson)) throw new Error('no report');
    const { stats, suites } = JSON.parse(readFileSync(playwrightJson, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      suites: PlaywrightSuite[];
    };
    notePlaywrightFailures(suites);
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  });

  for (const { day, json, log, status: exited } of seedDays) {
    const status = await exited;
    console.log(`\n── the demo seeded on ${day} (vitest) ──`);
    process.stdout.write(readFileSync(log, 'utf8'));
    const label = `the demo seeded on ${day}`;
    let tally: Tally;
    try {
      tally = readVitest(json, label);
    } catch {
      tally = { passed: 0, failed: 1, skipped: 0 };
    }
    if (status !== 0 && tally.failed === 0) tally.failed = 1;
    if (tally.failed > 0 && !failures.some((name) => name.startsWith(`${label}:`))) failures.push(`${label}: exited with ${status}`);
    totals.passed += tally.passed;
    totals.failed += tally.failed;
    totals.skipped += tally.skipped;
  }
} finally {
  if (pgDir) spawnSync('bash', [join(root, 'tests/support/pg-throwaway.sh'), 'stop', pgDir]);
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ✘ ${name}`).join('\n')}`);
// CI reads the last line, exactly `N passed, N failed`: skipped tests are told on the line before.
if (totals.skipped) console.log(`\n${totals.skipped} skipped (tests that do not apply here, such as desktop-only checks on the phone)`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
