/**
 * Reviews moderation (issue 14), as the demo admin at desktop width (docs/decisions/034): the admin filters the
 * pending reviews, publishes one of the two the demo seed leaves waiting (one per width), its author is
 * mailed once, and a visitor finds it on the live tour page after the rebuild; then the admin replies to
 * it and the reply is mailed. The screen and the reply dialog pass axe.
 */
import { expect, type Page, test } from '../support/test.ts';
import { OPINION_MESSAGES, type OpinionListAnswer } from '#shared/schemas/opinions.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { findMail } from '../support/funnel-booking.ts';

// The publication re-renders the tour's pages on a loaded 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** The seed's pending reviews (api/db/seed/opinions.ts), one for each project. */
const PENDING = {
  desktop: 'Un viaje para repetir con amigas',
  phone: 'La medina de Fez, imprescindible',
} as const;

/** The table row (a card on a phone) of the review with this title. */
const reviewRow = (page: Page, title: string) => page.locator('tbody tr', { hasText: title });

test('an admin publishes a pending review, its author is told once, a visitor reads it on the tour page, and the admin replies', async ({
  page,
  browser,
}, info) => {
  const title = PENDING[info.project.name as keyof typeof PENDING];
  await signInAsAdmin(page);
  await page.goto('/admin/tour/opinion');
  await expect(page.getByRole('link', { name: 'Opiniones', exact: true })).toHaveAttribute('aria-current', 'page');

  const filters = page.getByRole('search').getByRole('form', { name: 'Filtrar opiniones' });
  await filters.getByLabel('Estado').selectOption('DRAFT');
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/[?&]status=DRAFT/);
  const row = reviewRow(page, title);
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Pendiente', { exact: true })).toBeVisible();
  await expect(row.getByLabel('En la página del viaje')).toBeChecked();
  await expectAccessible(page, '/admin/tour/opinion');
  await page.screenshot({ path: `test-results/admin-opinions-${info.project.name}.png`, fullPage: true });

  // Who wrote it, as the API lists it to staff.
  const listed = (await (await page.request.get('/api/admin/opinions?status=DRAFT')).json()) as OpinionListAnswer;
  const review = listed.rows.find((r) => r.title === title);
  expect(review?.email).toBeTruthy();
  const author = review?.email as string;
  const tourPath = `/tour/${review?.tourSlug}`;

  await row.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'publicada' })).toHaveText(
    /^Opinión de .+ publicada\. La página del viaje se actualiza en unos segundos\.$/,
  );
  await expect(row.getByText('Publicada', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Ocultar' })).toBeVisible();
  expect((await findMail(author, 'OPINION_PUBLISHED')).subject).toMatch(/^Hemos publicado tu opinión sobre «.+»$/);

  // A visitor (no session) finds it on the live tour page once the tour's pages are published again.
  const visitor = await browser.newContext();
  const tourPage = await visitor.newPage();
  await expect(async () => {
    await tourPage.goto(tourPath);
    await expect(tourPage.getByRole('heading', { name: title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await visitor.close();

  // The reply: an empty one is named, a written one is mailed.
  await row.getByRole('button', { name: 'Responder' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Responder a / })).toBeVisible();
  await expect(dialog.getByText(`Se enviará por correo a ${author}, una sola vez.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(dialog.getByText(OPINION_MESSAGES.replyRequired)).toBeVisible();
  await expectAccessible(page, '/admin/tour/opinion (responder)');
  await page.screenshot({ path: `test-results/admin-opinions-reply-${info.project.name}.png` });
  const reply = `Muchas gracias por tu opinión (${info.project.name}). Se la hemos hecho llegar al guía.`;
  await dialog.getByLabel('Respuesta').fill(reply);
  await dialog.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Respuesta enviada' })).toHaveText(/^Respuesta enviada a .+ por correo\.$/);
  await expect(row.getByText(reply)).toBeVisible();
  await expect(row.getByText('Enviada por correo')).toBeVisible();
  expect((await findMail(author, 'OPINION_REPLY')).text).toContain(reply);
});
