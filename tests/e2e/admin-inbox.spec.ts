/**
 * The office's inbox (issue 33) at desktop and phone width, with axe: a visitor's question from /contacto is
 * counted on the dashboard, found on /admin/consultas, opened and answered; the reply is in the thread and in the
 * outbox for the visitor.
 */
import { expect, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { useOwnClientAddress } from '../support/client-address.ts';
import { findMail } from '../support/funnel-booking.ts';

test.describe.configure({ timeout: 90_000 });

test('a visitor’s question reaches the office, which answers it from the inbox', async ({ page }) => {
  await useOwnClientAddress(page);
  const email = `consulta-${test.info().project.name}-${Date.now()}@correo.es`;
  await page.goto('/contacto');
  await page.getByLabel('Nombre').fill('Lucía');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('¿En qué podemos ayudarte?').fill('¿Hay salidas a Japón en primavera para dos personas?');
  await page.getByRole('button', { name: 'Enviar consulta' }).click();
  await expect(page.getByText('Gracias, te responderemos muy pronto.')).toBeVisible();

  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: /Consultas sin responder/ }).click();
  await expect(page).toHaveURL(/\/admin\/consultas\?status=NEW$/);
  const filters = page.getByRole('form', { name: 'Filtrar consultas' });
  await filters.getByLabel('Buscar').fill(email);
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^1 consulta$/ })).toBeVisible();
  await expectAccessible(page, '/admin/consultas');

  await page.getByRole('link', { name: 'Lucía' }).click();
  await expect(page.getByRole('heading', { name: 'Lucía' })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(page.getByText('Escribe la respuesta (de 2 a 5.000 caracteres).')).toBeVisible();
  await page.getByLabel(/^Respuesta \(se envía por correo/).fill('Sí: salimos el 12 de abril y el 3 de mayo. ¿Os reservamos plaza?');
  await page.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Respuesta enviada' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Conversación' })).toContainText('Sí: salimos el 12 de abril');
  await expect(page.getByText(/Respondida · recibida/)).toBeVisible();
  await expectAccessible(page, '/admin/consultas/{id}');
  expect((await findMail(email, 'CONTACT')).subject).toBe('Respuesta a tu consulta');
});
