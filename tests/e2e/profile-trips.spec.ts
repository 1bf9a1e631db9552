/**
 * The traveller's own trips, as the demo traveller: the list, one trip with its documents and receipts,
 * and someone else's trip answered as not theirs.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { signInAsDemoTraveller } from '../support/traveller-session.ts';

test('the demo traveller sees their trips, opens one and downloads its voucher, ticket and receipt', async ({ page }) => {
  await signInAsDemoTraveller(page);
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

  for (const name of ['Bono de reserva (PDF)', /Billete electrónico/, 'Recibo (PDF)']) {
    const link = page.getByRole('link', { name }).first();
    const res = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(res.status(), String(name)).toBe(200);
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
});

test('someone else opening a traveller’s trip is told it is not theirs', async ({ page, browser }) => {
  const traveller = await browser.newPage();
  await signInAsDemoTraveller(traveller);
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
