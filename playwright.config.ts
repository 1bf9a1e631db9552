import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4399);
// Every run starts the real shop on an empty data folder: migrate, seed, build, serve.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'shop-e2e-'));
// Workers load this file again; the variable makes them reuse the same folder (tests read its database).
process.env.E2E_DATA_DIR = dataDir;
// The scheduled jobs a test runs by their command (`node api/jobs.ts …`) sign links the server must accept:
// both get one secret, kept for the workers the same way.
const authSecret = process.env.E2E_AUTH_SECRET ?? randomBytes(32).toString('base64url');
process.env.E2E_AUTH_SECRET = authSecret;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  outputDir: 'test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: nothing can download a browser on these machines.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // The page access matrix does not depend on the width: it runs on the desktop only.
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, testIgnore: /page-access\.spec\.ts$/ },
  ],
  webServer: {
    command: 'node api/start.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // TRUST_PROXY lets tests give each page its own client address (tests/support/client-address.ts).
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', TRUST_PROXY: '1', AUTH_SECRET: authSecret },
  },
});
