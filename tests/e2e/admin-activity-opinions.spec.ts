/**
 * Optional-activity reviews on the reviews desk (issue 14), as the demo admin at desktop width (docs/decisions/034):
 * the desk switches to the activity reviews (kept in the address), the admin publishes or hides the demo
 * traveller's review of her excursion (whichever it is not: the two widths share it), and the review's
 * history names the press, who made it and when. The screen and the history dialog pass axe.
 */
import { expect, test } from '../support/test.ts';
import { DEMO_ADMIN, signInAsAdmin } from '../support/admin-session.ts';
import { expectAccessible } from '../support/accessibility.ts';

/** The demo traveller's review of an excursion of her past trip (api/db/seed/opinions.ts). */
const DEMO_ACTIVITY_REVIEW = 'Muy recomendable, aunque se hizo un poco corto.';

test("an admin publishes or hides an activity review and reads the review's history", async ({ page }, info) => {
  await signInAsAdmin(page);
  await page.goto('/admin/tour/opinion');
  const kinds = page.getByRole('group', { name: 'Qué opiniones ver' });
  await kinds.getByRole('button', { name: 'Opiniones de actividades' }).click();
  await expect(kinds.getByRole('button', { name: 'Opiniones de actividades' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]tipo=actividades/);
  await expect(page.getByRole('region', { name: 'Lista de opiniones de actividades' })).toBeVisible();

  // A reload keeps the kind and the filters.
  await page.goto('/admin/tour/opinion?tipo=actividades');
  const row = page.locator('tbody tr', { hasText: DEMO_ACTIVITY_REVIEW });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: 'Fotos de la actividad' })).toHaveAttribute('href', /^\/admin\/actividad-opcional\/fotos\/[^/]+\/[^/]+$/);
  await expectAccessible(page, '/admin/tour/opinion?tipo=actividades');
  await page.screenshot({ path: `test-results/admin-activity-opinions-${info.project.name}.png`, fullPage: true });

  const published = (await row.getByRole('button', { name: 'Ocultar' }).count()) === 1;
  await row.getByRole('button', { name: published ? 'Ocultar' : 'Publicar' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Opinión sobre «.+» (publicada|ocultada)\.$/ })).toHaveText(
    published ? /ocultada\.$/ : /publicada\.$/,
  );
  await expect(row.getByText(published ? 'Oculta' : 'Publicada', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: /^Historial de la opinión sobre / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Historial de la opinión sobre «.+»$/ })).toBeVisible();
  const newest = dialog.getByRole('listitem').first();
  await expect(newest).toContainText(published ? 'Ocultada' : 'Publicada');
  await expect(newest).toContainText(DEMO_ADMIN.email);
  await expectAccessible(page, '/admin/tour/opinion (historial)');
  await page.screenshot({ path: `test-results/admin-activity-opinions-history-${info.project.name}.png` });
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toHaveCount(0);
  // The keyboard is back on the button that opened it.
  await expect(row.getByRole('button', { name: /^Historial de la opinión sobre / })).toBeFocused();
});
