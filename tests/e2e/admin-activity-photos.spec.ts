/**
 * An optional activity's photos (issue 14), as the demo admin at desktop width (docs/decisions/034): the screen
 * lists the seeded photos in order; the admin uploads one, moves it up with the keyboard (focus stays on
 * its buttons), a visitor sees it on the live tour page after the tour's pages are published again, and
 * the admin removes it after confirming. A JPEG named .png is stored as what its bytes are; a text file
 * is refused. axe on the screen and the dialog.
 */
import { expect, test } from '../support/test.ts';
import sharp from 'sharp';
import { UPLOAD_MESSAGES } from '#shared/schemas/cms.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { openLaneDatabase } from '../support/lane-shop.ts';

// The publication re-renders the tour's pages on a loaded 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

interface SeededActivity {
  id: string;
  name: string;
  tourId: string;
  slug: string;
}

/**
 * The first excursion with seeded photos of the soonest web departure of a published tour (the departure
 * whose photos the tour page shows); one tour per project, so the two runs do not share photos.
 */
function seededActivity(project: string): SeededActivity {
  const db = openLaneDatabase();
  try {
    const rows = db
      .prepare(
        `select oa.id, oa.name, p.tour_id as tourId, t.web_slug as slug, p.day_one as dayOne from optional_activity_photos ph
         join optional_activities oa on oa.id = ph.optional_activity_id
         join periods p on p.id = oa.period_id
         join tours t on t.id = p.tour_id
         where t.publish_web = 1 and p.publish_web = 1 and p.web_bookable = 1 and p.day_one >= ?
         order by t.id, p.day_one, p.id`,
      )
      .all(new Date().toISOString().slice(0, 10)) as (SeededActivity & { dayOne: string })[];
    const firstPerTour = [...new Map(rows.reverse().map((r) => [r.tourId, r])).values()].reverse();
    const chosen = firstPerTour[project === 'phone' ? 1 : 0];
    if (!chosen) throw new Error('the demo seed has no optional activity with photos on a web departure');
    return chosen;
  } finally {
    db.close();
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const picture = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

test("an admin uploads, orders and removes an activity's photos, and the tour page shows them", async ({ page, browser }, info) => {
  const activity = seededActivity(info.project.name);
  await signInAsAdmin(page);
  await page.goto(`/admin/actividad-opcional/fotos/${activity.tourId}/${activity.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fotos de la actividad opcional' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tours', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: activity.name })).toBeVisible();
  const photos = page.getByRole('list').filter({ has: page.getByRole('img', { name: new RegExp(`^${escapeRegExp(activity.name)}, foto \\d+$`) }) });
  const before = await photos.getByRole('listitem').count();
  expect(before).toBeGreaterThanOrEqual(2);
  await expectAccessible(page, '/admin/actividad-opcional/fotos/{tourID}/{optionalActivityId}');
  await page.screenshot({ path: `test-results/admin-activity-photos-${info.project.name}.png`, fullPage: true });

  // Not an image: refused with the upload pipeline's message, nothing added.
  const upload = page.getByRole('form', { name: 'Subir una foto' });
  const field = upload.getByLabel(/^Foto \(JPG/);
  await field.setInputFiles({ name: 'notas.png', mimeType: 'image/png', buffer: Buffer.from('esto no es una foto') });
  await upload.getByRole('button', { name: 'Subir foto' }).click();
  await expect(upload.getByText(UPLOAD_MESSAGES.notImage)).toBeVisible();
  await expect(photos.getByRole('listitem')).toHaveCount(before);

  // A real picture (a JPEG, whatever its name says): added last.
  await field.setInputFiles({ name: 'atardecer.png', mimeType: 'image/png', buffer: await picture(info.project.name === 'phone' ? '#1d3557' : '#e76f51') });
  await upload.getByRole('button', { name: 'Subir foto' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Foto añadida.' })).toBeVisible();
  const added = before + 1;
  await expect(photos.getByRole('listitem')).toHaveCount(added);
  const newest = page.getByRole('img', { name: `${activity.name}, foto ${added}` });
  // Its file, without the link's signature (signed again with every answer).
  const newestFile = ((await newest.getAttribute('src')) ?? '').split('?')[0] ?? '';
  expect(newestFile).toMatch(/^\/files\/optional-activities\/.+\.jpg$/);

  // Moved one place up with the keyboard: the focus stays on the photo's buttons.
  const up = page.getByRole('button', { name: `Mover la foto ${added} arriba` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Foto movida' })).toHaveText(new RegExp(`^Foto movida al puesto ${before}\\.`));
  await expect(page.getByRole('img', { name: `${activity.name}, foto ${before}` })).toHaveAttribute('src', new RegExp(`^${escapeRegExp(newestFile)}\\?`));
  await expect(page.getByRole('button', { name: `Mover la foto ${before} arriba` })).toBeFocused();

  // A visitor sees it on the live tour page once the tour's pages are published again.
  const visitor = await browser.newContext();
  const tourPage = await visitor.newPage();
  await expect(async () => {
    await tourPage.goto(`/tour/${activity.slug}`);
    await expect(tourPage.getByRole('img', { name: `${activity.name}, foto ${added}` })).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  const shown = tourPage.getByRole('img', { name: `${activity.name}, foto ${added}` });
  // The photo itself (its responsive variants made for the page), not the default placeholder.
  await expect(shown).toHaveAttribute('src', /^\/media\/.+\.webp$/);
  await expect(shown).toHaveAttribute('srcset', /\/media\/.+ \d+w/);
  await shown.scrollIntoViewIfNeeded();
  // And the variant is served: the browser decodes it.
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  await tourPage.screenshot({ path: `test-results/admin-activity-photos-tour-page-${info.project.name}.png` });
  await visitor.close();

  // Removed, after confirming.
  await page.getByRole('button', { name: `Quitar la foto ${before}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `¿Quitar la foto ${before}?` })).toBeVisible();
  await expectAccessible(page, '/admin/actividad-opcional/fotos (quitar)');
  await page.screenshot({ path: `test-results/admin-activity-photos-remove-${info.project.name}.png` });
  await dialog.getByRole('button', { name: 'Quitar la foto' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'quitada' })).toHaveText(new RegExp(`^Foto ${before} quitada\\.`));
  await expect(photos.getByRole('listitem')).toHaveCount(before);
  await expect(page.locator(`img[src^="${newestFile}?"]`)).toHaveCount(0);
});
