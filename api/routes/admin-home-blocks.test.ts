/**
 * /api/admin/home-blocks (issue 33) on both engines: staff only; an applied press publishes the home with the
 * content read again, a press already applied publishes nothing; a file that is not an image is refused.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '#shared/schemas/cms.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { recordingRebuilds } from '../../tests/support/cms-api.ts';
import { createTestApi, jsonRequest, type TestApi } from '../../tests/support/booking-fixtures.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';

describe.each(portableDialects)('/api/admin/home-blocks on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  const recorder = recordingRebuilds();
  afterAll(() => recorder.rebuilds.stop());
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    recorder.reset();
    api = createTestApi(t.db, t.url, { rebuilds: recorder.rebuilds });
  });
  afterEach(async () => t.drop());

  const as = async (who: object | null, method: string, path: string, body?: unknown) => {
    const init = body instanceof FormData ? { method, body } : body === undefined ? { method } : jsonRequest(method, body);
    const res = await api.request(`/admin/home-blocks${path}`, {
      ...init,
      headers: { ...((init as { headers?: Record<string, string> }).headers ?? {}), ...(who ? { 'x-test-auth': JSON.stringify(who) } : {}) },
    });
    return { status: res.status, body: await res.json() };
  };

  it.each([
    ['a visitor', null, 401],
    ['a traveller', CALLERS.traveler, 403],
    ['a guide', CALLERS.guide, 403],
  ])('answers %s with %s and writes nothing', async (_, who, status) => {
    expect((await as(who, 'GET', '')).status).toBe(status);
    expect((await as(who, 'POST', '/activities', { requestId: 'home-press-1', name: 'Globo' })).status).toBe(status);
    expect(await t.db.selectFrom('activities').select('id').execute()).toEqual([]);
  });

  it('publishes the home once per applied press, and refuses a file that is not an image', async () => {
    const press = { requestId: 'home-press-1', name: 'Globo sobre Capadocia', city: 'Göreme' };
    const [one, two] = await Promise.all([as(CALLERS.admin, 'POST', '/activities', press), as(CALLERS.admin, 'POST', '/activities', press)]);
    expect([one.body.applied, two.body.applied].sort()).toEqual([false, true]);
    await recorder.rebuilds.whenIdle();
    expect(recorder.published).toEqual([{ changed: ['home-blocks'], content: true, tours: [] }]);
    const form = new FormData();
    form.set('requestId', 'home-press-2');
    form.set('caption', 'Grupo en Petra');
    form.set('file', new File(['no soy una foto'], 'foto.jpg'));
    const refused = await as(CALLERS.admin, 'POST', '/photos', form);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.file).toBeDefined();
    expect(await t.db.selectFrom('travellerPhotos').select('id').execute()).toEqual([]);
    const noFile = new FormData();
    noFile.set('requestId', 'home-press-3');
    noFile.set('caption', 'Grupo en Petra');
    expect((await as(CALLERS.admin, 'POST', '/photos', noFile)).body.error.fields.file).toBe(UPLOAD_MESSAGES.missing);
  });
});
