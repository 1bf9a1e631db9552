/**
 * The demo traveller in a browser test: signed in once per run through the API and the cookies reused,
 * because the sign-in limit (10 per e-mail in 15 minutes) is real in these tests and other specs sign in
 * as this traveller too (auth.spec through the form, at each width). The cookies are kept in the run's
 * data folder, so a worker restarted after a failing test does not sign in again; a kept session whose
 * access cookie has run out is renewed through the refresh cookie, as the site itself does (the one
 * worker runs the specs one after another, so a refresh token is never presented twice).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page } from '@playwright/test';

export const DEMO_TRAVELER = { email: 'viajero@different.demo', password: 'viajero-demo-2026' };

/** The shop's origin (playwright.config.ts's baseURL), for the API's origin check on writes. */
const SHOP_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4399)}`;

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

const keptFile = () => (process.env.E2E_DATA_DIR ? join(process.env.E2E_DATA_DIR, 'demo-traveller-cookies.json') : null);

function readKept(): Cookies | null {
  const file = keptFile();
  if (!file) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Cookies;
  } catch {
    return null;
  }
}

function keep(cookies: Cookies): void {
  const file = keptFile();
  if (file) writeFileSync(file, JSON.stringify(cookies));
}

/** The access cookie still has a minute left (`expires` is in seconds). */
const accessValid = (cookies: Cookies) => cookies.some((c) => c.name === 'dr_access' && c.expires > Date.now() / 1000 + 60);

export async function signInAsDemoTraveler(page: Page): Promise<void> {
  const kept = readKept();
  if (kept) {
    await page.context().addCookies(kept);
    if (accessValid(kept)) return;
    const refreshed = await page.request.post('/api/auth/refresh', { headers: { origin: SHOP_ORIGIN } });
    if (refreshed.ok()) {
      keep(await page.context().cookies());
      return;
    }
    await page.context().clearCookies();
  }
  const signedIn = await page.request.post('/api/auth/signin', { data: DEMO_TRAVELER });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  keep(await page.context().cookies());
}
