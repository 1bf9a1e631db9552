/**
 * /perfil/presupuestos-y-favoritos and the hearts, against the real shop, each test as a traveller of its
 * own (signed up through the accounts API): a tour favourited from its page is found in the profile and
 * removed there; a visitor's heart goes to sign in and comes back with the favourite added; a budget saved
 * in the funnel is resumed from the profile and deleted after a confirmation. Screens are photographed
 * into test-results/screens/ to look at.
 */
import { expect, type Page, type TestInfo, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { useOwnClientAddress } from '../support/client-address.ts';
import { createPayableBooking, listDepartures, SHOP_ORIGIN } from '../support/funnel-booking.ts';
import { signInAs, signInAsNewTraveler } from '../support/sign-up.ts';

const PROFILE = '/perfil/presupuestos-y-favoritos';

async function screen(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}-${testInfo.project.name}.png`, fullPage: true });
}

const favoriteIds = async (page: Page) => ((await (await page.request.get('/api/me/favorites/ids')).json()) as { tourIds: string[] }).tourIds;

test('a tour favourited from its page is in the profile, and removed there', async ({ page }, testInfo) => {
  await signInAsNewTraveler(page);
  // Signed in on this browser as a traveller is: the profile's session check leaves the pages' hint.
  await page.goto('/perfil');
  await expect(page.getByText(/^Hola, /)).toBeVisible();
  await page.goto('/tour/vietnam-de-norte-a-sur');
  const heart = page.getByRole('complementary', { name: 'Precio y reserva' }).getByRole('button', { name: /^Guardar en favoritos/ });
  const tourId = (await heart.getAttribute('data-favorite-tour')) ?? '';
  const tourName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';

  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Guardado en tus favoritos.' })).toBeAttached();
  // Signed in already: the press is saved where it was made, with no trip through the sign-in screen.
  expect(visited).toEqual([]);
  // Read from the API on the next visit too, and kept once however often it was pressed.
  await page.reload();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect((await favoriteIds(page)).filter((id) => id === tourId)).toHaveLength(1);
  await heart.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/screens/tour-favorito-${testInfo.project.name}.png` });

  await page.goto('/perfil');
  await page.getByRole('link', { name: 'Presupuestos y favoritos' }).click();
  await expect(page).toHaveURL(new RegExp(`${PROFILE}$`));
  const favorites = page.getByRole('region', { name: 'Viajes favoritos' });
  const card = favorites.getByRole('listitem', { name: tourName });
  await expect(card.getByRole('link', { name: tourName })).toHaveAttribute('href', '/tour/vietnam-de-norte-a-sur');
  await expect(card).toContainText(/desde [\d.]+ €/);
  await expectAccessible(page, PROFILE);
  await screen(page, testInfo, 'perfil-presupuestos-y-favoritos');

  await card.getByRole('button', { name: 'Quitar de favoritos' }).click();
  await expect(favorites.getByRole('status')).toHaveText(`Hemos quitado «${tourName}» de tus favoritos.`);
  await expect(card).toHaveCount(0);
  await expect(favorites.getByRole('heading', { name: 'Viajes favoritos' })).toBeFocused();
  await page.goto('/tour/vietnam-de-norte-a-sur');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
});

test('a visitor’s heart on a tour card goes to sign in and comes back with the favourite added', async ({ page, browser }, testInfo) => {
  // Her account, made in a browser of its own; she signs in again on the visitor's.
  const traveller = await browser.newPage();
  const account = await signInAsNewTraveler(traveller);
  await traveller.goto('/viajes');
  const card = (p: Page) => p.locator('article.tour-card', { has: p.getByRole('link', { name: 'JORDANIA', exact: false }) }).first();
  const tourId = (await card(traveller).locator('[data-favorite-tour]').getAttribute('data-favorite-tour')) ?? '';

  // A visitor who never signed in on this browser: the hearts show, and asking the API is not needed.
  // From an address of its own: the whole suite signs in from 127.0.0.1, and sign-ins are limited per address.
  await useOwnClientAddress(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/me/')) apiCalls.push(request.url());
  });
  await page.goto('/viajes');
  const heart = card(page).getByRole('button', { name: /^Guardar en favoritos: / });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  expect(apiCalls).toEqual([]);
  await heart.click();
  await expect(page).toHaveURL(/\/login\?next=%2Fviajes$/);

  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/viajes$/);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect(await favoriteIds(traveller)).toContain(tourId);
  // Only the press that was made: going back to the page does not add it again or toggle it.
  await page.reload();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await heart.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/screens/viajes-corazon-${testInfo.project.name}.png` });
  await traveller.close();
});

test('a budget saved in the funnel is resumed from the profile, then deleted after a confirmation', async ({ page }, testInfo) => {
  await useOwnClientAddress(page);
  // A booking made with a traveller's e-mail is hers, signed in or not.
  const account = await signInAsNewTraveler(page);
  await page.context().clearCookies();
  const booking = await createPayableBooking(page.request, { slug: 'japon-esencial', leadEmail: account.email });
  const budgetName = `Japón con mi hermana ${testInfo.project.name}`;
  await page.goto(`/tour/${booking.slug}/personaliza-el-viaje/${booking.id}`);
  const summary = page.getByRole('complementary', { name: 'Resumen del precio' });
  await summary.getByText('Guardar presupuesto').click();
  await page.getByLabel('Nombre del presupuesto').fill(budgetName);
  await page.getByRole('button', { name: 'Enviar presupuesto' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Te hemos enviado el presupuesto por correo' })).toBeVisible();

  await signInAs(page, account);
  await page.goto(PROFILE);
  const budgets = page.getByRole('region', { name: 'Presupuestos guardados' });
  const card = budgets.getByRole('listitem', { name: budgetName });
  await expect(card).toContainText('Japón esencial');
  await expect(card).toContainText(/Precio guardado\s*[\d.]+ €/);
  await expect(card).toContainText(/Precio hoy\s*[\d.]+ €/);
  await expect(card).toContainText('El precio y las plazas siguen como cuando lo guardaste.');
  await expectAccessible(page, `${PROFILE} (con presupuestos)`);
  await screen(page, testInfo, 'perfil-presupuestos');

  // 'Continuar reserva' opens the funnel where the budget was saved, on the same booking.
  await card.getByRole('link', { name: 'Continuar reserva' }).click();
  await expect(page).toHaveURL(new RegExp(`/tour/${booking.slug}/personaliza-el-viaje/${booking.id}$`));
  await expect(page.getByText('Paso 3 de 5:')).toBeVisible();

  await page.goto(PROFILE);
  await card.getByRole('button', { name: 'Eliminar' }).click();
  await expect(card.getByText(`¿Eliminar el presupuesto «${budgetName}»?`)).toBeFocused();
  await expectAccessible(page, `${PROFILE} (confirmar)`);
  await card.getByRole('button', { name: 'No, mantenerlo' }).click();
  await expect(card.getByRole('button', { name: 'Eliminar' })).toBeFocused();
  await card.getByRole('button', { name: 'Eliminar' }).click();
  await card.getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(budgets.getByRole('status')).toHaveText(`Hemos eliminado el presupuesto «${budgetName}».`);
  await expect(card).toHaveCount(0);
  // Gone for good: read again, her list is empty.
  await page.reload();
  await expect(budgets.getByText('No tienes presupuestos guardados.', { exact: false })).toBeVisible();
  await expect(card).toHaveCount(0);
  // The booking itself is still there, unfinished, for whoever holds it.
  const left = await page.request.get(`/api/bookings/${booking.id}`);
  expect(((await left.json()) as { status: string }).status).toBe('IN_PROGRESS');
});

test('a budget whose departure has run out of seats says so', { tag: '@one-width' }, async ({ page, request }, testInfo) => {
  // The departure with the fewest seats that still has two: the budget waits while another booking takes every seat.
  const slug = 'marruecos-ciudades-imperiales';
  const departure = (await listDepartures(request, slug))
    .filter((d) => d.bookableAvailability >= 2 && d.bookableAvailability <= 20)
    .sort((a, b) => a.bookableAvailability - b.bookableAvailability)[0];
  if (!departure) throw new Error('no small departure in the demo catalogue');
  const account = await signInAsNewTraveler(page);
  await page.context().clearCookies();
  const waiting = await createPayableBooking(page.request, { slug, departure, leadEmail: account.email });
  const budgetName = `Marruecos sin prisa ${testInfo.project.name}`;
  const saved = await page.request.post(`/api/bookings/${waiting.id}/budget`, {
    data: { budgetName },
    headers: { origin: SHOP_ORIGIN, 'x-forwarded-for': `203.0.113.${testInfo.project.name === 'phone' ? 241 : 240}` },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const first = await createPayableBooking(page.request, { slug, departure, adults: departure.bookableAvailability });
  expect((await page.request.post(`/api/bookings/${first.id}/hold`, { headers: { origin: SHOP_ORIGIN } })).status()).toBe(200);
  try {
    await signInAs(page, account);
    await page.goto(PROFILE);
    const card = page.getByRole('region', { name: 'Presupuestos guardados' }).getByRole('listitem', { name: budgetName });
    await expect(card).toContainText('Ya no quedan plazas suficientes para esta salida.');
    await expect(card.getByRole('link', { name: 'Continuar reserva' })).toHaveAttribute('href', `/tour/${slug}/personaliza-el-viaje/${waiting.id}`);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/perfil-presupuesto-sin-plazas-${testInfo.project.name}.png` });
  } finally {
    // Changing the booking gives its held seats back, for the rest of the suite.
    await page.request.patch(`/api/bookings/${first.id}`, { headers: { origin: SHOP_ORIGIN }, data: { couponCode: null } });
  }
});

test('a visitor opening the screen is sent to sign in and back', { tag: '@one-width' }, async ({ page }) => {
  await page.goto(PROFILE);
  await expect(page).toHaveURL(/\/login\?next=%2Fperfil%2Fpresupuestos-y-favoritos$/);
});
