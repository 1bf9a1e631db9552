/**
 * The travellers desk (issue 13), as the demo admin at desktop and phone width. Each test signs a new
 * traveller up through the real accounts API (and confirms the e-mail with the code from the outbox),
 * then: the admin finds them and forces a password change, and in a fresh browser the traveller signs in,
 * is made to choose a new password and gets in with it; or the admin downloads their personal data and
 * erases it, after which the account no longer signs in. Every screen and dialog passes axe.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, expect, type Page, type TestInfo, test } from '../support/test.ts';
import { ERASE_REASON_REQUIRED, TRAVELER_FORM_MESSAGES } from '#shared/schemas/travelers.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { DEMO_ADMIN, signInAsAdmin } from '../support/admin-session.ts';
import { findMail } from '../support/funnel-booking.ts';

test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'mi frase de siempre 2026';
const NEW_PASSWORD = 'otra frase nueva para el viaje';

let address = 0;
/** A signed-up, confirmed and signed-in traveller, in an API context of their own (own client address for the sign-up limit). */
async function signUpTraveler(playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }, info: TestInfo, who: string) {
  const baseURL = info.project.use.baseURL as string;
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': `198.51.100.${((process.pid + ++address) % 250) + 1}` },
  });
  const email = `${who}.${info.project.name}.${Date.now()}@correo.es`;
  const signUp = await request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const code = /\b(\d{6})\b/.exec((await findMail(email, 'ACCOUNT_VERIFICATION')).text)?.[1];
  const verified = await request.post('/api/auth/verify', { data: { email, code, password: PASSWORD } });
  expect(verified.status(), await verified.text()).toBe(200);
  return { email, name: email.split('@')[0] as string, request };
}

/** A browser of its own, as the traveller's phone or computer would be: same size as the project's. */
async function freshPage(browser: Browser, info: TestInfo): Promise<Page> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, locale, timezoneId } = info.project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, locale, timezoneId });
  return context.newPage();
}

/** The 'Acciones del equipo' block of a traveller's page. */
const staffActions = (page: Page) => page.locator('section.admin-block', { has: page.locator('#acciones') });

/** On /admin/travelers: searches for the e-mail and opens the one traveller found. */
async function openTraveler(page: Page, info: TestInfo, email: string, name: string) {
  await page.goto('/admin/travelers');
  await expect(page.getByRole('link', { name: 'Viajeros', exact: true })).toHaveAttribute('aria-current', 'page');
  const search = page.getByRole('search').getByRole('form', { name: 'Buscar viajeros' });
  await search.getByLabel('Buscar').fill('x');
  await search.getByRole('button', { name: 'Buscar' }).click();
  await expect(search.getByText('Escribe al menos 2 caracteres.')).toBeVisible();
  await search.getByLabel('Buscar').fill(email);
  await search.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('status').filter({ hasText: /viajeros?$/ })).toHaveText('1 viajero');
  await expect(page).toHaveURL(/\/admin\/travelers\?q=/);
  await expectAccessible(page, '/admin/travelers');
  await page.screenshot({ path: `test-results/admin-travelers-${info.project.name}.png`, fullPage: true });
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/admin\/travelers\/[\w-]+$/);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Viajeros', exact: true })).toHaveAttribute('aria-current', 'page');
}

test('a visitor gets no travellers desk, and its API refuses', async ({ page }) => {
  await page.goto('/admin/travelers');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Ftravelers/);
  expect((await page.request.get('/api/admin/travelers')).status()).toBe(401);
});

test("the demo traveller's page: her trips, favourites and points ledger, found without her accents", async ({ page }, info) => {
  await signInAsAdmin(page);
  await page.goto('/admin/travelers?q=lucia%20ramirez');
  await expect(page.getByRole('status').filter({ hasText: /viajeros?$/ })).toHaveText('1 viajero');
  await page.getByRole('link', { name: 'Lucía Ramírez Ortega' }).click();
  await expect(page.getByRole('heading', { name: 'Lucía Ramírez Ortega', level: 2 })).toBeVisible();
  const trips = page.locator('section.admin-block', { has: page.locator('#reservas') });
  // The seed's three — Japan ahead, Morocco reviewed long ago, the trip just back whose review is still to
  // write — and any other specs booked as her before this one ran (the profile specs do, at the other width).
  await expect(trips.getByRole('heading')).toHaveText(/^Reservas \((\d+)\)$/);
  expect(Number(/\d+/.exec((await trips.getByRole('heading').textContent()) ?? '')?.[0])).toBeGreaterThanOrEqual(3);
  for (const tour of ['Japón esencial', 'Marruecos']) await expect(trips.locator('tbody tr').filter({ hasText: tour }).first()).toBeVisible();
  await expect(trips.locator('tbody tr').first()).toContainText('Titular');
  await expect(page.locator('section.admin-block', { has: page.locator('#favoritos') }).getByRole('link', { name: 'Japón esencial' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Puntos', exact: true })).toContainText(/\d[\d.]* puntos/);
  await expect(page.locator('section.admin-block', { has: page.locator('#movimientos') }).locator('tbody tr')).not.toHaveCount(0);
  await expectAccessible(page, '/admin/travelers/{id} (con reservas)');
  await page.screenshot({ path: `test-results/admin-traveler-demo-${info.project.name}.png`, fullPage: true });

  // The form names a wrong document next to its field and keeps the focus there; 'Volver' saves nothing.
  await page.getByRole('button', { name: 'Editar datos' }).click();
  const form = page.getByRole('dialog', { name: /^Editar los datos de Lucía/ });
  await expect(form.getByLabel('Nombre', { exact: true })).toHaveValue('Lucía');
  await form.getByLabel('DNI o NIE').fill('12345678A');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText(TRAVELER_FORM_MESSAGES.dni)).toBeVisible();
  await expect(form.getByLabel('DNI o NIE')).toBeFocused();
  await expectAccessible(page, '/admin/travelers/{id} (editar)');
  await page.screenshot({ path: `test-results/admin-traveler-editar-${info.project.name}.png` });
  await form.getByRole('button', { name: 'Volver' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('region', { name: 'Datos personales' })).not.toContainText('12345678A');
});

test('the admin forces a password change; the traveller signs in, must choose a new password, and gets in with it', async ({
  page,
  browser,
  playwright,
}, info) => {
  const traveller = await signUpTraveler(playwright, info, 'forzada');
  await signInAsAdmin(page);
  await openTraveler(page, info, traveller.email, traveller.name);

  await expect(page.locator('.admin-traveler__head')).toContainText('Cuenta activa');
  await expect(page.getByRole('region', { name: 'Cuenta', exact: true })).toContainText(traveller.email);
  await expectAccessible(page, '/admin/travelers/{id}');
  await page.screenshot({ path: `test-results/admin-traveler-${info.project.name}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Forzar cambio de contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forzar cambio de contraseña' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Enviarle también un correo/)).toBeChecked();
  await expectAccessible(page, '/admin/travelers/{id} (forzar cambio de contraseña)');
  await page.screenshot({ path: `test-results/admin-traveler-forzar-${info.project.name}.png` });
  // While the press is on its way the dialog waits for its answer: neither Escape nor 'Volver' closes it.
  const { promise: answered, resolve: answer } = Promise.withResolvers<void>();
  await page.route('**/api/admin/travelers/*/force-password-change', async (route) => {
    await answered;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByRole('button', { name: 'Un momento…' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('button', { name: 'Volver' })).toBeDisabled();
  await expect(dialog).toBeVisible();
  answer();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'sus sesiones se han cerrado' })).toBeVisible();
  await expect(page.locator('.admin-traveler__head')).toContainText('Debe elegir contraseña nueva');
  await expect(staffActions(page)).toContainText('Cambio de contraseña forzado');
  await expect(staffActions(page)).toContainText(DEMO_ADMIN.email);
  // The session the traveller had is over, and the reset mail is on its way.
  expect((await traveller.request.post('/api/auth/refresh')).status()).toBe(401);
  expect((await findMail(traveller.email, 'PASSWORD_RESET')).text).toContain('nuestro equipo ha pedido que elijas una contraseña nueva');

  // In a browser of their own, the traveller signs in with the password they know.
  const own = await freshPage(browser, info);
  await own.goto('/login');
  await own.getByLabel('Correo electrónico').fill(traveller.email);
  await own.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await own.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(own.getByRole('heading', { name: 'Cambia tu contraseña' })).toBeFocused();
  await expect(own.getByRole('status').filter({ hasText: 'nuestro equipo ha pedido que elijas una contraseña nueva' })).toBeVisible();
  await expect(own).toHaveURL(/\/login$/);
  await expectAccessible(own, '/login (contraseña nueva exigida)');
  await own.screenshot({ path: `test-results/login-cambio-exigido-${info.project.name}.png`, fullPage: true });
  // The same password again is not a new one.
  await own.getByLabel('Nueva contraseña').fill(PASSWORD);
  await own.getByRole('button', { name: 'Guardar y entrar' }).click();
  await expect(own.getByText('La nueva contraseña tiene que ser distinta de la anterior.')).toBeVisible();
  await expect(own.getByLabel('Nueva contraseña')).toBeFocused();
  await own.getByLabel('Nueva contraseña').fill(NEW_PASSWORD);
  await own.getByRole('button', { name: 'Guardar y entrar' }).click();
  await expect(own).toHaveURL(/\/perfil$/);
  await expect(own.getByText(`Hola, ${traveller.name}`)).toBeVisible();

  // From now on the new password is the one, with nothing more asked.
  await own.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(own).toHaveURL(/\/$/);
  await own.goto('/login');
  await own.getByLabel('Correo electrónico').fill(traveller.email);
  await own.getByLabel('Contraseña', { exact: true }).fill(NEW_PASSWORD);
  await own.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(own).toHaveURL(/\/perfil$/);
  await own.context().close();

  await page.reload();
  await expect(page.locator('.admin-traveler__head')).toContainText('Cuenta activa');
  await traveller.request.dispose();
});

test("the admin downloads a traveller's personal data and erases it; the account no longer signs in", async ({ page, playwright }, info) => {
  const traveller = await signUpTraveler(playwright, info, 'borrada');
  await signInAsAdmin(page);
  await openTraveler(page, info, traveller.email, traveller.name);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar sus datos (JSON)' }).click();
  const file = await (await download).path();
  const data = JSON.parse(await readFile(file, 'utf8')) as { traveler: { email: string }; account: { email: string } };
  expect(data.traveler.email).toBe(traveller.email);
  expect(data.account.email).toBe(traveller.email);

  await page.getByRole('button', { name: 'Borrar datos personales' }).click();
  const dialog = page.getByRole('dialog', { name: 'Borrar datos personales' });
  await dialog.getByRole('button', { name: 'Borrar sus datos' }).click();
  await expect(dialog.getByText(ERASE_REASON_REQUIRED)).toBeVisible();
  await expect(dialog.getByLabel(/^Motivo/)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, '/admin/travelers/{id} (borrar datos)');
  await page.screenshot({ path: `test-results/admin-traveler-borrar-${info.project.name}.png` });
  await dialog.getByLabel(/^Motivo/).fill('Lo ha pedido por correo hoy');
  await dialog.getByRole('button', { name: 'Borrar sus datos' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Datos personales borrados.' })).toBeVisible();
  await expect(page.locator('.admin-traveler__head')).toContainText('Datos borrados el');
  await expect(page.getByRole('heading', { name: 'Anónimo', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Borrar datos personales' })).toHaveCount(0);
  await expect(staffActions(page)).toContainText('Lo ha pedido por correo hoy');
  await expectAccessible(page, '/admin/travelers/{id} (borrado)');
  await page.screenshot({ path: `test-results/admin-traveler-borrado-${info.project.name}.png`, fullPage: true });

  expect((await traveller.request.post('/api/auth/refresh')).status()).toBe(401);
  const signIn = await traveller.request.post('/api/auth/signin', { data: { email: traveller.email, password: PASSWORD } });
  expect(signIn.status()).toBe(401);
  await traveller.request.dispose();
});
