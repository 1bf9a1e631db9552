import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACTIVITY_PHOTO_MESSAGES } from '#shared/schemas/activity-photos.ts';
import { UPLOAD_MESSAGES } from '#shared/schemas/cms.ts';
import { TEST_ORIGIN } from '../../tests/support/auth-client.ts';
import { insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { type CallerName, seedCallers, signedInAs } from '../../tests/support/callers.ts';
import { recordingRebuilds } from '../../tests/support/cms-api.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { pressId } from '../../tests/support/traveler-fixtures.ts';
import { testConfig } from '../../tests/support/test-config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-activity-photos-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const jpeg = (background = '#c1121f') =>
  sharp({ create: { width: 700, height: 400, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe.each(portableDialects)('/api/admin/activity-photos on %s', (dialect) => {
  let t: TestDatabase;
  let config: ReturnType<typeof testConfig>;
  const recorder = recordingRebuilds();
  afterAll(() => recorder.rebuilds.stop());

  beforeEach(async () => {
    recorder.reset();
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
    await t.db
      .insertInto('optionalActivities')
      .values([
        { id: 'oa-tea', periodId: 'p1', activityId: 'TEA', name: 'Ceremonia del té' },
        { id: 'oa-tea-2', periodId: 'p-not-web', activityId: 'TEA', name: 'Ceremonia del té' },
      ])
      .execute();
    config = {
      ...testConfig({ DATA_DIR: mkdtempSync(join(dataDir, 'run-')), AUTH_SECRET: 'activity-photos-secret-with-32-or-more-chars' }),
      databaseUrl: t.url,
    };
  });
  afterEach(async () => {
    await recorder.rebuilds.whenIdle();
    await t.drop();
  });

  const api = () => signedInAs({ db: t.db, config, rebuilds: recorder.rebuilds });
  const read = async (res: Response) => ({
    status: res.status,
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    body: (await res.json()) as Record<string, any>,
  });
  const call = async (who: CallerName, method: string, path: string, body?: unknown) => {
    const { api: app, signIn } = api();
    const headers: Record<string, string> = { ...(await signIn(who)), origin: TEST_ORIGIN };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return read(await app.request(`/admin/activity-photos${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  };
  const upload = async (
    who: CallerName,
    path: string,
    { requestId = pressId(), bytes, name = 'Kioto té.jpg' }: { requestId?: string; bytes?: Uint8Array<ArrayBuffer>; name?: string },
  ) => {
    const { api: app, signIn } = api();
    const form = new FormData();
    form.set('requestId', requestId);
    if (bytes) form.set('file', new Blob([bytes]), name);
    return read(await app.request(`/admin/activity-photos${path}`, { method: 'POST', headers: { ...(await signIn(who)), origin: TEST_ORIGIN }, body: form }));
  };
  const photos = () => t.db.selectFrom('optionalActivityPhotos').selectAll().orderBy('position').execute();
  const actions = () => t.db.selectFrom('staffActions').selectAll().where('entityType', '=', 'activity').orderBy('createdAt').execute();
  const stored = () =>
    existsSync(config.filesDir)
      ? readdirSync(config.filesDir, { recursive: true })
          .map(String)
          .filter((f) => f.endsWith('.jpg'))
      : [];

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('answers %s with %i on every route and writes nothing', async (who, status) => {
    const bytes = new Uint8Array(await jpeg());
    const answers = [
      await call(who, 'GET', '/t1/oa-tea'),
      await upload(who, '/t1/oa-tea', { bytes }),
      await call(who, 'POST', '/t1/oa-tea/x/move', { requestId: pressId(), direction: 'up' }),
      await call(who, 'DELETE', '/t1/oa-tea/x', { requestId: pressId() }),
    ];
    expect(answers.map((a) => a.status)).toEqual([status, status, status, status]);
    expect(await photos()).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('uploads photos once per press, in order, recorded, and republishes the tour page with them', async () => {
    const first = await upload('admin', '/t1/oa-tea', { requestId: 'press-photo-1', bytes: new Uint8Array(await jpeg()) });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      applied: true,
      tour: { id: 't1', name: 'Japón esencial', slug: 'japon-esencial' },
      activity: { id: 'oa-tea', name: 'Ceremonia del té', periodId: 'p1' },
      otherDepartures: [{ id: 'oa-tea-2', photos: 0 }],
    });
    expect(first.body.publication).toEqual(expect.any(String));
    expect(first.body.photos).toHaveLength(1);
    const [photo] = first.body.photos;
    expect(photo.key).toMatch(/^optional-activities\/t1\/oa-tea-[0-9a-f-]{36}\.jpg$/);
    expect(photo.url).toMatch(/^\/files\/optional-activities\/t1\/.+\?expires=/);
    // The same press again (a double click, a retry): nothing new, no second file.
    const again = await upload('admin', '/t1/oa-tea', { requestId: 'press-photo-1', bytes: new Uint8Array(await jpeg()) });
    expect(again.status).toBe(200);
    expect(again.body.applied).toBe(false);
    expect(again.body.photos).toHaveLength(1);
    const second = await upload('admin', '/t1/oa-tea', { requestId: 'press-photo-2', bytes: new Uint8Array(await jpeg('#2a6f97')), name: 'otra.jpg' });
    expect(second.body.photos.map((p: { position: number }) => p.position)).toEqual([0, 1]);
    expect(stored()).toHaveLength(2);
    // Variants and the blur placeholder were made for the pages.
    expect(readdirSync(join(config.siteDir, 'media')).some((f) => f.endsWith('.webp'))).toBe(true);

    const recorded = await actions();
    expect(recorded.map((a) => [a.entityId, a.action, a.actorEmail])).toEqual([
      ['oa-tea', 'photo-upload', 'equipo@different.demo'],
      ['oa-tea', 'photo-upload', 'equipo@different.demo'],
    ]);
    await recorder.rebuilds.whenIdle();
    expect(recorder.published.at(-1)).toEqual({
      changed: ['tour:t1'],
      content: false,
      tours: [{ id: 't1', activityPhotos: { 'oa-tea': second.body.photos.map((p: { key: string }) => p.key) } }],
    });
  });

  it('refuses a file that is not an image, none at all, or no request id, storing nothing', async () => {
    const text = await upload('admin', '/t1/oa-tea', { bytes: new TextEncoder().encode('no soy una foto') });
    expect(text.status).toBe(422);
    expect(text.body.error.fields.file).toBe(UPLOAD_MESSAGES.notImage);
    const none = await upload('admin', '/t1/oa-tea', {});
    expect(none.status).toBe(422);
    expect(none.body.error.fields.file).toBe(UPLOAD_MESSAGES.missing);
    const noPress = await upload('admin', '/t1/oa-tea', { requestId: '', bytes: new Uint8Array(await jpeg()) });
    expect(noPress.status).toBe(422);
    expect(noPress.body.error.fields.requestId).toBe(ACTIVITY_PHOTO_MESSAGES.badRequest);
    expect(await photos()).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('refuses an image over the size limit with 413', async () => {
    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    big.set(await jpeg(), 0);
    const answer = await upload('admin', '/t1/oa-tea', { bytes: big });
    expect(answer.status).toBe(413);
    expect(answer.body.error.message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(await photos()).toEqual([]);
  });

  it('moves a photo up and down once per press and refuses a move past the end', async () => {
    await upload('admin', '/t1/oa-tea', { bytes: new Uint8Array(await jpeg()) });
    const { body } = await upload('admin', '/t1/oa-tea', { bytes: new Uint8Array(await jpeg('#2a6f97')) });
    const [a, b] = body.photos.map((p: { id: string }) => p.id);
    const press = { requestId: 'press-move-1', direction: 'up' };
    const moved = await call('admin', 'POST', `/t1/oa-tea/${b}/move`, press);
    expect(moved.status).toBe(200);
    expect(moved.body.applied).toBe(true);
    expect(moved.body.photos.map((p: { id: string }) => p.id)).toEqual([b, a]);
    // Pressed twice: moved once.
    const twice = await call('admin', 'POST', `/t1/oa-tea/${b}/move`, press);
    expect(twice.body.applied).toBe(false);
    expect((await photos()).map((p) => p.id)).toEqual([b, a]);
    const edge = await call('admin', 'POST', `/t1/oa-tea/${b}/move`, { requestId: pressId(), direction: 'up' });
    expect(edge.status).toBe(409);
    expect(edge.body.error.message).toBe(ACTIVITY_PHOTO_MESSAGES.edge);
    const bad = await call('admin', 'POST', `/t1/oa-tea/${b}/move`, { requestId: pressId(), direction: 'left' });
    expect(bad.status).toBe(422);
    expect((await actions()).filter((x) => x.action.startsWith('photo-move')).map((x) => JSON.parse(x.after ?? '[]'))).toEqual([[b, a]]);
  });

  it('removes a photo once per press, closing the gap, and republishes', async () => {
    const ids: string[] = [];
    for (const colour of ['#111111', '#222222', '#333333']) {
      ids.push((await upload('admin', '/t1/oa-tea', { bytes: new Uint8Array(await jpeg(colour)) })).body.photos.at(-1).id);
    }
    recorder.reset();
    const press = { requestId: 'press-remove-1' };
    const removed = await call('admin', 'DELETE', `/t1/oa-tea/${ids[1]}`, press);
    expect(removed.status).toBe(200);
    expect(removed.body.photos.map((p: { id: string; position: number }) => [p.id, p.position])).toEqual([
      [ids[0], 0],
      [ids[2], 1],
    ]);
    expect((await call('admin', 'DELETE', `/t1/oa-tea/${ids[1]}`, press)).body.applied).toBe(false);
    // Another press for the photo gone: said so.
    const gone = await call('admin', 'DELETE', `/t1/oa-tea/${ids[1]}`, { requestId: pressId() });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(ACTIVITY_PHOTO_MESSAGES.photoNotFound);
    expect((await photos()).map((p) => p.position)).toEqual([0, 1]);
    await recorder.rebuilds.whenIdle();
    expect(recorder.published).toHaveLength(1);
    expect((await actions()).filter((a) => a.action === 'photo-remove')).toHaveLength(1);
  });

  it('answers 404 for an activity of another tour, an unknown activity, and a photo of another activity', async () => {
    const bytes = new Uint8Array(await jpeg());
    const { body } = await upload('admin', '/t1/oa-tea', { bytes });
    const photoId = body.photos[0].id;
    for (const path of ['/t2/oa-tea', '/t1/nope']) {
      const answer = await call('admin', 'GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.error.message).toBe(ACTIVITY_PHOTO_MESSAGES.notFound);
    }
    expect((await upload('admin', '/t2/oa-tea', { bytes })).status).toBe(404);
    expect((await call('admin', 'POST', `/t2/oa-tea/${photoId}/move`, { requestId: pressId(), direction: 'down' })).status).toBe(404);
    const elsewhere = await call('admin', 'DELETE', `/t1/oa-tea-2/${photoId}`, { requestId: pressId() });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.message).toBe(ACTIVITY_PHOTO_MESSAGES.photoNotFound);
    expect(await photos()).toHaveLength(1);
  });
});
