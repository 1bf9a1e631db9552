import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPINION_MESSAGES } from '#shared/schemas/opinions.ts';
import { TEST_ORIGIN } from '../../tests/support/auth-client.ts';
import { insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { type CallerName, seedCallers, signedInAs } from '../../tests/support/callers.ts';
import { recordingRebuilds } from '../../tests/support/cms-api.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { pressId } from '../../tests/support/traveler-fixtures.ts';
import { testConfig } from '../../tests/support/test-config.ts';

describe.each(portableDialects)('/api/admin/opinions: activity reviews and history on %s', (dialect) => {
  let t: TestDatabase;
  const recorder = recordingRebuilds();
  afterAll(() => recorder.rebuilds.stop());
  const config = testConfig({ AUTH_SECRET: 'activity-opinion-tests-secret-with-32-chars', PUBLIC_URL: 'https://tienda.test' });

  beforeEach(async () => {
    recorder.reset();
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
    await t.db
      .insertInto('optionalActivities')
      .values([
        { id: 'oa-tea', periodId: 'p1', activityId: 'TEA', name: 'Ceremonia del té' },
        { id: 'oa-other', periodId: 'p-not-web', activityId: 'BIKE', name: 'Bicicleta' },
      ])
      .execute();
    await t.db
      .insertInto('optionalActivityOpinions')
      .values([
        {
          id: 'aop-pending',
          optionalActivityId: 'oa-tea',
          travelerId: 'trav-ana',
          rate: 4.5,
          opinion: 'Muy recomendable.',
          status: 'DRAFT',
          createdAt: '2026-03-10T10:00:00.000Z',
        },
        { id: 'aop-old', optionalActivityId: 'oa-other', rate: 3, opinion: null, status: 'ACTIVE', createdAt: '2026-01-05T09:00:00.000Z' },
      ])
      .execute();
    await t.db
      .insertInto('travelerOpinions')
      .values({
        id: 'op-1',
        periodId: 'p1',
        tourId: 't1',
        name: 'Lucía M.',
        email: 'lucia@correo.es',
        rate: 5,
        status: 'DRAFT',
        createdAt: '2026-03-10T10:00:00.000Z',
      })
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
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const status = async (id: string) =>
    (await t.db.selectFrom('optionalActivityOpinions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('answers %s with %i on every route and writes nothing', async (who, code) => {
    const answers = [
      await call(who, 'GET', '/activities'),
      await call(who, 'POST', '/activities/aop-pending/moderate', { requestId: pressId(), status: 'ACTIVE' }),
      await call(who, 'GET', '/aop-pending/history'),
    ];
    expect(answers.map((a) => a.status)).toEqual([code, code, code]);
    expect(await status('aop-pending')).toBe('DRAFT');
  });

  it('lists activity reviews newest first with their activity, tour, departure and author, filtered on the server', async () => {
    const all = await call('admin', 'GET', '/activities');
    expect(all.status).toBe(200);
    expect(all.body.rows.map((r: { id: string }) => r.id)).toEqual(['aop-pending', 'aop-old']);
    expect(all.body.rows[0]).toEqual({
      id: 'aop-pending',
      activityId: 'oa-tea',
      activityName: 'Ceremonia del té',
      tourId: 't1',
      tourName: 'Japón esencial',
      periodId: 'p1',
      dayOne: expect.any(String),
      travelerName: 'ana',
      rate: 4.5,
      opinion: 'Muy recomendable.',
      status: 'DRAFT',
      createdAt: '2026-03-10T10:00:00.000Z',
    });
    expect(all.body.tours).toEqual([{ id: 't1', name: 'Japón esencial' }]);
    expect((await call('admin', 'GET', '/activities?status=ACTIVE')).body.rows.map((r: { id: string }) => r.id)).toEqual(['aop-old']);
    expect((await call('admin', 'GET', '/activities?periodId=p1')).body.total).toBe(1);
    const tour = await call('admin', 'GET', '/activities?tourId=t1');
    expect(tour.body.periods.map((p: { id: string }) => p.id).sort()).toEqual(['p-not-web', 'p1']);
    const bad = await call('admin', 'GET', '/activities?status=NOPE');
    expect(bad.status).toBe(422);
  });

  it('publishes and hides an activity review once per press, recorded, without rebuilding the site', async () => {
    const press = { requestId: 'press-activity-1', status: 'ACTIVE' };
    const [first, second] = await Promise.all([
      call('admin', 'POST', '/activities/aop-pending/moderate', press),
      call('admin', 'POST', '/activities/aop-pending/moderate', press),
    ]);
    expect([first?.body.applied, second?.body.applied].sort()).toEqual([false, true]);
    expect(first?.body.opinion).toMatchObject({ id: 'aop-pending', status: 'ACTIVE' });
    expect(await status('aop-pending')).toBe('ACTIVE');
    const hidden = await call('admin', 'POST', '/activities/aop-pending/moderate', { requestId: pressId(), status: 'INACTIVE' });
    expect(hidden.body).toMatchObject({ applied: true, opinion: { status: 'INACTIVE' } });
    const recorded = await t.db.selectFrom('staffActions').selectAll().where('entityId', '=', 'aop-pending').orderBy('createdAt').execute();
    expect(recorded.map((a) => [a.entityType, a.action, a.actorEmail, a.after])).toEqual([
      ['opinion', 'publish', 'equipo@different.demo', '{"status":"ACTIVE"}'],
      ['opinion', 'hide', 'equipo@different.demo', '{"status":"INACTIVE"}'],
    ]);
    await recorder.rebuilds.whenIdle();
    expect(recorder.published).toEqual([]);
    expect(recorder.fullBuilds).toEqual([]);
  });

  it('refuses a status other than publish or hide, and answers 404 for an unknown review', async () => {
    const draft = await call('admin', 'POST', '/activities/aop-pending/moderate', { requestId: pressId(), status: 'DRAFT' });
    expect(draft.status).toBe(422);
    const missing = await call('admin', 'POST', '/activities/nope/moderate', { requestId: pressId(), status: 'ACTIVE' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(OPINION_MESSAGES.notFound);
    // A tour review's id is not an activity review's.
    expect((await call('admin', 'POST', '/activities/op-1/moderate', { requestId: pressId(), status: 'ACTIVE' })).status).toBe(404);
    expect((await call('admin', 'GET', '/nope/history')).status).toBe(404);
  });

  it("shows a review's history: who published, placed and replied, newest first", async () => {
    await call('admin', 'POST', '/op-1/moderate', { requestId: 'press-h-1', status: 'ACTIVE' });
    await call('admin', 'POST', '/op-1/moderate', { requestId: 'press-h-2', homeViewable: true });
    await call('admin', 'POST', '/op-1/reply', { requestId: 'press-h-3', comment: '¡Gracias, Lucía!' });
    const history = await call('admin', 'GET', '/op-1/history');
    expect(history.status).toBe(200);
    expect(history.body.entries.map((e: { label: string; actorEmail: string }) => [e.label, e.actorEmail])).toEqual(
      expect.arrayContaining([
        ['Publicada', 'equipo@different.demo'],
        ['Mostrada en la portada', 'equipo@different.demo'],
        ['Respondida (enviada por correo)', 'equipo@different.demo'],
      ]),
    );
    expect(history.body.entries).toHaveLength(3);
    const times = history.body.entries.map((e: { createdAt: string }) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    await call('admin', 'POST', '/activities/aop-pending/moderate', { requestId: 'press-h-4', status: 'ACTIVE' });
    expect((await call('admin', 'GET', '/aop-pending/history')).body.entries.map((e: { label: string }) => e.label)).toEqual(['Publicada']);
    expect((await call('admin', 'GET', '/aop-old/history')).body.entries).toEqual([]);
  });
});
