/**
 * The funnel's pay step and everything after it, against the real shop and its built-in sandbox terminal:
 * the seat hold and its countdown (spoken at five minutes, held again once up), coupons refused and
 * applied, choices kept over a reload, points for a signed-in traveller, 'Guardar presupuesto', a declined
 * card and the retry, the approved Redsys test card to the confirmation with its tkId and a PDF receipt, a
 * bank transfer's instructions, the second payment through the pay link (booking id and tkId), no seats
 * left, and the Spanish messages for a wrong link or receipts without permission.
 *
 * Pages are opened at the shop's public address (SHOP_ORIGIN), where the terminal sends the browser back.
 * Every screen is photographed at phone width into test-results/screens/.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, type TestInfo, test } from '../support/test.ts';
import { COUPON_MESSAGES, QUOTE_LINE_LABELS } from '#shared/constants.ts';
import { useOwnClientAddress } from '../support/client-address.ts';
import {
  acceptAndPay,
  APPROVED_CARD,
  createPayableBooking,
  DECLINED_CARD,
  findMail,
  listDepartures,
  payOnTerminal,
  SHOP_ORIGIN,
  type TestBooking,
} from '../support/funnel-booking.ts';

test.use({ baseURL: SHOP_ORIGIN });

const TRAVELLER = { email: 'viajero@different.demo', password: 'viajero-demo-2026' };

const payPath = (booking: Pick<TestBooking, 'slug' | 'id'>) => `/tour/${booking.slug}/paga-tu-reserva/${booking.id}`;

/** A full-page photo of the screen at phone width, to look at. */
async function screen(page: Page, testInfo: TestInfo, name: string) {
  if (testInfo.project.name === 'phone') await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** Page errors and console errors other than the refusals the tests provoke (401 session check, 409, 422). */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of (401|404|409|422)/.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

const summary = (page: Page) => page.getByRole('complementary', { name: 'Resumen del precio' });

test('the pay step holds the seats with a countdown, refuses and applies coupons, and keeps the choices over a reload', async ({ page }, testInfo) => {
  const problems = watchProblems(page);
  const booking = await createPayableBooking(page.request, { adults: 2 });
  await page.goto(payPath(booking));

  await expect(page.getByText('Paso 5 de 5:')).toBeVisible();
  const countdown = page.getByTestId('hold-countdown');
  await expect(countdown).toContainText(/Te guardamos las plazas hasta las \d{2}:\d{2}/);
  await expect(countdown.getByRole('timer')).toHaveText(/Quedan (19|20):\d{2} min/);
  await expect(summary(page).getByTestId('quote-total')).toBeVisible();
  // The schedule in one line (docs/decisions/042): far from departure, 1 € holds the seats and the rest has its deadlines.
  await expect(page.getByTestId('payment-plan')).toHaveText(
    /^Hoy pagas 1 € · El resto, [\d.,]+ €, (antes del \d{1,2} de [a-z]+( de \d{4})?|en \d plazos: .+)\.$/,
  );
  await screen(page, testInfo, 'pago');

  // Paying without the consents: both are asked for, and focus goes to the first.
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  await expect(page.getByText('Debes aceptar las condiciones de la reserva y la información precontractual')).toBeVisible();
  await expect(page.getByText('Debes aceptar la política de privacidad para continuar')).toBeVisible();
  await expect(page.getByLabel(/acepto las condiciones de la reserva/)).toBeFocused();
  await screen(page, testInfo, 'pago-errores');

  // An expired code: the server's reason, and the code stays typed.
  const code = page.getByLabel('¿Tienes un código?');
  await code.fill('PRIMAVERA15');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.locator('#cupon-codigo-error')).toHaveText(COUPON_MESSAGES.expired);
  await expect(code).toHaveValue('PRIMAVERA15');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await screen(page, testInfo, 'pago-cupon-rechazado');

  // A valid one: the discount-code line appears and the total drops; the seats are held again.
  const before = await summary(page).getByTestId('quote-total').textContent();
  await code.fill('VERANO10');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Código aplicado: VERANO10')).toBeVisible();
  await expect(summary(page).getByText(QUOTE_LINE_LABELS.coupon)).toBeVisible();
  await expect(summary(page).getByTestId('quote-total')).not.toHaveText(before ?? '');
  await expect(countdown.getByRole('timer')).toBeVisible();
  await screen(page, testInfo, 'pago-cupon-aplicado');

  // The choices survive a reload; the coupon is the booking's, so it is still there too.
  await page.getByRole('radio', { name: /Todo el importe pendiente/ }).check();
  await page.getByRole('radio', { name: /Bizum/ }).check();
  await page.reload();
  await expect(page.getByRole('radio', { name: /Todo el importe pendiente/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Bizum/ })).toBeChecked();
  await expect(page.getByText('Código aplicado: VERANO10')).toBeVisible();
  await expect(page.getByTestId('hold-countdown').getByRole('timer')).toBeVisible();

  // And the code can be taken off again.
  await page.getByRole('button', { name: 'Quitar código' }).click();
  await expect(page.getByLabel('¿Tienes un código?')).toBeVisible();
  await expect(summary(page).getByText(QUOTE_LINE_LABELS.coupon)).toHaveCount(0);

  // The pre-contractual information opens from the consent's link and names the organiser and the trip.
  await page.getByRole('link', { name: 'información precontractual del viaje combinado' }).click();
  const info = page.locator('#informacion-precontractual');
  await expect(info).toHaveAttribute('open', '');
  await expect(info).toContainText('Different Roads Viajes, S.L.');
  await expect(info).toContainText('Directiva (UE) 2015/2302');
  await expect(info.getByRole('link', { name: 'tabla de gastos de cancelación' })).toHaveAttribute('href', '/terminos-reservas#7-cancelacion-por-tu-parte');
  await screen(page, testInfo, 'pago-informacion-precontractual');
  expect(problems).toEqual([]);
});

test('the countdown speaks at five minutes, and once the time is up the seats can be held again', async ({ page }, testInfo) => {
  const booking = await createPayableBooking(page.request);
  await page.clock.install();
  await page.goto(payPath(booking));
  const countdown = page.getByTestId('hold-countdown');
  await expect(countdown.getByRole('timer')).toBeVisible();
  // Not announced every second: the status line is silent until five minutes are left.
  await expect(countdown.getByRole('status')).toHaveText('');
  await page.clock.fastForward('15:30');
  await expect(countdown.getByRole('status')).toHaveText('Quedan 5 minutos para pagar antes de que tus plazas vuelvan a la venta.');
  await page.clock.fastForward('05:00');
  await expect(countdown).toContainText('El tiempo para pagar ha terminado');
  await screen(page, testInfo, 'pago-plazas-caducadas');
  // Back to the real time, then hold again: a fresh countdown.
  await page.clock.setSystemTime(new Date());
  // The countdown ticks on with the clock set back, and the run-out hold stays run out until held again.
  await page.clock.runFor(2000);
  await expect(countdown).toContainText('El tiempo para pagar ha terminado');
  await page.getByRole('button', { name: 'Volver a guardar mis plazas' }).click();
  await expect(countdown.getByRole('timer')).toHaveText(/Quedan (19|20):\d{2} min/);
});

test('Guardar presupuesto asks a name and mails the budget to the lead traveller', async ({ page }, testInfo) => {
  await useOwnClientAddress(page);
  const booking = await createPayableBooking(page.request);
  await page.goto(payPath(booking));
  await summary(page).getByText('Guardar presupuesto').click();
  await page.getByRole('button', { name: 'Enviar presupuesto' }).click();
  await expect(page.getByText('Ponle un nombre al presupuesto')).toBeVisible();
  await expect(page.getByLabel('Nombre del presupuesto')).toBeFocused();
  await page.getByLabel('Nombre del presupuesto').fill('Japón en otoño');
  await page.getByRole('button', { name: 'Enviar presupuesto' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Te hemos enviado el presupuesto por correo' })).toBeVisible();
  await screen(page, testInfo, 'pago-presupuesto');
  expect((await findMail(booking.leadEmail, 'BUDGET')).text).toContain('Japón en otoño');
});

test('a signed-in traveller redeems points, capped, and keeps them over a reload', async ({ page }, testInfo) => {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${200 + (testInfo.project.name === 'phone' ? 1 : 0)}` });
  const signedIn = await page.request.post('/api/auth/signin', { data: TRAVELLER });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const booking = await createPayableBooking(page.request);
  await page.goto(payPath(booking));

  await expect(page.getByRole('group', { name: 'Tus puntos' })).toContainText(/Tienes [\d.]+ puntos/);
  await page.getByRole('radio', { name: /Todo el importe pendiente/ }).check();
  const points = page.getByLabel('Puntos que quieres usar');
  await points.fill('9999999');
  await points.blur();
  // Capped at the balance's whole euros or the server's limit, in hundreds.
  const capped = Number(await points.inputValue());
  expect(capped).toBeGreaterThan(0);
  expect(capped % 100).toBe(0);
  expect(capped).toBeLessThan(9_999_999);
  await expect(page.getByTestId('amount-to-pay')).toContainText('Descuento por puntos');
  await screen(page, testInfo, 'pago-puntos');

  await page.reload();
  await expect(page.getByLabel('Puntos que quieres usar')).toHaveValue(String(capped));
});

test('a declined card says the payment was not completed; the retry with the test card confirms the booking with its tkId and a PDF receipt', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const problems = watchProblems(page);
  const booking = await createPayableBooking(page.request);
  await page.goto(payPath(booking));
  await expect(page.getByTestId('hold-countdown')).toBeVisible();
  await acceptAndPay(page);

  // Back from the terminal with the browser's button: the form is there again, then on to pay.
  await expect(page.getByRole('heading', { name: 'Pagar con tarjeta' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Pagar', exact: true })).toBeVisible();
  await acceptAndPay(page);
  await payOnTerminal(page, DECLINED_CARD);
  await expect(page).toHaveURL(/\/confirmacion\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'El pago no se ha completado' })).toBeVisible();
  await expect(page.getByText('no se ha hecho ningún cargo')).toBeVisible();
  await screen(page, testInfo, 'confirmacion-pago-fallido');

  // Back to the pay step with the payment in the address: it says so, and the visitor pays again.
  await page.getByRole('link', { name: 'Volver a intentar el pago' }).click();
  await expect(page).toHaveURL(new RegExp(`${payPath(booking)}/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('payment-not-completed')).toContainText('El pago no se ha completado');
  await expect(page.getByTestId('hold-countdown').getByRole('timer')).toBeVisible();
  await screen(page, testInfo, 'pago-reintento');
  await acceptAndPay(page);
  await payOnTerminal(page, APPROVED_CARD);

  await expect(page).toHaveURL(/\/confirmacion\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: '¡Reserva confirmada!' })).toBeVisible();
  const tkId = (await page.getByTestId('tk-id').textContent())?.trim() ?? '';
  expect(tkId).not.toBe('');
  await expect(page.getByTestId('payment-result')).toContainText('Japón esencial');
  await expect(page.getByTestId('payment-result')).toContainText('Ana García López');
  await expect(page.getByTestId('paid')).toHaveText('1 €');
  await expect(page.getByText(`Te hemos enviado el bono de la reserva a ${booking.leadEmail}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver mis viajes' })).toHaveAttribute('href', '/perfil/viajes');
  await screen(page, testInfo, 'confirmacion');
  // The voucher really went to the outbox.
  expect((await findMail(booking.leadEmail, 'BONO_RESERVA')).subject).not.toBe('');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar el recibo (PDF)' }).click()]);
  const pdf = await readFile((await download.path()) ?? '');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('link', { name: 'Todos los recibos' }).click();
  await expect(page).toHaveURL(new RegExp(`/recibos-de-pago/${booking.id}\\?tk=`));
  await expect(page.getByTestId('receipts').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText(`Localizador: ${tkId}`)).toBeVisible();
  const receipt = page.getByTestId('receipts').getByRole('link', { name: /Descargar recibo/ });
  const response = await page.request.get((await receipt.getAttribute('href')) ?? '');
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await screen(page, testInfo, 'recibos');
  expect(problems).toEqual([]);
});

test('the second payment goes through the pay link, with the tkId', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const booking = await createPayableBooking(page.request);
  await page.goto(payPath(booking));
  await acceptAndPay(page);
  await payOnTerminal(page, APPROVED_CARD);
  await expect(page.getByRole('heading', { name: '¡Reserva confirmada!' })).toBeVisible();
  const tkId = (await page.getByTestId('tk-id').textContent())?.trim() ?? '';

  // The confirmation offers the rest through the pay link: the booking id with its tkId.
  const link = `/paga-tu-reserva/${booking.id}/${encodeURIComponent(tkId)}/${booking.slug}`;
  await page.getByRole('link', { name: 'Pagar ahora el resto' }).click();
  await expect(page).toHaveURL(`${SHOP_ORIGIN}${link}`);
  await expect(page.getByRole('heading', { name: 'Japón esencial' })).toBeVisible();
  await expect(page.getByText(`Reserva ${tkId}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pagos de esta reserva' })).toContainText('Confirmado');
  await screen(page, testInfo, 'enlace-de-pago');

  // Everything still owed (offered as a choice whenever the amount due now is less).
  const full = page.getByRole('radio', { name: /Todo el importe pendiente/ });
  if ((await full.count()) > 0) await full.check();
  await acceptAndPay(page);
  await payOnTerminal(page, APPROVED_CARD);
  await expect(page.getByRole('heading', { name: '¡Reserva confirmada!' })).toBeVisible();
  await expect(page.getByTestId('remaining')).toHaveText('0 €');
  await screen(page, testInfo, 'confirmacion-segundo-pago');

  // Paid in full: the link says so instead of offering a payment.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Tu reserva está pagada' })).toBeVisible();
});

test('a bank transfer shows the account and the reference, and its payment page shows them again', async ({ page }, testInfo) => {
  const booking = await createPayableBooking(page.request);
  await page.goto(payPath(booking));
  await page.getByRole('radio', { name: /Transferencia bancaria/ }).check();
  await acceptAndPay(page);

  const instructions = page.getByTestId('transfer-instructions');
  await expect(page.getByRole('heading', { name: 'Paga por transferencia bancaria' })).toBeFocused();
  for (const label of ['Importe', 'IBAN', 'Beneficiario', 'Banco', 'Concepto']) await expect(instructions.getByText(label, { exact: true })).toBeVisible();
  await expect(instructions).toContainText('pendiente de la transferencia');
  await screen(page, testInfo, 'transferencia');
  const iban = await instructions.locator('dd').nth(1).textContent();

  await page.getByRole('link', { name: 'la página de tu pago' }).click();
  await expect(page.getByRole('heading', { name: 'Reserva pendiente de la transferencia' })).toBeVisible();
  await expect(page.getByTestId('transfer-instructions')).toContainText(iban ?? '');
  await screen(page, testInfo, 'confirmacion-transferencia');

  // The same payment at /payment/{bookingID}/{paymentID}; /payment itself explains how to pay.
  const paymentId = new URL(page.url()).pathname.split('/').pop();
  await page.goto(`/payment/${booking.id}/${paymentId}`);
  await expect(page.getByRole('heading', { name: 'Reserva pendiente de la transferencia' })).toBeVisible();
  await screen(page, testInfo, 'payment-resultado');
  // Another booking's id with this payment shows nothing of it.
  await page.goto(`/payment/${randomUUID()}/${paymentId}`);
  await expect(page.getByRole('heading', { name: 'No encontramos ese pago' })).toBeVisible();
  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: 'Cómo pagar tu reserva' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login?next=%2Fperfil%2Fviajes');
  await screen(page, testInfo, 'payment-ayuda');
});

test('with no seats left the pay step says so and links back to the tour', async ({ page, request }, testInfo) => {
  // The departure with the fewest seats that still has two: one booking waits, another takes every seat.
  const departures = (await listDepartures(request, 'vietnam-de-norte-a-sur')).filter((d) => d.bookableAvailability >= 2 && d.bookableAvailability <= 20);
  const departure = departures.sort((a, b) => a.bookableAvailability - b.bookableAvailability)[0];
  if (!departure) throw new Error('no small departure in the demo catalogue');
  const late = await createPayableBooking(page.request, { slug: 'vietnam-de-norte-a-sur', departure });
  const first = await createPayableBooking(page.request, { slug: 'vietnam-de-norte-a-sur', departure, adults: departure.bookableAvailability });
  // Its payment started (a card at the bank) holds every seat left; a hold without one is limited per visitor.
  const paying = await page.request.post(`/api/payments/booking/${first.id}`, {
    headers: { origin: SHOP_ORIGIN },
    data: { amount: 'full', method: 'card', acceptTerms: true, acceptPrivacy: true },
  });
  expect(paying.status()).toBe(201);
  try {
    await page.goto(payPath(late));
    await expect(page.getByTestId('no-seats')).toContainText('Ya no quedan plazas suficientes para esta salida.');
    await expect(
      page.getByTestId('no-seats').getByRole('link', { name: 'Volver al viaje para elegir otra salida o cambiar el número de viajeros' }),
    ).toHaveAttribute('href', '/tour/vietnam-de-norte-a-sur');
    await screen(page, testInfo, 'pago-sin-plazas');
  } finally {
    // Changing the booking gives its held seats back, for the rest of the suite.
    await page.request.patch(`/api/bookings/${first.id}`, { headers: { origin: SHOP_ORIGIN }, data: { couponCode: null } });
  }
});

test('a wrong pay link and receipts without permission are explained in Spanish', async ({ page }, testInfo) => {
  await useOwnClientAddress(page);
  await page.goto(`/paga-tu-reserva/${randomUUID()}/TK-NO-EXISTE`);
  await expect(page.getByTestId('link-not-found')).toContainText('No encontramos esa reserva.');
  await screen(page, testInfo, 'enlace-no-encontrado');

  const booking = await createPayableBooking(page.request);
  await page.goto(`/recibos-de-pago/${booking.id}`);
  await expect(page.getByTestId('receipts-not-found')).toContainText('No podemos mostrarte los recibos de esta reserva.');
  await expect(page.getByRole('link', { name: 'inicia sesión' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/recibos-de-pago/${booking.id}`)}`,
  );
  await screen(page, testInfo, 'recibos-sin-permiso');

  await page.goto(`/confirmacion/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'No encontramos ese pago' })).toBeVisible();
});
