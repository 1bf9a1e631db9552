/**
 * The catalogue importer (issue 14), as the demo admin at desktop width (docs/decisions/034): a file with a refused
 * row is checked and cannot be imported; the corrected file is checked (a new tour and its departure),
 * imported after asking, and a visitor finds the new tour on the live site after the rebuild. The example
 * files download. The screen and its dialog pass axe.
 */
import { expect, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { holdIslandCode } from '../support/load-whole-page.ts';

// The import rebuilds the whole site on a loaded 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 240_000 });

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('an admin checks a catalogue file, imports it, and the new tour is on the live site after the rebuild', async ({ page, browser }, info) => {
  // A new tour per run and width: the demo database outlives a run.
  const slug = `ruta-importada-${info.project.name}-${Date.now()}`;
  const name = `Ruta importada por el equipo (${info.project.name})`;
  const tour = {
    web_slug: slug,
    name,
    subtitle: 'Un tour traído con el importador',
    tour_type: 'Group',
    destinations: ['japon'],
    publish_web: true,
    description: 'Tokio, Kioto y Nara en una semana, con guía de habla hispana.',
    prices: [
      { age_group_name: 'Adultos', value: 1890 },
      { age_group_name: 'Niños', value: 1500 },
    ],
    itinerary: { days: [{ title: 'España – Tokio' }, { title: 'Tokio: barrios y templos', city: 'Tokio' }, { title: 'Tokio – España' }] },
    periods: [{ day_one: dayFromToday(80), return_date: dayFromToday(86), bookable_availability: 16, trip_type: 'Grupo' }],
  };
  const file = (tours: unknown[]) => ({ name: 'catalogo.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ tours })) });

  await signInAsAdmin(page);
  await page.goto('/admin');
  // The screen's code is held back while the first file is picked: the form is in the page's HTML, and a
  // person on a slow phone can pick a file before the screen comes alive. Checking it must use that file.
  const deskCode = await holdIslandCode(page, 'ImporterDesk');
  await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Importar' }).click();
  await expect(page).toHaveURL(/\/admin\/importador$/);
  await expect(page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Importar' })).toHaveAttribute('aria-current', 'page');

  // The example file is the catalogue's first tours, in the importer's own shape.
  const example = await page.request.get('/api/admin/importer/example.json');
  expect(example.status()).toBe(200);
  expect(((await example.json()) as { tours: unknown[] }).tours.length).toBeGreaterThan(0);

  const form = page.getByRole('form', { name: 'Comprobar un catálogo' });
  const picker = form.getByLabel(/Archivo del catálogo/);
  await picker.setInputFiles(file([{ ...tour, destinations: ['atlantida'] }]));
  await deskCode.release();
  await form.getByRole('button', { name: 'Comprobar' }).click();
  const report = page.getByRole('region', { name: 'Resultado de la comprobación' });
  await expect(report.getByText('Destino desconocido: «atlantida».')).toBeVisible();
  await expect(report.getByText('Rechazada', { exact: true }).first()).toBeVisible();
  await expect(form.getByRole('button', { name: 'Importar' })).toHaveCount(0);

  await picker.setInputFiles(file([tour]));
  await form.getByRole('button', { name: 'Comprobar' }).click();
  await expect(report.getByRole('definition').first()).toHaveText('2');
  await expect(report.locator('tbody tr').filter({ hasText: slug })).toHaveCount(2);
  await expectAccessible(page, '/admin/importador');
  await page.screenshot({ path: `test-results/admin-importer-${info.project.name}.png`, fullPage: true });

  await form.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar el catálogo' });
  await expect(dialog).toContainText('Se crearán 2 y cambiarán 0 filas de «catalogo.json»');
  await expectAccessible(page, '/admin/importador (importar)');
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Catálogo importado' })).toHaveText(
    'Catálogo importado: 2 filas nuevas y 0 cambiadas. La web se está reconstruyendo y lo mostrará en cuanto termine.',
  );
  await expect(page.getByRole('region', { name: 'Resultado de la importación' })).toBeVisible();
  await page.screenshot({ path: `test-results/admin-importer-done-${info.project.name}.png`, fullPage: true });

  // A visitor finds the new tour's page once the site is rebuilt.
  const visitor = await browser.newContext();
  const tourPage = await visitor.newPage();
  await expect(async () => {
    await tourPage.goto(`/tour/${slug}`);
    await expect(tourPage.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 200_000 });
  await visitor.close();
});
