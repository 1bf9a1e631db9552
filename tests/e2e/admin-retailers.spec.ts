/**
 * The agencies (cms-and-backoffice.md §2 /admin/retailers, /admin/retailer/{id}), as the demo admin at
 * desktop width (docs/decisions/034): a new agency refused for its CIF keeps what was typed and says why next to
 * the field; fixed, it is created, found by its CIF, edited (the change shows in its log) and deleted,
 * having no bookings. A demo agency shows its booking, which opens on the desk (and leads back), and is
 * sent its mail.
 */
import { expect, test } from '../support/test.ts';
import { cifControlDigit } from '#shared/rules/tax-ids.ts';
import { RETAILER_MESSAGES } from '#shared/schemas/retailers.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';

test.describe.configure({ timeout: 90_000 });

/** A valid CIF of an S.L. no other run has used (seven digits from the clock and the project). */
function freshCif(project: string): string {
  const digits = String((Date.now() * 2 + (project === 'phone' ? 1 : 0)) % 10_000_000).padStart(7, '0');
  return `B${digits}${cifControlDigit(digits)}`;
}

test('a visitor gets no agencies: sign in first', async ({ page }) => {
  await page.goto('/admin/retailers');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fretailers/);
  expect((await page.request.get('/api/admin/retailers')).status()).toBe(401);
});

test('an agency is created (a bad CIF named first), found by its CIF, edited and deleted', async ({ page }, info) => {
  const cif = freshCif(info.project.name);
  const name = `Viajes Prueba ${info.project.name} ${cif}`;
  await signInAsAdmin(page);
  await page.goto('/admin/retailers');
  await expect(page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Agencias' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Viajes Puerta del Sol' })).toBeVisible();
  await expectAccessible(page, '/admin/retailers');

  await page.getByRole('button', { name: 'Nueva agencia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva agencia' });
  await dialog.getByLabel('Nombre comercial').fill(name);
  // The control digit off by one.
  const badCif = `${cif.slice(0, 8)}${(Number(cif.slice(8)) + 1) % 10}`;
  await dialog.getByLabel('CIF').fill(badCif);
  await dialog.getByLabel('Correo general').fill('reservas@viajesprueba.es');
  await dialog.getByLabel('Código postal').fill('28013');
  await dialog.getByLabel('Ciudad').fill('Madrid');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText(RETAILER_MESSAGES.cif)).toBeVisible();
  await expect(dialog.getByLabel('CIF')).toBeFocused();
  await expect(dialog.getByLabel('CIF')).toHaveAttribute('aria-invalid', 'true');
  // Nothing typed is lost.
  await expect(dialog.getByLabel('Nombre comercial')).toHaveValue(name);
  await expect(dialog.getByLabel('Correo general')).toHaveValue('reservas@viajesprueba.es');
  await expectAccessible(page, '/admin/retailers (nueva agencia con un error)');

  await dialog.getByLabel('CIF').fill(cif.toLowerCase());
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Agencia ${name} creada.`)).toBeVisible();

  const search = page.getByRole('form', { name: 'Buscar agencias' });
  await search.getByLabel('Buscar').fill(cif);
  await search.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('status').filter({ hasText: /agencias?$/ })).toHaveText('1 agencia');
  await expect(page).toHaveURL(new RegExp(`\\?q=${cif}$`));
  await page.getByRole('link', { name }).click();

  await expect(page).toHaveURL(/\/admin\/retailer\/[^/]+$/);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.locator('.admin-retailer__head')).toContainText(`CIF ${cif} · Madrid`);
  await expect(page).toHaveTitle(new RegExp(`^${name} · Administración`));
  await expect(page.getByText('Esta agencia todavía no tiene reservas.')).toBeVisible();
  await expectAccessible(page, '/admin/retailer');

  await page.getByRole('button', { name: 'Editar la agencia' }).click();
  const form = page.getByRole('region', { name: 'Editar la agencia' });
  await form.getByLabel('Colaboración').selectOption('STANDARD');
  await form.getByLabel('Teléfono').fill('91 123');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText(RETAILER_MESSAGES.phone)).toBeVisible();
  await expect(form.getByLabel('Teléfono')).toBeFocused();
  await expectAccessible(page, '/admin/retailer (editando)');
  await form.getByLabel('Teléfono').fill('+34 911 234 567');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Agencia ${name} guardada.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Condiciones' })).toContainText('Estándar');
  await expect(page.getByRole('region', { name: 'Contacto' })).toContainText('+34 911 234 567');
  await expect(page.getByRole('region', { name: 'Cambios', exact: true })).toContainText('Colaboración: Business → Estándar');

  // No booking names it: it can go.
  await page.getByRole('button', { name: 'Borrar la agencia' }).click();
  await page
    .getByRole('dialog', { name: `Borrar la agencia ${name}` })
    .getByRole('button', { name: 'Borrar' })
    .click();
  await expect(page.getByText(`Agencia ${name} borrada.`)).toBeVisible();
  await page.getByRole('link', { name: 'Volver a las agencias' }).click();
  await search.getByLabel('Buscar').fill(cif);
  await search.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('No hay agencias con esta búsqueda.')).toBeVisible();
});

test("a demo agency's bookings open on the desk, and the agency is sent a booking's mail", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/retailers?q=puerta');
  await page.getByRole('link', { name: 'Viajes Puerta del Sol' }).click();
  const bookings = page.getByRole('region', { name: 'Reservas de la agencia' });
  const row = bookings.locator('tbody tr').first();
  await expect(row).toContainText('Confirmada');
  await expect(page.getByRole('list').filter({ hasText: 'Facturado (confirmadas)' })).toBeVisible();
  await expectAccessible(page, '/admin/retailer (con reservas)');

  await row.getByRole('button', { name: /^Enviar (aviso|de nuevo)/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar aviso a la agencia' });
  await expect(dialog).toContainText('documentacion@viajespuertadelsol.demo');
  await expectAccessible(page, '/admin/retailer (aviso a la agencia)');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText(/^Aviso de la reserva \S+ enviado a documentacion@viajespuertadelsol\.demo\.$/)).toBeVisible();
  await expect(row).toContainText('Enviado:');

  const reference = row.getByRole('link').first();
  const href = await reference.getAttribute('href');
  await reference.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Reservas' })).toHaveAttribute('aria-current', 'page');
  // The mail is among the booking's mails, to the agency.
  await expect(page.getByText('documentacion@viajespuertadelsol.demo').first()).toBeVisible();
  // And the booking leads back to its agency.
  await page.getByRole('link', { name: 'Viajes Puerta del Sol' }).click();
  await expect(page.getByRole('heading', { name: 'Viajes Puerta del Sol', level: 2 })).toBeVisible();
});
