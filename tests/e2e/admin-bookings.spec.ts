/**
 * The bookings desk (issue 12), signed in as the demo admin at desktop and phone width: the day at a
 * glance leads to the filtered list; a booking waiting for its transfer is found, confirmed (it gets its
 * tkId and is then found by it), exported as CSV and canceled with a reason, its seat back on sale. Each
 * project books its own departure seat through the API first, so the demo's bookings stay as they are.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { DEMO_ADMIN, signInAsAdmin } from '../support/admin-session.ts';
import { createPayableBooking, findMail, listDepartures, paidByCard } from '../support/funnel-booking.ts';

test.describe.configure({ timeout: 90_000 });

/** A booking of one adult on japon-esencial whose traveller chose a bank transfer. */
async function bookingWaitingForTransfer(page: Page) {
  const booking = await createPayableBooking(page.request);
  await page.goto('/');
  const started = await page.request.post(`/api/payments/booking/${booking.id}`, {
    data: { amount: 'full', method: 'transfer', acceptTerms: true, acceptPrivacy: true },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(started.status(), await started.text()).toBe(201);
  return booking;
}

const seatsOn = async (page: Page, periodId: string) =>
  (await listDepartures(page.request, 'japon-esencial')).find((d) => d.periodId === periodId)?.bookableAvailability;

test('a visitor and a traveller get no desk: sign in first, or not yours', async ({ page }) => {
  await page.goto('/admin/bookings');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fbookings/);
  expect((await page.request.get('/api/admin/bookings')).status()).toBe(401);
});

test('the desk: from the day at a glance to a transfer confirmed, found by its tkId, exported and canceled', async ({ page }) => {
  const booking = await bookingWaitingForTransfer(page);
  const seatsHeld = await seatsOn(page, booking.periodId);
  await signInAsAdmin(page);

  await page.goto('/admin');
  const transfers = page.getByRole('link', { name: /Transferencias por confirmar/ });
  await expect(transfers).toBeVisible();
  await expectAccessible(page, '/admin');
  await transfers.click();
  await expect(page).toHaveURL(/\/admin\/bookings\?status=WAITING_FOR_TRANSFER$/);
  const filters = page.getByRole('form', { name: 'Filtrar reservas' });
  await expect(filters.getByLabel('Estado')).toHaveValue('WAITING_FOR_TRANSFER');
  await expect(page.getByRole('status').filter({ hasText: /reservas?$/ })).toBeVisible();

  // Found by the traveller's e-mail, among the transfers waiting.
  await filters.getByLabel('Buscar').fill(booking.leadEmail);
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('status').filter({ hasText: /reservas?$/ })).toHaveText('1 reserva');
  await expectAccessible(page, '/admin/bookings');
  const row = page.locator('.admin-table tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Esperando transferencia');
  await row.getByRole('link').first().click();

  await expect(page).toHaveURL(new RegExp(`/admin/booking/${booking.id}$`));
  await expect(page.getByText('Esperando transferencia').first()).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar transferencia recibida' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar transferencia recibida' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, '/admin/booking (confirmación)');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Transferencia confirmada.')).toBeVisible();
  await expect(page.locator('.admin-booking__ref')).toContainText('Confirmada');
  await expect(page.locator('#acciones').locator('..')).toContainText(DEMO_ADMIN.email);
  const tkId = (await page.locator('.admin-booking__ref').textContent())?.match(/tkId (\S+)/)?.[1];
  expect(tkId).toBeTruthy();
  await expectAccessible(page, '/admin/booking');

  // Its departure's manifest lists the traveller, and downloads as a workbook.
  await page.getByRole('link', { name: 'Reservas de esta salida' }).click();
  const manifest = page.getByRole('region', { name: 'Manifiesto de pasajeros' }).first();
  await expect(page.getByRole('heading', { name: 'Manifiesto de pasajeros' })).toBeVisible();
  await expect(manifest).toContainText('Ana García López');
  await expectAccessible(page, '/admin/bookings/{periodId}');
  const excel = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar Excel' }).click();
  const workbook = await readFile((await (await excel).path()) ?? '');
  expect(workbook.subarray(0, 2).toString()).toBe('PK');

  // Now it has a tkId, the desk finds it by that alone.
  await page.goto(`/admin/bookings?q=${encodeURIComponent(tkId ?? '')}`);
  await expect(page.getByRole('status').filter({ hasText: /reservas?$/ })).toHaveText('1 reserva');
  await expect(page.locator('.admin-table tbody tr')).toContainText('Confirmada');

  // The CSV export is what is filtered.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const csv = await readFile((await (await downloading).path()) ?? '', 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(lines[0]).toMatch(/^Referencia,tkId,Estado,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${tkId},Confirmada,`);

  // Canceled with a reason: without one it is asked for, and nothing happens.
  await page.locator('.admin-table tbody tr').getByRole('link').first().click();
  await page.getByRole('button', { name: 'Cancelar la reserva' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar la reserva' });
  await cancel.getByRole('button', { name: 'Confirmar' }).click();
  await expect(cancel.getByText('Escribe el motivo de la cancelación.')).toBeVisible();
  await cancel.getByLabel('Motivo').fill('El viajero no puede viajar en esas fechas');
  await cancel.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Reserva cancelada.')).toBeVisible();
  await expect(page.locator('.admin-booking__ref')).toContainText('Cancelada');
  await expect(page.getByRole('button', { name: 'Cancelar la reserva' })).toHaveCount(0);
  await expect(page.locator('#estados').locator('..')).toContainText('El viajero no puede viajar en esas fechas');
  // Its seat is on sale again: what the tour page shows live.
  expect(await seatsOn(page, booking.periodId)).toBe((seatsHeld ?? 0) + 1);
});

/** A booking paid in full with Redsys' test card on the sandbox terminal: CONFIRMED. */
test('refunds part of a card payment through the sandbox terminal, never more than is left', async ({ page }) => {
  const { booking, amountCents } = await paidByCard(page);
  await signInAsAdmin(page);

  await page.goto(`/admin/booking/${booking.id}`);
  await expect(page.locator('.admin-booking__ref')).toContainText('Confirmada');
  await page.getByRole('button', { name: /^Devolver/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Devolver un pago' });
  const amount = dialog.getByLabel('Importe a devolver (€)');
  await expect(amount).toHaveValue(String(amountCents / 100).replace('.', ','));
  await expectAccessible(page, '/admin/booking (devolución)');

  await amount.fill(String(amountCents / 100 + 1));
  await dialog.getByLabel('Motivo').fill('Compensación por el cambio de hotel');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByText(/^No se puede devolver más de lo cobrado/).first()).toBeVisible();

  await amount.fill('50');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Devolución hecha.')).toBeVisible();
  const payments = page.locator('#pagos').locator('..');
  await expect(payments.locator('td[data-label="Devuelto"]')).toHaveText('50 €');
  await expect(page.locator('#movimientos').locator('..')).toContainText('Abono');
  await expect(page.locator('#acciones').locator('..')).toContainText('Devolución');
});

test('on a paid booking: the documentation sent again, a traveller corrected, an activity added, points and an e-ticket; then a reminder to the departure', async ({
  page,
}) => {
  const { booking } = await paidByCard(page, { adults: 2 });
  await signInAsAdmin(page);
  await page.goto(`/admin/booking/${booking.id}`);
  await expect(page.locator('.admin-booking__ref')).toContainText('Confirmada');
  const done = page.locator('.admin-done');

  await page.getByRole('button', { name: 'Enviar documentación del viaje' }).click();
  await page.getByRole('dialog', { name: 'Enviar: Documentación del viaje' }).getByRole('button', { name: 'Enviar' }).click();
  await expect(done).toHaveText('Documentación del viaje: enviado a la cola de correo.');
  const info = await findMail(booking.leadEmail, 'INFO_PRACTICA');
  expect(JSON.parse(info.attachments)).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);

  // The second traveller's data: a wrong DNI is refused at its field, then the name is corrected.
  await page.getByRole('button', { name: 'Editar los datos de Viajero 2 García López' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar los datos del viajero' });
  await expectAccessible(page, '/admin/booking (editar viajero)');
  await edit.getByLabel('DNI o NIE').fill('12345678A');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit.getByLabel('DNI o NIE')).toHaveAttribute('aria-invalid', 'true');
  await edit.getByLabel('DNI o NIE').fill('00000000T');
  await edit.getByLabel('Nombre', { exact: true }).fill('Marta');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(done).toHaveText('Datos del viajero guardados.');
  await expect(page.locator('#viajeros').locator('..')).toContainText('Marta García López');

  // An optional activity for the lead: the seats are taken and what it costs is now owed.
  const owed = page.locator('.admin-facts dt:text-is("Pendiente") + dd');
  await expect(owed).toHaveText('0 €');
  await page.getByRole('button', { name: 'Añadir actividad' }).click();
  const activity = page.getByRole('dialog', { name: 'Añadir una actividad opcional' });
  const select = activity.getByLabel('Actividad');
  const option = await select.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
  await select.selectOption(option ?? '');
  await activity.getByRole('checkbox', { name: /^Ana García López/ }).check();
  await activity.getByRole('button', { name: 'Añadir' }).click();
  await expect(done).toHaveText('Actividad añadida: el importe nuevo queda pendiente de pago.');
  await expect(owed).not.toHaveText('0 €');

  await page.getByRole('button', { name: 'Compensar con puntos' }).click();
  const points = page.getByRole('dialog', { name: 'Compensar con puntos' });
  await points.getByLabel('Puntos').fill('500');
  await points.getByLabel('Motivo').fill('Retraso del vuelo de ida');
  await points.getByRole('button', { name: 'Abonar puntos' }).click();
  await expect(done).toHaveText('Puntos abonados al viajero.');
  await expect(page.locator('#movimientos').locator('..')).toContainText('500 puntos');

  await page.getByLabel('Archivo (PDF, JPG o PNG, hasta 10 MB)').setInputFiles({
    name: 'billete vuelo.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Subir documento' }).click();
  await expect(done).toHaveText('Documento subido: billete vuelo.pdf.');
  await expect(page.getByRole('link', { name: 'billete-vuelo.pdf' })).toBeVisible();
  const history = page.locator('#acciones').locator('..');
  for (const done of [
    'Documentación del viaje enviada',
    'Datos de un viajero corregidos',
    'Actividad opcional añadida',
    'Compensación en puntos',
    'Documento subido',
  ]) {
    await expect(history).toContainText(done);
  }

  // The departure: a payment reminder up to 100 % to this booking alone.
  await page.goto(`/admin/bookings/${booking.periodId}`);
  const notices = page.getByRole('region', { name: 'Avisos a los viajeros de esta salida' });
  await notices.getByLabel('Qué enviar').selectOption('payment-reminder');
  await notices.getByLabel('Solo a las reservas que elija').check();
  await notices.getByRole('button', { name: 'Enviar aviso' }).click();
  await expect(notices.getByText('Elige al menos una reserva.')).toBeVisible();
  await notices.getByRole('group', { name: 'Reservas' }).getByRole('checkbox').first().check();
  await notices.getByRole('button', { name: 'Enviar aviso' }).click();
  await expectAccessible(page, '/admin/bookings/{periodId} (aviso)');
  await page.getByRole('dialog', { name: 'Enviar el aviso' }).getByRole('button', { name: 'Enviar' }).click();
  await expect(notices.getByRole('status')).toContainText(/Aviso enviado a 1 reserva\.|No se envió a/);
});

test('saved budgets: found by name, sent again, opened on the desk', async ({ page }) => {
  const booking = await createPayableBooking(page.request);
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  const budgetName = `Presupuesto ${Date.now()}`;
  const saved = await page.request.post(`/api/bookings/${booking.id}/budget`, { data: { budgetName }, headers: { origin } });
  expect(saved.status(), await saved.text()).toBe(200);
  await signInAsAdmin(page);

  await page.goto('/admin/presupuesto');
  const form = page.getByRole('form', { name: 'Buscar presupuestos' });
  await form.getByLabel('Buscar').fill(budgetName);
  await form.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('1 presupuesto', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(budgetName) });
  await expect(row).toContainText('Ana García López');
  await expectAccessible(page, '/admin/presupuesto');
  await row.getByRole('button', { name: `Reenviar el presupuesto ${budgetName}` }).click();
  await page.getByRole('dialog', { name: 'Reenviar el presupuesto' }).getByRole('button', { name: 'Reenviar' }).click();
  await expect(page.locator('.admin-done')).toHaveText(`Presupuesto «${budgetName}» reenviado a ${booking.leadEmail}.`);
  expect((await findMail(booking.leadEmail, 'BUDGET')).subject).toContain(budgetName);
  await expect(row.getByRole('link', { name: `Continuar en la tienda el presupuesto ${budgetName}` })).toHaveAttribute(
    'href',
    `/tour/${booking.slug}/personaliza-el-viaje/${booking.id}`,
  );
  await row.getByRole('link', { name: `Ver la reserva del presupuesto ${budgetName}` }).click();
  await expect(page.locator('.admin-booking__ref')).toContainText('En curso');
});

test('a booking drawn before the session is read: the page starts its read, and an expired access is renewed once for every call', async ({
  browser,
  baseURL,
}) => {
  // A session of its own: the renewal below uses up its refresh token, which the other tests' shared one must keep.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  try {
    const origin = new URL(baseURL ?? '').origin;
    const signedIn = await page.request.post('/api/auth/signin', { data: DEMO_ADMIN, headers: { origin } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const { rows } = (await (await page.request.get('/api/admin/bookings')).json()) as { rows: { id: string; differentId: string }[] };
    const booking = rows[0];
    if (!booking) throw new Error('the demo has no bookings');
    // As after the access token's 15 minutes: only the refresh cookie is left.
    const cookies = await context.cookies();
    await context.clearCookies();
    await context.addCookies(cookies.filter((cookie) => cookie.name !== 'dr_access'));

    const reads: string[] = [];
    const renewals: string[] = [];
    const sessionAndScreen: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === `/api/admin/bookings/${booking.id}`) reads.push(path);
      if (path === '/api/auth/refresh') renewals.push(path);
      if (path === '/api/auth/me' || path.startsWith('/_astro/BookingDetailScreen.')) sessionAndScreen.push(path.replace(/\..*/, ''));
    });
    await page.goto(`/admin/booking/${booking.id}`);
    await expect(page.locator('.admin-booking__ref')).toContainText(booking.differentId);
    // The page's own read (refused: no access yet) and the screen's after the one renewal; the session's
    // read of who is signed in found the access expired too, and waited for the same renewal.
    expect(renewals).toHaveLength(1);
    expect(reads).toHaveLength(2);
    // Who is signed in was asked as the page was parsed, before the screen's script came.
    expect(sessionAndScreen.slice(0, 2)).toEqual(['/api/auth/me', '/_astro/BookingDetailScreen']);
    await expect(page.getByRole('alert')).toHaveCount(0);

    reads.length = 0;
    renewals.length = 0;
    sessionAndScreen.length = 0;
    await page.reload();
    await expect(page.locator('.admin-booking__ref')).toContainText(booking.differentId);
    // The screen and the session took the page's reads instead of asking again.
    expect(reads).toHaveLength(1);
    expect(sessionAndScreen.filter((path) => path === '/api/auth/me')).toHaveLength(1);
    expect(renewals).toHaveLength(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("on a phone the office's menu is one row, scrolled to the current screen, and the screen starts right below it", async ({ page }) => {
  // With the hint a sign-in leaves on the browser, the menu shows an admin's links, not a guide's too.
  await signInAsAdmin(page, { editors: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/historial');
  const nav = page.getByRole('navigation', { name: 'Administración' });
  const current = nav.getByRole('link', { name: 'Historial' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  const navBox = await nav.boundingBox();
  const linkBox = await current.boundingBox();
  if (!navBox || !linkBox) throw new Error('the menu is not drawn');
  // One row of links (eight rows before, 450 px of a phone's screen)…
  expect(navBox.height).toBeLessThan(80);
  // …with the current screen's link inside what shows, though it is among the last.
  expect(linkBox.x).toBeGreaterThanOrEqual(navBox.x);
  expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(navBox.x + navBox.width);
  const title = await page.getByRole('heading', { level: 1, name: 'Historial del equipo' }).boundingBox();
  expect(title?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(navBox.y + navBox.height + 60);
  // On a wide screen every link shows at once.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav.getByRole('link', { name: 'Hoy' })).toBeInViewport();
  await expect(current).toBeInViewport();
});
