/**
 * Money as an operator runs it (issue 31), as the demo admin at desktop and phone width: a booking whose deposit
 * deadline passed unpaid is on /admin/cobros; the lead is reminded again; the rest is recorded as a bank
 * transfer from the booking's page and the booking leaves the list. An agency's page makes a booking for the
 * agency, confirmed, priced by the web's quote. Each screen passes axe.
 */
import { expect, type Page, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { findMail, paidByCard } from '../support/funnel-booking.ts';
import { openLaneDatabase } from '../support/lane-shop.ts';
import { recordZodLoads } from '../support/loaded-scripts.ts';

test.describe.configure({ timeout: 90_000 });

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A booking whose 1 € held the seats, its deposit's deadline then moved three weeks back (a booking made long ago). */
async function overdueBooking(page: Page) {
  const { booking } = await paidByCard(page, { amount: 'due' });
  const db = openLaneDatabase({ write: true });
  try {
    const row = db.prepare('select deadlines_stringify as deadlines, different_id as ref from bookings where id = ?').get(booking.id) as {
      deadlines: string;
      ref: string;
    };
    const deadlines = (JSON.parse(row.deadlines) as { date: string; amountCents: number }[]).map((d, i) => (i === 0 ? { ...d, date: daysFromToday(-21) } : d));
    expect(deadlines.length).toBeGreaterThan(1);
    db.prepare('update bookings set deadlines_stringify = ?, owed_since = ? where id = ?').run(JSON.stringify(deadlines), daysFromToday(-21), booking.id);
    return { ...booking, reference: row.ref };
  } finally {
    db.close();
  }
}

test('an overdue balance: listed, reminded again, then paid by a transfer staff record', async ({ page }) => {
  const booking = await overdueBooking(page);
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: /Vencido sin cobrar/ }).click();
  await expect(page).toHaveURL(/\/admin\/cobros$/);
  const filters = page.getByRole('form', { name: 'Filtrar cobros' });
  await filters.getByLabel('Buscar').fill(booking.leadEmail);
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row', { name: new RegExp(booking.reference) });
  await expect(row).toContainText('hace 21 días');
  await expectAccessible(page, '/admin/cobros');

  await row.getByRole('button', { name: `Recordar el pago de la reserva ${booking.reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Recordar el pago de la reserva ${booking.reference}` });
  await expect(dialog).toContainText(`Se enviará a ${booking.leadEmail}`);
  await expectAccessible(page, '/admin/cobros (recordar)');
  await dialog.getByRole('button', { name: 'Enviar recordatorio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recordatorio enviado al titular.' })).toBeVisible();
  expect((await findMail(booking.leadEmail, 'REMINDER_PAYMENT')).subject).toBeTruthy();
  await expect(row).not.toContainText('Ninguno');

  // The rest arrives by bank transfer: recorded from the booking's page.
  // The booking's page shows it without zod; the form's schema, and zod with it, loads with the dialog.
  const containsZod = recordZodLoads(page, { on: new RegExp(`/admin/booking/${booking.id}`) });
  await row.getByRole('link', { name: `Registrar un pago de la reserva ${booking.reference}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/booking/${booking.id}#pagos$`));
  await expect(page.getByRole('button', { name: 'Registrar un pago' })).toBeVisible();
  expect(await containsZod(), 'zod is not among the scripts of the booking page as loaded').toBe(false);
  await page.getByRole('button', { name: 'Registrar un pago' }).click();
  const record = page.getByRole('dialog', { name: 'Registrar un pago' });
  await expect(record.getByLabel('Cómo se ha pagado')).toHaveValue('transfer');
  await record.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(record.getByText('Escribe la referencia de la transferencia o de la liquidación.')).toBeVisible();
  expect(await containsZod(), 'the dialog loads the schema, zod with it').toBe(true);
  await record.getByLabel('Referencia').fill(`TRF-${booking.reference}`);
  await expectAccessible(page, '/admin/booking (registrar un pago)');
  await record.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pago registrado. El titular recibe el justificante por correo.' })).toBeVisible();
  const payments = page.locator('section[aria-labelledby="pagos"]');
  await expect(payments).toContainText(`Ref. TRF-${booking.reference}`);
  await expect(page.getByRole('button', { name: 'Registrar un pago' })).toHaveCount(0);

  await page.goto(`/admin/cobros?q=${encodeURIComponent(booking.leadEmail)}`);
  await expect(page.getByText('Ninguna reserva con pagos vencidos coincide con esos filtros.')).toBeVisible();
});

test('a booking for an agency, made from its page, confirmed and priced as the web prices it', async ({ page }) => {
  await signInAsAdmin(page);
  const retailers = (await (await page.request.get('/api/admin/retailers')).json()) as { rows: { id: string; name: string }[] };
  const agency = retailers.rows[0];
  if (!agency) throw new Error('the demo has no agency');
  await page.goto(`/admin/retailer/${agency.id}`);
  await page.getByRole('button', { name: 'Nueva reserva de agencia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva reserva de agencia' });
  await dialog.getByLabel('Tour').selectOption({ label: 'Japón esencial' });
  const departure = dialog.getByLabel('Salida');
  await expect(departure.locator('option')).not.toHaveCount(1);
  await departure.selectOption({ index: 1 });
  await dialog.getByLabel('Comisión (%)').fill('120');
  await dialog.getByRole('button', { name: 'Crear la reserva' }).click();
  await expect(dialog.getByText('Escribe la comisión: un porcentaje de 0 a 100.')).toBeVisible();
  await expect(dialog.getByText('Indica el nombre')).toBeVisible();
  await expectAccessible(page, '/admin/retailer (nueva reserva de agencia)');

  const email = `cliente.${Date.now()}.${Math.floor(Math.random() * 1e6)}@correo.es`;
  await dialog.getByLabel('Nombre').fill('Marta');
  await dialog.getByLabel('Apellidos').fill('Ruiz Soler');
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Teléfono').fill('+34 611 222 333');
  await dialog.getByLabel('Referencia de la agencia (opcional)').fill('AG-E2E');
  await dialog.getByLabel('Comisión (%)').fill('12,5');
  await dialog.getByRole('button', { name: 'Crear la reserva' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reserva de agencia creada y confirmada.' })).toBeVisible();
  // Newest first: the one just made, though an earlier run of this test on the same shop made another.
  const made = page.getByRole('row', { name: /Marta Ruiz Soler/ }).first();
  await expect(made).toContainText('Confirmada');
  await expect(page.getByRole('link', { name: 'Descargar CSV' })).toHaveAttribute(
    'href',
    new RegExp(`/api/admin/retailers/${agency.id}/statement.csv\\?month=\\d{4}-\\d{2}$`),
  );
  await expectAccessible(page, '/admin/retailer (tras la reserva de agencia)');
});
