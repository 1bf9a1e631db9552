/**
 * The real API behind the islands' stores in unit tests: a test database with one bookable departure
 * (`insertDeparture`) and the app answering the typed client's `/api/...` calls in-process, as the browser's
 * fetch would reach it. Stores run unchanged; nothing of the API or the database is replaced.
 */
import { afterEach, beforeEach } from 'vitest';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { createTestApi, insertDeparture } from './booking-fixtures.ts';
import { CALLERS, type CallerName, seedCallers } from './callers.ts';

export interface IslandApi {
  t: TestDatabase;
  /** Every request the stores sent, as `METHOD /api/path`. */
  calls: string[];
}

/**
 * Registers beforeEach/afterEach hooks that give each test a fresh database and API. With `as`, every
 * call is made as that caller (the staff screens' stores), whose account exists in the database.
 */
export function withIslandApi({ as }: { as?: Exclude<CallerName, 'visitor'> } = {}): IslandApi {
  const context = { calls: [] } as unknown as IslandApi;
  const realFetch = globalThis.fetch;
  beforeEach(async () => {
    context.t = await createTestDatabase('sqlite');
    context.calls = [];
    await insertDeparture(context.t.db);
    if (as) await seedCallers(context.t.db);
    const app = createTestApi(context.t.db, context.t.url);
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (!url.pathname.startsWith('/api/')) throw new TypeError(`fetch failed: ${url}`);
      context.calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      const headers = new Headers(init?.headers);
      if (as) headers.set('x-test-auth', JSON.stringify(CALLERS[as]));
      return app.request(url.pathname.slice('/api'.length) + url.search, { ...init, headers });
    };
  });
  afterEach(async () => {
    globalThis.fetch = realFetch;
    await context.t.drop();
  });
  return context;
}
