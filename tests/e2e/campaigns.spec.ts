/**
 * Campaign attribution on the static pages: a visitor arriving through a campaign link is asked once;
 * with a yes the pages seen are counted for 15 days and /admin shows the campaign's visits; with a no
 * nothing is kept and the question is not asked again. Any visitor says yes or no on /politica-cookies; with a
 * yes a page in view for 30 seconds is counted as read (the spec's time-on-page event, first-party only).
 */
import { expect, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { openLaneDatabase } from '../support/lane-shop.ts';

const logsOf = (campaign: string) => {
  const db = openLaneDatabase();
  try {
    return db.prepare('select path, type from visitor_logs where utm_campaign = ? order by created_at').all(campaign) as { path: string; type: string }[];
  } finally {
    db.close();
  }
};
const notice = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Aviso sobre campañas' });

test('a visitor who says no is not counted and not asked again', async ({ page }) => {
  const campaign = `no-${Date.now()}`;
  await page.goto(`/?utm_source=boletin&utm_medium=email&utm_campaign=${campaign}`);
  await expect(notice(page)).toBeVisible();
  await expectAccessible(page, '/ (aviso de campaña)');
  await notice(page).getByRole('button', { name: 'No, gracias' }).click();
  await expect(notice(page)).toHaveCount(0);
  await page.goto(`/viajes?utm_source=boletin&utm_campaign=${campaign}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  expect((await page.context().cookies()).some((c) => c.name === 'dr_visit')).toBe(false);
  expect(logsOf(campaign)).toEqual([]);
});

test('a visitor who agrees is counted page by page, and /admin shows the campaign', async ({ page, browser }) => {
  const campaign = `bf-${Date.now()}`;
  await page.goto(`/?utm_source=boletin&utm_medium=email&utm_campaign=${campaign}`);
  await notice(page).getByRole('button', { name: 'Aceptar' }).click();
  await expect(notice(page)).toHaveCount(0);
  await expect.poll(() => logsOf(campaign)).toEqual([{ path: '/', type: 'campaign' }]);
  await page.goto('/viajes');
  await expect(notice(page)).toHaveCount(0);
  await expect
    .poll(() => logsOf(campaign))
    .toEqual([
      { path: '/', type: 'campaign' },
      { path: '/viajes', type: 'page' },
    ]);

  const staff = await browser.newPage();
  await signInAsAdmin(staff);
  await staff.goto('/admin');
  const row = staff.getByRole('row', { name: new RegExp(campaign) });
  await expect(row).toContainText('boletin');
  await expect(row.locator('td[data-label="Páginas vistas"]')).toHaveText('2');
  await staff.close();
});

test('on the cookie policy any visitor allows counting, a page read for 30 seconds counts as read, and no stops it', async ({ page }) => {
  await page.clock.install();
  await page.goto('/politica-cookies');
  const preferences = page.getByRole('region', { name: 'Tus preferencias' });
  await expect(preferences).toContainText('sin elegir, no se cuenta nada');
  const counted = page.waitForRequest((r) => r.url().endsWith('/api/visits') && r.postDataJSON()?.event === 'view');
  await preferences.getByRole('button', { name: 'Permitir', exact: true }).click();
  await expect(preferences).toContainText('permitida');
  await expect(preferences.getByRole('button', { name: 'Permitir', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await counted;
  const visit = (await page.context().cookies()).find((c) => c.name === 'dr_visit')?.value;
  expect(visit).toMatch(/^[0-9a-f-]{36}$/);

  await page.goto('/viajes');
  const read = page.waitForRequest((r) => r.url().endsWith('/api/visits') && r.postDataJSON()?.event === 'time');
  await page.clock.runFor(31_000);
  expect((await read).postDataJSON()).toMatchObject({ path: '/viajes', event: 'time' });
  const db = openLaneDatabase();
  try {
    await expect
      .poll(() => db.prepare('select path, type from visitor_logs where hash = ? order by created_at').all(visit))
      .toEqual(expect.arrayContaining([{ path: '/viajes', type: 'time' }]));
  } finally {
    db.close();
  }

  await page.goto('/politica-cookies');
  await preferences.getByRole('button', { name: 'No permitir' }).click();
  await expect(preferences).toContainText('no permitida');
  expect((await page.context().cookies()).some((c) => c.name === 'dr_visit')).toBe(false);
});
