import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createApi } from '../app.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { createRebuildQueue } from '../services/content/rebuilds.ts';

describe.each(dialects)('GET /api/health on %s', (dialect) => {
  let t: TestDatabase;
  let dataDir: string;
  afterEach(async () => {
    await t.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const setup = async () => {
    t = await createTestDatabase(dialect);
    dataDir = mkdtempSync(join(tmpdir(), 'shop-health-'));
    const config = { ...testConfig({ DATA_DIR: dataDir }), databaseUrl: t.url };
    return { api: createApi({ db: t.db, config }), config };
  };

  it('is degraded (503) while no site has been built', async () => {
    const { api } = await setup();
    const res = await api.request('/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'degraded',
      database: { ok: true, dialect, tours: 0 },
      build: { ok: false },
      storage: { ok: true, freeBytes: expect.any(Number) },
    });
  });

  it('is ok with the live build and the database status', async () => {
    const { api, config } = await setup();
    mkdirSync(join(config.siteDir, 'builds', 'abc'), { recursive: true });
    writeFileSync(
      join(config.siteDir, 'builds', 'abc', 'build-info.json'),
      JSON.stringify({ hash: 'abc', builtAt: '2026-11-22T10:00:00.000Z', pages: 3, tours: 0 }),
    );
    symlinkSync(join('builds', 'abc'), join(config.siteDir, 'current'));
    const res = await api.request('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: { ok: true, dialect, tours: 0 },
      build: { ok: true, hash: 'abc', builtAt: '2026-11-22T10:00:00.000Z', pages: 3 },
      // The data folder takes writes, with room to spare.
      storage: { ok: true, freeBytes: expect.any(Number) },
    });
  });

  it('reports the rebuild queue: the last build and the last rebuild error', async () => {
    const { config } = await setup();
    let fail = false;
    const rebuilds = createRebuildQueue({
      run: async () => {
        if (fail) throw new Error('astro build exited with 1');
        return { info: { hash: 'def', builtAt: '2026-11-22T11:00:00.000Z', pages: 5, tours: 1 }, skipped: false };
      },
      debounceMs: 0,
      intervalMs: 0,
      log: () => {},
    });
    const api = createApi({ db: t.db, config, rebuilds });
    rebuilds.request('test');
    await rebuilds.whenIdle();
    fail = true;
    rebuilds.request('test');
    await rebuilds.whenIdle();
    const body = (await (await api.request('/health')).json()) as Record<string, unknown>;
    expect(body.rebuild).toEqual({
      running: false,
      pending: false,
      lastBuild: { hash: 'def', builtAt: '2026-11-22T11:00:00.000Z', pages: 5 },
      lastError: { message: 'astro build exited with 1', at: expect.any(String) },
      lastRequestedAt: expect.any(String),
      lastFinishedAt: expect.any(String),
    });
    rebuilds.stop();
  });

  it('reports a database that cannot answer (schema missing)', async () => {
    const { config } = await setup();
    const empty = await createTestDatabase(dialect, { migrate: false });
    const res = await createApi({ db: empty.db, config }).request('/health');
    await empty.drop();
    expect(res.status).toBe(503);
    expect(((await res.json()) as { database: { ok: boolean } }).database.ok).toBe(false);
  });

  it('answers the liveness check without reading anything: the process is up, whatever the database', async () => {
    const { config } = await setup();
    const empty = await createTestDatabase(dialect, { migrate: false });
    const res = await createApi({ db: empty.db, config }).request('/health/live');
    await empty.drop();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('unknown API paths', () => {
  it('answer 404 in the error shape with a Spanish message', async () => {
    const t = await createTestDatabase('sqlite');
    const api = createApi({ db: t.db, config: { ...testConfig({}), databaseUrl: t.url } });
    const res = await api.request('/nada');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'No existe esa dirección de la API.', requestId: expect.any(String) } });
    await t.drop();
  });
});
