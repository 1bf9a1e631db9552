/**
 * The bookings desk with a year of a busy operator's data (issue 12): 100,000 bookings over a synthetic
 * 1,000-tour catalogue, on SQLite and (when PostgreSQL is at hand) on PostgreSQL. Reports p50 and p95 of
 * the list (unfiltered, filtered, sorted, page 1 and page 200, a free-text search), one booking's page,
 * the fullest departure's manifest, the overdue balances (issue 31) and the dashboard, each called through the API
 * as an admin, in process. Target: p95 under 50 ms. Not part of `npm test`; tests never assert on time.
 *
 *   npm run bench:backoffice                         # 100,000 bookings, SQLite and PostgreSQL if found
 *   npm run bench:backoffice -- --bookings 20000 --runs 20
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createApi } from '#api/app.ts';
import type { AuthContext } from '#api/auth-context.ts';
import { loadConfig } from '#api/config.ts';
import { type Db, migrateToLatest, openDatabase } from '#api/db/database.ts';
import { seedScale } from '#api/db/seed/index.ts';
import { seedScaleBookings } from '#api/db/seed/scale-bookings.ts';
import { CALLERS, seedCallers } from '../tests/support/callers.ts';
import { createTestDatabase } from '../tests/support/databases.ts';

const { values } = parseArgs({
  options: {
    bookings: { type: 'string', default: '100000' },
    tours: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '50' },
  },
});
const BOOKINGS = Number(values.bookings);
const RUNS = Number(values.runs);
const today = new Date().toISOString().slice(0, 10);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

async function measure(label: string, db: Db, url: string) {
  await migrateToLatest(db);
  const seeding = performance.now();
  await seedScale(db, { tours: Number(values.tours), today });
  await seedScaleBookings(db, { bookings: BOOKINGS, today });
  await seedCallers(db);
  const seedSeconds = (performance.now() - seeding) / 1000;
  // A live database has its planner statistics; a bulk load just made has none until autovacuum comes by.
  await sql`analyze`.execute(db);
  const admin = CALLERS.admin as AuthContext;
  const api = createApi({ db, config: { ...loadConfig({}), databaseUrl: url }, resolveAuth: () => admin });
  const get = async (path: string) => {
    const res = await api.request(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const some = await db
    .selectFrom('bookings')
    .innerJoin('periods', 'periods.id', 'bookings.periodId')
    .select(['bookings.id', 'bookings.tkId', 'periods.tourId'])
    .where('bookings.tkId', 'is not', null)
    .limit(1)
    .executeTakeFirstOrThrow();
  const fullest = await db
    .selectFrom('bookings')
    .select(['periodId', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('periodId')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const overdue = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owedSince', '<', today)
    .where('status', 'in', ['CONFIRMED', 'WAITING_FOR_TRANSFER'])
    .executeTakeFirstOrThrow();
  const cases: [string, string][] = [
    ['list, page 1 (newest first)', '/admin/bookings'],
    ['list, page 200', '/admin/bookings?page=200'],
    ['list, status filter, sorted by departure', '/admin/bookings?status=CONFIRMED&sort=dayOne&dir=asc'],
    ['list, status filter, page 200', '/admin/bookings?status=CONFIRMED&page=200'],
    ['list, one tour, booked this year', `/admin/bookings?tourId=${some.tourId}&bookedFrom=${today.slice(0, 4)}-01-01`],
    ['list, search by tkId', `/admin/bookings?q=${some.tkId}`],
    ['list, search by name', '/admin/bookings?q=lucía%20garcía'],
    ['one booking', `/admin/bookings/${some.id}`],
    [`manifest (${fullest.n} bookings)`, `/admin/periods/${fullest.periodId}/manifest`],
    [`overdue balances, page 1 (${overdue.n} overdue)`, '/admin/balances/overdue'],
    ['overdue balances, page 20', '/admin/balances/overdue?page=20'],
    ['overdue balances, sorted by departure', '/admin/balances/overdue?sort=dayOne&dir=desc'],
    ['overdue balances, search by name', '/admin/balances/overdue?q=lucía%20garcía'],
    ['dashboard (with money due)', '/admin/dashboard'],
  ];
  const results: { name: string; p50: number; p95: number }[] = [];
  for (const [name, path] of cases) {
    await get(path);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await get(path);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({ name, p50: quantile(times, 0.5), p95: quantile(times, 0.95) });
  }
  return { label, seedSeconds, results };
}

console.log(
  `Node ${process.version}, ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM; ${BOOKINGS.toLocaleString('en')} bookings, ${RUNS} runs each\n`,
);
const reports = [];
const dir = mkdtempSync(join(tmpdir(), 'bench-backoffice-'));
try {
  const sqlite = openDatabase({ url: join(dir, 'shop.db') });
  reports.push(await measure('SQLite', sqlite, join(dir, 'shop.db')));
  await sqlite.destroy();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (process.env.TEST_DATABASE_URL) {
  const pg = await createTestDatabase('postgres');
  try {
    reports.push(await measure('PostgreSQL', pg.db, pg.url));
  } finally {
    await pg.drop();
  }
} else {
  console.log('(PostgreSQL skipped: set TEST_DATABASE_URL to a server to create a database in.)\n');
}
console.log('| engine | request | p50 | p95 |');
console.log('|---|---|---|---|');
for (const report of reports) {
  for (const r of report.results) console.log(`| ${report.label} | ${r.name} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms |`);
}
for (const report of reports) console.log(`\n${report.label}: seeded in ${report.seedSeconds.toFixed(0)} s`);
process.exit(0);
