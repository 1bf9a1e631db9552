/**
 * The content side of the storefront: home tabs and carousels, offer pages, campaign landings, the
 * information pages and the contact form. Runs against the demo catalogue the shop seeds on start.
 */
import { expect, test, type Page } from '../support/test.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { useOwnClientAddress } from '../support/client-address.ts';
import { openLaneDatabase } from '../support/lane-shop.ts';

/** Reads the running shop's own database (the folder playwright.config.ts gave it). */
function shopDatabase() {
  return openLaneDatabase();
}

const euros = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

// Width-independent (the phone reaches every page through a11y.spec.ts): run once, on the desktop.
test.describe('every content page answers on a direct load', { tag: '@one-width' }, () => {
  const pages = [
    { path: '/', h1: 'Viajes en grupo, para singles y privados', text: '¿Cómo quieres viajar?' },
    { path: '/last-minute', h1: 'Últimas plazas', text: 'Cómo reservar una oferta de última hora' },
    { path: '/ofertas', h1: 'Ofertas especiales', text: 'Código de descuento' },
    { path: '/black-friday', h1: 'Black Friday viajero', text: 'Viajes de la campaña' },
    { path: '/viajes-en-familia', h1: 'Viajes en familia', text: 'Viajes de la campaña' },
    { path: '/tipo-de-viaje/viaje-mercados-navidenos', h1: 'Viaje a mercados Navideños Europeos', text: 'Viajes a los mercados navideños' },
    { path: '/somos-different', h1: 'Somos Different', text: 'Tres maneras de viajar' },
    { path: '/programa-de-puntos', h1: 'Programa de puntos', text: '100 puntos = 1 € de descuento' },
    { path: '/politica-privacidad', h1: 'Política de privacidad', text: 'Agencia Española de Protección de Datos' },
    { path: '/contacto', h1: 'Contacto', text: 'Escríbenos' },
    { path: '/preguntas-frecuentes', h1: 'Preguntas frecuentes', text: '¿Qué formas de pago aceptáis?' },
    { path: '/terminos-reservas', h1: 'Términos de reserva', text: 'Cancelación por tu parte' },
    { path: '/aviso-legal', h1: 'Aviso legal', text: 'LSSI-CE' },
  ];
  for (const { path, h1, text } of pages) {
    test(`${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    });
  }
});

test('the home shows the reviews staff put on it, each linking to its tour', { tag: '@one-width' }, async ({ page }) => {
  await page.goto('/');
  const block = page.getByRole('region', { name: 'Lo que dicen nuestros viajeros' });
  await expect(block).toBeVisible();
  const reviews = block.getByRole('listitem');
  expect(await reviews.count()).toBeGreaterThan(0);
  expect(await reviews.count()).toBeLessThanOrEqual(6);
  await expect(reviews.first()).toContainText(/\d,\d de 5|\d de 5/);
  await expect(reviews.first().getByRole('link')).toHaveAttribute('href', /^\/tour\/[\w-]+#opiniones$/);
  // The experiences staff put on the home, with their photos.
  const experiences = page.getByRole('region', { name: 'Experiencias que recordarás' });
  await expect(experiences.getByRole('heading', { level: 3 }).first()).toBeVisible();
  // Each photo is a figure named by its caption (the image itself has an empty alternative, not to be read twice).
  const photo = page.getByRole('region', { name: 'Fotos de nuestros viajeros' }).getByRole('figure').first();
  await expect(photo).toBeVisible();
  await expect(photo.locator('img')).toHaveAttribute('alt', '');
  await expect(photo.locator('figcaption')).not.toBeEmpty();
});

test('a campaign shows its grid’s own texts: the promotion over the banner and the closing block', { tag: '@one-width' }, async ({ page }) => {
  await page.goto('/black-friday');
  await expect(page.locator('.landing-banner__promotion')).toHaveText('Hasta -20 % solo esta semana');
  await expect(page.locator('.landing-banner--animated')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Cómo funciona el Black Friday' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Viajes de la campaña' })).toBeVisible();

  // The store final price: a card whose departure has the Black Friday campaign in force shows what the funnel
  // charges one adult on that departure with that flight.
  const prices = page.getByTestId('store-price');
  expect(await prices.count(), 'the demo has Black Friday departures among the grid’s tours').toBeGreaterThan(0);
  for (const price of await prices.all()) {
    await expect(price).toContainText('Precio Black Friday');
    const periodId = await price.getAttribute('data-period');
    const flightId = await price.getAttribute('data-flight');
    const quote = await page.request.post('/api/bookings/quote', { data: { periodId, travellers: [{ ageGroup: 'Adultos' }], flightId } });
    expect(quote.status()).toBe(200);
    await expect(price.locator('strong')).toHaveText(formatEuros((await quote.json()).totalCents));
  }
});

test.describe('home trip-type tabs', () => {
  test('the first tab is selected by default and the tabs switch in page', async ({ page }) => {
    await page.goto('/');
    const tabs = page.getByRole('list', { name: 'Tipo de viaje' });
    const group = tabs.getByRole('button', { name: /^En grupo/ });
    const singles = tabs.getByRole('button', { name: /^Singles/ });
    await expect(group).toHaveAttribute('aria-pressed', 'true');
    await expect(singles).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('heading', { name: 'Aventuras en grupo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Viajes para singles' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Ver todos los viajes' })).toHaveAttribute('href', '/tipo-de-viaje/grupo');

    const url = page.url();
    await singles.click();
    await expect(singles).toHaveAttribute('aria-pressed', 'true');
    await expect(group).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('heading', { name: 'Viajes para singles' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Aventuras en grupo' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Ver todos los viajes' })).toHaveAttribute('href', '/tipo-de-viaje/single');
    expect(page.url()).toBe(url);

    await tabs.getByRole('button', { name: /^Privados/ }).click();
    await expect(page.getByRole('heading', { name: 'Viajes privados a medida' })).toBeVisible();
    // The family shelf is /viajes-en-familia's, never the home's.
    await expect(page.getByRole('heading', { name: 'Con niños, a su ritmo' })).toHaveCount(0);
    await page.goto('/viajes-en-familia');
    await expect(page.getByRole('heading', { name: 'Con niños, a su ritmo' })).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test("the first tab's carousels show and the other tabs are links", async ({ page }) => {
      await page.goto('/');
      const tabs = page.getByRole('list', { name: 'Tipo de viaje' });
      await expect(tabs.getByRole('link', { name: /^Singles/ })).toHaveAttribute('href', '/tipo-de-viaje/single');
      await expect(tabs.getByRole('link', { name: /^Privados/ })).toHaveAttribute('href', '/tipo-de-viaje/grupo-privados');
      await expect(page.getByRole('heading', { name: 'Aventuras en grupo' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Viajes para singles' })).toBeHidden();
    });
  });
});

/** The scroll area of the carousel with this heading, and its buttons. */
function carousel(page: Page, name: string) {
  const section = page.getByRole('region', { name });
  return {
    section,
    viewport: section.locator('.carousel-scroller__viewport'),
    previous: section.getByRole('button', { name: 'Anterior' }),
    next: section.getByRole('button', { name: 'Siguiente' }),
  };
}

test('a carousel scrolls one card with its buttons and hides no hidden or unpriced tour', async ({ page }) => {
  const db = shopDatabase();
  const hidden = db
    .prepare(
      "select name from tours where tag_keywords like '%oculto%' or tag_season like '%oculto%' or not exists (select 1 from prices p where p.tour_id = tours.id and p.period_id is null and p.flight_id is null and p.age_group_name = 'Adultos' and p.value_cents > 0)",
    )
    .all() as { name: string }[];
  db.close();
  expect(hidden.length).toBeGreaterThanOrEqual(2);

  await page.goto('/');
  const { section, viewport, previous, next } = carousel(page, 'Aventuras en grupo');
  await section.scrollIntoViewIfNeeded();
  await expect(next).toBeVisible();
  for (const { name } of hidden) await expect(section.getByText(name.toLocaleUpperCase('es'), { exact: true })).toHaveCount(0);

  const cardWidth = await section
    .locator('[data-carousel-card]')
    .first()
    .evaluate((el) => el.getBoundingClientRect().width);
  expect(await viewport.evaluate((el) => el.scrollLeft)).toBe(0);
  await next.click();
  await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBeGreaterThan(cardWidth * 0.9);
  await previous.click();
  await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBe(0);
  // More than four tours: the carousel loops, so 'Anterior' at the start goes to the last view.
  await expect(previous).toBeEnabled();
  await previous.click();
  await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBeGreaterThan(cardWidth);
});

test.describe('offer pages', () => {
  for (const { path, slug } of [
    { path: '/last-minute', slug: 'ultimas-plazas' },
    { path: '/ofertas', slug: 'ofertas' },
  ]) {
    test(`${path} shows each active offer with its prices, coupon and cities`, async ({ page }) => {
      const db = shopDatabase();
      const offers = db
        .prepare(
          `select o.coupon, o.discount_cents as discountCents, o.departure_cities as cities, o.status, o.stock, t.web_slug as slug
           from tour_offers o join tour_sliders ts on ts.tour_offer_id = o.id join sliders s on s.id = ts.slider_id join tours t on t.id = ts.tour_id
           where s.slider_slug = ?`,
        )
        .all(slug) as { coupon: string; discountCents: number; cities: string; status: string; stock: number | null; slug: string }[];
      db.close();
      const active = offers.filter((o) => o.status === 'active');
      expect(active.length).toBeGreaterThanOrEqual(3);

      await page.goto(path);
      let allCities = 0;
      for (const offer of active) {
        const card = page.getByRole('article').filter({ hasText: offer.coupon });
        await expect(card).toHaveCount(1);
        await expect(card.getByRole('link', { name: 'Ver oferta' })).toHaveAttribute('href', `/tour/${offer.slug}`);
        // Both prices are rounded up to whole euros and the discount is whole euros: they differ by it.
        const before = euros((await card.locator('s').textContent()) ?? '');
        const now = euros((await card.locator('.offer-card__now').textContent()) ?? '');
        expect(before - now).toBe(offer.discountCents / 100);
        const cities = JSON.parse(offer.cities) as string[];
        if (cities.length === 0 || cities.length > 2) {
          await expect(card.getByTestId('offer-cities')).toHaveText('Todas las ciudades');
          allCities++;
        } else {
          await expect(card.getByTestId('offer-cities')).toHaveText(cities.join(' y '));
        }
        if (offer.stock) await expect(card.getByText(offer.stock === 1 ? 'Queda 1 plaza' : `Quedan ${offer.stock} plazas`)).toBeVisible();
      }
      expect(allCities).toBeGreaterThanOrEqual(1);
      for (const offer of offers.filter((o) => o.status !== 'active')) await expect(page.getByText(offer.coupon)).toHaveCount(0);
    });
  }
});

test('a campaign landing shows the tours of its slider', async ({ page }) => {
  const db = shopDatabase();
  const tours = db
    .prepare(
      `select t.name from tour_sliders ts join sliders s on s.id = ts.slider_id join tours t on t.id = ts.tour_id
       where s.slider_slug = 'black-friday' and coalesce(t.tag_keywords, '') not like '%oculto%' order by ts.position`,
    )
    .all() as { name: string }[];
  db.close();
  expect(tours.length).toBeGreaterThan(0);

  await page.goto('/black-friday');
  const grid = page.getByRole('region', { name: 'Viajes de la campaña' });
  await expect(grid.getByRole('article')).toHaveCount(tours.length);
  await expect(grid.getByRole('heading', { name: tours[0]?.name.toLocaleUpperCase('es') })).toBeVisible();
  await expect(page.getByText('No existen tours añadidos para esta campaña')).toHaveCount(0);
  // The variant with the recommended carousels below.
  await expect(page.getByRole('heading', { name: 'Aventuras en grupo' })).toBeVisible();
  // The demo has no campaign without tours, so the empty message is not checked here.
});

test('the contact form shows a Spanish field error, keeps what was typed, then sends', async ({ page }) => {
  await useOwnClientAddress(page);
  const email = `e2e-${test.info().project.name}-${Date.now()}@correo.demo`;
  await page.goto('/contacto');
  await page.getByLabel('Nombre').fill('Lucía');
  await page.getByLabel('Correo electrónico').fill('lucia@');
  await page.getByLabel('¿En qué podemos ayudarte?').fill('¿Hay salidas a Japón en primavera para dos personas?');
  await page.getByRole('button', { name: 'Enviar consulta' }).click();

  const emailField = page.getByLabel('Correo electrónico');
  await expect(page.getByText('Introduce un correo electrónico válido')).toBeVisible();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(emailField).toBeFocused();
  await expect(page.getByLabel('Nombre')).toHaveValue('Lucía');
  await expect(page.getByLabel('¿En qué podemos ayudarte?')).toHaveValue('¿Hay salidas a Japón en primavera para dos personas?');

  await emailField.fill(email);
  await page.getByRole('button', { name: 'Enviar consulta' }).click();
  await expect(page.getByText('Gracias, te responderemos muy pronto.')).toBeVisible();

  const db = shopDatabase();
  const row = db.prepare('select name, question from contact_tours where email = ?').get(email) as { name: string; question: string } | undefined;
  db.close();
  expect(row).toEqual({ name: 'Lucía', question: '¿Hay salidas a Japón en primavera para dos personas?' });
});
