import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { type CallerName, seedCallers, signedInAs } from '../../tests/support/callers.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { createRebuildQueue } from '../services/content/rebuilds.ts';

describe.each(portableDialects)('/api/admin/site-builds on %s', (dialect) => {
  let t: TestDatabase;
  let runs = 0;
  const rebuilds = createRebuildQueue({
    run: async () => {
      runs++;
      return { info: { hash: 'h2', builtAt: '2026-11-22T11:00:00.000Z', pages: 9, tours: 1 }, skipped: false };
    },
    debounceMs: 0,
    intervalMs: 0,
    log: () => {},
  });
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    runs = 0;
  });
  afterEach(async () => t.drop());
  afterAll(() => rebuilds.stop());
  const setup = () => signedInAs({ db: t.db, config: { ...testConfig({}), databaseUrl: t.url }, rebuilds });
  const origin = 'http://localhost:4321';

  it('lets an admin read the queue and ask for a rebuild, once per press and recorded', async () => {
    const { api, signIn } = setup();
    const headers = { ...(await signIn('admin')), origin, 'content-type': 'application/json' };
    const status = await api.request('/admin/site-builds', { headers });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ live: null, queue: { running: false, lastBuild: null } });
    const press = { method: 'POST', headers, body: JSON.stringify({ requestId: 'rebuild-press-1' }) };
    const [asked, again] = await Promise.all([api.request('/admin/site-builds', press), api.request('/admin/site-builds', press)]);
    expect([asked.status, again.status]).toEqual([202, 202]);
    expect([(await asked.json()).applied, (await again.json()).applied].sort()).toEqual([false, true]);
    await rebuilds.whenIdle();
    expect(runs).toBe(1);
    const after = await (await api.request('/admin/site-builds', { headers })).json();
    expect(after.queue).toMatchObject({ running: false, pending: false, lastBuild: { pages: 9 }, lastError: null });
    expect(await t.db.selectFrom('staffActions').select(['entityType', 'action']).execute()).toEqual([{ entityType: 'site', action: 'rebuild' }]);
    expect((await api.request('/admin/site-builds', { method: 'POST', headers, body: '{}' })).status).toBe(422);
  });

  it.each<[CallerName, number]>([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ])('refuses %s with %i and rebuilds nothing', async (who, status) => {
    const { api, signIn } = setup();
    const headers = { ...(await signIn(who)), origin };
    expect((await api.request('/admin/site-builds', { headers })).status).toBe(status);
    const body = JSON.stringify({ requestId: 'rebuild-press-1' });
    expect((await api.request('/admin/site-builds', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body })).status).toBe(
      status,
    );
    await rebuilds.whenIdle();
    expect(runs).toBe(0);
  });
});
