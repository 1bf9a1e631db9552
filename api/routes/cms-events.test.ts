import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCallers, signedInAs } from '../../tests/support/callers.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/databases.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { createEventHub } from '../services/content/events.ts';
import { createRebuildQueue } from '../services/content/rebuilds.ts';
import type { CmsEvent, TourStatusEvent } from '#shared/schemas/cms.ts';

const stamp = '2026-01-01T00:00:00.000Z';

describe('/api/cms/events', () => {
  let t: TestDatabase;
  let release: () => void = () => {};
  const rebuilds = createRebuildQueue({
    run: async () => ({ info: { hash: 'full', builtAt: stamp, pages: 1, tours: 0 }, skipped: false }),
    // Held until the test has seen 'publishing', so the two events arrive in order on a live stream.
    publish: () => new Promise((resolve) => (release = () => resolve({ info: { hash: 't', builtAt: stamp, pages: 1, tours: 0 }, pages: ['/'] }))),
    debounceMs: 0,
    intervalMs: 0,
    log: () => {},
  });
  const cmsEvents = createEventHub<TourStatusEvent>();
  const otherInstancesEvents = createEventHub<CmsEvent>();
  afterAll(() => rebuilds.stop());
  beforeEach(async () => {
    t = await createTestDatabase('sqlite');
    await seedCallers(t.db);
  });
  afterEach(async () => t.drop());
  const setup = () => signedInAs({ db: t.db, config: { ...testConfig({}), databaseUrl: t.url }, rebuilds, cmsEvents, otherInstancesEvents });

  it('streams a publication and a tour status change to an admin, and those of the other instances', async () => {
    const { api, signIn } = setup();
    const abort = new AbortController();
    const res = await api.request('/cms/events', { headers: await signIn('admin'), signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += decoder.decode(value);
      }
    };
    await readUntil('event: ready');
    const id = rebuilds.publish({ changed: ['carousels'], content: true }, 'prueba');
    await readUntil('"state":"publishing"');
    release();
    await readUntil('"state":"published"');
    expect(text).toContain(`"id":"${id}"`);
    cmsEvents.emit({ type: 'tour', id: 'tour-1', name: 'Perú', status: 'UPDATING' });
    await readUntil('event: tour');
    expect(text).toContain('"status":"UPDATING"');
    // What another instance on the same PostgreSQL published (its bus relays it here).
    otherInstancesEvents.emit({ type: 'publish', id: 'otra-instancia', state: 'published', at: stamp, pages: 3 });
    await readUntil('"id":"otra-instancia"');
    abort.abort();
    await reader.cancel().catch(() => {});
  });

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('refuses the %s (%i)', async (who, status) => {
    const { api, signIn } = setup();
    expect((await api.request('/cms/events', { headers: await signIn(who) })).status).toBe(status);
  });
});
