/**
 * Playwright's `test`, with each visitor's own client address and the pages' clock on the suite's day. When the suite runs as if today were
 * `TEST_TODAY` (tests/support/shifted-clock.ts moves the clock of the runner, the shops and their jobs),
 * every browser context, the default one and those a test opens itself, moves its pages' `Date` by the
 * same whole days: a hold's countdown, a birth date's age and a trip's "upcoming" read the same day as
 * the shop that answered. Only `Date` moves, as in Node: timers and input timing stay the browser's own
 * (Playwright's clock, which fakes timers too, made the rich-text editor lose keystrokes). Without
 * TEST_TODAY nothing is added and pages keep the real clock.
 */
import { type Browser, type BrowserContext, test as base } from '@playwright/test';
import { shiftDate } from './shift-date.ts';

export * from '@playwright/test';

const DAY_MS = 86_400_000;
/** The runner's shift in whole days: its Date is moved, `performance` still counts from the real time. */
const offset = process.env.TEST_TODAY ? Math.round((Date.now() - (performance.timeOrigin + performance.now())) / DAY_MS) * DAY_MS : 0;

async function onSuiteDay(context: BrowserContext): Promise<BrowserContext> {
  if (offset) await context.addInitScript(shiftDate, offset);
  return context;
}

let addresses = 0;
/**
 * A client address of its own (the shops trust X-Forwarded-For): each test, and each browser a test opens
 * beside its own, is another visitor, as the shop's per-address limits (bookings, seats held, sign-ins)
 * expect; the whole suite from 127.0.0.1 would be one very busy visitor. From 198.18.0.0/15, the range
 * reserved for benchmarks: a header, not traffic.
 */
function nextAddress(): string {
  const n = (process.pid % 64) * 1000 + ++addresses;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

export const test = base.extend<object, { browser: Browser }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ 'x-forwarded-for': nextAddress(), ...extraHTTPHeaders });
  },
  browser: [
    async ({ browser }, use) => {
      // Browser.newPage opens its context through newContext, and so does every test that opens a second
      // visitor: one wrapper reaches them all (the default `context` takes the test's address above).
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options = {}) =>
        onSuiteDay(await newContext({ ...options, extraHTTPHeaders: { 'x-forwarded-for': nextAddress(), ...options.extraHTTPHeaders } }));
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
