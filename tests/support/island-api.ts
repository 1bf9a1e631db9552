/**
 * The real API behind the islands' stores in unit tests: a test database with one bookable departure
 * (`insertDeparture`) and the app answering the typed client's `/api/...` calls in-process, as the browser's
 * fetch would reach it. Stores run unchanged; nothing of the API or the database is replaced.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { createTestApi, insertDeparture, type TestApi } from './booking-fixtures.ts';
import type { RebuildQueue } from '../../api/services/content/rebuilds.ts';
import { CALLERS, type CallerName, seedCallers } from './callers.ts';

export interface IslandApi {
  t: TestDatabase;
  /** The same API for fixtures, called as a visitor (no staff headers), as the booking funnel is. */
  app: TestApi;
  /** Every request the stores sent, as `METHOD /api/path`. */
  calls: string[];
  /**
   * The next request reaches the API and is applied, but its answer is lost on the way back (the
   * connection dropped): the store sees a network failure, as a browser would.
   */
  loseNextAnswer: () => void;
  /**
   * The next request is answered only once the returned function is called (a slow connection): what the
   * store does meanwhile (another search, a click) happens before that answer arrives.
   */
  holdNextAnswer: () => () => void;
  /** The page's address as the store left it (`history.replaceState`), path and query. */
  address: () => string;
}

/**
 * The page's address for stores that keep their list in it: `location` and `history.replaceState` as a
 * browser has them, starting at `path`.
 */
export function atAddress(path: string): void {
  const url = new URL(path, 'http://localhost');
  vi.stubGlobal('location', {
    get href() {
      return url.href;
    },
    get pathname() {
      return url.pathname;
    },
    get search() {
      return url.search;
    },
  });
  vi.stubGlobal('history', {
    replaceState: (_state: unknown, _title: string, next: string) => {
      const moved = new URL(next, url);
      url.pathname = moved.pathname;
      url.search = moved.search;
    },
  });
}

/**
 * `localStorage` as a browser has it, empty, for stores that keep hints or copies there; gone when the
 * test ends. What it holds is listed by `Object.keys`, as a browser's storage is.
 */
export function browserStorage(): Storage {
  class MemoryStorage {
    get length() {
      return Object.keys(this).length;
    }
    key(index: number) {
      return Object.keys(this)[index] ?? null;
    }
    getItem(key: string) {
      return Object.hasOwn(this, key) ? (this as unknown as Record<string, string>)[key]! : null;
    }
    setItem(key: string, value: string) {
      (this as unknown as Record<string, string>)[key] = String(value);
    }
    removeItem(key: string) {
      delete (this as unknown as Record<string, string>)[key];
    }
    clear() {
      for (const key of Object.keys(this)) this.removeItem(key);
    }
  }
  const storage = new MemoryStorage() as unknown as Storage;
  vi.stubGlobal('localStorage', storage);
  return storage;
}

/**
 * Registers beforeEach/afterEach hooks that give each test a fresh database and API. With `as`, every
 * call is made as that caller (the staff screens' stores), whose account exists in the database. With
 * `cookieSessions`, the caller is whoever the session cookies the API set name, as in a browser that
 * signs in and out through the API (the session's own stores).
 */
export function withIslandApi({
  as,
  cookieSessions = false,
  rebuilds,
}: {
  as?: Exclude<CallerName, 'visitor'>;
  cookieSessions?: boolean;
  rebuilds?: RebuildQueue;
} = {}): IslandApi {
  let loseAnswer = false;
  let held: Promise<void> | null = null;
  const context = {
    calls: [],
    loseNextAnswer: () => {
      loseAnswer = true;
    },
    holdNextAnswer: () => {
      const { promise, resolve } = Promise.withResolvers<void>();
      held = promise;
      return () => resolve();
    },
    address: () => `${location.pathname}${location.search}`,
  } as unknown as IslandApi;
  const realFetch = globalThis.fetch;
  beforeEach(async () => {
    context.t = await createTestDatabase('sqlite');
    context.calls = [];
    loseAnswer = false;
    held = null;
    atAddress('/');
    await insertDeparture(context.t.db);
    if (as) await seedCallers(context.t.db);
    const app = createTestApi(context.t.db, context.t.url, { cookieSessions, ...(rebuilds ? { rebuilds } : {}) });
    context.app = app;
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (!url.pathname.startsWith('/api/')) throw new TypeError(`fetch failed: ${url}`);
      context.calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      const headers = new Headers(init?.headers);
      if (as) headers.set('x-test-auth', JSON.stringify(CALLERS[as]));
      const hold = held;
      held = null;
      const answer = await app.request(url.pathname.slice('/api'.length) + url.search, { ...init, headers });
      if (hold) await hold;
      if (loseAnswer) {
        loseAnswer = false;
        throw new TypeError('fetch failed: the connection dropped');
      }
      return answer;
    };
  });
  afterEach(async () => {
    globalThis.fetch = realFetch;
    vi.unstubAllGlobals();
    await context.t.drop();
  });
  return context;
}
