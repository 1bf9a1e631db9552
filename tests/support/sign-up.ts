/**
 * A brand-new traveller in a browser test: signed up through /registro and confirmed with the code the
 * running shop wrote to its outbox, as a person would. For tests that change or delete the account, so
 * the shared demo traveller stays as other specs expect it.
 */
import { expect, type Page } from '@playwright/test';
import { SHOP_ORIGIN } from './funnel-booking.ts';
import { openLaneDatabase } from './lane-shop.ts';

/** The code of the newest verification mail to `to`, from the running shop's outbox (the `mails` table). */
export function verificationCode(to: string): Promise<string> {
  return newestVerificationMail(to, /\b(\d{6})\b/);
}

/** The address of the newest verification mail's link (`/login?verificar=…`), without its origin. */
export function verificationLink(to: string): Promise<string> {
  return newestVerificationMail(to, /https?:\/\/[^/\s]+(\/login\?verificar=[\w-]+)/);
}

/** `pattern`'s first group in the newest verification mail to `to`, waiting for the outbox to have it. */
async function newestVerificationMail(to: string, pattern: RegExp): Promise<string> {
  const db = openLaneDatabase();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const row = db.prepare("select text from mails where to_address = ? and type = 'ACCOUNT_VERIFICATION' order by created_at desc limit 1").get(to) as
        | { text: string }
        | undefined;
      const found = row && pattern.exec(row.text)?.[1];
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    db.close();
  }
  throw new Error(`no verification mail to ${to}`);
}

/** Signs up `email` with `password` and confirms it; the page ends on /perfil, signed in. */
export async function signUpInBrowser(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  await page.goto('/registro');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.getByLabel('Código de 6 cifras').fill(await verificationCode(email));
  await page.getByRole('button', { name: 'Confirmar correo' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
}

let accounts = 0;
/**
 * A traveller of the test's own: signed up and confirmed through the accounts API (the code read from the
 * outbox), then signed in on `page`'s browser. For every test that changes what a traveller keeps
 * (favourites, budgets, bookings, the account itself), so no test depends on what another left in a shared
 * account; the demo traveller is only read, for the trips and reviews the seed gave her.
 */
export async function signInAsNewTraveler(page: Page, who = 'viajera'): Promise<{ email: string; password: string }> {
  const email = `${who}.${process.pid}.${Date.now().toString(36)}.${++accounts}@correo.es`;
  const password = 'mi frase de siempre 2026';
  const headers = { origin: SHOP_ORIGIN };
  const signUp = await page.request.post('/api/auth/signup', { data: { email, password }, headers });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const verified = await page.request.post('/api/auth/verify', { data: { email, code: await verificationCode(email), password }, headers });
  expect(verified.status(), await verified.text()).toBe(200);
  return { email, password };
}

/** Signs `account` in on `page`'s browser again, through the API as the sign-in form does. */
export async function signInAs(page: Page, account: { email: string; password: string }): Promise<void> {
  const signedIn = await page.request.post('/api/auth/signin', { data: account, headers: { origin: SHOP_ORIGIN } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}
