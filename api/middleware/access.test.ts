import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import type { ApiEnv, AuthContext } from '../auth-context.ts';
import { errorResponse } from '../errors.ts';
import { type AccessRule, accessDecision, allow, assignedPeriodIds, requireGuidePeriod, requireOwnTraveler, routeAccessTable } from './access.ts';

const traveller: AuthContext = { userId: 'u-t', email: 'ana@correo.es', travelerId: 'trav-ana', groups: [] };
const guide: AuthContext = { userId: 'u-g', email: 'Guia@Different.demo', travelerId: null, groups: ['guides'] };
const admin: AuthContext = { userId: 'u-a', email: 'admin@different.demo', travelerId: null, groups: ['drAdmin'] };

/** An app whose caller is whoever `as` names, set by a first middleware as the session middleware would. */
function appWith(build: (app: Hono<ApiEnv>) => void) {
  let caller: AuthContext | null = null;
  const app = new Hono<ApiEnv>().use(async (c, next) => {
    c.set('auth', caller);
    await next();
  });
  build(app);
  app.onError(errorResponse);
  return {
    app,
    as: (who: AuthContext | null, path = '/') => {
      caller = who;
      return app.request(path);
    },
  };
}

describe('access rules', () => {
  it.each<[AccessRule, string, ReturnType<typeof accessDecision>[]]>([
    // rule, callers: visitor, traveller, guide, admin
    ['public', 'anyone', ['allowed', 'allowed', 'allowed', 'allowed']],
    ['traveler', 'any signed-in account', ['unauthenticated', 'allowed', 'allowed', 'allowed']],
    ['guide', 'guides and admins', ['unauthenticated', 'forbidden', 'allowed', 'allowed']],
    ['admin', 'admins only', ['unauthenticated', 'forbidden', 'forbidden', 'allowed']],
  ])("'%s' lets in %s", (rule, _, expected) => {
    expect([null, traveller, guide, admin].map((who) => accessDecision(who, rule))).toEqual(expected);
  });

  it('answers 401 without a session and 403 without the group, in the error shape, before the handler runs', async () => {
    let ran = 0;
    const { as } = appWith((app) =>
      app.get('/', allow('admin'), (c) => {
        ran++;
        return c.json({ ok: true });
      }),
    );
    const anonymous = await as(null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: 'Inicia sesión para continuar.' } });
    const wrongRole = await as(guide);
    expect(wrongRole.status).toBe(403);
    expect(await wrongRole.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'No tienes permiso para hacer esto.' } });
    expect(ran).toBe(0);
    expect((await as(admin)).status).toBe(200);
    expect(ran).toBe(1);
  });

  it('is found on every route of an app, sub-apps included; a route without one is listed with none', () => {
    const sub = new Hono<ApiEnv>().get('/:id', allow('traveler'), (c) => c.text('x')).post('/', (c) => c.text('undeclared'));
    const app = new Hono<ApiEnv>()
      .use(async (_c, next) => next())
      .get(
        '/a',
        allow('public'),
        async (_c, next) => next(),
        (c) => c.text('a'),
      )
      .route('/sub', sub);
    expect(routeAccessTable(app)).toEqual([
      { method: 'GET', path: '/a', rules: ['public'] },
      { method: 'GET', path: '/sub/:id', rules: ['traveler'] },
      { method: 'POST', path: '/sub', rules: [] },
    ]);
  });
});

describe("a traveller's own objects", () => {
  const { as } = appWith((app) =>
    app.get('/bookings/:owner', allow('traveler'), (c) => {
      requireOwnTraveler(c, c.req.param('owner') === 'nadie' ? null : c.req.param('owner'));
      return c.json({ ok: true });
    }),
  );

  it('are theirs to see; another traveller gets 404, not 403, as for something that does not exist', async () => {
    expect((await as(traveller, '/bookings/trav-ana')).status).toBe(200);
    const other = await as(traveller, '/bookings/trav-luis');
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await as(traveller, '/bookings/nadie')).status).toBe(404);
    // An account without a traveller record owns nothing, even an object without one.
    expect((await as({ ...traveller, travelerId: null }, '/bookings/nadie')).status).toBe(404);
  });

  it('are visible to admins, not to guides', async () => {
    expect((await as(admin, '/bookings/trav-luis')).status).toBe(200);
    expect((await as(guide, '/bookings/trav-luis')).status).toBe(404);
  });
});

describe.each(portableDialects)("a guide's periods on %s", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    const stamp = '2026-01-01T00:00:00.000Z';
    await t.db.insertInto('tours').values({ id: 't1', name: 'Japón', webSlug: 'japon', tourType: 'Group', createdAt: stamp, updatedAt: stamp }).execute();
    for (const id of ['p1', 'p2', 'p3']) {
      await t.db.insertInto('periods').values({ id, tourId: 't1', name: id, dayOne: '2027-03-01', returnDate: '2027-03-08', numberOfDays: 8 }).execute();
    }
    await t.db
      .insertInto('guides')
      .values([
        { id: 'g1', email: 'guia@different.demo', name: 'Marta' },
        { id: 'g2', email: 'otro@different.demo', name: 'Jon' },
      ])
      .execute();
    await t.db
      .insertInto('guidePeriods')
      .values([
        { guideId: 'g1', periodId: 'p1' },
        { guideId: 'g1', periodId: 'p2' },
        { guideId: 'g2', periodId: 'p3' },
      ])
      .execute();
  });
  afterEach(async () => t.drop());

  it('are the ones assigned to them (found by e-mail, whatever its case); admins see all, others none', async () => {
    expect(await assignedPeriodIds(t.db, guide)).toEqual(expect.arrayContaining(['p1', 'p2']));
    expect(await assignedPeriodIds(t.db, guide)).toHaveLength(2);
    expect(await assignedPeriodIds(t.db, admin)).toBe('all');
    expect(await assignedPeriodIds(t.db, traveller)).toEqual([]);
    expect(await assignedPeriodIds(t.db, null)).toEqual([]);
  });

  it('open to the guide, 404 for a period of another guide, open to admins, 404 for travellers', async () => {
    const { as } = appWith((app) =>
      app.get('/periods/:id', allow('guide'), async (c) => {
        await requireGuidePeriod(c, t.db, c.req.param('id'));
        return c.json({ ok: true });
      }),
    );
    expect((await as(guide, '/periods/p1')).status).toBe(200);
    expect((await as(guide, '/periods/p3')).status).toBe(404);
    expect((await as(guide, '/periods/no-existe')).status).toBe(404);
    expect((await as(admin, '/periods/p3')).status).toBe(200);
    expect((await as(traveller, '/periods/p1')).status).toBe(403);
    expect((await as(null, '/periods/p1')).status).toBe(401);
  });
});
