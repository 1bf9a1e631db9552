/**
 * Issue 33, part 2, at desktop and phone width with axe: the company's data on /admin/empresa (a wrong e-mail
 * named at its field, a new opening time published to every page's footer), and a text page edited in place
 * with its markers filled in for the visitor. Each width edits its own page; the company's data is changed
 * by the desktop run only, and put back.
 */
import { expect, type Page, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';

test.describe.configure({ timeout: 120_000 });

async function footerOf(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  return html.slice(html.indexOf('<footer'));
}

test('staff change the company’s data, and every page’s footer shows it', async ({ page }, info) => {
  await signInAsAdmin(page);
  await page.goto('/admin/empresa');
  const facts = page.getByRole('region', { name: 'Datos de contacto' });
  await expect(facts).toContainText('Teléfono de atención');
  const before = (await (await page.request.get('/api/admin/company')).json()).company as { schedules: string; version: number };
  await page.getByRole('button', { name: 'Cambiar los datos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Datos de la empresa' });
  await dialog.getByLabel('Correo de atención (recibe las consultas)').fill('oficina@');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Escribe un correo electrónico válido: a él llegan las consultas de los clientes.')).toBeVisible();
  await expect(dialog.getByLabel('Correo de atención (recibe las consultas)')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, '/admin/empresa (dialog)');
  await page.screenshot({ path: `test-results/screenshots/admin-company-${info.project.name}.png` });
  if (info.project.name !== 'desktop') return;

  await dialog.getByLabel('Correo de atención (recibe las consultas)').fill('hola@different.demo');
  const hours = `Lunes a viernes de 9:00 a 18:30 (${Date.now()})`;
  await dialog.getByLabel('Horario de atención').fill(hours);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Datos de la empresa guardados' })).toBeVisible();
  await expect(facts).toContainText(hours);
  await expect.poll(() => footerOf(page, '/viajes'), { timeout: 90_000 }).toContain(hours);
  expect(await footerOf(page, '/tour/japon-esencial')).toContain(hours);

  // Put back, for the other specs.
  const now = (await (await page.request.get('/api/admin/company')).json()).company as Record<string, unknown>;
  const res = await page.request.put('/api/admin/company', {
    data: {
      name: now.name,
      phone: now.phone,
      email: now.email,
      schedules: before.schedules,
      offerValidity: now.offerValidity,
      version: now.version,
      requestId: crypto.randomUUID(),
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(200);
  await expect.poll(() => footerOf(page, '/viajes'), { timeout: 90_000 }).toContain(before.schedules);
});

test('staff edit a legal text in place; the visitor sees it with the company’s data filled in', async ({ page, browser }, info) => {
  const path = info.project.name === 'phone' ? '/accesibilidad' : '/politica-cookies';
  const slug = path.slice(1);
  await signInAsAdmin(page, { editors: true });
  await page.goto(path);
  const original = ((await (await page.request.get(`/api/cms/landings/${slug}`)).json()) as { landing: Record<string, unknown> }).landing;
  const panel = page.getByRole('region', { name: 'Texto de la página · edición' });
  await panel.getByRole('button', { name: 'Editar texto' }).click();
  await expect(panel.getByText('Datos que se rellenan solos')).toBeVisible();
  const area = panel.getByRole('textbox', { name: 'Texto de la página' });
  // The file's first text is what the editor opens, markers as typed.
  await expect(area).toContainText('{{enlace_email');
  await expectAccessible(page, `${path} (text open)`);
  const words = `Revisado ${info.project.name} ${Date.now()}`;
  await area.click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type(`${words}. Teléfono: {{telefono}}. `);
  await panel.getByRole('button', { name: 'Guardar' }).click();
  await expect(panel.getByRole('form', { name: 'Editar texto' })).toHaveCount(0);
  await expect(page.getByTestId('cms-publish-status')).toHaveText(/^Publicado a las \d\d:\d\d$/, { timeout: 60_000 });

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(path);
  const body = visitor.locator('.info-page__body');
  await expect(body).toContainText(words);
  await expect(body).toContainText(/Teléfono: \+34\s910\s000\s000/);
  await expect(body).not.toContainText('{{');
  await expect(visitor.getByText(/Última actualización: \d+ de \w+ de \d{4}/)).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Texto de la página · edición' })).toHaveCount(0);
  await context.close();

  const current = ((await (await page.request.get(`/api/cms/landings/${slug}`)).json()) as { landing: { version: number } }).landing;
  const res = await page.request.put(`/api/cms/landings/${slug}`, {
    data: { version: current.version, html: original.html },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(200);
});
