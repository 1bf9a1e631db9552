/**
 * The demo admin in a browser test: signed in once per worker and the cookies reused, because the
 * sign-in limit (10 per e-mail in 15 minutes) is real in these tests.
 */
import { type BrowserContext, expect, type Page } from '@playwright/test';

export const DEMO_ADMIN = { email: 'admin@different.demo', password: 'admin-demo-2026' };

let adminCookies: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;

/** With `editors`, the hint a sign-in leaves in this browser too, so storefront pages load the in-place editors. */
export async function signInAsAdmin(page: Page, { editors = false }: { editors?: boolean } = {}): Promise<void> {
  if (editors) await page.addInitScript(() => localStorage.setItem('dr-staff', '1'));
  if (adminCookies) {
    await page.context().addCookies(adminCookies);
    return;
  }
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(DEMO_ADMIN.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
  adminCookies = await page.context().cookies();
}
