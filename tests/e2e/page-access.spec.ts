/**
 * The pages' half of the role matrix (issue 16), generated from the route table (`shared/routes.ts`): every
 * page of the traveller area and of the back office, opened by a visitor, a traveller, a guide and an
 * admin. A visitor is sent to sign in and back; a traveller is told a staff page is not theirs, and a
 * guide an office page; the guides get theirs and the office every page. A new page in those areas is checked here without being listed. What a screen then shows
 * comes from the API, whose own matrix is tests/integration/security-routes.test.ts.
 *
 * Desktop only (the phone project ignores this file, playwright.config.ts): access does not depend on the
 * screen's width.
 */
import { type BrowserContext, expect, type Page, test } from '../support/test.ts';
import { ROUTES } from '#shared/routes.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { signInAsDemoTraveler } from '../support/traveler-session.ts';

/**
 * The door's answer, or the API's when a screen has no door (a guide's departure, readable offline,
 * lets the API decide).
 */
const NO_PERMISSION = /No tienes permiso para (ver esta página|hacer esto)\./;
const GUIDE = { email: 'guia@different.demo', password: 'guia-demo-2026' };

/** The guides' own screens (cms-and-backoffice.md §6, the Guide row); the rest of /admin is the office's. */
const isGuidePage = (pattern: string) => /^\/admin\/guias?(\/|$)/.test(pattern);
const PAGES = ROUTES.filter((route) => route.kind === 'shell' && (route.area === 'profile' || route.area === 'admin')).map((route) => ({
  name: route.name,
  area: route.area,
  guides: isGuidePage(route.pattern),
  path: route.pattern.replace(/:(\w+)\??/g, (_, name: string) => (name === 'tkId' ? 'TK-1' : `prueba-${name.toLowerCase()}`)),
}));

let guideCookies: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;
async function signInAsGuide(page: Page) {
  if (!guideCookies) {
    const signedIn = await page.request.post('/api/auth/signin', { data: GUIDE });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    guideCookies = await page.context().cookies();
  }
  await page.context().addCookies(guideCookies);
}

/** Opens `path` and waits until the door of the area has decided (no loading screen left). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByText(/^(Cargando tu cuenta…|Te llevamos a iniciar sesión…)$/)).toHaveCount(0, { timeout: 10_000 });
}

// Each test walks every page of the areas (28), a few seconds each on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('lists the pages of the traveller area and the back office', () => {
  expect(PAGES.filter((p) => p.area === 'profile').length).toBeGreaterThanOrEqual(5);
  expect(PAGES.filter((p) => p.area === 'admin' && !p.guides).length).toBeGreaterThanOrEqual(15);
  expect(PAGES.filter((p) => p.guides).length).toBeGreaterThanOrEqual(6);
});

test('a visitor is sent to sign in from every page of the traveller area and the back office, and back afterwards', async ({ page }) => {
  for (const { path } of PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
  }
});

test('a traveller gets their area, and is told every page of the back office is not theirs', async ({ page }) => {
  await signInAsDemoTraveler(page);
  for (const { path, area } of PAGES) {
    await open(page, path);
    await expect(page, path).toHaveURL(path);
    if (area === 'admin') await expect(page.getByRole('alert').filter({ hasText: NO_PERMISSION }), path).toBeVisible();
    else await expect(page.getByText(NO_PERMISSION), path).toHaveCount(0);
  }
});

test('a guide gets the guides’ screens and is told the office’s are not theirs; an admin gets every page', async ({ page, browser }) => {
  await signInAsGuide(page);
  for (const { path, area, guides } of PAGES) {
    await open(page, path);
    await expect(page, path).toHaveURL(path);
    if (area === 'admin' && !guides) await expect(page.getByRole('alert').filter({ hasText: NO_PERMISSION }), path).toBeVisible();
    else await expect(page.getByText(NO_PERMISSION), path).toHaveCount(0);
  }
  await open(page, '/admin/tours');
  await page.screenshot({ path: 'test-results/screens/guia-en-pantalla-de-oficina.png' });
  const admin = await browser.newPage();
  try {
    await signInAsAdmin(admin);
    for (const { path } of PAGES) {
      await open(admin, path);
      await expect(admin, path).toHaveURL(path);
      await expect(admin.getByText(NO_PERMISSION), path).toHaveCount(0);
    }
  } finally {
    await admin.close();
  }
});
