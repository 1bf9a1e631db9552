/**
 * Playwright's `test`, with the pages' clock on the suite's day. When the suite runs as if today were
 * `TEST_TODAY` (tests/support/shifted-clock.ts moves the clock of the runner, the shops and their jobs),
 * every browser context, the default one and those a test opens itself, starts its clock at the runner's
 * now and lets it run: a hold's countdown, a birth date's age and a trip's "upcoming" read the same day as
 * the shop that answered. Without TEST_TODAY nothing is installed and pages keep the real clock.
 */
import { type Browser, type BrowserContext, test as base } from '@playwright/test';

export * from '@playwright/test';

const shifted = Boolean(process.env.TEST_TODAY);

async function onSuiteDay(context: BrowserContext): Promise<BrowserContext> {
  if (shifted) await context.clock.install({ time: Date.now() });
  return context;
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      if (shifted) {
        // Browser.newPage opens its context through newContext, and so do the default `context` fixture
        // and every test that opens a second visitor: one wrapper reaches them all.
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => onSuiteDay(await newContext(options));
      }
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
