/**
 * The route table: every route of the API, walked with no session, a traveller, another traveller, a
 * guide and an admin. Each route must declare exactly one access rule (`allow()`, api/middleware/access.ts)
 * and answer each caller as that rule says: 401 without a session, 403 without the group, 404 for
 * another traveller's object, and otherwise whatever the handler answers (success, validation, not
 * found), never 401 or 403. A new route without a rule fails here by name.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApi } from '#api/app.ts';
import type { ApiEnv, AuthContext } from '#api/auth-context.ts';
import { testConfig } from '../support/test-config.ts';
import { errorResponse } from '#api/errors.ts';
import { type AccessRule, allow, requireAuth, requireOwnTraveler, routeAccessTable } from '#api/middleware/access.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../support/databases.ts';
import { CALLERS, type CallerName, seedCallers, signedInAs } from '../support/callers.ts';

type Expected = 'handler' | 401 | 403 | 404;

/** What each caller gets from a route of each rule, before any object-level check. */
const MATRIX: Record<AccessRule, Record<CallerName, Expected>> = {
  public: { visitor: 'handler', traveler: 'handler', otherTraveler: 'handler', guide: 'handler', admin: 'handler' },
  traveler: { visitor: 401, traveler: 'handler', otherTraveler: 'handler', guide: 'handler', admin: 'handler' },
  guide: { visitor: 401, traveler: 403, otherTraveler: 403, guide: 'handler', admin: 'handler' },
  admin: { visitor: 401, traveler: 403, otherTraveler: 403, guide: 403, admin: 'handler' },
};

interface Sample {
  /** Path parameters naming seeded objects; others get 'x'. */
  params?: Record<string, string>;
  body?: unknown;
  /** The object belongs to the traveller: another traveller must get 404 (guides and admins follow the matrix). */
  ownedByTraveler?: boolean;
  /** Statuses that still mean "the handler answered" (a public route that wants its own credential). */
  alsoHandler?: number[];
}

/** How to reach each route's handler; routes not listed are called with 'x' parameters and an empty body. */
const SAMPLES: Record<string, Sample> = {
  'GET /tours/:slug/departures': { params: { slug: 'japon-esencial' } },
  'POST /contact': { body: { question: '¿Quedan plazas en marzo?', name: 'Ana', email: 'ana@correo.es' } },
  'POST /auth/refresh': { alsoHandler: [401] },
  'POST /auth/signout': { alsoHandler: [401] },
  // A server's calls: no session, an API key of their own (api/routes/api-v1.ts), refused with 401 without one.
  'GET /v1/bookings': { alsoHandler: [401] },
  'GET /v1/bookings/:id': { alsoHandler: [401] },
  'GET /v1/travelers': { alsoHandler: [401] },
  'POST /v1/catalogue/check': { alsoHandler: [401] },
  'POST /v1/catalogue/apply': { alsoHandler: [401] },
};

const fill = (path: string, params: Record<string, string> = {}) =>
  path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_, name: string) => params[name] ?? 'x').replace(/\*$/, 'cualquier-cosa');

/** Calls every route of `app` as `who`; the answers that differ from the route's rule, one line each. */
async function walkRoutes(
  app: Pick<Hono, 'routes' | 'request'>,
  {
    headers,
    who,
    samples,
    origin,
  }: {
    /** A fresh session per route: a sign-out on the walk ends only its own. */
    headers: () => Promise<Record<string, string>>;
    who: CallerName;
    samples: Record<string, Sample>;
    origin: string;
  },
): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of routeAccessTable(app)) {
    const rule = route.rules[0];
    if (!rule) continue;
    const sample = samples[`${route.method} ${route.path}`] ?? {};
    const method = route.method === 'ALL' ? 'GET' : route.method;
    const write = !['GET', 'HEAD'].includes(method);
    const res = await app.request(fill(route.path, sample.params), {
      method,
      headers: { ...(await headers()), origin, ...(write ? { 'content-type': 'application/json' } : {}) },
      ...(write ? { body: JSON.stringify(sample.body ?? {}) } : {}),
    });
    let expected = MATRIX[rule][who];
    if (expected === 'handler' && sample.ownedByTraveler && who === 'otherTraveler') expected = 404;
    const ok = expected === 'handler' ? ![401, 403].includes(res.status) || (sample.alsoHandler ?? []).includes(res.status) : res.status === expected;
    // Whatever the caller, no route breaks: a 500 is a failure here too (503 is a degraded health check).
    if (!ok || res.status === 500) wrong.push(`${route.method} ${route.path} [${rule}]: ${res.status}, expected ${expected}`);
  }
  return wrong;
}

const CALLER_NAMES = Object.keys(CALLERS) as CallerName[];

describe.each(portableDialects)('the API route table on %s', (dialect) => {
  let t: TestDatabase;
  let api: ReturnType<typeof createApi>;
  let signIn: (who: CallerName) => Promise<Record<string, string>>;
  const config = testConfig({});
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    const stamp = '2026-01-01T00:00:00.000Z';
    await t.db
      .insertInto('tours')
      .values({ id: 't1', name: 'Japón esencial', webSlug: 'japon-esencial', tourType: 'Group', createdAt: stamp, updatedAt: stamp })
      .execute();
    ({ api, signIn } = signedInAs({ db: t.db, config: { ...config, databaseUrl: t.url } }));
  });
  afterAll(async () => t.drop());

  it('lists the routes of every resource', () => {
    const keys = routeAccessTable(api).map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(expect.arrayContaining(['GET /health', 'GET /tours/:slug/departures', 'POST /contact', 'ALL /*']));
  });

  it('gives every route exactly one access rule', () => {
    const undeclared = routeAccessTable(api)
      .filter((r) => r.rules.length !== 1)
      .map((r) => `${r.method} ${r.path} (${r.rules.length} rules)`);
    expect(undeclared, 'routes without exactly one allow(): declare who may call them').toEqual([]);
  });

  it.each(CALLER_NAMES)('answers %s as each route declares', async (who) => {
    expect(await walkRoutes(api, { headers: () => signIn(who), who, samples: SAMPLES, origin: new URL(config.publicUrl).origin })).toEqual([]);
  });
});

describe('the route walker itself', () => {
  // One route per rule, an owned object, and a route that says 'public' but wants a session.
  let caller: AuthContext | null = null;
  const app = new Hono<ApiEnv>().use(async (c, next) => {
    c.set('auth', caller);
    await next();
  });
  app.get('/viajes/:id', allow('traveler'), (c) => {
    requireOwnTraveler(c, c.req.param('id') === 'b1' ? 'trav-ana' : null);
    return c.json({});
  });
  app.get('/salidas', allow('guide'), (c) => c.json({}));
  app.post('/cupones', allow('admin'), (c) => c.json({}, 201));
  app.get('/miente', allow('public'), (c) => {
    requireAuth(c);
    return c.json({});
  });
  app.onError(errorResponse);
  const samples: Record<string, Sample> = { 'GET /viajes/:id': { params: { id: 'b1' }, ownedByTraveler: true } };

  it.each(CALLER_NAMES)('catches, for %s, only a route that answers otherwise than it declares', async (who) => {
    const auth = CALLERS[who];
    caller = auth ? { ...auth, groups: [...auth.groups] } : null;
    const wrong = await walkRoutes(app, { headers: async () => ({}), who, samples, origin: 'http://localhost' });
    expect(wrong).toEqual(who === 'visitor' ? ['GET /miente [public]: 401, expected handler'] : []);
  });
});
