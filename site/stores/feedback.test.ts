/**
 * The feedback screen (/feedback/tour/…, /feedback/activity/…) against the real API, as the traveller who
 * opens the mailed link: a link missing or broken closes the form in Spanish, a review checked before it
 * is sent, a photo refused as it is chosen, a tour review with its photo saved as pending and its link
 * used up, and an activity's review.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { claveOf, photoPng, tripBackHome } from '../../tests/support/feedback-fixtures.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import * as form from './feedback.ts';

const island = withIslandApi();
let trip: Awaited<ReturnType<typeof tripBackHome>>;

beforeEach(async () => {
  trip = await tripBackHome(island.app, island.t.db, island.app.config);
  form.$feedback.set({ ...form.$feedback.get(), status: 'loading', link: null, errors: {}, message: null, photo: null });
  for (const field of form.FEEDBACK_TEXT_FIELDS) form.setText(field, '');
  form.setRating('rate', null);
});

const opened = async (kind: 'tour' | 'activity') => {
  const subject = { bookingId: trip.id, travelerId: trip.travelerId, periodId: 'p1' };
  const clave = await claveOf(kind === 'tour' ? { kind, ...subject } : { kind, ...subject, activityId: 'oa1' }, island.app.config);
  await form.openFeedbackLink(`?clave=${encodeURIComponent(clave)}`);
  return clave;
};

describe('the feedback screen', () => {
  it('closes the form when the address has no link, or a broken one', async () => {
    await form.openFeedbackLink('');
    expect(form.$feedback.get()).toMatchObject({
      status: 'closed',
      message: 'Para dejar tu opinión necesitas el enlace que te enviamos por correo al volver del viaje.',
    });
    await form.openFeedbackLink('?clave=no-es-una-clave');
    expect(form.$feedback.get()).toMatchObject({
      status: 'closed',
      message:
        'Este enlace para opinar no es válido. Comprueba que lo has abierto entero desde el correo, o entra en tu cuenta y escribe tu opinión desde «Mis reseñas».',
    });
  });

  it('checks a tour review before sending it, then saves it with its photo and uses the link up', async () => {
    const clave = await opened('tour');
    expect(form.$feedback.get()).toMatchObject({ status: 'ready', link: { kind: 'tour', tourName: 'Japón esencial' } });
    const sent = island.calls.length;
    expect(await form.submitFeedback()).toBe('failed');
    expect(form.$feedback.get()).toMatchObject({
      status: 'ready',
      message: 'Revisa los campos marcados.',
      errors: { rate: 'Elige una puntuación general de 1 a 5 estrellas.', title: expect.any(String), description: expect.any(String) },
    });
    expect(island.calls.length).toBe(sent);

    form.setRating('rate', 5);
    form.setText('title', 'Japón nos enamoró');
    form.setText('description', 'El guía, los templos de Kioto y la ceremonia del té: todo salió de diez.');
    expect(form.$feedback.get()).toMatchObject({ errors: {}, message: null });
    form.setPhoto(new File([new Uint8Array(await photoPng())], 'kioto.png', { type: 'image/png' }));
    expect(await form.submitFeedback()).toBe('sent');
    expect(form.$feedback.get()).toMatchObject({
      status: 'sent',
      message: 'Hemos recibido tu opinión: la publicaremos en cuanto nuestro equipo la revise.',
    });
    const opinions = await island.t.db.selectFrom('travelerOpinions').select(['bookingId', 'rate', 'status', 'thumbnail']).execute();
    expect(opinions).toEqual([{ bookingId: trip.id, rate: 5, status: 'DRAFT', thumbnail: expect.stringMatching(/\/kioto\.png$/) }]);

    await form.openFeedbackLink(`?clave=${encodeURIComponent(clave)}`);
    expect(form.$feedback.get()).toMatchObject({
      status: 'closed',
      message: 'Este enlace ya se ha usado: ya tenemos tu opinión. ¡Gracias! Puedes verla en «Mis reseñas» de tu cuenta.',
    });
  });

  it('refuses a photo that is not an image as it is chosen', async () => {
    await opened('tour');
    form.setPhoto(new File(['%PDF-1.4'], 'billete.pdf', { type: 'application/pdf' }));
    expect(form.$feedback.get()).toMatchObject({ photo: null, errors: { photo: 'La foto debe ser una imagen JPG, PNG, WebP o AVIF.' } });
  });

  it("saves an activity's review from its own link", async () => {
    await opened('activity');
    expect(form.$feedback.get().link).toMatchObject({ kind: 'activity', activityName: 'Ceremonia del té' });
    form.setRating('rate', 4);
    form.setText('opinion', 'Muy bonita, aunque corta.');
    expect(await form.submitFeedback()).toBe('sent');
    expect(await island.t.db.selectFrom('optionalActivityOpinions').select(['rate', 'opinion']).execute()).toEqual([
      { rate: 4, opinion: 'Muy bonita, aunque corta.' },
    ]);
  });
});
