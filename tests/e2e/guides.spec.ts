/**
 * The guides' area (issue 14), as the demo guide at desktop and phone width: signs in, opens /admin/guias,
 * opens a departure with confirmed travellers and reads its day by day and its travellers (with a phone
 * to call); then, with the API unreachable, a reload still shows the copy kept in the browser, saying it
 * is offline and since when; with no network at all, a new tab reopens it from the service worker's copy of the
 * page (issue 33), and signing out forgets both copies. Every screen passes axe; screenshots go to the test's
 * output folder.
 */
import { type BrowserContext, expect, type Page, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { signInAsNewTraveler } from '../support/sign-up.ts';

const DEMO_GUIDE = { email: 'guia@different.demo', password: 'guia-demo-2026' };

let cookies: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;

/** Signed in once per worker through the API (the sign-in limit is real), the cookies reused. */
async function signInAsGuide(page: Page) {
  if (cookies) {
    await page.context().addCookies(cookies);
    return;
  }
  const signedIn = await page.request.post('/api/auth/signin', { data: DEMO_GUIDE });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  cookies = await page.context().cookies();
}

test('the demo guide opens a departure and reads it again offline', async ({ page }, info) => {
  await signInAsGuide(page);
  const listed = await page.request.get('/api/guides/departures');
  expect(listed.status()).toBe(200);
  const list = (await listed.json()) as { upcoming: { periodId: string; tourName: string; travellers: number }[] };
  const departure = list.upcoming.find((d) => d.travellers > 0);
  expect(departure, 'the demo guide has an upcoming departure with travellers').toBeDefined();
  if (!departure) return;

  await page.goto('/admin/guias');
  await expect(page.getByRole('heading', { name: 'Próximas salidas' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Guías', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, '/admin/guias');
  await page.screenshot({ path: info.outputPath('guias.png'), fullPage: true });

  await page.locator(`a[href="/admin/guias/${departure.periodId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/guias/${departure.periodId}$`));
  await expect(page.getByRole('heading', { level: 2, name: departure.tourName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Día a día' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /^Día 1 · / })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Viajeros (${departure.travellers})` })).toBeVisible();
  await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(page.getByText('Sin conexión')).toHaveCount(0);
  await expectAccessible(page, '/admin/guias/{periodId}');
  await page.screenshot({ path: info.outputPath('salida.png'), fullPage: true });

  // On tour without coverage: the shop cannot be reached, the page still reads.
  await page.route('**/api/**', (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /^Sin conexión: datos de las \d{2}:\d{2}$/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: departure.tourName })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Viajeros (${departure.travellers})` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /^Día 1 · / })).toBeVisible();
  await expectAccessible(page, '/admin/guias/{periodId} sin conexión');
  await page.screenshot({ path: info.outputPath('salida-sin-conexion.png'), fullPage: true });

  // No signal at all, and the tab closed: a new tab reopens the departure from the worker's copy of the page.
  await page.unroute('**/api/**');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: departure.tourName })).toBeVisible();
  await page.waitForFunction(async () => (await caches.has('dr-guias-v1')) && navigator.serviceWorker.controller !== null);
  const context = page.context();
  await context.setOffline(true);
  await page.close();
  const again = await context.newPage();
  await again.goto(`/admin/guias/${departure.periodId}`);
  await expect(again.getByRole('status').filter({ hasText: /^Sin conexión: datos de las \d{2}:\d{2}$/ })).toBeVisible();
  await expect(again.getByRole('heading', { level: 2, name: departure.tourName })).toBeVisible();
  await expect(again.getByRole('heading', { name: `Viajeros (${departure.travellers})` })).toBeVisible();
  await again.screenshot({ path: info.outputPath('salida-pestana-nueva-sin-conexion.png'), fullPage: true });

  // Signing out forgets the copies: the departure and the worker's pages.
  await context.setOffline(false);
  await again.goto('/perfil');
  await again.getByRole('button', { name: 'Cerrar sesión' }).click();
  await again.waitForURL((url) => url.pathname !== '/perfil');
  await again.waitForFunction(async () => !(await caches.has('dr-guias-v1')));
  expect(await again.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('dr-guia:')))).toEqual([]);
  cookies = null;
});

test('a traveller is told the guides area is not theirs', async ({ page }) => {
  await signInAsNewTraveler(page);
  expect((await page.request.get('/api/guides/departures')).status()).toBe(403);
  await page.goto('/admin/guias');
  await expect(page.getByText('No tienes permiso para ver esta página.')).toBeVisible();
});

test("an admin sees every guide's departures and narrows them to the demo guide", async ({ page }, info) => {
  await signInAsAdmin(page);
  const all = (await (await page.request.get('/api/guides/departures')).json()) as { guides: { id: string; email: string }[] };
  const demoGuide = all.guides.find((g) => g.email === DEMO_GUIDE.email);
  expect(demoGuide).toBeDefined();
  await page.goto('/admin/guias');
  const filter = page.getByLabel('Guía', { exact: true });
  await expect(filter).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'Próximas salidas' })).toBeVisible();
  const everyone = await page.locator('.guide-departure').count();
  await filter.selectOption(demoGuide?.id ?? '');
  await expect.poll(() => page.locator('.guide-departure').count()).toBeLessThan(everyone);
  await expectAccessible(page, '/admin/guias (admin)');
  await page.screenshot({ path: info.outputPath('guias-admin.png'), fullPage: false });
});
