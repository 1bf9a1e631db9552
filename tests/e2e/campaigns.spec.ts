/**
 * Campaign attribution on the static pages: a visitor arriving through a campaign link is asked once;
 * with a yes the pages seen are counted for 15 days and /admin shows the campaign's visits; with a no
 * nothing is kept and the question is not asked again.
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
