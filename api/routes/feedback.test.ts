import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCatalogueSnapshot } from '#content-build/snapshot.ts';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from '#shared/schemas/feedback.ts';
import { countRows, insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { claveOf, feedbackApi, feedbackConfig, type FeedbackTestApi, photoPng, TEA_CEREMONY, tripBackHome } from '../../tests/support/feedback-fixtures.ts';
import type { Config } from '../config.ts';
import { type FeedbackSubject, signFeedbackToken } from '../services/content/feedback-links.ts';

const REVIEW = {
  rate: '5',
  rateGuide: '5',
  rateDestination: '4',
  ratePriceQuality: '4',
  rateAccomodation: '3',
  rateActivities: '',
  title: 'Japón nos enamoró',
  description: 'El guía, los templos de Kioto y la ceremonia del té: todo salió de diez. Repetiremos.',
};

describe.each(portableDialects)('/api/feedback on %s', (dialect) => {
  let t: TestDatabase;
  let config: Config;
  let api: FeedbackTestApi;
  let trip: Awaited<ReturnType<typeof tripBackHome>>;
  let tour: FeedbackSubject;
  let tea: Extract<FeedbackSubject, { kind: 'activity' }>;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await insertDeparture(t.db);
    config = feedbackConfig(t.url);
    api = feedbackApi(t.db, config);
    trip = await tripBackHome(api, t.db, config);
    tour = { kind: 'tour', bookingId: trip.id, travelerId: trip.travelerId, periodId: 'p1' };
    tea = { kind: 'activity', bookingId: trip.id, travelerId: trip.travelerId, periodId: 'p1', activityId: TEA_CEREMONY.id };
  });
  afterEach(async () => t.drop());

  const linkOf = async (clave: string) => {
    const res = await api.request(`/feedback/link?clave=${encodeURIComponent(clave)}`);
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const postTour = async (fields: Record<string, string>, photo?: { bytes: Uint8Array; name: string; type: string }) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (photo) form.append('photo', new File([new Uint8Array(photo.bytes)], photo.name, { type: photo.type }));
    const res = await api.request('/feedback/tour', { method: 'POST', body: form });
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const postActivity = async (body: unknown) => {
    const res = await api.request('/feedback/activity', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it('tells what a tour link is for, saves its review as pending with the six ratings and the photo, and keeps it off the tour page', async () => {
    const clave = await claveOf(tour, config);
    const link = await linkOf(clave);
    expect(link.status).toBe(200);
    expect(link.body).toEqual({
      kind: 'tour',
      tourName: 'Japón esencial',
      dayOne: expect.any(String),
      returnDate: expect.any(String),
      activityName: null,
      travelerName: 'Ana',
      publicName: 'Ana G.',
    });

    const saved = await postTour({ clave, ...REVIEW }, { bytes: await photoPng(), name: 'Templo de Kioto.png', type: 'image/png' });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ id: expect.any(String), status: 'pending' });
    const row = await t.db.selectFrom('travelerOpinions').selectAll().where('id', '=', saved.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      bookingId: trip.id,
      travelerId: trip.travelerId,
      periodId: 'p1',
      tourId: 't1',
      status: 'DRAFT',
      tourViewable: 1,
      homeViewable: 0,
      name: 'Ana G.',
      email: 'ana.garcia@viajes.es',
      title: 'Japón nos enamoró',
      rate: 5,
      rateGuide: 5,
      rateDestination: 4,
      ratePriceQuality: 4,
      rateAccomodation: 3,
      rateActivities: null,
      thumbnail: `opinions/${saved.body.id}/Templo_de_Kioto.png`,
    });
    expect(existsSync(join(config.filesDir, row.thumbnail as string))).toBe(true);

    // Pending reviews never reach the static pages; once the team publishes it, it does.
    const opinionsOf = async () => (await readCatalogueSnapshot(t.db, { now: new Date() })).tours.find((x) => x.id === 't1')?.opinions.map((o) => o.id);
    expect(await opinionsOf()).toEqual([]);
    await t.db.updateTable('travelerOpinions').set({ status: 'ACTIVE' }).where('id', '=', saved.body.id).execute();
    expect(await opinionsOf()).toEqual([saved.body.id]);
  });

  it('saves one review from a link used twice, even at the same moment, and then says the link is used', async () => {
    const clave = await claveOf(tour, config);
    const [a, b] = await Promise.all([postTour({ clave, ...REVIEW }), postTour({ clave, ...REVIEW })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', message: FEEDBACK_MESSAGES.linkUsed });
    // A fresh link for the same booking and traveller is the same review: refused too, photo and all.
    const again = await postTour({ clave: await claveOf(tour, config), ...REVIEW }, { bytes: await photoPng(), name: 'otra.png', type: 'image/png' });
    expect(again.status).toBe(409);
    expect(await countRows(t.db, 'travelerOpinions')).toBe(1);
    expect((await linkOf(clave)).body.error.message).toBe(FEEDBACK_MESSAGES.linkUsed);
  });

  it('refuses bad input with Spanish messages per field and writes nothing', async () => {
    const clave = await claveOf(tour, config);
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ ...REVIEW, rate: '' }, { rate: FEEDBACK_MESSAGES.rate }],
      [{ ...REVIEW, rate: '6' }, { rate: FEEDBACK_MESSAGES.rate }],
      [{ ...REVIEW, rateGuide: '4.5' }, { rateGuide: FEEDBACK_MESSAGES.rating }],
      [{ ...REVIEW, rateDestination: 'mucho' }, { rateDestination: FEEDBACK_MESSAGES.rating }],
      [{ ...REVIEW, title: 'ok' }, { title: FEEDBACK_MESSAGES.title }],
      [{ ...REVIEW, description: 'Muy bien.' }, { description: FEEDBACK_MESSAGES.description }],
      [{ ...REVIEW, description: 'x'.repeat(FEEDBACK_LIMITS.descriptionMax + 1) }, { description: FEEDBACK_MESSAGES.descriptionTooLong }],
      [{ ...REVIEW, name: 'Otro nombre' }, { name: 'Este campo no se admite.' }],
    ];
    for (const [fields, expected] of cases) {
      const res = await postTour({ clave, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields).toEqual(expected);
    }
    const notImage = await postTour({ clave, ...REVIEW }, { bytes: new TextEncoder().encode('no soy una foto'), name: 'foto.jpg', type: 'image/jpeg' });
    expect(notImage.status).toBe(422);
    expect(notImage.body.error.fields).toEqual({ photo: FEEDBACK_MESSAGES.photoNotImage });
    // JPEG's signature, then nothing an image decoder can read.
    const broken = await postTour({ clave, ...REVIEW }, { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), name: 'rota.jpg', type: 'image/jpeg' });
    expect(broken.status).toBe(422);
    expect(broken.body.error.fields).toEqual({ photo: FEEDBACK_MESSAGES.photoUnreadable });
    const huge = await postTour(
      { clave, ...REVIEW },
      { bytes: new Uint8Array(FEEDBACK_LIMITS.photoMaxBytes + 70_000), name: 'enorme.jpg', type: 'image/jpeg' },
    );
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe(FEEDBACK_MESSAGES.photoTooLarge);
    expect((await postActivity({ clave: await claveOf(tea, config), rate: 0 })).body.error.fields).toEqual({ rate: FEEDBACK_MESSAGES.activityRate });
    expect(await countRows(t.db, 'travelerOpinions')).toBe(0);
    expect(await countRows(t.db, 'optionalActivityOpinions')).toBe(0);
    // No photo of a refused review stays behind.
    expect(existsSync(join(config.filesDir, 'opinions')) ? readdirSync(join(config.filesDir, 'opinions')) : []).toEqual([]);
  });

  it('refuses a missing, tampered, foreign, expired or misused link in Spanish, and writes nothing', async () => {
    const good = await claveOf(tour, config);
    const [head, payload, signature] = good.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), b: 'otra-reserva' })).toString('base64url');
    const longAgo = new Date(Date.now() - 181 * 24 * 60 * 60 * 1000);
    const invalid: [string, string][] = [
      ['nonsense', 'no-es-un-token'],
      ['another booking in the payload', `${head}.${forged}.${signature}`],
      ['a changed signature', `${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`],
      ['signed with another secret', await signFeedbackToken(tour, { secret: 'otra-clave-de-otra-tienda-con-32-caracteres', now: new Date() })],
      ['a booking that does not exist', await claveOf({ ...tour, bookingId: 'no-existe' }, config)],
      ['a traveller not on the booking', await claveOf({ ...tour, travelerId: 'trav-otro' }, config)],
      ['an activity nobody took (the insurance)', await claveOf({ ...tea, activityId: 'oa2' }, config)],
    ];
    for (const [name, clave] of invalid) {
      const res = await linkOf(clave);
      expect(res.status, name).toBe(404);
      expect(res.body.error.message, name).toBe(FEEDBACK_MESSAGES.linkInvalid);
      expect((await postTour({ clave, ...REVIEW })).status, name).toBe(404);
    }
    expect((await api.request('/feedback/link')).status).toBe(404);
    const expired = await signFeedbackToken(tour, { secret: config.authSecret, now: longAgo });
    expect((await linkOf(expired)).body.error.message).toBe(FEEDBACK_MESSAGES.linkExpired);
    expect((await postTour({ clave: expired, ...REVIEW })).body.error.message).toBe(FEEDBACK_MESSAGES.linkExpired);
    // A tour's link does not write an activity's review, nor the other way round.
    expect((await postActivity({ clave: good, rate: 4 })).status).toBe(404);
    expect((await postTour({ clave: await claveOf(tea, config), ...REVIEW })).status).toBe(404);
    // A trip canceled since the mail is no longer reviewed.
    await t.db.updateTable('bookings').set({ status: 'CANCELED' }).where('id', '=', trip.id).execute();
    expect((await linkOf(good)).body.error.message).toBe(FEEDBACK_MESSAGES.linkInvalid);
    expect(await countRows(t.db, 'travelerOpinions')).toBe(0);
  });

  it('saves an activity review once, as pending, from its own link', async () => {
    const clave = await claveOf(tea, config);
    expect((await linkOf(clave)).body).toMatchObject({ kind: 'activity', tourName: 'Japón esencial', activityName: 'Ceremonia del té' });
    const [a, b] = await Promise.all([postActivity({ clave, rate: 4, opinion: ' Preciosa y muy bien explicada. ' }), postActivity({ clave, rate: 2 })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const rows = await t.db.selectFrom('optionalActivityOpinions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ optionalActivityId: 'oa1', bookingId: trip.id, travelerId: trip.travelerId, status: 'DRAFT' });
    expect((await linkOf(clave)).body.error.message).toBe(FEEDBACK_MESSAGES.linkUsed);
    // The tour's own review is still to write.
    expect((await linkOf(await claveOf(tour, config))).status).toBe(200);
  });

  it('limits how many reviews one address may send in an hour', async () => {
    const clave = await claveOf(tea, config);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await postActivity({ clave, rate: 9 })).status);
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
