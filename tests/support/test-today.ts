/**
 * The suite's day. `npm test -- --today YYYY-MM-DD` (or TEST_TODAY) runs every suite as if that were today:
 * shifted-clock.ts moves the clock of every Node process by whole days and tests/support/test.ts the pages'
 * clock, so the demo seed, the shop and the tests all read the same day. Tests ask the clock for it
 * (`suiteToday()`), never assume one.
 */
import { fileURLToPath } from 'node:url';

const SHIFTED_CLOCK = fileURLToPath(new URL('./shifted-clock.ts', import.meta.url));

/** Today as the suite runs it, 'YYYY-MM-DD' in UTC (the demo seed's `today`). */
export const suiteToday = (): string => new Date().toISOString().slice(0, 10);

/** The environment that runs a command, and every process it starts, on `today`. */
export function onDay(env: NodeJS.ProcessEnv, today: string): NodeJS.ProcessEnv {
  const preload = `--import=${SHIFTED_CLOCK}`;
  const options = (env.NODE_OPTIONS ?? '').split(' ').filter((o) => o && o !== preload);
  return { ...env, TEST_TODAY: today, NODE_OPTIONS: [...options, preload].join(' ') };
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The days the seed-dependent suites are also run on in every `npm test`, after `from` (the real today):
 * the next 29 February (a leap day: a year later has no such date, a birthday or an anniversary moves)
 * and the next 30 December (the catalogue's window ends on 31 December of next year, and the year turns
 * while a trip is booked).
 */
export function otherDays(from: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  let year = Number(from.slice(0, 4));
  let leap = '';
  while (!leap) {
    const candidate = Date.UTC(year, 1, 29);
    if (new Date(candidate).getUTCMonth() === 1 && candidate > start) leap = iso(candidate);
    year++;
  }
  const yearEnd = Date.UTC(Number(from.slice(0, 4)), 11, 30);
  return [leap, iso(yearEnd > start ? yearEnd : Date.UTC(Number(from.slice(0, 4)) + 1, 11, 30))];
}

/**
 * The suites that seed the demo on the suite's day and read what it generated, run again on `otherDays`:
 * the demo's invariants (which the browser tests rely on: past, bookable and full departures, coupons of
 * every state, the demo accounts' trips) and the backup test (which picks a payment by what the day's demo
 * did to it). Only those describe blocks (`names`): the rest of these files does not depend on the day.
 * About 20 s a day; the site build of the targeted-rebuild test (35 s more) runs on the suite's day only.
 */
export const SEED_DAY_SUITES = {
  files: ['api/db/seed/seed.test.ts', 'tests/integration/backup.test.ts'],
  names: 'demo seed on SQLite|backup and restore',
};
