/**
 * The invoices desk (issue 32, docs/decisions/043), as the demo admin at desktop and phone width, with axe: a
 * booking paid by card has its invoice, found by the booking's reference with its record waiting to go to the
 * AEAT; its PDF downloads; the chain is checked whole; 'Anular' asks for a reason and can be left.
 */
import { expect, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { paidByCard } from '../support/funnel-booking.ts';

test.describe.configure({ timeout: 90_000 });

test('a paid booking’s invoice on the desk: found, downloaded, the chain checked', async ({ page }) => {
  const { booking } = await paidByCard(page);
  await signInAsAdmin(page);
  const detail = await (await page.request.get(`/api/admin/bookings/${booking.id}`)).json();
  const reference = detail.booking.tkId as string;
  expect(detail.invoices).toHaveLength(1);

  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Facturas' }).first().click();
  await expect(page).toHaveURL(/\/admin\/facturas$/);
  const filters = page.getByRole('form', { name: 'Filtrar facturas' });
  await filters.getByLabel('Buscar').fill(reference);
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('Pendiente de envío');
  await expect(page.getByRole('status').filter({ hasText: /^1 factura$/ })).toBeVisible();
  await expectAccessible(page, '/admin/facturas');

  const pdf = await page.request.get((await row.getByRole('link', { name: detail.invoices[0].invoiceNumber, exact: true }).getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: 'Comprobar la cadena' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Cadena íntegra: \d+ registros comprobados\.$/ })).toBeVisible();

  await row.getByRole('button', { name: `Anular la factura ${detail.invoices[0].invoiceNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Anular la factura ${detail.invoices[0].invoiceNumber}` });
  await dialog.getByRole('button', { name: 'Anular la factura' }).click();
  await expect(dialog.getByText('Escribe por qué se anula (al menos 3 caracteres).')).toBeVisible();
  await expectAccessible(page, '/admin/facturas (anular)');
  await dialog.getByRole('button', { name: 'Volver' }).click();
  await expect(row).toContainText('Pendiente de envío');
});
