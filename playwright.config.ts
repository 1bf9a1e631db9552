import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { TEST_MEDIA_CACHE } from './tests/support/media-cache.ts';

// Two lanes, one per worker: each has its own shop (port, data folder, database), started by the main
// process, so the tests of one worker see the same state they would see run alone in that order, and the
// two cores are both used. Workers load this file again with their TEST_PARALLEL_INDEX: the lane's port
// and folder go into E2E_PORT and E2E_DATA_DIR, which the tests' helpers read.
// E2E_LANES=1 runs everything on one shop (a quicker start for a single spec).
const lanes = Math.max(1, Number(process.env.E2E_LANES ?? 2));
process.env.E2E_PORT_BASE ??= process.env.E2E_PORT ?? '4399';
const basePort = Number(process.env.E2E_PORT_BASE);
// Every run starts the real shops on empty data folders: migrate, seed, build, serve.
const laneDirs = Array.from({ length: lanes }, (_, i) => {
  const key = `E2E_DATA_DIR_${i}`;
  // Workers inherit the folders the main process made.
  process.env[key] ??= i === 0 && process.env.E2E_DATA_DIR ? process.env.E2E_DATA_DIR : mkdtempSync(join(tmpdir(), `shop-e2e-${i}-`));
  return process.env[key];
});
const lane = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % lanes;
const port = basePort + lane;
process.env.E2E_PORT = String(port);
process.env.E2E_DATA_DIR = laneDirs[lane];
// The scheduled jobs a test runs by their command (`node api/jobs.ts …`) sign links the server must accept:
// both get one secret, kept for the workers the same way.
const authSecret = process.env.E2E_AUTH_SECRET ?? randomBytes(32).toString('base64url');
process.env.E2E_AUTH_SECRET = authSecret;

// Debian's build of Chromium's headless shell (package chromium-headless-shell, the same version as its
// chromium): what Playwright itself runs headless tests on. The full browser's headless mode draws through
// its whole window and compositor stack and took twice the CPU for the same tests (docs/decisions/040);
// without the shell installed, the full browser runs them.
const chromium = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: lanes,
  retries: 0,
  timeout: 30_000,
  outputDir: 'test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // Recording a trace of every test took about a fifth of the browser suite's CPU (docs/decisions/040); a
    // failure still leaves its page's snapshot (error-context.md) and a screenshot. `E2E_TRACE=retain-on-failure`
    // (or `npx playwright test --trace on`) records them.
    trace: (process.env.E2E_TRACE as 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: nothing can download a browser on these machines.
      executablePath: process.env.CHROMIUM_PATH ?? chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // On the phone: every screen with axe (a11y.spec.ts) and the journeys — every visitor's and traveller's
    // flow, the guides' area, the bookings desk, the money desks (staff on the go: balances, recorded
    // payments, agency sales, invoices) and the office's inbox. What does not depend on the width runs once,
    // on the desktop (docs/decisions/040-test-groups.md): the access rules (page-access, funnel-access),
    // the content policy (csp), the 130-tour listing shop (paged-listings), the pages' byte budgets, the
    // other back-office screens, and the tests tagged `@desktop-only` (the in-place editor) or `@one-width`
    // (direct loads, data, refusals and messages whose screens the phone reaches in its own journeys).
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      testIgnore: [
        /page-access\.spec\.ts$/,
        /funnel-access\.spec\.ts$/,
        /csp\.spec\.ts$/,
        /paged-listings\.spec\.ts$/,
        // Bytes and script lists: the same at any width (responsive images are left out of the budget).
        /(^|\/)budgets\.spec\.ts$/,
        /admin-(?!bookings\.|balances\.|invoices\.|inbox\.|company\.|home-blocks\.|integrations\.)[\w-]+\.spec\.ts$/,
      ],
      grepInvert: /@desktop-only|@one-width/,
    },
  ],
  webServer: {
    // One launcher starts every lane's shop at once (tests/support/e2e-shops.ts) and says when all answer.
    command: 'node tests/support/e2e-shops.ts',
    wait: { stdout: /E2E_SHOPS_READY/ },
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // TRUST_PROXY lets tests give each page its own client address (tests/support/client-address.ts).
    env: {
      E2E_SHOP_LANES: JSON.stringify(laneDirs.map((dataDir, i) => ({ port: basePort + i, dataDir }))),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      TRUST_PROXY: '1',
      AUTH_SECRET: authSecret,
      MEDIA_CACHE_DIR: TEST_MEDIA_CACHE,
    },
  },
});
