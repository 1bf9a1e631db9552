/**
 * In-place editing on the live shop (issue 11), signed in as the demo admin:
 * an edit is saved, only the pages that show it are rendered again and swapped in, the edit-mode bar says
 * 'Publicado', and a visitor sees the change. A visitor never gets an edit control, a draft carousel or an
 * inactive offer, and the editors pass axe. Editing in place is desktop work: the flows tagged
 * `@desktop-only` are left out of the phone project (docs/decisions/034-test-suite-time.md), which runs the
 * rich-text edit (a text fixed from a phone).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '../support/test.ts';
import sharp from 'sharp';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';

// Each test saves, waits for the publication and checks as a visitor: more than the default 30 s on a
// loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

/** Signed in with the editors' hint, so each page loads its in-place editors. */
const signInAsEditor = (page: Page) => signInAsAdmin(page, { editors: true });

/** The edit-mode bar reaches 'Publicado a las HH:MM' for the last save. */
async function expectPublished(page: Page): Promise<void> {
  await expect(page.getByTestId('cms-publish-status')).toHaveText(/^Publicado a las \d\d:\d\d$/, { timeout: 30_000 });
}

/**
 * Puts a landing back as it was before the test (other specs read these pages): what `GET` answered then,
 * saved over the current version, and waits until it is live.
 */
async function restoreLanding(page: Page, slug: string, original: Record<string, unknown>): Promise<void> {
  const now = (await (await page.request.get(`/api/cms/landings/${slug}`)).json()) as { landing: { version: number } };
  const { title, subtitle, desktopImage, mobileImage, html } = original;
  const res = await page.request.put(`/api/cms/landings/${slug}`, {
    data: { version: now.landing.version, title, subtitle, desktopImage, mobileImage, html },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(200);
  await expectPublished(page);
}

async function readLanding(page: Page, slug: string): Promise<Record<string, unknown>> {
  return ((await (await page.request.get(`/api/cms/landings/${slug}`)).json()) as { landing: Record<string, unknown> }).landing;
}

/** A visitor's view of a page, in a browser context of its own (no admin session, no hint). */
async function asVisitor(browser: Browser, path: string, check: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await check(page);
  await context.close();
}

test(
  'an admin creates a carousel, adds two tours with positions, publishes it, and a visitor sees it',
  { tag: '@desktop-only' },
  async ({ page, browser }, info) => {
    const label = `Escapadas de prueba ${info.project.name}`;
    await signInAsEditor(page);
    await page.goto('/');
    const panel = page.getByRole('region', { name: 'Carruseles recomendados · edición' });
    await expect(panel).toBeVisible();

    await panel.getByRole('button', { name: 'Agregar carrusel' }).click();
    const form = panel.getByRole('form', { name: 'Editar carrusel' });
    await expect(form.getByRole('textbox', { name: 'Título' })).toHaveValue('');
    await expect(form.getByLabel('Estado')).toHaveValue('DRAFT');
    await expect(form.getByLabel('Categoría')).toHaveValue('GROUP');
    // On create the category also offers 'Reducido' and 'Familia'.
    await expect(form.getByLabel('Categoría').locator('option')).toHaveText(['En Grupo', 'Single', 'Privado', 'Reducido', 'Familia']);
    await form.getByRole('textbox', { name: 'Título' }).fill(label);
    const picker = form.getByRole('group', { name: 'Añadir un tour' });
    await picker.getByLabel('Buscar tour').fill('marruecos');
    await expect(picker.getByLabel('Tour', { exact: true })).toHaveValue(/.+/);
    await picker.getByLabel('Posición').fill('2');
    await picker.getByRole('button', { name: 'Añadir' }).click();
    await picker.getByLabel('Buscar tour').fill('japón esencial');
    await expect(picker.getByLabel('Tour', { exact: true }).locator('option')).toHaveText(['Japón esencial']);
    await picker.getByLabel('Posición').fill('1');
    await picker.getByRole('button', { name: 'Añadir' }).click();
    const roll = form.getByRole('list', { name: 'Tours del carrusel' });
    await expect(roll.getByRole('listitem')).toHaveCount(2);
    await expect(roll.getByRole('listitem').first()).toContainText('Japón esencial');
    // A tour in the roll is not offered again.
    await picker.getByLabel('Buscar tour').fill('japón esencial');
    await expect(picker.getByRole('button', { name: 'Añadir' })).toBeDisabled();
    await page.screenshot({ path: `test-results/screenshots/cms-carousel-form-${info.project.name}.png`, fullPage: false });

    // Saved as a draft first: dimmed for the admin, absent for visitors.
    await form.getByRole('button', { name: 'Guardar' }).click();
    const item = panel.getByTestId('cms-carousel').filter({ hasText: label });
    await expect(item).toHaveAttribute('data-status', 'DRAFT');
    await expect(item).toHaveClass(/cms-item--dimmed/);
    await asVisitor(browser, '/', async (visitor) => {
      await expect(visitor.getByRole('heading', { name: label })).toHaveCount(0);
    });

    await item.getByRole('button', { name: `Editar ${label}` }).click();
    await panel.getByRole('form', { name: 'Editar carrusel' }).getByLabel('Estado').selectOption('ACTIVE');
    await panel.getByRole('form', { name: 'Editar carrusel' }).getByRole('button', { name: 'Guardar' }).click();
    // Once the saved carousel shows as published, the editor follows this save's publication; until then
    // the status may still read the draft's 'Publicado a las …'.
    await expect(item).toHaveAttribute('data-status', 'ACTIVE');
    await expectPublished(page);

    await asVisitor(browser, '/', async (visitor) => {
      const section = visitor.getByRole('region', { name: label }).first();
      await expect(section).toBeAttached();
      await expect(section.locator('h3').first()).toHaveText(/japón esencial/i);
      await expect(section.locator('h3').nth(1)).toHaveText(/marruecos/i);
      await expect(visitor.locator('[data-cms-editor]')).toHaveCount(0);
    });

    // Cleaned up through the editor itself: links first, then the slider.
    await item.getByRole('button', { name: `Eliminar ${label}` }).click();
    await item.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect(panel.getByTestId('cms-carousel').filter({ hasText: label })).toHaveCount(0);
    await expectPublished(page);
  },
);

test(
  'an admin creates, edits, deactivates and deletes an offer on /last-minute; visitors never see it inactive',
  { tag: '@desktop-only' },
  async ({ page, browser }, info) => {
    const code = `PRUEBA${info.project.name === 'phone' ? 'M' : 'D'}75`;
    await signInAsEditor(page);
    await page.goto('/last-minute');
    const panel = page.getByRole('region', { name: 'Ofertas · edición' });
    await expect(panel.getByTestId('cms-offer').first()).toBeVisible();
    const before = await panel.getByTestId('cms-offer').count();

    await panel.getByRole('button', { name: 'Crear nueva oferta' }).click();
    const create = panel.getByRole('form', { name: 'Crear nueva oferta' });
    await create.getByRole('button', { name: 'Publicar' }).click();
    await expect(create.getByText('Por favor selecciona un tour')).toBeVisible();
    await expect(create.getByText('Por favor selecciona un periodo')).toBeVisible();
    await expect(create.getByText('Por favor ingresa descuento')).toBeVisible();
    await expect(create.getByText('Por favor ingresa cupón')).toBeVisible();
    await create.getByLabel('Buscar tour').fill('islandia');
    await expect(create.getByLabel('Tour', { exact: true }).locator('option')).not.toHaveCount(1);
    await create.getByLabel('Tour', { exact: true }).selectOption({ index: 1 });
    await expect(create.getByLabel('Periodo').locator('option')).not.toHaveCount(1);
    await create.getByLabel('Periodo').selectOption({ index: 1 });
    await create.getByLabel('Descuento (€ por persona)').fill('75');
    await create.getByLabel('Cupón').fill(code.toLowerCase());
    await page.screenshot({ path: `test-results/screenshots/cms-offer-form-${info.project.name}.png` });
    await create.getByRole('button', { name: 'Publicar' }).click();
    await expect(panel.getByTestId('cms-offer')).toHaveCount(before + 1);
    await expectPublished(page);
    await asVisitor(browser, '/last-minute', async (visitor) => {
      await expect(visitor.getByText(code, { exact: true })).toBeVisible();
    });

    const offer = panel.getByTestId('cms-offer').filter({ hasText: code });
    await offer.getByRole('button', { name: /^Editar la oferta/ }).click();
    const edit = offer.getByRole('form', { name: 'Editar oferta' });
    await edit.getByLabel('Descuento (€ por persona)').fill('');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(edit.getByText('Por favor ingresa el descuento')).toBeVisible();
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await expect(offer.getByRole('form', { name: 'Editar oferta' })).toHaveCount(0);

    await offer.getByRole('button', { name: /^Editar la oferta/ }).click();
    await edit.getByLabel('Descuento (€ por persona)').fill('60');
    await edit.getByLabel('Estado').selectOption('inactive');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(offer.getByText('Inactivo', { exact: true })).toBeVisible();
    await expect(offer).toHaveClass(/cms-item--dimmed/);
    await expectPublished(page);
    await asVisitor(browser, '/last-minute', async (visitor) => {
      await expect(visitor.getByText(code, { exact: true })).toHaveCount(0);
    });

    await offer.getByRole('button', { name: /^Eliminar la oferta/ }).click();
    await offer.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect(panel.getByTestId('cms-offer')).toHaveCount(before);
  },
);

test(
  "an admin removes a tour from a campaign grid with 'Eliminar', adds another at position 1, saves, and a visitor sees the new grid",
  { tag: '@desktop-only' },
  async ({ page, browser }, info) => {
    // Each project edits its own campaign: both run against the same shop.
    const path = info.project.name === 'phone' ? '/black-friday' : '/viajes-en-familia';
    await signInAsEditor(page);
    await page.goto(path);
    const panel = page.getByRole('region', { name: 'Tours de la campaña · edición' });
    await expect(panel.getByTestId('cms-grid-summary')).toBeVisible();
    await panel.getByRole('button', { name: 'Editar tours' }).click();
    const form = panel.getByRole('form', { name: 'Editar tours de la campaña' });
    const roll = form.getByRole('list', { name: 'Tours de la campaña' });
    const removed = (await roll.locator('.cms-roll__name').first().textContent()) ?? '';
    await roll.getByRole('button', { name: `Eliminar ${removed} de la campaña` }).click();
    await expect(roll.getByText(removed, { exact: true })).toHaveCount(0);
    const picker = form.getByRole('group', { name: 'Añadir un tour' });
    await picker.getByLabel('Buscar tour').fill('a');
    const choice = picker.getByLabel('Tour', { exact: true });
    await expect(choice).toHaveValue(/.+/);
    const added = (await choice.locator('option:checked').textContent()) ?? '';
    await picker.getByLabel('Posición').fill('1');
    await picker.getByRole('button', { name: 'Añadir' }).click();
    await expect(roll.locator('.cms-roll__name').first()).toHaveText(added);
    await page.screenshot({ path: `test-results/screenshots/cms-grid-form-${info.project.name}.png` });
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectPublished(page);
    await asVisitor(browser, path, async (visitor) => {
      const grid = visitor.getByRole('region', { name: 'Viajes de la campaña' });
      await expect(grid.getByRole('heading', { name: added }).first()).toBeVisible();
      await expect(grid.getByRole('heading', { name: removed, exact: true })).toHaveCount(0);
      await expect(visitor.getByRole('region', { name: 'Tours de la campaña · edición' })).toHaveCount(0);
    });
  },
);

test('an admin edits the rich-text block: Cancelar keeps the page as it was, Guardar publishes the new text', async ({ page, browser }, info) => {
  const path = info.project.name === 'phone' ? '/last-minute' : '/ofertas';
  const words = `Texto de prueba ${info.project.name} ${Date.now()}`;
  await signInAsEditor(page);
  await page.goto(path);
  const original = await readLanding(page, path.slice(1));
  const panel = page.getByRole('region', { name: 'Texto de la página · edición' });
  await panel.getByRole('button', { name: 'Editar texto' }).click();
  const form = panel.getByRole('form', { name: 'Editar texto' });
  const area = form.getByRole('textbox', { name: 'Texto de la página' });
  await area.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Descartado');
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(panel.getByRole('form', { name: 'Editar texto' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Editar texto' }).click();
  await expect(area).not.toContainText('Descartado');

  await area.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await form.getByRole('button', { name: 'Título', exact: true }).click();
  // As with 'Negrita' below: the first keys typed before the text has the focus back reach the button.
  await expect(form.getByRole('button', { name: 'Título', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(area).toBeFocused();
  await page.keyboard.type('Cómo reservar');
  await page.keyboard.press('Enter');
  await form.getByRole('button', { name: 'Negrita' }).click();
  // The toolbar hands the focus back to the text a frame later: keys typed before that reach the button.
  await expect(form.getByRole('button', { name: 'Negrita' })).toHaveAttribute('aria-pressed', 'true');
  await expect(area).toBeFocused();
  await page.keyboard.type(words);
  await expect(area.locator('h2')).toHaveText('Cómo reservar');
  await expect(area.locator('strong')).toHaveText(words);
  await page.screenshot({ path: `test-results/screenshots/cms-richtext-${info.project.name}.png` });
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(panel.getByRole('form', { name: 'Editar texto' })).toHaveCount(0);
  await expectPublished(page);
  await asVisitor(browser, path, async (visitor) => {
    await expect(visitor.locator('.rich-text strong', { hasText: words })).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Texto de la página · edición' })).toHaveCount(0);
  });
  await restoreLanding(page, path.slice(1), original);
});

test('an admin uploads a desktop and a mobile banner; a visitor sees each at its width', { tag: '@desktop-only' }, async ({ page, browser }, info) => {
  const dir = await mkdtemp(join(tmpdir(), 'banners-'));
  const desktopFile = join(dir, 'Banner escritorio.png');
  const mobileFile = join(dir, 'Banner movil.png');
  await sharp({ create: { width: 1600, height: 600, channels: 3, background: '#b91c1c' } })
    .png()
    .toFile(desktopFile);
  await sharp({ create: { width: 600, height: 900, channels: 3, background: '#1d4ed8' } })
    .png()
    .toFile(mobileFile);
  // Each project edits its own campaign's banner: both run against the same shop.
  const slug = info.project.name === 'phone' ? 'black-friday' : 'viajes-en-familia';
  const path = `/${slug}`;
  await signInAsEditor(page);
  await page.goto(path);
  const original = await readLanding(page, slug);
  const panel = page.getByRole('region', { name: 'Banner · edición' });
  await panel.getByRole('button', { name: 'Editar banner' }).click();
  const form = panel.getByRole('form', { name: 'Editar banner' });
  await form.getByLabel('Título', { exact: true }).fill('Mercados de Navidad 2026');
  await form.getByLabel('Subtítulo').fill('Viena, Praga y Estrasburgo');
  // The landing has both images already: the previews change to the new files once each is uploaded.
  await form.getByLabel('Imagen de escritorio').setInputFiles(desktopFile);
  await expect(form.getByRole('img', { name: 'Vista previa: imagen de escritorio' })).toHaveAttribute('src', /Banner_escritorio\.png/);
  await form.getByLabel(/^Imagen para móvil/).setInputFiles(mobileFile);
  await expect(form.getByRole('img', { name: /^Vista previa: imagen para móvil/ })).toHaveAttribute('src', /Banner_movil\.png/);
  // A file that is not an image is refused with the reason, and the chosen images stay.
  await form.getByLabel('Imagen de escritorio').setInputFiles({ name: 'notas.png', mimeType: 'image/png', buffer: Buffer.from('no soy una imagen') });
  await expect(form.getByText('El archivo no es una imagen JPG, PNG, WebP o AVIF.')).toBeVisible();
  await expect(form.getByRole('img', { name: 'Vista previa: imagen de escritorio' })).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/cms-banner-form-${info.project.name}.png` });
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectPublished(page);

  for (const [width, height, portrait] of [
    [1280, 800, false],
    [390, 844, true],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    const visitor = await context.newPage();
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Mercados de Navidad 2026' })).toBeVisible();
    const img = visitor.locator('.landing-banner img');
    await expect(img).toHaveJSProperty('complete', true);
    const shape = await img.evaluate((el: HTMLImageElement) => ({ w: el.naturalWidth, h: el.naturalHeight, src: el.currentSrc }));
    expect(shape.h > shape.w, `${width}px shows ${shape.src}`).toBe(portrait);
    await visitor.screenshot({ path: `test-results/screenshots/cms-banner-visitor-${info.project.name}-${width}.png` });
    await context.close();
  }
  await restoreLanding(page, slug, original);
});

test(
  'an admin adds a main banner to the home, publishes it with its text, a visitor sees it, and deleting it takes it away',
  { tag: '@desktop-only' },
  async ({ page, browser }, info) => {
    const words = `Salidas garantizadas ${Date.now()}`;
    await signInAsEditor(page);
    await page.goto('/');
    const panel = page.getByRole('region', { name: 'Banners de portada · edición' });
    await expect(panel.getByTestId('cms-banner').first()).toBeVisible();
    const before = await panel.getByTestId('cms-banner').count();
    await panel.getByRole('button', { name: 'Añadir banner' }).click();
    const form = panel.getByRole('form', { name: 'Editar banner' });
    await expect(form.getByLabel('Estado')).toHaveValue('DRAFT');
    await form.getByRole('textbox', { name: 'Contenido del banner' }).click();
    await page.keyboard.type(words);
    await form.getByLabel('Orden').fill('9');
    await form.getByLabel('Estado').selectOption('ACTIVE');
    await page.screenshot({ path: `test-results/screenshots/cms-main-banner-form-${info.project.name}.png` });
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(panel.getByTestId('cms-banner')).toHaveCount(before + 1);
    await expectPublished(page);
    await asVisitor(browser, '/', async (visitor) => {
      await expect(visitor.locator('.home-hero').getByText(words)).toBeVisible();
      await expect(visitor.getByRole('region', { name: 'Banners de portada · edición' })).toHaveCount(0);
    });

    const added = panel.getByTestId('cms-banner').filter({ hasText: words });
    await added.getByRole('button', { name: /^Eliminar banner/ }).click();
    await added.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect(panel.getByTestId('cms-banner')).toHaveCount(before);
    await expectPublished(page);
    await asVisitor(browser, '/', async (visitor) => {
      await expect(visitor.locator('.home-hero').getByText(words)).toHaveCount(0);
    });
  },
);

test(
  "an admin uploads a card's photo: the card spins while the tour is UPDATING, then the visitor's card shows the new photo",
  { tag: '@desktop-only' },
  async ({ page, browser }, info) => {
    // Each project changes its own demo tour's photo: both run against the same shop, and other specs add
    // tours to the listing meanwhile (the importer's), so a card is found by its tour, not its place.
    const slug = info.project.name === 'phone' ? 'bali-a-tu-aire' : 'australia-esencial';
    const dir = await mkdtemp(join(tmpdir(), 'card-'));
    // A name of its own: a photo already the tour's thumbnail is no change and publishes nothing.
    const photo = join(dir, `Nueva foto del tour ${Date.now()}.png`);
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#15803d' } })
      .png()
      .toFile(photo);
    await signInAsEditor(page);
    await page.goto('/viajes');
    const card = page.locator('article.tour-card').filter({ has: page.locator(`a[href="/tour/${slug}"]`) });
    const name = ((await card.locator('h2, h3').first().textContent()) ?? '').trim();
    const tools = card.getByTestId('cms-card-tools');
    await expect(tools).toBeVisible();
    const before = await card.locator('img').first().getAttribute('src');
    // Every status the card goes through, however briefly.
    await tools.evaluate((el) => {
      const seen: string[] = [el.getAttribute('data-status') ?? ''];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(el.getAttribute('data-status') ?? '')).observe(el, { attributes: true, attributeFilter: ['data-status'] });
    });
    await tools.getByLabel(`Subir foto de ${name}`).setInputFiles(photo);
    await expect(tools.getByText('Foto guardada.')).toBeVisible({ timeout: 15_000 });
    await expectPublished(page);
    await expect(tools).toHaveAttribute('data-status', 'ACTIVE');
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['ACTIVE', 'UPDATING', 'ACTIVE']);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/cms-card-tools-${info.project.name}.png` });
    await asVisitor(browser, '/viajes', async (visitor) => {
      const visitorCard = visitor.locator('article.tour-card').filter({ has: visitor.locator(`a[href="/tour/${slug}"]`) });
      await expect(visitorCard.locator('img').first()).not.toHaveAttribute('src', before ?? '');
      await expect(visitorCard.getByTestId('cms-card-tools')).toHaveCount(0);
    });
  },
);

test('the editors pass axe in edit mode, and a visitor never downloads them', { tag: '@desktop-only' }, async ({ page, browser }) => {
  // Eight pages and forms through axe on a 2-core machine.
  test.setTimeout(150_000);
  await asVisitor(browser, '/', async (visitor) => {
    const scripts: string[] = [];
    visitor.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await visitor.reload();
    await visitor.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /boot|Editor|tiptap/i.test(url))).toEqual([]);
    await expect(visitor.locator('[data-cms-editor], .cms-bar')).toHaveCount(0);
    // Nor their styles: the page's own stylesheet has no rule of theirs (6 KB of every page while it did).
    const editorRules = await visitor.evaluate(() =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
        .filter((rule) => rule.includes('.cms-'))
        .map((rule) => rule.slice(0, 60)),
    );
    expect(editorRules).toHaveLength(0);
  });
  await signInAsEditor(page);
  for (const path of ['/', '/last-minute', '/black-friday']) {
    await page.goto(path);
    await expect(page.locator('.cms-bar')).toBeVisible();
    await expect(page.locator('[data-cms-editor] .cms-item').first()).toBeVisible();
    await expectAccessible(page, `${path} (edit mode)`);
  }
  // With a carousel open for editing, picker included.
  await page.goto('/');
  // The editors' styles came with them.
  await expect(page.getByRole('region', { name: 'Carruseles recomendados · edición' })).toHaveCSS('border-top-style', 'dashed');
  const panel = page.getByRole('region', { name: 'Carruseles recomendados · edición' });
  await panel
    .getByRole('button', { name: /^Editar / })
    .first()
    .click();
  await expect(panel.getByRole('form', { name: 'Editar carrusel' })).toBeVisible();
  await expectAccessible(page, '/ (a carousel open)');
  // The banner form and the rich-text editor, open.
  await page.goto('/black-friday');
  await page.getByRole('button', { name: 'Editar banner' }).click();
  await expect(page.getByRole('form', { name: 'Editar banner' })).toBeVisible();
  await expectAccessible(page, '/black-friday (banner open)');
  await page.getByRole('form', { name: 'Editar banner' }).getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Editar texto' }).click();
  await expect(page.getByRole('textbox', { name: 'Texto de la página' })).toBeVisible();
  await expectAccessible(page, '/black-friday (rich text open)');
  await page.screenshot({ path: `test-results/screenshots/cms-carousel-open.png`, fullPage: false });
});
