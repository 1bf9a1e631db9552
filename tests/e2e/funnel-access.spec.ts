/**
 * A booking in progress opens only in the browser that made it (issue 16). Someone given the address of a
 * step (a shared link, a copied URL) sees no traveller's data, and can change nothing; the lead opens it on
 * another device through the budget mail's link.
 */
import { expect, test } from '../support/test.ts';
import { useOwnClientAddress } from '../support/client-address.ts';
import { createPayableBooking, findMail, SHOP_ORIGIN } from '../support/funnel-booking.ts';
import { tampered as tamperedToken } from '../support/tampered.ts';

test.use({ baseURL: SHOP_ORIGIN });

const NOT_HERE =
  'No encontramos esa reserva en este navegador. Si la empezaste en otro dispositivo, abre el enlace del presupuesto que te enviamos por correo o inicia sesión con tu cuenta.';

test('a step opened in another browser shows nothing of the booking; the budget mail opens it there', async ({ page, browser }, testInfo) => {
  await useOwnClientAddress(page);
  const booking = await createPayableBooking(page.request);
  const step = `/tour/${booking.slug}/pasajeros/${booking.id}`;
  await page.goto(step);
  await expect(page.getByText('Paso 4 de 5:')).toBeVisible();
  await expect(page.getByLabel('Nombre', { exact: true }).first()).toHaveValue('Ana');

  const other = await browser.newContext({ baseURL: SHOP_ORIGIN, viewport: page.viewportSize() });
  try {
    const stranger = await other.newPage();
    await stranger.goto(step);
    await expect(stranger.getByRole('alert')).toHaveText(NOT_HERE);
    await expect(stranger.getByText('García López')).toHaveCount(0);
    await stranger.screenshot({ path: `test-results/screens/reserva-otro-navegador-${testInfo.project.name}.png` });
    // Its API calls are refused too: a read, a change, a hold.
    expect((await stranger.request.get(`/api/bookings/${booking.id}`)).status()).toBe(404);
    const origin = { origin: SHOP_ORIGIN };
    expect((await stranger.request.patch(`/api/bookings/${booking.id}`, { headers: origin, data: { couponCode: null } })).status()).toBe(404);
    expect((await stranger.request.post(`/api/bookings/${booking.id}/hold`, { headers: origin })).status()).toBe(404);

    // The lead saves a budget in the first browser; its mail's link opens the booking in the other one.
    const saved = await page.request.post(`/api/bookings/${booking.id}/budget`, { headers: origin, data: { budgetName: 'Para enseñárselo a Luis' } });
    expect(saved.status(), await saved.text()).toBe(200);
    const link = (await findMail(booking.leadEmail, 'BUDGET')).text.match(/Continuar con mi reserva: (\S+)/)?.[1];
    expect(link).toContain('?acceso=');
    await stranger.goto(link!);
    await expect(stranger.getByText('Paso 3 de 5:')).toBeVisible();
    // The token leaves the address once used, so the address copied from here carries no key.
    await expect(stranger).toHaveURL(`${SHOP_ORIGIN}/tour/${booking.slug}/personaliza-el-viaje/${booking.id}`);
    await stranger.goto(step);
    await expect(stranger.getByText('Paso 4 de 5:')).toBeVisible();
    await expect(stranger.getByLabel('Nombre', { exact: true }).first()).toHaveValue('Ana');
    await stranger.screenshot({ path: `test-results/screens/reserva-desde-presupuesto-${testInfo.project.name}.png` });

    // A link whose token was tampered with says so, and opens nothing.
    const third = await other.browser()!.newContext({ baseURL: SHOP_ORIGIN });
    try {
      const tampered = await third.newPage();
      await tampered.goto(tamperedToken(link!));
      await expect(tampered.getByRole('alert')).toHaveText('Este enlace de presupuesto no es válido o la reserva ya no se puede continuar desde aquí.');
    } finally {
      await third.close();
    }
  } finally {
    await other.close();
  }
});
