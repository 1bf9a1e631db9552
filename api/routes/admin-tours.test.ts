import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOUR_PAGE_SIZE } from '#shared/schemas/admin-tours.ts';
import { createApi } from '../app.ts';
import type { AuthContext } from '../auth-context.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { day, insertDeparture, insertSoldAndHeldSeats } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, type CallerName, seedCallers } from '../../tests/support/callers.ts';
import { recordingRebuilds } from '../../tests/support/cms-api.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';

const stamp = '2026-01-01T00:00:00.000Z';

describe.each(portableDialects)('/api/admin/tours (the catalogue desk) on %s', (dialect) => {
  let t: TestDatabase;
  const recorder = recordingRebuilds();
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
    recorder.reset();
    // Japan is in Asia's destination; a private tour and a hidden one besides the fixture's 'Otro'.
    await t.db.insertInto('destinations').values({ id: 'd-jp', name: 'Japón', slug: 'japon', parentRegionId: null }).execute();
    await t.db.insertInto('tourDestinations').values({ tourId: 't1', destinationId: 'd-jp' }).execute();
    await t.db.updateTable('tours').set({ bookable: 1 }).execute();
    await t.db
      .insertInto('tours')
      .values([
        {
          id: 't3',
          name: 'Islandia a medida',
          webSlug: 'islandia-a-medida',
          tourType: 'Private',
          publishWeb: 1,
          bookable: 0,
          createdAt: stamp,
          updatedAt: stamp,
        },
        { id: 't4', name: 'Perú oculto', webSlug: 'peru-oculto', tourType: 'Group', publishWeb: 0, bookable: 1, createdAt: stamp, updatedAt: stamp },
      ])
      .execute();
    // Three seats of the first departure taken for good, one only held for a payment under way.
    await insertSoldAndHeldSeats(t.db, { stamp });
  });
  afterEach(async () => t.drop());

  const call = async (who: CallerName, method: string, path: string, body?: unknown) => {
    const api = createApi({
      db: t.db,
      config: { ...testConfig({}), databaseUrl: t.url },
      rebuilds: recorder.rebuilds,
      resolveAuth: (c) => {
        const header = c.req.header('x-test-auth');
        return header ? (JSON.parse(header) as AuthContext) : null;
      },
    });
    const caller = CALLERS[who];
    const headers: Record<string, string> = caller ? { 'x-test-auth': JSON.stringify(caller), origin: 'http://localhost' } : { origin: 'http://localhost' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await api.request(`/admin/tours${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const names = (body: { rows?: { name: string }[] }) => (body.rows ?? []).map((r) => r.name);

  it('lists every tour by name with its next departures and the seats they sold', async () => {
    const all = await call('admin', 'GET', '');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 4, page: 1, pageSize: ADMIN_TOUR_PAGE_SIZE });
    expect(names(all.body)).toEqual(['Islandia a medida', 'Japón esencial', 'Otro', 'Perú oculto']);
    const japan = all.body.rows.find((r: { id: string }) => r.id === 't1');
    expect(japan).toMatchObject({ webSlug: 'japon-esencial', tourType: 'Group', publishWeb: true, destinations: ['Japón'], upcomingDepartures: 2 });
    // Only the seats taken for good count as sold; capacity is those plus the seats still on sale.
    expect(japan.nextDepartures).toContainEqual({ periodId: 'p1', dayOne: day(60), sold: 3, capacity: 13, webBookable: true });
    expect(all.body.destinations).toEqual([{ slug: 'japon', name: 'Japón' }]);
  });

  it('filters by name without accents, type, destination, web publication and bookability', async () => {
    expect(names((await call('admin', 'GET', '?q=japon')).body)).toEqual(['Japón esencial']);
    expect(names((await call('admin', 'GET', '?q=Perú')).body)).toEqual(['Perú oculto']);
    expect(names((await call('admin', 'GET', '?type=Private')).body)).toEqual(['Islandia a medida']);
    expect(names((await call('admin', 'GET', '?destination=japon')).body)).toEqual(['Japón esencial']);
    expect(names((await call('admin', 'GET', '?publishWeb=0')).body)).toEqual(['Perú oculto']);
    expect(names((await call('admin', 'GET', '?bookable=0')).body)).toEqual(['Islandia a medida']);
    expect((await call('admin', 'GET', '?page=2')).body.rows).toEqual([]);
    const bad = await call('admin', 'GET', '?type=Crucero&q=x');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['q', 'type']);
  });

  it('is for the office only', async () => {
    expect((await call('visitor', 'GET', '')).status).toBe(401);
    for (const who of ['traveler', 'guide'] as const) {
      expect((await call(who, 'GET', '')).status).toBe(403);
      expect((await call(who, 'POST', '/t1/publish', { requestId: 'press-0001' })).status).toBe(403);
    }
  });

  it('hides and publishes a tour once per press, recorded, and rebuilds the site when it changed', async () => {
    const hide = await call('admin', 'DELETE', '/t1/publish', { requestId: 'press-hide-1' });
    expect(hide.status).toBe(200);
    expect(hide.body.applied).toBe(true);
    expect(hide.body.publication).toEqual(expect.any(String));
    const tour = () => t.db.selectFrom('tours').select(['publishWeb', 'version']).where('id', '=', 't1').executeTakeFirstOrThrow();
    expect(await tour()).toEqual({ publishWeb: 0, version: 2 });
    // The same press again, and a new press asking for what already is: nothing more happens.
    expect((await call('admin', 'DELETE', '/t1/publish', { requestId: 'press-hide-1' })).body).toEqual({ applied: false, publication: null });
    expect((await call('admin', 'DELETE', '/t1/publish', { requestId: 'press-hide-2' })).body.applied).toBe(false);
    expect((await call('admin', 'POST', '/t1/publish', { requestId: 'press-show-1' })).body.applied).toBe(true);
    expect(await tour()).toEqual({ publishWeb: 1, version: 3 });
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds.flat()).toEqual(['tour t1 ocultado en la web', 'tour t1 publicado en la web']);
    const records = await t.db
      .selectFrom('staffActions')
      .select(['action', 'actorEmail', 'before', 'after'])
      .where('entityId', '=', 't1')
      .orderBy('createdAt')
      .execute();
    expect(records.map((r) => [r.action, r.actorEmail, JSON.parse(r.after ?? '{}')])).toEqual([
      ['hide', CALLERS.admin.email, { publishWeb: false }],
      ['publish', CALLERS.admin.email, { publishWeb: true }],
    ]);
    expect((await call('admin', 'POST', '/nada/publish', { requestId: 'press-none-1' })).status).toBe(404);
    expect((await call('admin', 'POST', '/t1/publish', {})).status).toBe(422);
  });
});
