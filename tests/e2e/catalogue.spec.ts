import { expect, type Page, test } from '../support/test.ts';
import { slugify } from '#shared/rules/text.ts';
import { useOwnClientAddress } from '../support/client-address.ts';
import { holdIslandCode, waitForIslands } from '../support/load-whole-page.ts';
import { openLaneDatabase } from '../support/lane-shop.ts';

/** Reads the running shop's own database (the folder playwright.config.ts gave it). */
function shopDatabase() {
  return openLaneDatabase();
}

interface TourRow {
  name: string;
  slug: string;
}

/** The tours that must appear nowhere: the hidden ('oculto') ones and those without an adult price. */
function unlistedTours(): { hidden: TourRow[]; unpriced: TourRow[] } {
  const db = shopDatabase();
  try {
    const hidden = db.prepare("select name, web_slug as slug from tours where tag_keywords like '%oculto%' or tag_season like '%oculto%'").all() as TourRow[];
    const unpriced = db
      .prepare(
        "select name, web_slug as slug from tours t where not exists (select 1 from prices p where p.tour_id = t.id and p.period_id is null and p.flight_id is null and p.age_group_name = 'Adultos' and p.value_cents > 0)",
      )
      .all() as TourRow[];
    return { hidden, unpriced };
  } finally {
    db.close();
  }
}

const JAPAN = '/tour/japon-esencial';
const visibleCards = (page: Page) => page.locator('[data-grid-tour]:visible');
const pillCount = async (page: Page, name: RegExp) => Number((await page.getByRole('button', { name }).textContent())?.match(/\((\d+)\)/)?.[1]);

// Width-independent (the phone reaches every template through a11y.spec.ts): run once, on the desktop.
test.describe('catalogue routes', { tag: '@one-width' }, () => {
  for (const path of [
    '/viajes',
    '/temporada',
    '/temporada/marzo',
    '/temporada/todo-el-ano',
    '/destino/japon',
    '/region/lejano-oriente',
    '/tipo-de-viaje',
    '/tipo-de-viaje/grupo',
    '/tipo-de-viaje/single',
    '/tipo-de-viaje/grupo-privados',
    '/viajes-en-grupo',
    JAPAN,
    '/busqueda/japon',
  ]) {
    test(`${path} answers on a direct load with its content`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    });
  }

  test('listing pages show their tours as cards, with the grid heading and pills', async ({ page }) => {
    await page.goto('/destino/japon');
    await expect(page.getByRole('heading', { level: 1, name: 'Viajes a Japón' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'JAPÓN ESENCIAL' })).toBeVisible();
    await page.goto('/temporada');
    const months = await page
      .getByRole('link', { name: /^(Todo el año|Enero|Febrero|Marzo|Abril|Mayo|Junio|Julio|Agosto|Septiembre|Octubre|Noviembre|Diciembre)\b/ })
      .allTextContents();
    const order = ['Todo el año', 'Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];
    const indexes = months.map((text) => order.findIndex((month) => text.startsWith(month)));
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  });

  test('sitemap.xml and robots.txt', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    for (const path of [
      '/viajes',
      '/temporada/marzo',
      '/destino/japon',
      '/region/lejano-oriente',
      '/tipo-de-viaje/single',
      JAPAN,
      '/ofertas',
      '/aviso-legal',
    ]) {
      expect(xml).toMatch(new RegExp(`<loc>https?://[^<]+${path.replace(/\//g, '\\/')}</loc>`));
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /perfil');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
  });
});

test.describe('tour grid pills', () => {
  test('filter by trip type and destination, clear, and keep the filter in the address across a reload', async ({ page }) => {
    await page.goto('/viajes');
    await waitForIslands(page);
    const all = await visibleCards(page).count();
    expect(all).toBeGreaterThanOrEqual(30);
    const status = page.getByRole('status');
    await expect(status).toHaveText(`${all} viajes`);

    const singles = await pillCount(page, /^Viaje single/);
    await page.getByRole('button', { name: /^Viaje single/ }).click();
    await expect(page.getByRole('button', { name: /^Viaje single/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(visibleCards(page)).toHaveCount(singles);
    await expect(status).toHaveText(`${singles} viajes`);
    await expect(page).toHaveURL(/\?tipo=single$/);

    await page.reload();
    await waitForIslands(page);
    await expect(page.getByRole('button', { name: /^Viaje single/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(visibleCards(page)).toHaveCount(singles);

    // "Clicking the active pill clears it."
    await page.getByRole('button', { name: /^Viaje single/ }).click();
    await expect(visibleCards(page)).toHaveCount(all);
    await expect(page).toHaveURL(/\/viajes$/);

    await page.getByRole('button', { name: 'Japón', exact: true }).click();
    await expect(page).toHaveURL(/destino=japon/);
    await expect(visibleCards(page).first()).toContainText('Japón');
    const japan = await visibleCards(page).count();
    expect(japan).toBeGreaterThanOrEqual(1);
    expect(japan).toBeLessThan(all);
    await page.getByRole('button', { name: 'Japón', exact: true }).click();
    await expect(visibleCards(page)).toHaveCount(all);
  });

  test('a shared filtered address opens filtered; back from a tour keeps it', async ({ page }) => {
    await page.goto('/viajes?tipo=grupo-privados&destino=japon');
    await expect(page.getByRole('button', { name: /^Privados/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Japón', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(visibleCards(page)).toHaveCount(1);
    await visibleCards(page).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/tour\//);
    await page.goBack();
    await expect(visibleCards(page)).toHaveCount(1);
  });

  test('without JavaScript every card shows', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/viajes?tipo=single');
    expect(await page.locator('[data-grid-tour]:visible').count()).toBeGreaterThanOrEqual(30);
    await context.close();
  });
});

test.describe('search', () => {
  test('an accented and an unaccented query both find the Japan tour', async ({ page }) => {
    await page.goto('/viajes');
    await page.getByRole('searchbox', { name: 'Buscar viajes' }).fill('Japón');
    await page.getByRole('searchbox', { name: 'Buscar viajes' }).press('Enter');
    await expect(page).toHaveURL(/\/busqueda\/japon$/);
    await expect(page.getByRole('link', { name: 'JAPÓN ESENCIAL' })).toBeVisible();

    await page.goto('/busqueda?q=japon');
    await expect(page).toHaveURL(/\/busqueda\/japon$/);
    await expect(page.getByRole('link', { name: 'JAPÓN ESENCIAL' })).toBeVisible();
  });

  test("'europe' finds European tours; a typo still finds the tour", async ({ page }) => {
    await page.goto('/busqueda/europe');
    await expect(page.getByRole('link', { name: 'FIORDOS NORUEGOS' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'JAPÓN ESENCIAL' })).toHaveCount(0);
    await page.goto('/busqueda/japn');
    await expect(page.getByRole('status')).toContainText('«japon»');
    await expect(page.getByRole('link', { name: 'JAPÓN ESENCIAL' })).toBeVisible();
  });
});

test.describe('tour page', () => {
  test('shows departures with seats and prices, flights with journeys, services and SEO data', async ({ page }) => {
    // The date is picked before the picker comes alive, as on a slow phone: 'Reservar' must still carry it.
    const pickerCode = await holdIslandCode(page, 'DeparturePicker');
    await page.goto(JAPAN);
    await expect(page.getByRole('heading', { level: 1, name: 'Japón esencial' })).toBeVisible();
    await expect(page.getByText(/^desde [\d.]+ €$/).first()).toBeVisible();
    const departures = page.getByRole('group', { name: 'Elige tu fecha de salida' });
    await expect(departures.getByRole('radio').first()).toBeVisible();
    await expect(departures).toContainText(/Adultos: .*[\d.]+ €/);
    await expect(departures).toContainText(/Niños: .*[\d.]+ €/);
    await expect(departures).toContainText(/Quedan \d+ plazas|Última plaza/);
    const flights = page.locator('#vuelos');
    await expect(flights.getByRole('heading', { name: /^Vuelo desde / }).first()).toBeVisible();
    await expect(flights).toContainText(/\(MAD\)/);
    await expect(flights).toContainText(/vuelo [A-Z0-9]{2}\d+/);
    await expect(page.getByRole('heading', { name: 'Itinerario día a día' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Incluido', exact: true })).toBeVisible();

    const reserve = page.locator('#salidas').getByRole('button', { name: 'Reservar' });
    const open = departures.getByRole('radio', { disabled: false }).first();
    await open.check();
    const periodId = await open.getAttribute('value');
    await pickerCode.release();
    await expect(open).toBeChecked();
    await reserve.click();
    await expect(page).toHaveURL(new RegExp(`/booking/japon-esencial\\?periodo=${periodId}$`));

    await page.goto(JAPAN);
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as { '@type': string; offers?: unknown[]; aggregateRating?: unknown },
    );
    const trip = ld.find((item) => item['@type'] === 'TouristTrip');
    expect(trip?.offers?.length).toBeGreaterThan(0);
    expect(trip?.aggregateRating).toBeTruthy();
    expect(ld.some((item) => item['@type'] === 'BreadcrumbList')).toBe(true);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/tour\/japon-esencial$/);
  });

  test('the departure picker refreshes seats from the API; a departure that filled up shows Completo', async ({ page }) => {
    let soldOut = '';
    await page.route('**/api/tours/japon-esencial/departures', async (route) => {
      const response = await route.fetch();
      const live = (await response.json()) as { periodId: string; bookableAvailability: number }[];
      // Sell the first open departure out between the build and this visit.
      const open = live.find((d) => d.bookableAvailability > 0);
      if (open) {
        open.bookableAvailability = 0;
        soldOut = open.periodId;
      }
      await route.fulfill({ response, json: live });
    });
    await page.goto(JAPAN);
    const form = page.locator('form.departures');
    await expect(form).toHaveAttribute('data-source', 'live');
    expect(soldOut).not.toBe('');
    const item = page.locator(`[data-period="${soldOut}"]`);
    await expect(item).toContainText('Completo');
    await expect(item.getByRole('radio')).toBeDisabled();
  });

  test('the question form shows a Spanish field error, keeps what was typed, then succeeds', async ({ page }) => {
    await useOwnClientAddress(page);
    await page.goto(JAPAN);
    const form = page.locator('#pregunta');
    await form.getByLabel('Nombre').fill('Lucía');
    await form.getByLabel('Correo electrónico').fill('lucia@');
    await form.getByLabel('Tu pregunta').fill('¿Hay plazas para dos personas en abril?');
    await form.getByRole('button', { name: 'Enviar pregunta' }).click();
    await expect(form.getByText('Introduce un correo electrónico válido')).toBeVisible();
    await expect(form.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Nombre')).toHaveValue('Lucía');
    await expect(form.getByLabel('Tu pregunta')).toHaveValue('¿Hay plazas para dos personas en abril?');

    await form.getByLabel('Correo electrónico').fill('lucia@example.es');
    // The departure chosen above goes with the question.
    const option = page.locator('form.departures input[type="radio"]:not([disabled])').first();
    const periodId = await option.getAttribute('value');
    await option.check();
    await expect(form.getByText(/Tu pregunta irá sobre la salida del \d+ de \p{L}+ de \d{4}\./u)).toBeVisible();
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/contact') && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Enviar pregunta' }).click();
    expect((await sent).status()).toBe(201);
    expect((await sent).request().postDataJSON()).toMatchObject({ tourId: expect.any(String), periodId });
    await expect(form.getByText('Gracias, te responderemos muy pronto.')).toBeVisible();
  });

  test("the server's field messages show under the fields", async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 422,
        json: {
          error: { code: 'VALIDATION', message: 'Revisa los datos marcados.', fields: { phone: 'Introduce un teléfono válido, por ejemplo +34 600 123 456' } },
        },
      }),
    );
    await page.goto(JAPAN);
    const form = page.locator('#pregunta');
    await form.getByLabel('Nombre').fill('Lucía');
    await form.getByLabel('Correo electrónico').fill('lucia@example.es');
    await form.getByLabel('Tu pregunta').fill('¿Hay plazas para dos personas en abril?');
    await form.getByRole('button', { name: 'Enviar pregunta' }).click();
    await expect(form.getByText('Introduce un teléfono válido, por ejemplo +34 600 123 456')).toBeVisible();
    await expect(form.getByLabel('Nombre')).toHaveValue('Lucía');
  });
});

test.describe('hidden and unpriced tours', { tag: '@one-width' }, () => {
  test('appear nowhere: no page, no card, no search result, no sitemap entry', async ({ page, request }) => {
    const { hidden, unpriced } = unlistedTours();
    expect(hidden.length).toBeGreaterThanOrEqual(1);
    expect(unpriced.length).toBeGreaterThanOrEqual(1);
    const xml = await (await request.get('/sitemap.xml')).text();
    const listings = [
      '/viajes',
      '/tipo-de-viaje/grupo',
      '/tipo-de-viaje/single',
      '/tipo-de-viaje/grupo-privados',
      '/temporada/marzo',
      '/destino/islandia',
      '/destino/escocia',
      '/region/europa-del-norte',
    ];
    for (const path of listings) {
      await page.goto(path);
      for (const tour of [...hidden, ...unpriced]) {
        await expect(page.locator(`a[href="/tour/${tour.slug}"]`), `${tour.slug} on ${path}`).toHaveCount(0);
        await expect(page.getByText(tour.name, { exact: false })).toHaveCount(0);
      }
    }
    for (const tour of [...hidden, ...unpriced]) {
      expect(xml).not.toContain(`/tour/${tour.slug}<`);
      expect((await request.get(`/tour/${tour.slug}`)).status()).toBe(404);
      await page.goto(`/busqueda/${slugify(tour.name)}`);
      await expect(page.getByRole('status')).toHaveText(/encontrad|No encontramos|mostramos/);
      await expect(page.locator(`a[href="/tour/${tour.slug}"]`)).toHaveCount(0);
    }
  });
});
