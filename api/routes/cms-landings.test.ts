import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '#shared/schemas/cms.ts';
import { seedCallers } from '../../tests/support/callers.ts';
import { cmsCaller, recordingRebuilds, writeUploadedFile } from '../../tests/support/cms-api.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { testConfig } from '../../tests/support/test-config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-landings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.each(portableDialects)('/api/cms/landings on %s', (dialect) => {
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
    cmsCaller({ db: t.db, config: { ...config, databaseUrl: t.url }, resource: 'landings', recorder })(...args);
  const blocks = () => t.db.selectFrom('landingContents').select(['contentType', 'name', 'value1', 'value2']).orderBy('contentType').execute();

  it('a first rich-text save creates the landing (active), then its content, sanitised; the page is published', async () => {
    const empty = await call('admin', 'GET', '/black-friday');
    expect(empty.body.landing).toMatchObject({ id: null, version: null, title: '', html: '' });
    const saved = await call('admin', 'PUT', '/black-friday', {
      version: null,
      html: '<h2>Ofertas</h2><p onclick="x()">Hasta <strong>-30 %</strong><script>alert(1)</script></p><img src="https://evil.example/a.png">',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toMatchObject({ version: 1, html: '<h2>Ofertas</h2><p>Hasta <strong>-30 %</strong></p>' });
    expect(await t.db.selectFrom('landings').select(['slug', 'status', 'version']).execute()).toEqual([{ slug: 'black-friday', status: 'ACTIVE', version: 1 }]);
    expect(await blocks()).toEqual([
      { contentType: 'ENRICHED_TEXT', name: 'main-content', value1: '<h2>Ofertas</h2><p>Hasta <strong>-30 %</strong></p>', value2: null },
    ]);
    await rebuilds.whenIdle();
    expect(published).toEqual([{ changed: ['landing:black-friday'], content: true, tours: [] }]);
    // The same press again: nothing written, nothing published.
    const twice = await call('admin', 'PUT', '/black-friday', { version: null, html: '<h2>Ofertas</h2><p>Hasta <strong>-30 %</strong></p>' });
    expect(twice.body.publication).toBeNull();
    expect(twice.body.saved.version).toBe(1);
  });

  it('opens a text page never saved with its first text, markers as typed; a save keeps its tables and markers, and can be undone', async () => {
    const first = await call('admin', 'GET', '/politica-cookies');
    expect(first.body.landing).toMatchObject({ id: null, version: null, title: '' });
    expect(first.body.landing.html).toContain('<h2 id="cookies-tecnicas-no-necesitan-tu-permiso">');
    expect(first.body.landing.html).toContain('<td>dr_access</td>');
    expect(first.body.landing.html).toContain('{{enlace_email_privacidad}}');
    const html =
      '<h2>Cookies técnicas</h2><table><tbody><tr><th colspan="1" rowspan="1"><p>Cookie</p></th></tr><tr><td colspan="1" rowspan="1"><p>dr_access</p></td></tr></tbody></table><p>Escríbenos a {{enlace_email}}.</p>';
    const saved = await call('admin', 'PUT', '/politica-cookies', { version: null, html });
    expect(saved.status).toBe(200);
    expect(saved.body.saved.html).toBe(html);
    await rebuilds.whenIdle();
    expect(published).toEqual([{ changed: ['landing:politica-cookies'], content: true, tours: [] }]);
    // The history keeps the first text as what came before, so the first save can be undone.
    const history = await call('admin', 'GET', '/politica-cookies/history');
    expect(history.body.history).toHaveLength(1);
    const entry = await t.db.selectFrom('contentHistory').select(['before']).executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before ?? '{}').html).toContain('<td>dr_access</td>');
    // Staff only.
    expect((await call('traveler', 'PUT', '/politica-cookies', { version: 1, html: '<p>x</p>' })).status).toBe(403);
  });

  it('saves the banner: title, subtitle and the desktop and mobile images uploaded into their folders; previews are signed links', async () => {
    const desktop = uploaded('landing/black-friday/desktop/Plaza_Mayor.jpg');
    const mobile = uploaded('landing/black-friday/mobile/Plaza_movil.jpg');
    const saved = await call('admin', 'PUT', '/black-friday', {
      version: null,
      title: 'Black Friday',
      subtitle: 'Hasta el lunes',
      desktopImage: desktop,
      mobileImage: mobile,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toMatchObject({ title: 'Black Friday', subtitle: 'Hasta el lunes', desktopImage: desktop, mobileImage: mobile });
    expect(saved.body.saved.desktopImageUrl).toMatch(/^\/files\/landing\/black-friday\/desktop\/Plaza_Mayor\.jpg\?expires=\d+&signature=/);
    expect(await blocks()).toEqual([
      { contentType: 'IMAGE', name: 'banner-image', value1: desktop, value2: mobile },
      { contentType: 'TEXT', name: 'banner-subtitle', value1: 'Hasta el lunes', value2: null },
      { contentType: 'TITLE', name: 'banner-title', value1: 'Black Friday', value2: null },
    ]);
    // Only what was uploaded into this landing's folder for that image.
    const wrong = await call('admin', 'PUT', '/black-friday', {
      version: 1,
      desktopImage: 'landing/otra/desktop/x.jpg',
      mobileImage: 'landing/black-friday/mobile/no-subida.jpg',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toEqual({
      desktopImage: 'Esa imagen no se ha subido para este banner. Súbela de nuevo.',
      mobileImage: 'Esa imagen no se ha subido para este banner. Súbela de nuevo.',
    });
  });

  it('answers 409 to a save from an older version, and restores an earlier version in one call', async () => {
    await call('admin', 'PUT', '/black-friday', { version: null, title: 'Buena' });
    await call('admin', 'PUT', '/black-friday', { version: 1, title: 'Mala' });
    const stale = await call('admin', 'PUT', '/black-friday', { version: 1, title: 'Otra' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(VERSION_CONFLICT_MESSAGE);
    const history = (await call('admin', 'GET', '/black-friday/history')).body.history as { id: string; version: number }[];
    expect(history.map((h) => h.version)).toEqual([2, 1]);
    const restored = await call('admin', 'POST', `/black-friday/history/${history[1]?.id}/restore`, { version: 2 });
    expect(restored.body.saved).toMatchObject({ title: 'Buena', version: 3 });
  });

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('refuses the %s (%i) and writes nothing', async (who, status) => {
    expect((await call(who, 'GET', '/black-friday')).status).toBe(status);
    expect((await call(who, 'PUT', '/black-friday', { version: null, title: 'x' })).status).toBe(status);
    expect(await t.db.selectFrom('landings').selectAll().execute()).toEqual([]);
  });
});
