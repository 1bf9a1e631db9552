import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '#shared/schemas/cms.ts';
import { seedCallers } from '../../tests/support/callers.ts';
import { cmsCaller, recordingRebuilds, writeUploadedFile } from '../../tests/support/cms-api.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { testConfig } from '../../tests/support/test-config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-banners-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.each(portableDialects)('/api/cms/banners on %s', (dialect) => {
  let t: TestDatabase;
  const recorder = recordingRebuilds();
  const { published, rebuilds } = recorder;
  afterAll(() => rebuilds.stop());
  const config = testConfig({ DATA_DIR: dataDir });
  const uploaded = (key: string) => writeUploadedFile(config.filesDir, key);

  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    recorder.reset();
  });
  afterEach(async () => t.drop());

  const call: ReturnType<typeof cmsCaller> = (...args) =>
    cmsCaller({ db: t.db, config: { ...config, databaseUrl: t.url }, resource: 'banners', recorder })(...args);

  it('a main banner starts as a draft (nothing published), is saved with sanitised content and images, published, and deleted once', async () => {
    const created = await call('admin', 'POST', '/main', { requestId: 'press-main-1' });
    expect(created.status).toBe(201);
    expect(created.body.saved).toMatchObject({ status: 'DRAFT', order: 0, enhanceMenu: false, content: '', version: 1 });
    expect((await call('admin', 'POST', '/main', { requestId: 'press-main-1' })).body.saved.id).toBe(created.body.saved.id);
    const id = created.body.saved.id as string;
    const desktop = uploaded('landing/home/desktop/Portada.jpg');
    const save = {
      version: 1,
      content: '<p>Viaja <strong>distinto</strong><script>x()</script></p>',
      order: 2,
      status: 'ACTIVE',
      enhanceMenu: true,
      backgroundImageDesktop: desktop,
      backgroundImageMobile: null,
    };
    const saved = await call('admin', 'PUT', `/main/${id}`, save);
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toMatchObject({ version: 2, content: '<p>Viaja <strong>distinto</strong></p>', status: 'ACTIVE', enhanceMenu: true, order: 2 });
    expect(saved.body.saved.desktopUrl).toMatch(/^\/files\/landing\/home\/desktop\/Portada\.jpg\?expires=/);
    expect((await call('admin', 'PUT', `/main/${id}`, save)).body.publication).toBeNull();
    const stale = await call('admin', 'PUT', `/main/${id}`, { ...save, order: 5 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(VERSION_CONFLICT_MESSAGE);
    const foreign = await call('admin', 'PUT', `/main/${id}`, { ...save, version: 2, backgroundImageMobile: 'landing/otra/mobile/x.jpg' });
    expect(foreign.body.error.fields.backgroundImageMobile).toBe('Esa imagen no se ha subido para este banner. Súbela de nuevo.');
    const badOrder = await call('admin', 'PUT', `/main/${id}`, { ...save, version: 2, order: 'uno' });
    expect(badOrder.body.error.fields.order).toBe('Indica el orden.');
    expect((await call('admin', 'DELETE', `/main/${id}?version=2`)).status).toBe(200);
    expect((await call('admin', 'DELETE', `/main/${id}?version=2`)).body.publication).toBeNull();
    await rebuilds.whenIdle();
    expect(published.map((p) => p.changed)).toEqual([['main-banners'], ['main-banners']]);
  });

  it('a region banner is created hidden, saved visible with its description and images, and listed for its region only', async () => {
    const created = await call('admin', 'POST', '/region/asia', { requestId: 'press-region-1' });
    expect(created.body.saved).toMatchObject({ region: 'asia', visible: false, description: '', order: 0 });
    const id = created.body.saved.id as string;
    const mobile = uploaded('landing/asia/mobile/Templo.jpg');
    const saved = await call('admin', 'PUT', `/region/asia/${id}`, {
      version: 1,
      description: 'Templos y arrozales',
      order: 0,
      visible: true,
      imageDesktop: null,
      imageMobile: mobile,
    });
    expect(saved.body.saved).toMatchObject({ visible: true, description: 'Templos y arrozales', imageMobile: mobile, version: 2 });
    expect(
      (await call('admin', 'PUT', `/region/europa/${id}`, { version: 2, description: 'x', order: 0, visible: true, imageDesktop: null, imageMobile: null }))
        .status,
    ).toBe(404);
    expect((await call('admin', 'GET', '/region/asia')).body.banners).toHaveLength(1);
    expect((await call('admin', 'GET', '/region/europa')).body.banners).toEqual([]);
    await rebuilds.whenIdle();
    expect(published.map((p) => p.changed)).toEqual([['region-banners']]);
  });

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('refuses the %s (%i) and writes nothing', async (who, status) => {
    expect((await call(who, 'GET', '/main')).status).toBe(status);
    expect((await call(who, 'POST', '/main', { requestId: 'press-main-9' })).status).toBe(status);
    expect((await call(who, 'POST', '/region/asia', { requestId: 'press-region-9' })).status).toBe(status);
    expect(await t.db.selectFrom('mainBanners').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('regionBanners').selectAll().execute()).toEqual([]);
  });
});
