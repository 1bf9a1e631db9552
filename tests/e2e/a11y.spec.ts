/**
 * WCAG 2.2 AA on one page of every template: axe-core runs with the WCAG A and AA tags of 2.0, 2.1 and
 * 2.2 after the page's islands have hydrated (so what axe checks is what a visitor gets), on both
 * Playwright projects (desktop and phone: some rules, such as target size, depend on the layout).
 * Zero violations; a failure lists each violation with the elements it found.
 */
import { expect, type Page, test } from '../support/test.ts';
import { acceptAndPay, APPROVED_CARD, createPayableBooking, payOnTerminal, SHOP_ORIGIN } from '../support/funnel-booking.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { loadWholePage } from '../support/load-whole-page.ts';

interface Template {
  name: string;
  path: string;
  /** What must be on screen before axe runs, beyond hydrated islands (results fetched in the browser). */
  ready?: (page: Page) => Promise<void>;
}

const TEMPLATES: Template[] = [
  { name: 'home', path: '/' },
  { name: 'all trips', path: '/viajes' },
  { name: 'season', path: '/temporada/marzo' },
  { name: 'season index', path: '/temporada' },
  { name: 'trip type index', path: '/tipo-de-viaje' },
  { name: 'destination', path: '/destino/japon' },
  { name: 'region', path: '/region/lejano-oriente' },
  { name: 'trip type', path: '/tipo-de-viaje/single' },
  { name: 'group trips', path: '/viajes-en-grupo' },
  {
    name: 'tour',
    path: '/tour/japon-esencial',
    // The departure picker reads seats live: wait for its list, not for the build-time fallback.
    ready: async (page) => {
      await expect(page.locator('.departures__list')).toBeVisible();
    },
  },
  {
    name: 'search results',
    path: '/busqueda/japon',
    ready: async (page) => {
      await expect(page.getByRole('status').filter({ hasText: /viajes? encontrados?/ })).toBeVisible();
    },
  },
  { name: 'last minute', path: '/last-minute' },
  { name: 'offers', path: '/ofertas' },
  { name: 'campaign: christmas markets', path: '/tipo-de-viaje/viaje-mercados-navidenos' },
  { name: 'campaign with carousels', path: '/black-friday' },
  { name: 'campaign with carousels (family)', path: '/viajes-en-familia' },
  ...[
    '/somos-different',
    '/programa-de-puntos',
    '/politica-privacidad',
    '/contacto',
    '/preguntas-frecuentes',
    '/terminos-reservas',
    '/aviso-legal',
    '/accesibilidad',
    '/politica-cookies',
  ].map((path) => ({
    name: `information ${path}`,
    path,
  })),
  { name: 'not found', path: '/esta-pagina-no-existe' },
  { name: 'sign-in', path: '/login' },
  // The funnel's shell is open to visitors; the profile and admin shells are checked signed in, below.
  { name: 'shell: booking funnel', path: '/tour/japon-esencial/pasajeros/demo-reserva' },
];

/** The profile and back-office shells send a visitor to /login: they are checked as the demo admin. */
const SIGNED_IN_SHELLS = [
  { name: 'shell: profile', path: '/perfil' },
  // As the admin, who keeps no budgets or favourites: the screen's empty states.
  { name: 'shell: budgets and favourites', path: '/perfil/presupuestos-y-favoritos' },
  { name: 'shell: admin', path: '/admin' },
  // A desk built on the staff kit alone (site/desks/staff-log/), with the log of the suite's own presses.
  { name: 'desk: the office’s log', path: '/admin/historial' },
  { name: 'the office’s payment policies', path: '/admin/plazos-de-pago' },
  { name: 'desk: balances overdue', path: '/admin/cobros' },
  { name: 'desk: invoices', path: '/admin/facturas' },
  { name: 'desk: the office’s inbox', path: '/admin/consultas' },
  { name: 'the company’s data', path: '/admin/empresa' },
];
const ADMIN = { email: 'admin@different.demo', password: 'admin-demo-2026' };

test.describe('every public template', () => {
  // One visitor's browser for the whole walk, as a person clicking through the site has: the bundles and
  // styles come from its cache after the first page, which is most of what a fresh browser per page spent.
  // Each template stays a test of its own; a failed one restarts the worker, and a new browser with it.
  let page: Page;
  test.beforeAll(async ({ browser }, info) => {
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, locale, timezoneId } = info.project.use;
    page = await (await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, locale, timezoneId })).newPage();
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  for (const template of TEMPLATES) {
    test(`axe: ${template.name} (${template.path}) has no WCAG 2.2 A/AA violations`, async () => {
      const response = await page.goto(template.path);
      expect(response?.status()).toBe(template.name === 'not found' ? 404 : 200);
      await loadWholePage(page);
      await template.ready?.(page);
      await expectAccessible(page, template.path);
    });
  }
});

test(`axe: the signed-in shells (${SIGNED_IN_SHELLS.map((shell) => shell.path).join(', ')}) have no WCAG 2.2 A/AA violations`, async ({ page }) => {
  // One sign-in for both screens: sign-in is rate limited.
  await page.goto(`/login?next=${encodeURIComponent(SIGNED_IN_SHELLS[0]?.path ?? '/perfil')}`);
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  // Signing in takes the browser to the first screen itself; the others are opened here.
  await expect(page).toHaveURL(new RegExp(`${SIGNED_IN_SHELLS[0]?.path}$`));
  await page.waitForLoadState('load');
  for (const [index, shell] of SIGNED_IN_SHELLS.entries()) {
    await test.step(shell.name, async () => {
      if (index > 0) await page.goto(shell.path);
      await expect(page).toHaveURL(new RegExp(`${shell.path}$`));
      await loadWholePage(page);
      // The session guard's loading screen gives way to the screen once the session is known.
      await expect(page.getByText('Cargando tu cuenta…')).toHaveCount(0);
      await expectAccessible(page, shell.path);
    });
  }
});

/**
 * The pay step and the screens after it need a booking: one is made through the API and paid on the
 * sandbox terminal (at the shop's public address, where the terminal sends the browser back), another
 * waits for a bank transfer; each screen is checked in the state a traveller meets it.
 */
test.describe('payment screens', () => {
  test.use({ baseURL: SHOP_ORIGIN });

  test('axe: the pay step, confirmation, receipts, pay link and /payment have no WCAG 2.2 A/AA violations', async ({ page }) => {
    test.setTimeout(90_000);
    const check = async (name: string, path: string | null, ready: () => Promise<void>) => {
      await test.step(name, async () => {
        if (path) await page.goto(path);
        await ready();
        await loadWholePage(page);
        await expectAccessible(page, path ?? page.url());
      });
    };

    const paid = await createPayableBooking(page.request);
    await check('pay step', `/tour/${paid.slug}/paga-tu-reserva/${paid.id}`, () => expect(page.getByTestId('hold-countdown').getByRole('timer')).toBeVisible());
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await check('pay step with errors, information open', null, async () => {
      await expect(page.getByText('Debes aceptar la política de privacidad para continuar')).toBeVisible();
      await page.locator('#informacion-precontractual summary').click();
    });
    await acceptAndPay(page);
    await payOnTerminal(page, APPROVED_CARD);
    await check('confirmation', null, () => expect(page.getByRole('heading', { name: '¡Reserva confirmada!' })).toBeVisible());
    const tkId = (await page.getByTestId('tk-id').textContent())?.trim() ?? '';
    await check('receipts', `/recibos-de-pago/${paid.id}?tk=${encodeURIComponent(tkId)}`, () => expect(page.getByTestId('receipts')).toBeVisible());
    await check('pay link', `/paga-tu-reserva/${paid.id}/${encodeURIComponent(tkId)}/${paid.slug}`, () =>
      expect(page.getByRole('button', { name: 'Pagar', exact: true })).toBeVisible(),
    );

    const transfer = await createPayableBooking(page.request);
    const started = await page.request.post(`/api/payments/booking/${transfer.id}`, {
      headers: { origin: SHOP_ORIGIN },
      data: { amount: 'due', method: 'transfer', points: 0, acceptTerms: true, acceptPrivacy: true },
    });
    expect(started.status()).toBe(201);
    const { paymentId } = (await started.json()) as { paymentId: string };
    await check('confirmation of a transfer', `/confirmacion/${paymentId}`, () => expect(page.getByTestId('transfer-instructions')).toBeVisible());
    await check('payment result', `/payment/${transfer.id}/${paymentId}`, () => expect(page.getByTestId('transfer-instructions')).toBeVisible());
    await check('how to pay', '/payment', () => expect(page.getByRole('heading', { name: 'Cómo pagar tu reserva' })).toBeVisible());
    await check('receipts without permission', `/recibos-de-pago/${transfer.id}`, () => expect(page.getByTestId('receipts-not-found')).toBeVisible());
  });
});
