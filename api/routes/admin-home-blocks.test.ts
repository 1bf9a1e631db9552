/**
 * /api/admin/home-blocks (issue 33) on both engines: staff only; an applied press publishes the home with the
 * content read again, a press already applied publishes nothing; a file that is not an image is refused.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '#shared/schemas/cms.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { recordingRebuilds } from '../../tests/support/cms-api.ts';
import { createTestApi, jsonRequest, type TestApi } from '../../tests/support/booking-fixtures.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { photoPng } from '../../tests/support/feedback-fixtures.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import type { Config } from '../config.ts';

describe.each(portableDialects)('/api/admin/home-blocks on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  let config: Config;
  const recorder = recordingRebuilds();
  afterAll(() => recorder.rebuilds.stop());
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    recorder.reset();
    config = { ...testConfig({}), databaseUrl: t.url };
    api = createTestApi(t.db, t.url, { config, rebuilds: recorder.rebuilds });
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

  it('keeps no stored file of a photo press that failed or was a twin of another', async () => {
    const files = async (folder: string) => (await readdir(join(config.filesDir, folder)).catch(() => [] as string[])).sort();
    const upload = async (path: string, requestId: string) => {
      const form = new FormData();
      form.set('requestId', requestId);
      form.set('caption', 'Grupo en Petra');
      form.set('file', new File([new Uint8Array(await photoPng())], 'foto.png', { type: 'image/png' }));
      return as(CALLERS.admin, 'POST', path, form);
    };
    // The experience is not there: the picture was stored, then the press failed.
    expect((await upload('/activities/no-existe/photo', 'home-photo-1')).status).toBe(404);
    expect(await files('home/activities')).toEqual([]);
    // The same press twice at once: both store the picture, one applies, the other's copy goes.
    const [one, two] = await Promise.all([upload('/photos', 'home-photo-2'), upload('/photos', 'home-photo-2')]);
    expect([one.body.applied, two.body.applied].sort()).toEqual([false, true]);
    const [row] = await t.db.selectFrom('travellerPhotos').select('thumbnail').execute();
    expect(await files('home/photos')).toEqual([row!.thumbnail.split('/').at(-1)]);
  });
});
