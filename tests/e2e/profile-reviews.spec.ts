/**
 * Reviews after a trip, as the demo traveller: the job that runs the day after the return credits the
 * points and mails the feedback links; the trip's link opens the feedback screen without signing in, the
 * review is saved pending moderation and shows so in /perfil/mis-resenas; the activity's link does the
 * same for the excursion; a link used once is refused after. Each width takes its reviews back at the end,
 * so the other finds the trip waiting again.
 */
import { expect, type Page, type TestInfo, test } from '../support/test.ts';
import sharp from 'sharp';
import { expectAccessible } from '../support/accessibility.ts';
import { useOwnClientAddress } from '../support/client-address.ts';
import { findMail } from '../support/funnel-booking.ts';
import { forgetReviews, runShopJob } from '../support/shop-jobs.ts';
import { DEMO_TRAVELER, signInAsDemoTraveler } from '../support/traveler-session.ts';

/** The feedback links of a mail, as paths of this shop (the mail names PUBLIC_URL's host). */
const feedbackLinks = (text: string) =>
  [...text.matchAll(/https?:\/\/\S+?(\/feedback\/(tour|activity)\/\S+)/g)].map((m) => ({ path: m[1] as string, kind: m[2] as 'tour' | 'activity' }));

async function screen(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}-${testInfo.project.name}.png`, fullPage: true });
}

test('the demo traveller reviews the trip she came back from, from the feedback mail, and finds it pending', async ({ page }, testInfo) => {
  await useOwnClientAddress(page);
  await signInAsDemoTraveler(page);
  // The day after the return: points credited, then the feedback mail (once, whichever width ran it first).
  expect(runShopJob('points')).toMatch(/correos para opinar en cola/);
  const mail = await findMail(DEMO_TRAVELER.email, 'FEEDBACK');
  expect(mail.text).toMatch(/Ya tienes en tu cuenta los [\d.]+ puntos que te ha dado este viaje/);
  const links = feedbackLinks(mail.text);
  const tour = links.find((l) => l.kind === 'tour');
  const activity = links.find((l) => l.kind === 'activity');
  if (!tour || !activity) throw new Error(`the feedback mail has no tour or activity link:\n${mail.text}`);
  const bookingId = tour.path.split('?')[0]?.split('/').at(-1) ?? '';
  const tourName = /«(.+?)»/.exec(mail.subject)?.[1] ?? '';

  try {
    // The profile asks for the review and leads to Mis reseñas, where the trip waits with its buttons.
    await page.goto('/perfil');
    await expect(page.getByRole('region', { name: 'Pendiente' }).getByRole('link', { name: `Contarnos qué te pareció «${tourName}»` })).toHaveAttribute(
      'href',
      '/perfil/mis-resenas',
    );
    await page.goto('/perfil/mis-resenas');
    const waiting = page.getByRole('region', { name: 'Viajes pendientes de tu opinión' });
    await expect(waiting.getByRole('link', { name: `Escribir mi opinión sobre «${tourName}»` })).toBeVisible();
    await expect(waiting.getByRole('link', { name: /^Valorar «.+»$/ })).toBeVisible();
    await expectAccessible(page, '/perfil/mis-resenas (por valorar)');
    await screen(page, testInfo, 'mis-resenas-por-valorar');

    // The mail's link, signed out: the link is the credential.
    await page.context().clearCookies();
    const feedback = page;
    await feedback.goto(tour.path);
    await expect(feedback.getByRole('heading', { name: `Tu opinión sobre «${tourName}»` })).toBeVisible();
    await expect(feedback.getByText('Hola, Lucía.')).toBeVisible();
    await expectAccessible(feedback, '/feedback/tour/{periodId}/{bookingId}');
    await screen(feedback, testInfo, 'opinion-viaje');

    // Sent empty: the overall rating is asked for, and the focus goes there.
    await feedback.getByRole('button', { name: 'Enviar mi opinión' }).click();
    await expect(feedback.getByText('Elige una puntuación general de 1 a 5 estrellas.')).toBeVisible();
    await expect(feedback.getByRole('group', { name: 'Valoración general' }).getByRole('radio', { name: '1 estrella' })).toBeFocused();
    await expectAccessible(feedback, '/feedback/tour (errores)');

    await feedback.getByRole('group', { name: 'Valoración general' }).getByRole('radio', { name: '5 estrellas' }).check();
    await feedback.getByRole('group', { name: 'Guía' }).getByRole('radio', { name: '5 estrellas' }).check();
    await feedback.getByRole('group', { name: 'Destino' }).getByRole('radio', { name: '4 estrellas' }).check();
    await feedback.getByRole('group', { name: 'Calidad-precio' }).getByRole('radio', { name: '4 estrellas' }).check();
    await feedback.getByRole('group', { name: 'Alojamiento' }).getByRole('radio', { name: '3 estrellas' }).check();
    await expect(feedback.getByRole('group', { name: 'Actividades' }).getByRole('radio', { name: 'No aplica' })).toBeChecked();
    await feedback.getByLabel('Título de tu opinión').fill('Un viaje para repetir');
    await feedback
      .getByRole('textbox', { name: 'Tu opinión', exact: true })
      .fill('Todo muy bien organizado y el guía, un encanto. El hotel de la segunda noche, mejorable.');
    const photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2b7bc0' } })
      .jpeg()
      .toBuffer();
    await feedback.getByLabel('Una foto del viaje (opcional)').setInputFiles({ name: 'mirador.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(feedback.getByText('Elegida: mirador.jpg')).toBeVisible();
    await expect(feedback.getByText('Revisa los campos marcados.')).toBeHidden();
    await expect(feedback.getByText('Publicaremos tu opinión como «Lucía R.»')).toBeVisible();
    await screen(feedback, testInfo, 'opinion-viaje-rellena');
    await feedback.getByRole('button', { name: 'Enviar mi opinión' }).click();
    await expect(feedback.getByRole('status')).toContainText('¡Gracias, Lucía!');
    await expect(feedback.getByRole('status')).toContainText('Hemos recibido tu opinión: la publicaremos en cuanto nuestro equipo la revise.');
    await screen(feedback, testInfo, 'opinion-viaje-enviada');

    // The same link again: refused, in Spanish.
    await feedback.goto(tour.path);
    await expect(feedback.getByRole('alert')).toContainText('Este enlace ya se ha usado: ya tenemos tu opinión.');
    await expectAccessible(feedback, '/feedback/tour (enlace usado)');

    // The excursion's link: rate and opinion.
    await feedback.goto(activity.path);
    const activityName = /Tu opinión sobre «(.+)»/.exec((await feedback.getByRole('heading', { name: /^Tu opinión sobre «/ }).textContent()) ?? '')?.[1] ?? '';
    expect(activityName).not.toBe('');
    await expect(feedback.getByText(`Es una de las actividades opcionales de tu viaje «${tourName}»`)).toBeVisible();
    await expectAccessible(feedback, '/feedback/activity/{periodId}/{activityId}/{bookingId}');
    await screen(feedback, testInfo, 'opinion-actividad');
    await feedback.getByRole('group', { name: 'Tu valoración' }).getByRole('radio', { name: '4 estrellas' }).check();
    await feedback.getByLabel('Tu opinión (opcional)').fill('Muy recomendable.');
    await feedback.getByRole('button', { name: 'Enviar mi opinión' }).click();
    await expect(feedback.getByRole('status')).toContainText('¡Gracias, Lucía!');
    await feedback.goto(activity.path);
    await expect(feedback.getByRole('alert')).toContainText('Este enlace ya se ha usado');

    // Back in her account: both reviews, pending moderation; nothing left to review of this trip.
    await signInAsDemoTraveler(page);
    await page.goto('/perfil/mis-resenas');
    const mine = page.getByRole('region', { name: 'Mis reseñas' });
    const tourReview = mine.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Un viaje para repetir' }) });
    await expect(tourReview).toContainText('Pendiente de moderación');
    await expect(tourReview).toContainText(`Viaje «${tourName}»`);
    await expect(tourReview.getByRole('img', { name: `Tu foto del viaje «${tourName}»` })).toBeVisible();
    await expect(tourReview.getByRole('img')).toHaveJSProperty('complete', true);
    expect(await tourReview.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    const activityReview = mine.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Actividad «${activityName}»` }) });
    await expect(activityReview).toContainText('Pendiente de moderación');
    await expect(activityReview).toContainText('Muy recomendable.');
    // The review the demo traveller wrote long ago is published.
    await expect(mine.getByRole('listitem').filter({ hasText: 'Marruecos nos robó el corazón' })).toContainText('Publicada');
    await expect(page.getByRole('region', { name: 'Viajes pendientes de tu opinión' }).getByRole('link', { name: new RegExp(tourName) })).toHaveCount(0);
    await expectAccessible(page, '/perfil/mis-resenas (con reseñas)');
    await screen(page, testInfo, 'mis-resenas');
  } finally {
    forgetReviews(bookingId);
  }
});

test('a feedback address without its link, or with a broken one, says so in Spanish', { tag: '@one-width' }, async ({ page }) => {
  await page.goto('/feedback/tour/salida/reserva');
  await expect(page.getByRole('alert')).toContainText('Para dejar tu opinión necesitas el enlace que te enviamos por correo al volver del viaje.');
  await expect(page.getByRole('alert').getByRole('link', { name: 'Ir a mis reseñas' })).toHaveAttribute('href', '/perfil/mis-resenas');
  await expectAccessible(page, '/feedback/tour (sin enlace)');
  await page.goto('/feedback/activity/salida/actividad/reserva?clave=esto-no-es-un-enlace');
  await expect(page.getByRole('alert')).toContainText('Este enlace para opinar no es válido.');
});

test('Mis reseñas is for signed-in travellers only', { tag: '@one-width' }, async ({ page }) => {
  await page.goto('/perfil/mis-resenas');
  await expect(page).toHaveURL(/\/login\?next=%2Fperfil%2Fmis-resenas/);
  expect((await page.request.get('/api/me/reviews')).status()).toBe(401);
});
