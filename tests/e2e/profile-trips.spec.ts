/**
 * The traveller's own trips, as the demo traveller: the list, one trip with its documents and receipts,
 * someone else's trip answered as not theirs, and what the holder changes on a trip before it starts (a
 * passenger's missing document, an optional activity paid through the pay link).
 */
import { expect, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { acceptAndPay, APPROVED_CARD, paidByCard, payOnTerminal, SHOP_ORIGIN } from '../support/funnel-booking.ts';
import { signInAsNewTraveler } from '../support/sign-up.ts';
import { signInAsDemoTraveler } from '../support/traveler-session.ts';
import { openLaneDatabase } from '../support/lane-shop.ts';

test('the demo traveller sees their trips, opens one and downloads its voucher, ticket and receipt', async ({ page }) => {
  await signInAsDemoTraveler(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/auth/me' || path.startsWith('/_astro/ProfileHome.')) requests.push(path);
  });
  await page.goto('/perfil');
  // The overview: points and their worth, the next trip, and the balance still to pay.
  await expect(page.getByRole('region', { name: 'Mis puntos' })).toContainText(/[\d.]+ puntos/);
  await expect(page.getByRole('region', { name: 'Mis puntos' })).toContainText(/Valen [\d.,]+ € de descuento/);
  await expect(page.getByRole('region', { name: 'Tu próximo viaje' })).toContainText(/Faltan \d+ días|Sales/);
  await expect(
    page
      .getByRole('region', { name: 'Pendiente' })
      .getByRole('link', { name: /^Pagar [\d.,]+ € de «.+» antes del/ })
      .first(),
  ).toBeVisible();
  await expectAccessible(page, '/perfil');
  // The page asked who is signed in as it was parsed, before the screen's script, and the session took that
  // answer instead of asking again.
  expect(requests.map((path) => path.replace(/\..*/, ''))).toEqual(['/api/auth/me', '/_astro/ProfileHome']);
  // Signed in on this browser: the static pages' header leads to the account, with the points.
  await page.goto('/viajes');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Mi cuenta · [\d.]+ puntos$/ })).toHaveAttribute('href', '/perfil');
  await page.goto('/perfil');
  await page.getByRole('link', { name: 'Mis viajes', exact: true }).click();
  await expect(page).toHaveURL(/\/perfil\/viajes$/);
  const upcoming = page.getByRole('region', { name: 'Próximos viajes' });
  await expect(upcoming.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Viajes pasados' })).toBeVisible();
  await expectAccessible(page, '/perfil/viajes');

  // The trip whose e-ticket the office uploaded (the demo seed's first confirmed booking).
  const trips = await (await page.request.get('/api/me/trips')).json();
  const withTicket = [];
  for (const trip of [...trips.upcoming, ...trips.past]) {
    const detail = await (await page.request.get(`/api/me/trips/${trip.id}`)).json();
    if (detail.documents.length > 0) withTicket.push(trip);
  }
  expect(withTicket.length).toBeGreaterThan(0);
  await page.getByRole('link', { name: withTicket[0].tourName }).first().click();
  await expect(page.getByRole('heading', { name: withTicket[0].tourName })).toBeVisible();
  await expect(page.getByText('Confirmada').first()).toBeVisible();
  await expectAccessible(page, '/perfil/reserva/{id}');

  // Each payment has its invoice (docs/decisions/043), downloaded from the same place.
  for (const name of ['Bono de reserva (PDF)', /Billete electrónico/, 'Recibo (PDF)', /^Factura F\d{4}-\d{6} \(PDF\)$/]) {
    const link = page.getByRole('link', { name }).first();
    const res = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(res.status(), String(name)).toBe(200);
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
});

test('someone else opening a traveller’s trip is told it is not theirs', { tag: '@one-width' }, async ({ page, browser }) => {
  const traveller = await browser.newPage();
  await signInAsDemoTraveler(traveller);
  const trips = await (await traveller.request.get('/api/me/trips')).json();
  const id = (trips.upcoming[0] ?? trips.past[0]).id;
  await traveller.close();

  await signInAsAdmin(page);
  await page.goto(`/perfil/reserva/${id}`);
  await expect(page.getByRole('alert')).toHaveText('No encontramos ese viaje entre los tuyos.');
  expect((await page.request.get(`/api/me/trips/${id}/voucher.pdf`)).status()).toBe(404);
});

test('a visitor’s header offers to sign in', async ({ page }) => {
  await page.goto('/viajes');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
});

test('the holder completes a passenger’s missing document, adds an activity and pays it with the sandbox card', async ({ page }, testInfo) => {
  const { email } = await signInAsNewTraveler(page, 'titular');
  // A trip of hers for two, paid in full; then the second passenger's DNI goes missing, as when a booking
  // made by phone lacks it.
  const { booking } = await paidByCard(page, { adults: 2, leadEmail: email });
  const db = openLaneDatabase({ write: true });
  try {
    const row = db.prepare('select travelers_stringify as t from bookings where id = ?').get(booking.id) as { t: string };
    const travellers = JSON.parse(row.t) as { reservation_fields: Record<string, string> }[];
    delete travellers[1]?.reservation_fields['national_id'];
    db.prepare('update bookings set travelers_stringify = ? where id = ?').run(JSON.stringify(travellers), booking.id);
  } finally {
    db.close();
  }

  await page.goto(`/perfil/reserva/${booking.id}`);
  await expect(page.getByText('Faltan datos: dni o nie.')).toBeVisible();
  await page.getByRole('button', { name: 'Completar datos de Viajero 2 García López' }).click();
  const form = page.getByRole('form', { name: 'Datos de Viajero 2 García López' });
  await expect(form.getByLabel('DNI o NIE')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, '/perfil/reserva/{id} (completar datos)');
  await form.getByLabel('DNI o NIE').fill('12345678A');
  await form.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(form.getByRole('alert')).not.toBeEmpty();
  await form.getByLabel('DNI o NIE').fill('00000000T');
  await form.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Datos del viajero guardados.' })).toBeVisible();
  await expect(page.getByText('Faltan datos')).toHaveCount(0);

  // An optional activity for the lead: priced before adding, then owed and paid through the pay link.
  const owed = page.locator('.profile-amounts dt:text-is("Pendiente") + dd');
  await expect(owed).toHaveText('0 €');
  const activities = page.getByRole('region', { name: 'Añade actividades opcionales' });
  await activities
    .getByRole('button', { name: /^Añadir / })
    .first()
    .click();
  const add = activities.getByRole('form', { name: /^Añadir / });
  await add.getByRole('button', { name: 'Añadir a mi reserva' }).click();
  await expect(add.getByText('Elige al menos un viajero.')).toBeVisible();
  await add.getByRole('checkbox').first().check();
  await expect(add.getByText(/^Total: [\d.,]+ €$/)).toBeVisible();
  await expectAccessible(page, '/perfil/reserva/{id} (añadir actividad)');
  await page.screenshot({ path: `test-results/perfil-actividad-${testInfo.project.name}.png`, fullPage: true });
  await add.getByRole('button', { name: 'Añadir a mi reserva' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Actividad añadida.' })).toBeVisible();
  await expect(owed).not.toHaveText('0 €');

  // The pay link, followed at the shop's public address: the terminal sends the browser back there, and
  // the confirmation answers the browser that paid (its funnel cookie for that address).
  const payLink = await page.getByRole('link', { name: 'Pagar lo pendiente' }).getAttribute('href');
  expect(payLink).toMatch(/^\/paga-tu-reserva\//);
  await page.goto(`${SHOP_ORIGIN}${payLink}`);
  const full = page.getByRole('radio', { name: /Todo el importe pendiente/ });
  if ((await full.count()) > 0) await full.check();
  await acceptAndPay(page);
  await payOnTerminal(page, APPROVED_CARD);
  await expect(page.getByRole('heading', { name: '¡Reserva confirmada!' })).toBeVisible();
  await expect(page.getByTestId('remaining')).toHaveText('0 €');
  await page.goto(`/perfil/reserva/${booking.id}`);
  await expect(owed).toHaveText('0 €');
});
