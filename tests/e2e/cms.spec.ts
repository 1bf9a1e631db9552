/**
 * In-place editing on the live shop (issue 11), signed in as the demo admin at desktop and phone width:
 * an edit is saved, only the pages that show it are rendered again and swapped in, the edit-mode bar says
 * 'Publicado', and a visitor sees the change. A visitor never gets an edit control, a draft carousel or an
 * inactive offer, and the editors pass axe.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';

const ADMIN = { email: 'admin@different.demo', password: 'admin-demo-2026' };

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
}

/** The edit-mode bar reaches 'Publicado a las HH:MM' for the last save. */
async function expectPublished(page: Page): Promise<void> {
  await expect(page.getByTestId('cms-publish-status')).toHaveText(/^Publicado a las \d\d:\d\d$/, { timeout: 30_000 });
}

/** A visitor's view of a page, in a browser context of its own (no admin session, no hint). */
async function asVisitor(browser: Browser, path: string, check: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await check(page);
  await context.close();
}

test('an admin creates a carousel, adds two tours with positions, publishes it, and a visitor sees it', async ({ page, browser }, info) => {
  const label = `Escapadas de prueba ${info.project.name}`;
  await signInAsAdmin(page);
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
  await expect(page.getByTestId('cms-publish-status')).toHaveText(/Publicando…|Publicado a las/);
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
});

test('an admin creates, edits, deactivates and deletes an offer on /last-minute; visitors never see it inactive', async ({ page, browser }, info) => {
  const code = `PRUEBA${info.project.name === 'phone' ? 'M' : 'D'}75`;
  await signInAsAdmin(page);
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
});

test("an admin removes a tour from a campaign grid with 'Eliminar', adds another at position 1, saves, and a visitor sees the new grid", async ({
  page,
  browser,
}, info) => {
  // Each project edits its own campaign: both run against the same shop.
  const path = info.project.name === 'phone' ? '/black-friday' : '/viajes-en-familia';
  await signInAsAdmin(page);
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
});

test('the editors pass axe in edit mode, and a visitor never downloads them', async ({ page, browser }) => {
  await asVisitor(browser, '/', async (visitor) => {
    const scripts: string[] = [];
    visitor.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await visitor.reload();
    await visitor.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /boot|CarouselsEditor|OffersEditor/.test(url))).toEqual([]);
    await expect(visitor.locator('[data-cms-editor], .cms-bar')).toHaveCount(0);
  });
  await signInAsAdmin(page);
  for (const path of ['/', '/last-minute', '/black-friday']) {
    await page.goto(path);
    await expect(page.locator('.cms-bar')).toBeVisible();
    await expect(page.locator('[data-cms-editor] .cms-item').first()).toBeVisible();
    await expectAccessible(page, `${path} (edit mode)`);
  }
  // With a carousel open for editing, picker included.
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'Carruseles recomendados · edición' });
  await panel
    .getByRole('button', { name: /^Editar / })
    .first()
    .click();
  await expect(panel.getByRole('form', { name: 'Editar carrusel' })).toBeVisible();
  await expectAccessible(page, '/ (a carousel open)');
  await page.screenshot({ path: `test-results/screenshots/cms-carousel-open.png`, fullPage: false });
});
