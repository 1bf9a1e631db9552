import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPINION_MESSAGES, OPINION_PAGE_SIZE } from '#shared/schemas/opinions.ts';
import { mailsTo, TEST_ORIGIN } from '../../tests/support/auth-client.ts';
import { insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { type CallerName, seedCallers, signedInAs } from '../../tests/support/callers.ts';
import { recordingRebuilds } from '../../tests/support/cms-api.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { pressId } from '../../tests/support/traveler-fixtures.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import type { NewTravelerOpinionRow } from '../db/tables.ts';

const AUTHOR = 'lucia.viajera@correo.es';

describe.each(portableDialects)('/api/admin/opinions on %s', (dialect) => {
  let t: TestDatabase;
  const recorder = recordingRebuilds();
  afterAll(() => recorder.rebuilds.stop());
  const config = testConfig({ AUTH_SECRET: 'opinion-tests-secret-with-32-or-more-chars', PUBLIC_URL: 'https://tienda.test' });

  const review = (id: string, extra: Partial<NewTravelerOpinionRow> = {}): NewTravelerOpinionRow => ({
    id,
    periodId: 'p1',
    tourId: 't1',
    title: `Opinión ${id}`,
    name: 'Lucía M.',
    email: AUTHOR,
    description: 'Un viaje precioso, muy bien organizado.',
    rate: 4.5,
    rateGuide: 5,
    status: 'DRAFT',
    tourViewable: 1,
    createdAt: '2026-03-10T10:00:00.000Z',
    ...extra,
  });

  beforeEach(async () => {
    recorder.reset();
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
    await t.db
      .insertInto('travelerOpinions')
      .values([
        review('op-pending', { thumbnail: 'opinions/op-pending/foto.jpg' }),
        review('op-old', { status: 'ACTIVE', createdAt: '2026-01-05T09:00:00.000Z', publishedMailAt: '2026-01-05T09:00:00.000Z' }),
        review('op-other', { tourId: 't2', periodId: null, email: null, status: 'INACTIVE', createdAt: '2026-02-20T12:00:00.000Z' }),
      ])
      .execute();
  });
  afterEach(async () => {
    await recorder.rebuilds.whenIdle();
    await t.drop();
  });

  const call = async (who: CallerName, method: string, path: string, body?: unknown) => {
    const { api, signIn } = signedInAs({ db: t.db, config, rebuilds: recorder.rebuilds });
    const headers: Record<string, string> = { ...(await signIn(who)), origin: TEST_ORIGIN };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await api.request(`/admin/opinions${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
  };
  const ids = (body: Record<string, unknown>) => (body.rows as { id: string }[]).map((r) => r.id);
  const row = (id: string) => t.db.selectFrom('travelerOpinions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const actions = () => t.db.selectFrom('staffActions').selectAll().orderBy('createdAt').execute();

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('answers %s with %i on every route and writes nothing', async (who, status) => {
    const before = await row('op-pending');
    const answers = [
      await call(who, 'GET', ''),
      await call(who, 'GET', '/op-pending'),
      await call(who, 'POST', '/op-pending/moderate', { requestId: pressId(), status: 'ACTIVE' }),
      await call(who, 'POST', '/op-pending/reply', { requestId: pressId(), comment: 'Gracias' }),
    ];
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => status));
    expect(await row('op-pending')).toEqual(before);
    expect(await actions()).toEqual([]);
    expect(await mailsTo(t.db, AUTHOR)).toEqual([]);
    expect(await t.db.selectFrom('opinionComments').selectAll().execute()).toEqual([]);
  });

  it('lists newest first with the tour, the departure, the ratings and a signed link to the photo', async () => {
    const res = await call('admin', 'GET', '');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(ids(res.body)).toEqual(['op-pending', 'op-other', 'op-old']);
    expect(res.body).toMatchObject({ total: 3, page: 1, pageSize: OPINION_PAGE_SIZE, periods: [] });
    expect(res.body.tours).toEqual([
      { id: 't1', name: 'Japón esencial' },
      { id: 't2', name: 'Otro' },
    ]);
    const first = res.body.rows[0];
    expect(first).toMatchObject({
      tourName: 'Japón esencial',
      periodId: 'p1',
      rate: 4.5,
      rateGuide: 5,
      status: 'DRAFT',
      tourViewable: true,
      homeViewable: false,
    });
    expect(first.photoUrl).toMatch(/^\/files\/opinions\/op-pending\/foto\.jpg\?expires=\d+&signature=/);
    expect(res.body.rows[1]).toMatchObject({ photoUrl: null, dayOne: null });
  });

  it('filters by tour, departure, status and the days written, and pages on the server', async () => {
    expect(ids((await call('admin', 'GET', '?tourId=t2')).body)).toEqual(['op-other']);
    const byTour = await call('admin', 'GET', '?tourId=t1&periodId=p1');
    expect(ids(byTour.body)).toEqual(['op-pending', 'op-old']);
    expect(byTour.body.periods).toEqual([{ id: 'p1', dayOne: expect.any(String) }]);
    expect(ids((await call('admin', 'GET', '?status=DRAFT')).body)).toEqual(['op-pending']);
    expect(ids((await call('admin', 'GET', '?from=2026-02-01&to=2026-02-20')).body)).toEqual(['op-other']);
    expect(ids((await call('admin', 'GET', '?from=2026-02-21')).body)).toEqual(['op-pending']);

    await t.db
      .insertInto('travelerOpinions')
      .values(
        Array.from({ length: 25 }, (_, i) =>
          review(`lote-${String(i).padStart(2, '0')}`, { createdAt: `2026-04-${String(i + 1).padStart(2, '0')}T08:00:00.000Z` }),
        ),
      )
      .execute();
    const first = await call('admin', 'GET', '?status=DRAFT');
    expect(first.body.total).toBe(26);
    expect(ids(first.body)).toHaveLength(OPINION_PAGE_SIZE);
    expect(ids(first.body)[0]).toBe('lote-24');
    const second = await call('admin', 'GET', '?status=DRAFT&page=2');
    expect(ids(second.body)).toEqual(['lote-04', 'lote-03', 'lote-02', 'lote-01', 'lote-00', 'op-pending']);
  });

  it('refuses a filter that cannot be', async () => {
    const backwards = await call('admin', 'GET', '?from=2026-03-01&to=2026-02-01');
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.fields).toEqual({ to: OPINION_MESSAGES.period });
    expect((await call('admin', 'GET', '?status=DELETED')).status).toBe(422);
    expect((await call('admin', 'GET', '?page=0')).status).toBe(422);
    expect((await call('admin', 'GET', '/nadie')).status).toBe(404);
    const empty = await call('admin', 'POST', '/op-pending/moderate', { requestId: pressId() });
    expect(empty.status).toBe(422);
    expect(await actions()).toEqual([]);
  });

  it('publishes once for a press made twice: one record, one mail to the author, one publication of the tour', async () => {
    const press = { requestId: pressId(), status: 'ACTIVE' };
    const first = await call('admin', 'POST', '/op-pending/moderate', press);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ applied: true, opinion: { status: 'ACTIVE' }, publication: expect.any(String) });
    const again = await call('admin', 'POST', '/op-pending/moderate', press);
    expect(again.body).toMatchObject({ applied: false, opinion: { status: 'ACTIVE' }, publication: null });

    const recorded = await actions();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ entityType: 'opinion', entityId: 'op-pending', action: 'publish', actorEmail: 'equipo@different.demo' });
    expect(JSON.parse(recorded[0]?.before ?? '')).toEqual({ status: 'DRAFT', homeViewable: false, tourViewable: true });
    expect(JSON.parse(recorded[0]?.after ?? '')).toEqual({ status: 'ACTIVE', homeViewable: false, tourViewable: true });

    const mails = await mailsTo(t.db, AUTHOR);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ type: 'OPINION_PUBLISHED', subject: 'Hemos publicado tu opinión sobre «Japón esencial»' });
    expect(mails[0]?.html).toContain('https://tienda.test/tour/japon-esencial');

    await recorder.rebuilds.whenIdle();
    // The tour's pages are rendered again with its published reviews, as the snapshot carries them.
    expect(recorder.fullBuilds).toEqual([]);
    expect(recorder.published).toEqual([
      {
        changed: ['tour:t1'],
        content: false,
        tours: [
          {
            id: 't1',
            opinions: [expect.objectContaining({ id: 'op-pending', title: 'Opinión op-pending', rate: 4.5 }), expect.objectContaining({ id: 'op-old' })],
          },
        ],
      },
    ]);
    expect(JSON.stringify(recorder.published)).not.toContain(AUTHOR);
  });

  it('mails the published-opinion notice only the first time a review is published', async () => {
    await call('admin', 'POST', '/op-pending/moderate', { requestId: pressId(), status: 'ACTIVE' });
    const hidden = await call('admin', 'POST', '/op-pending/moderate', { requestId: pressId(), status: 'INACTIVE' });
    expect(hidden.body).toMatchObject({ applied: true, opinion: { status: 'INACTIVE' }, publication: expect.any(String) });
    await call('admin', 'POST', '/op-pending/moderate', { requestId: pressId(), status: 'ACTIVE' });
    expect((await row('op-pending')).status).toBe('ACTIVE');
    expect(await mailsTo(t.db, AUTHOR)).toHaveLength(1);
    expect((await actions()).map((a) => a.action)).toEqual(['publish', 'hide', 'publish']);
    await recorder.rebuilds.whenIdle();
    // Hidden, the tour page shows only the older review.
    expect(recorder.published[1]?.tours?.[0]?.opinions?.map((o) => o.id)).toEqual(['op-old']);
    // A review already published before (the seed's, mailed then) is not mailed again either.
    await call('admin', 'POST', '/op-old/moderate', { requestId: pressId(), status: 'INACTIVE' });
    await call('admin', 'POST', '/op-old/moderate', { requestId: pressId(), status: 'ACTIVE' });
    expect(await mailsTo(t.db, AUTHOR)).toHaveLength(1);
  });

  it('places a review on the home and off the tour page; a review no page shows publishes nothing', async () => {
    const off = await call('admin', 'POST', '/op-old/moderate', { requestId: pressId(), tourViewable: false, homeViewable: true });
    expect(off.body).toMatchObject({ applied: true, opinion: { status: 'ACTIVE', tourViewable: false, homeViewable: true }, publication: expect.any(String) });
    expect((await actions())[0]).toMatchObject({ action: 'visibility' });
    const draft = await call('admin', 'POST', '/op-pending/moderate', { requestId: pressId(), homeViewable: true });
    expect(draft.body).toMatchObject({ applied: true, opinion: { status: 'DRAFT', homeViewable: true }, publication: null });
    expect(await mailsTo(t.db, AUTHOR)).toEqual([]);
    await recorder.rebuilds.whenIdle();
    // Off the tour page and onto the home: the tour's pages and the home's reviews (read with the content).
    expect(recorder.published).toEqual([{ changed: ['tour:t1', 'home-opinions'], content: true, tours: [{ id: 't1', opinions: [] }] }]);
  });

  it('replies once for a press made twice, mails the reply to the author and marks it sent', async () => {
    const press = { requestId: pressId(), comment: '¡Gracias, Lucía! Se lo contamos al guía.' };
    const first = await call('admin', 'POST', '/op-pending/reply', press);
    expect(first.status).toBe(200);
    expect(first.body.applied).toBe(true);
    expect(first.body.opinion.replies).toEqual([{ id: expect.any(String), comment: press.comment, emailReplySent: true, createdAt: expect.any(String) }]);
    const again = await call('admin', 'POST', '/op-pending/reply', press);
    expect(again.body.applied).toBe(false);
    expect(again.body.opinion.replies).toHaveLength(1);

    const mails = await mailsTo(t.db, AUTHOR);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ type: 'OPINION_REPLY', subject: 'Respuesta a tu opinión sobre «Japón esencial»' });
    expect(mails[0]?.text).toContain(press.comment);
    expect((await actions()).map((a) => a.action)).toEqual(['reply']);
    await recorder.rebuilds.whenIdle();
    expect(recorder.published).toEqual([]);
  });

  it('keeps a reply to a review without an address, unsent; refuses an empty reply', async () => {
    const res = await call('admin', 'POST', '/op-other/reply', { requestId: pressId(), comment: 'Gracias por escribirnos.' });
    expect(res.body.opinion.replies).toEqual([expect.objectContaining({ emailReplySent: false })]);
    const empty = await call('admin', 'POST', '/op-other/reply', { requestId: pressId(), comment: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields).toEqual({ comment: OPINION_MESSAGES.replyRequired });
    expect(await t.db.selectFrom('mails').selectAll().where('type', '=', 'OPINION_REPLY').execute()).toEqual([]);
  });
});
