/**
 * /admin/integraciones (issue 33, part 4) at desktop and phone width, with axe: staff create an API key, see it
 * once and a server reads bookings with it; revoked, it is refused. A webhook receiver is added (its secret
 * shown once) and paused. Each width makes its own.
 */
import { expect, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';

test.describe.configure({ timeout: 90_000 });

test('staff create an API key a server reads with, revoke it, and add a webhook receiver', async ({ page, playwright }, info) => {
  await signInAsAdmin(page);
  await page.goto('/admin/integraciones');
  await expect(page.getByRole('heading', { name: 'Claves de API' })).toBeVisible();
  await expectAccessible(page, '/admin/integraciones');

  const name = `ERP ${info.project.name} ${Date.now()}`;
  await page.getByRole('button', { name: 'Nueva clave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva clave de API' });
  await dialog.getByRole('button', { name: 'Crear clave' }).click();
  await expect(dialog.getByText('Escribe un nombre para la clave (de 2 a 80 caracteres).')).toBeVisible();
  await dialog.getByLabel('Nombre (para quién es)').fill(name);
  await dialog.getByLabel('Leer reservas').check();
  await dialog.getByRole('button', { name: 'Crear clave' }).click();
  const shown = page.getByRole('region', { name: 'Clave de API' });
  const key = (await shown.locator('code').textContent()) ?? '';
  expect(key).toMatch(/^drk_/);
  await expectAccessible(page, '/admin/integraciones (clave nueva)');
  await page.screenshot({ path: `test-results/screenshots/admin-integrations-${info.project.name}.png`, fullPage: true });
  await shown.getByRole('button', { name: 'Ya está copiado' }).click();
  await expect(shown).toHaveCount(0);

  // A server, with no session: the key alone.
  const server = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const read = await server.get('/api/v1/bookings', { headers: { authorization: `Bearer ${key}` } });
  expect(read.status()).toBe(200);
  expect(((await read.json()) as { total: number }).total).toBeGreaterThan(0);
  expect((await server.get('/api/v1/travelers', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(403);

  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Revocar' }).click();
  await expect(row).toContainText('Revocada');
  expect((await server.get('/api/v1/bookings', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
  await server.dispose();

  const url = `https://erp.example.com/hooks/${info.project.name}-${Date.now()}`;
  await page.getByRole('button', { name: 'Añadir receptor' }).click();
  const receiver = page.getByRole('dialog', { name: 'Añadir receptor de avisos' });
  await receiver.getByLabel('Dirección del receptor (https://…)').fill(url);
  await receiver.getByRole('button', { name: 'Añadir' }).click();
  await expect(receiver.getByText('Elige al menos un aviso.')).toBeVisible();
  await receiver.getByLabel('Reserva confirmada').check();
  await receiver.getByLabel('Pago recibido').check();
  await receiver.getByRole('button', { name: 'Añadir' }).click();
  await expect(page.getByRole('region', { name: 'Secreto de firma del receptor' }).locator('code')).toHaveText(/^whsec_/);
  const endpoint = page.getByRole('row').filter({ hasText: url });
  await expect(endpoint).toContainText('Reserva confirmada, Pago recibido');
  await endpoint.getByRole('button', { name: 'Pausar' }).click();
  await expect(endpoint).toContainText('En pausa');
});
