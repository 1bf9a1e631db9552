/**
 * The demo traveller in a browser test: signed in once per worker through the API and the cookies reused,
 * because the sign-in limit (10 per e-mail in 15 minutes) is real in these tests and other specs sign in
 * as this traveller too.
 */
import { type BrowserContext, expect, type Page } from '@playwright/test';

export const DEMO_TRAVELLER = { email: 'viajero@different.demo', password: 'viajero-demo-2026' };

let cookies: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;

export async function signInAsDemoTraveller(page: Page): Promise<void> {
  if (cookies) {
    await page.context().addCookies(cookies);
    return;
  }
  const signedIn = await page.request.post('/api/auth/signin', { data: DEMO_TRAVELLER });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  cookies = await page.context().cookies();
}
