/**
 * The feedback of one departure (issue 14), as the demo admin at desktop width (docs/decisions/034): from a review
 * of the demo traveller's past trip on /admin/tour/opinion to that departure's survey; the figures, one
 * distribution per rating written out for everyone, the comments, the activity's reviews and the CSV
 * download Spanish Excel opens. The screen passes axe; another departure's id under the tour is refused.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test.ts';
import type { OpinionListAnswer } from '#shared/schemas/opinions.ts';
import { SURVEY_MESSAGES } from '#shared/schemas/tour-survey.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';

/** The demo traveller's review of her past trip (api/db/seed/opinions.ts); the seed never changes it. */
const DEMO_REVIEW = 'Marruecos nos robó el corazón';

test("an admin opens a departure's survey from one of its reviews and downloads its CSV", async ({ page }, info) => {
  await signInAsAdmin(page);
  // The list is paged: read pages until the demo review shows up.
  const rows: OpinionListAnswer['rows'] = [];
  for (let p = 1; p <= 20 && !rows.some((r) => r.title === DEMO_REVIEW); p++) {
    const answer = (await (await page.request.get(`/api/admin/opinions?page=${p}`)).json()) as OpinionListAnswer;
    rows.push(...answer.rows);
    if (answer.rows.length === 0) break;
  }
  const review = rows.find((r) => r.title === DEMO_REVIEW);
  expect(review?.periodId).toBeTruthy();
  const { tourId, periodId } = review as { tourId: string; periodId: string };

  await page.goto(`/admin/tour/opinion?tourId=${tourId}&periodId=${periodId}`);
  const row = page.locator('tbody tr', { hasText: DEMO_REVIEW });
  await row.getByRole('link', { name: 'Encuesta de la salida' }).click();
  await expect(page).toHaveURL(`/admin/tour/${tourId}/survey/${periodId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Encuesta del tour' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Opiniones', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: /salida del/ })).toBeVisible();

  // The seed leaves three reviews of this departure (one published, two pending), all counted.
  const received = page.locator('.survey-figures li', { hasText: 'Opiniones recibidas' });
  await expect(received).toBeVisible();
  expect(Number(await received.locator('.admin-figures__value').textContent())).toBeGreaterThanOrEqual(3);
  await expect(page.locator('.survey-figures li', { hasText: 'Tasa de respuesta' }).locator('.admin-figures__value')).toHaveText(/^\d+ %$/);
  const general = page.getByRole('list', { name: 'Distribución: Valoración general' });
  await expect(general.getByRole('listitem')).toHaveCount(5);
  await expect(general.getByRole('listitem').first()).toHaveText(/^5 estrellas.*\d+ opini(ón|ones)$/);
  await expect(page.getByText('Los riads de Fez son una maravilla', { exact: false })).toBeVisible();
  await expect(page.getByText('Muy recomendable, aunque se hizo un poco corto.')).toBeVisible();
  // The departure's activities, each a way to its photos.
  await expect(page.getByRole('link', { name: /^Fotos de «.+»$/ }).first()).toHaveAttribute('href', new RegExp(`^/admin/actividad-opcional/fotos/${tourId}/`));
  await expectAccessible(page, '/admin/tour/{tourID}/survey/{id}');
  await page.screenshot({ path: `test-results/admin-tour-survey-${info.project.name}.png`, fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^encuesta-.+-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toMatch(/^Tipo;Actividad;Fecha;Nombre;Estado;Valoración general;Guía;/);
  expect(lines.some((l) => l.startsWith('Tour;') && l.includes('Marruecos nos robó el corazón'))).toBe(true);
  expect(lines.some((l) => l.startsWith('Actividad opcional;'))).toBe(true);

  // A departure of another tour under this tour's address: refused, said so on the screen.
  const other = rows.find((r) => r.tourId !== tourId && r.periodId);
  expect(other).toBeTruthy();
  await page.goto(`/admin/tour/${tourId}/survey/${other?.periodId}`);
  await expect(page.getByRole('alert')).toContainText(SURVEY_MESSAGES.notFound);
});
