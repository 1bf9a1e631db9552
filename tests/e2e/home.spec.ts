import { expect, test } from '../support/test.ts';
import { openLaneDatabase } from '../support/lane-shop.ts';

/** Reads the running shop's own database (the folder playwright.config.ts gave it). */
function shopDatabase() {
  return openLaneDatabase();
}

test('the home page lists the demo catalogue in Spanish, without hidden or unpriced tours', async ({ page }) => {
  const db = shopDatabase();
  const hidden = db.prepare("select name from tours where tag_keywords like '%oculto%' or tag_season like '%oculto%'").all() as { name: string }[];
  const unpriced = db
    .prepare(
      "select name from tours t where not exists (select 1 from prices p where p.tour_id = t.id and p.period_id is null and p.flight_id is null and p.age_group_name = 'Adultos' and p.value_cents > 0)",
    )
    .all() as { name: string }[];
  db.close();
  expect(hidden.length).toBe(1);
  expect(unpriced.length).toBeGreaterThanOrEqual(1);

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cards = page.getByRole('listitem').filter({ hasText: /desde [\d.]+ €/ });
  // The home shows the recommended carousels of the first trip-type tab ('En grupo'), not the whole catalogue.
  expect(await cards.count()).toBeGreaterThanOrEqual(8);
  for (const { name } of [...hidden, ...unpriced]) {
    await expect(page.getByText(name, { exact: true })).toHaveCount(0);
  }
  await page.screenshot({ path: `test-results/home-${test.info().project.name}.png` });
});

test('an unknown address shows the Spanish 404 page with search', async ({ page }) => {
  const response = await page.goto('/esta-pagina-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'No encontramos esta página' })).toBeVisible();
  const search = page.getByRole('main').getByRole('searchbox');
  await expect(search).toBeVisible();
  await search.fill('Japón');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/busqueda\/japon$/);
});
