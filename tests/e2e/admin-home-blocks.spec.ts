/**
 * /admin/portada (issue 33) at desktop and phone width, with axe: staff upload a traveller's photo with its
 * caption, the home shows it once published, and staff remove it again. Each width uploads its own photo.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';

test.describe.configure({ timeout: 120_000 });

test('staff put a traveller’s photo on the home and take it off', async ({ page, browser }, info) => {
  const file = join(await mkdtemp(join(tmpdir(), 'portada-')), 'Grupo en Petra.jpg');
  await sharp({ create: { width: 900, height: 700, channels: 3, background: '#8a5a2b' } })
    .jpeg()
    .toFile(file);
  const caption = `Grupo en Petra (${info.project.name} ${Date.now()})`;
  await signInAsAdmin(page);
  await page.goto('/admin/portada');
  await expect(page.getByRole('heading', { name: 'Experiencias', exact: true })).toBeVisible();
  await expectAccessible(page, '/admin/portada');
  const upload = page.getByRole('form', { name: 'Subir una foto de viajeros' });
  await upload.getByRole('button', { name: 'Subir foto' }).click();
  await expect(upload.getByText('Escribe un pie de foto (de 2 a 160 caracteres).')).toBeVisible();
  await upload.getByLabel(/^Pie de foto/).fill(caption);
  await upload.getByLabel('Foto', { exact: true }).setInputFiles(file);
  await upload.getByRole('button', { name: 'Subir foto' }).click();
  const row = page.getByRole('listitem').filter({ hasText: caption });
  await expect(row).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/admin-home-blocks-${info.project.name}.png`, fullPage: true });

  const visitor = await browser.newPage();
  await expect
    .poll(
      async () => {
        await visitor.goto('/');
        return visitor.getByRole('region', { name: 'Fotos de nuestros viajeros' }).getByText(caption).count();
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  // The photo is a figure named by its caption (its image has an empty alternative, not to be read twice).
  await expect(visitor.getByRole('figure', { name: caption }).locator('img')).toBeVisible();

  await row.getByRole('button', { name: `Quitar la foto ${caption}` }).click();
  await expect(page.getByRole('listitem').filter({ hasText: caption })).toHaveCount(0);
  await expect
    .poll(
      async () => {
        await visitor.goto('/');
        return visitor.getByText(caption).count();
      },
      { timeout: 60_000 },
    )
    .toBe(0);
  await visitor.close();
});
