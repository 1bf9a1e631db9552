/**
 * Coupons from the back office (issue 12), as the demo admin at desktop width (docs/decisions/034): a coupon made on
 * /admin/cupones is one the payment step accepts at once; deactivated, the payment step refuses it.
 */
import { expect, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { createPayableBooking } from '../support/funnel-booking.ts';

test.describe.configure({ timeout: 90_000 });

test('a coupon created on the desk is taken by the payment step, and refused once deactivated', async ({ page }, info) => {
  const code = `DESK${info.project.name === 'phone' ? 'M' : 'D'}${Date.now().toString(36).toUpperCase()}`;
  // Two travellers' bookings at the pay step, made before signing in (as visitors make them).
  const booking = await createPayableBooking(page.request);
  const other = await createPayableBooking(page.request);
  await signInAsAdmin(page);
  await page.goto('/admin/cupones');
  await page.getByRole('button', { name: 'Nuevo cupón' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo cupón' });
  await dialog.getByLabel('Código').fill(code);
  await dialog.getByLabel('Descuento (%)').fill('150');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Escribe el descuento: un porcentaje de 1 a 100, o un importe en euros.')).toBeVisible();
  await expectAccessible(page, '/admin/cupones (nuevo cupón)');
  await dialog.getByLabel('Descuento (%)').fill('10');
  await dialog.getByLabel('Usos restantes').fill('5');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Cupón ${code} creado.`)).toBeVisible();
  const row = page.locator('.admin-table tbody tr', { hasText: code });
  await expect(row).toContainText('10 % por reserva');
  await expect(row).toContainText('Ninguna reserva');
  await expectAccessible(page, '/admin/cupones');

  // The traveller's payment step takes it.
  await page.goto(`/tour/${booking.slug}/paga-tu-reserva/${booking.id}`);
  await page.getByLabel('¿Tienes un código?').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText(`Código aplicado: ${code}`)).toBeVisible();

  // Deactivated on the desk, the next traveller is told it is not active.
  await page.goto('/admin/cupones');
  await page
    .locator('.admin-table tbody tr', { hasText: code })
    .getByRole('button', { name: /^Desactivar/ })
    .click();
  await expect(page.getByText(`Cupón ${code} desactivado.`)).toBeVisible();
  await page.goto(`/tour/${other.slug}/paga-tu-reserva/${other.id}`);
  await page.getByLabel('¿Tienes un código?').fill(code);
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('El cupón no está activo')).toBeVisible();
});
