/**
 * The catalogue desk (issue 14), as the demo admin at desktop width (docs/decisions/034): the tours found by name
 * without accents and by destination, each with its next departures and seats sold, and the press that
 * hides a tour asking first. (Hiding and publishing themselves, with their rebuild, are proven by the API
 * tests: doing it here would take a tour off the demo catalogue the other specs read.)
 */
import { expect, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';

test('the admin finds a tour, sees its next departures and is asked before hiding it', async ({ page }, info) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Tours' }).click();
  await expect(page).toHaveURL(/\/admin\/tours$/);
  await expect(page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Tours' })).toHaveAttribute('aria-current', 'page');
  const count = page.getByRole('status').filter({ hasText: /tours?$/ });
  await expect(count).toHaveText(/^\d+ tours$/);
  const filters = page.getByRole('form', { name: 'Filtrar tours' });
  await filters.getByLabel('Buscar').fill('j');
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(filters.getByText('Escribe al menos 2 caracteres.')).toBeVisible();
  await filters.getByLabel('Buscar').fill('japon esencial');
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(count).toHaveText('1 tour');
  await expect(page).toHaveURL(/\?q=japon\+esencial$/);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Japón esencial' }) });
  await expect(row).toContainText('Publicado');
  await expect(row).toContainText(/\d+ de \d+ plazas vendidas/);
  await expectAccessible(page, '/admin/tours');
  await page.screenshot({ path: `test-results/admin-tours-${info.project.name}.png`, fullPage: true });

  // The filter by destination lists every tour there; clearing the filters lists them all again.
  await filters.getByLabel('Buscar').fill('');
  await filters.getByLabel('Destino').selectOption({ label: 'Japón' });
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('link', { name: 'Japón esencial' })).toBeVisible();
  await expect(page).toHaveURL(/destination=japon/);

  await row.getByRole('button', { name: 'Ocultar «Japón esencial» de la web' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ocultar «Japón esencial» de la web' });
  await expect(dialog).toContainText('Las reservas ya hechas no cambian.');
  await expectAccessible(page, '/admin/tours (ocultar)');
  await dialog.getByRole('button', { name: 'Volver' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Publicado');
});
