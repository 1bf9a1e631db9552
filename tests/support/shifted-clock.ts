/**
 * Runs a process as if today were `TEST_TODAY` (YYYY-MM-DD, UTC): `Date.now()` and `new Date()` move by
 * whole days, so the time of day, timers and every duration stay real. Loaded before anything else with
 * `--import` (tests/support/test-today.ts puts it in NODE_OPTIONS, which every child process inherits: the
 * Vitest workers, the shops the browser tests start, their builds and jobs). The demo seed, the shop and
 * the tests all read the clock, so they agree on the day, which is what lets the suite be run on any
 * day it will meet: a leap day, a year's last days, a date months from now.
 *
 * Only whole days, and only forward from the real date in the browser tests: Chromium's own cookie clock is
 * not moved (tests/support/test.ts moves the pages' clock).
 */
import { shiftDate } from './shift-date.ts';

const today = process.env.TEST_TODAY;
if (today) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`))) {
    throw new Error(`TEST_TODAY must be a YYYY-MM-DD date, got '${today}'`);
  }
  const realToday = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  shiftDate(Date.parse(`${today}T00:00:00Z`) - realToday);
}
