import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '#shared/schemas/cms.ts';
import { seedCallers } from '../../tests/support/callers.ts';
import { cmsCaller, recordingRebuilds, writeUploadedFile } from '../../tests/support/cms-api.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { testConfig } from '../../tests/support/test-config.ts';

const stamp = '2026-01-01T00:00:00.000Z';
const dataDir = mkdtempSync(join(tmpdir(), 'shop-card-tools-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.each(portableDialects)('/api/cms/tours on %s', (dialect) => {
  let t: TestDatabase;
  const recorder = recordingRebuilds();
  const { published, fullBuilds, statuses, rebuilds } = recorder;
  afterAll(() => rebuilds.stop());
  const config = testConfig({ DATA_DIR: dataDir });
  const uploaded = (key: string) => writeUploadedFile(config.filesDir, key);

  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await t.db
      .insertInto('tours')
      .values({ id: 'tour-peru', name: 'Perú esencial', webSlug: 'peru', tourType: 'Group', publishWeb: 1, createdAt: stamp, updatedAt: stamp })
      .execute();
    recorder.reset();
  });
  afterEach(async () => t.drop());

  const call: ReturnType<typeof cmsCaller> = (...args) =>
    cmsCaller({ db: t.db, config: { ...config, databaseUrl: t.url }, resource: 'tours', recorder })(...args);
  const status = async () => (await t.db.selectFrom('tours').select('status').where('id', '=', 'tour-peru').executeTakeFirstOrThrow()).status;

  it("a photo uploaded for the tour becomes its thumbnail; the tour is UPDATING until the card's pages are live, then ACTIVE", async () => {
    const key = uploaded('tour-peru/Machu_Picchu.jpg');
    const saved = await call('admin', 'PUT', '/tour-peru/thumbnail', { version: 1, thumbnail: key });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toMatchObject({ thumbnail: key, version: 2 });
    expect(saved.body.saved.thumbnailUrl).toMatch(/^\/files\/tour-peru\/Machu_Picchu\.jpg\?expires=/);
    await rebuilds.whenIdle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(published).toEqual([{ changed: ['tour:tour-peru'], content: false, tours: [{ id: 'tour-peru', thumbnail: key }] }]);
    expect(statuses.map((s) => s.status)).toEqual(['UPDATING', 'ACTIVE']);
    expect(await status()).toBe('ACTIVE');
    // The same press again changes nothing.
    expect((await call('admin', 'PUT', '/tour-peru/thumbnail', { version: 1, thumbnail: key })).body.publication).toBeNull();
  });

  it('refuses a photo not uploaded for this tour, and a save from an older version', async () => {
    uploaded('otro-tour/foto.jpg');
    const foreign = await call('admin', 'PUT', '/tour-peru/thumbnail', { version: 1, thumbnail: 'otro-tour/foto.jpg' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.fields.thumbnail).toBe('Esa foto no se ha subido para este tour. Súbela de nuevo.');
    const missing = await call('admin', 'PUT', '/tour-peru/thumbnail', { version: 1, thumbnail: 'tour-peru/no-subida.jpg' });
    expect(missing.status).toBe(422);
    await t.db.updateTable('tours').set({ version: 4 }).where('id', '=', 'tour-peru').execute();
    const stale = await call('admin', 'PUT', '/tour-peru/thumbnail', { version: 1, thumbnail: uploaded('tour-peru/nueva.jpg') });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(VERSION_CONFLICT_MESSAGE);
    expect((await t.db.selectFrom('tours').select('thumbnail').executeTakeFirstOrThrow()).thumbnail).toBeNull();
  });

  it("'Sincronizar' reports what keeps the tour off the shop and rebuilds its pages with a full build", async () => {
    const synced = await call('admin', 'POST', '/tour-peru/sync');
    expect(synced.status).toBe(200);
    expect(synced.body.saved.issues).toEqual(['No tiene precio de adulto.', 'No tiene salidas a la venta.']);
    await rebuilds.whenIdle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fullBuilds).toEqual([['tour tour-peru sincronizado']]);
    expect(statuses.map((s) => s.status)).toEqual(['UPDATING', 'ACTIVE']);
    expect(await status()).toBe('ACTIVE');
    expect((await call('admin', 'POST', '/no-existe/sync')).status).toBe(404);
  });

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('refuses the %s (%i) and changes nothing', async (who, code) => {
    expect((await call(who, 'GET', '/tour-peru')).status).toBe(code);
    expect((await call(who, 'PUT', '/tour-peru/thumbnail', { version: 1, thumbnail: uploaded('tour-peru/x.jpg') })).status).toBe(code);
    expect((await call(who, 'POST', '/tour-peru/sync')).status).toBe(code);
    expect(await t.db.selectFrom('tours').select(['thumbnail', 'status', 'version']).executeTakeFirstOrThrow()).toEqual({
      thumbnail: null,
      status: 'ACTIVE',
      version: 1,
    });
    expect(statuses).toEqual([]);
  });
});
