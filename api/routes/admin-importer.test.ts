import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES } from '#shared/schemas/admin-importer.ts';
import { createApi } from '../app.ts';
import type { AuthContext } from '../auth-context.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import type { Db } from '../db/database.ts';
import { day, insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, type CallerName, seedCallers } from '../../tests/support/callers.ts';
import { recordingRebuilds } from '../../tests/support/cms-api.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';

const stamp = '2026-01-01T00:00:00.000Z';
const CATALOGUE_TABLES = ['tours', 'tourDestinations', 'tourParentRegions', 'itineraries', 'itineraryDays', 'periods', 'prices'] as const;

/** Every catalogue row the importer may touch, in a stable order: equal before and after means nothing changed. */
async function catalogueDump(db: Db): Promise<string> {
  const parts: unknown[] = [];
  for (const table of CATALOGUE_TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    parts.push(rows.map((r) => JSON.stringify(r)).sort());
  }
  return JSON.stringify(parts);
}

const newTour = (overrides: Record<string, unknown> = {}) => ({
  web_slug: 'kioto-en-otono',
  name: 'Kioto en otoño',
  tour_type: 'Group',
  destinations: ['japon'],
  publish_web: true,
  prices: [
    { age_group_name: 'Adultos', value: 2450.5 },
    { age_group_name: 'Niños', value: 1900 },
  ],
  itinerary: { days: [{ title: 'España – Kioto' }, { title: 'Kioto: templos', city: 'Kioto' }, { title: 'Kioto – España' }] },
  periods: [{ day_one: day(90), return_date: day(92), bookable_availability: 20, trip_type: 'Grupo', prices: [{ age_group_name: 'Adultos', value: 0 }] }],
  ...overrides,
});

describe.each(portableDialects)('/api/admin/importer (the catalogue importer) on %s', (dialect) => {
  let t: TestDatabase;
  const recorder = recordingRebuilds();
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
    recorder.reset();
    await t.db.insertInto('parentRegions').values({ id: 'r-asia', name: 'Asia', slug: 'asia' }).execute();
    await t.db.insertInto('destinations').values({ id: 'd-jp', name: 'Japón', slug: 'japon', parentRegionId: 'r-asia' }).execute();
    await t.db.insertInto('tourDestinations').values({ tourId: 't1', destinationId: 'd-jp' }).execute();
    // The only departure the 'otro' tour has, with three seats sold for good.
    await t.db
      .insertInto('periods')
      .values({
        id: 'p-otro',
        tourId: 't2',
        name: 'Otro',
        dayOne: day(30),
        returnDate: day(35),
        numberOfDays: 6,
        bookableAvailability: 7,
        webBookable: 1,
        publishWeb: 1,
      })
      .execute();
    await t.db
      .insertInto('bookings')
      .values({ id: 'b1', differentId: '123456', periodId: 'p-otro', status: 'CONFIRMED', travelersStringify: '[]', createdAt: stamp, updatedAt: stamp })
      .execute();
    await t.db
      .insertInto('seatHolds')
      .values({
        id: 'h1',
        bookingId: 'b1',
        resourceType: 'period',
        resourceId: 'p-otro',
        quantity: 3,
        expiresAt: stamp,
        releasedAt: null,
        confirmedAt: stamp,
        createdAt: stamp,
      })
      .execute();
  });
  afterEach(async () => t.drop());

  const api = () =>
    createApi({
      db: t.db,
      config: { ...testConfig({}), databaseUrl: t.url },
      rebuilds: recorder.rebuilds,
      resolveAuth: (c) => {
        const header = c.req.header('x-test-auth');
        return header ? (JSON.parse(header) as AuthContext) : null;
      },
    });
  const headersOf = (who: CallerName): Record<string, string> => {
    const caller = CALLERS[who];
    return caller ? { 'x-test-auth': JSON.stringify(caller), origin: 'http://localhost' } : { origin: 'http://localhost' };
  };
  const send = async (who: CallerName, path: '/check' | '/apply', file: { name: string; text: string }, requestId?: string) => {
    const form = new FormData();
    form.set('file', new File([file.text], file.name, { type: file.name.endsWith('.csv') ? 'text/csv' : 'application/json' }));
    if (requestId) form.set('requestId', requestId);
    const res = await api().request(`/admin/importer${path}`, { method: 'POST', headers: headersOf(who), body: form });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const json = (tours: unknown[]) => ({ name: 'catalogo.json', text: JSON.stringify({ tours }) });
  const byKey = (body: Record<string, unknown>, key: string) =>
    // biome-ignore lint/suspicious/noExplicitAny: a report row as the API answered it.
    (body.report as { rows: any[] }).rows.filter((r) => r.key === key);

  it('answers 401 to a visitor and 403 to a traveller or a guide, for every route', async () => {
    for (const [who, status] of [
      ['visitor', 401],
      ['traveler', 403],
      ['guide', 403],
    ] as const) {
      expect((await send(who, '/check', json([newTour()]))).status).toBe(status);
      expect(await send(who, '/apply', json([newTour()]), 'press-0001')).toMatchObject({ status });
      const res = await api().request('/admin/importer/example.json', { headers: headersOf(who) });
      expect(res.status).toBe(status);
    }
    expect(await t.db.selectFrom('tours').select('id').where('webSlug', '=', 'kioto-en-otono').executeTakeFirst()).toBeUndefined();
  });

  it('checks a file without writing: created, changed with its fields, unchanged and refused rows with their reasons', async () => {
    const before = await catalogueDump(t.db);
    const { status, body } = await send(
      'admin',
      '/check',
      json([
        newTour(),
        { web_slug: 'japon-esencial', name: 'Japón esencial', metaTitle: 'Japón en 12 días', destinations: ['japon'] },
        { web_slug: 'otro', periods: [{ day_one: day(30), capacity: 2 }] },
        { web_slug: 'sin-nombre', tour_type: 'Group', destinations: ['marte'], prices: [{ age_group_name: 'Adultos', value: -5 }] },
        newTour({ web_slug: 'al-reves', periods: [{ day_one: day(50), return_date: day(40), bookable_availability: 5 }] }),
      ]),
    );
    expect(status).toBe(200);
    expect(body.applied).toBe(false);
    expect(body.report.counts).toEqual({ created: 3, changed: 1, unchanged: 1, refused: 3 });
    // Refused rows first, each with why.
    expect(body.report.rows.slice(0, 3).map((r: { outcome: string }) => r.outcome)).toEqual(['refused', 'refused', 'refused']);
    const [sinNombre] = byKey(body, 'sin-nombre');
    expect(sinNombre.reasons).toEqual(expect.arrayContaining(['«prices.0.value»: El precio no puede ser negativo.']));
    const otro = body.report.rows.find((r: { row: string }) => r.row === 'Tour 3, salida 1');
    expect(otro.reasons).toEqual(['Las plazas (2) son menos que las ya vendidas (3).']);
    const reversed = body.report.rows.find((r: { row: string }) => r.row === 'Tour 5, salida 1');
    expect(reversed.reasons).toEqual([`La fecha de regreso (${day(40)}) es anterior a la de salida (${day(50)}).`]);
    const [japon] = byKey(body, 'japon-esencial');
    expect(japon).toMatchObject({ outcome: 'changed', changes: [{ field: 'metaTitle', before: null, after: 'Japón en 12 días' }] });
    expect(await catalogueDump(t.db)).toBe(before);

    // The same tour with a schema error only names what is wrong, and a missing field for a new tour is named.
    const missing = await send('admin', '/check', json([{ web_slug: 'nuevo', tour_type: 'Group', destinations: ['marte'] }]));
    expect(missing.body.report.rows[0].reasons).toEqual(['Falta el campo «name»: un tour nuevo lo necesita.', 'Destino desconocido: «marte».']);
  });

  it('imports a file with no refusals in one go, records it, rebuilds the whole site once, and a second import changes nothing', async () => {
    const file = json([newTour(), { web_slug: 'otro', periods: [{ day_one: day(30), capacity: 12 }] }]);
    const first = await send('admin', '/apply', file, 'press-0001');
    expect(first.status).toBe(200);
    expect(first.body.applied).toBe(true);
    expect(first.body.report.counts).toEqual({ created: 2, changed: 1, unchanged: 1, refused: 0 });
    const tour = await t.db.selectFrom('tours').selectAll().where('webSlug', '=', 'kioto-en-otono').executeTakeFirstOrThrow();
    expect(tour).toMatchObject({ name: 'Kioto en otoño', tourType: 'Group', publishWeb: 1, bookable: 1, status: 'ACTIVE' });
    const prices = await t.db.selectFrom('prices').select(['ageGroupName', 'valueCents']).where('tourId', '=', tour.id).orderBy('ageGroupName').execute();
    expect(prices).toEqual([
      { ageGroupName: 'Adultos', valueCents: 245_050 },
      { ageGroupName: 'Niños', valueCents: 190_000 },
    ]);
    const period = await t.db.selectFrom('periods').selectAll().where('tourId', '=', tour.id).executeTakeFirstOrThrow();
    expect(period).toMatchObject({ dayOne: day(90), returnDate: day(92), numberOfDays: 3, bookableAvailability: 20, tripType: 'Grupo' });
    expect(period.itineraryId).not.toBeNull();
    const regions = await t.db.selectFrom('tourParentRegions').select('parentRegionId').where('tourId', '=', tour.id).execute();
    expect(regions).toEqual([{ parentRegionId: 'r-asia' }]);
    // Twelve seats in all, three sold: nine still on sale.
    expect(await t.db.selectFrom('periods').select('bookableAvailability').where('id', '=', 'p-otro').executeTakeFirstOrThrow()).toEqual({
      bookableAvailability: 9,
    });
    const actions = await t.db.selectFrom('staffActions').selectAll().where('entityType', '=', 'import').execute();
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ action: 'import', actorEmail: CALLERS.admin.email, requestId: 'press-0001' });
    expect(JSON.parse(actions[0]?.after ?? '{}')).toMatchObject({ created: 2, changed: 1, refused: 0 });
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds).toHaveLength(1);
    expect(first.body.publication).toEqual(expect.any(String));

    const after = await catalogueDump(t.db);
    // The same press again, then the same file with a new press: nothing changes, nothing is rebuilt.
    for (const requestId of ['press-0001', 'press-0002']) {
      const again = await send('admin', '/apply', file, requestId);
      expect(again.body.applied).toBe(false);
      expect(again.body.report.counts).toEqual({ created: 0, changed: 0, unchanged: 4, refused: 0 });
    }
    expect(await catalogueDump(t.db)).toBe(after);
    expect(await t.db.selectFrom('staffActions').select('id').where('entityType', '=', 'import').execute()).toHaveLength(1);
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds).toHaveLength(1);
  });

  it('imports nothing from a file with a refused row', async () => {
    const before = await catalogueDump(t.db);
    const { body } = await send('admin', '/apply', json([newTour(), { web_slug: 'otro', periods: [{ day_one: day(30), capacity: 1 }] }]), 'press-0003');
    expect(body.applied).toBe(false);
    expect(body.report.counts.refused).toBe(1);
    expect(await catalogueDump(t.db)).toBe(before);
    expect(recorder.fullBuilds).toHaveLength(0);
  });

  it('rolls the whole import back when a write fails part-way', async () => {
    // A trigger refuses the departure, written after the tour, its links and prices are already in.
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_period before insert on periods when new.name = 'ROMPE' begin select raise(abort, 'rota'); end`.execute(t.db);
    } else {
      await sql`create function refuse_period() returns trigger language plpgsql as $$ begin if new.name = 'ROMPE' then raise exception 'rota'; end if; return new; end $$`.execute(
        t.db,
      );
      await sql`create trigger refuse_period before insert on periods for each row execute function refuse_period()`.execute(t.db);
    }
    const before = await catalogueDump(t.db);
    const file = json([
      newTour({ periods: [{ day_one: day(90), return_date: day(92), bookable_availability: 20, name: 'ROMPE' }] }),
      { web_slug: 'japon-esencial', metaTitle: 'Cambiado' },
    ]);
    const { status } = await send('admin', '/apply', file, 'press-0004');
    expect(status).toBe(500);
    expect(await catalogueDump(t.db)).toBe(before);
    expect(await t.db.selectFrom('staffActions').select('id').where('entityType', '=', 'import').execute()).toEqual([]);
  });

  it('reads departures and prices from CSV: by id or by date, capacity against seats sold, the tour prices on a line of their own', async () => {
    await t.db.insertInto('prices').values({ id: 'pr-t2', tourId: 't2', ageGroupName: 'Adultos', valueCents: 100_000 }).execute();
    const csv = [
      'web_slug,id,day_one,return_date,capacity,bookable_availability,web_bookable,price_adultos,price_ninos',
      'otro,,,,,,,1200.50,900',
      `otro,p-otro,${day(30)},,12,,false,150,`,
      `otro,,${day(120)},${day(125)},,15,,"99,5",`,
      `otro,,${day(130)},${day(125)},,15,,,`,
      `otro,,${day(140)},${day(145)},,,,-3,`,
      `nadie,,${day(140)},${day(145)},,4,,,`,
      `japon-esencial,,${day(60)},,,4,,,`,
    ].join('\r\n');
    const check = await send('admin', '/check', { name: 'salidas.csv', text: csv });
    expect(check.status).toBe(200);
    expect(check.body.report.format).toBe('csv');
    const row = (n: number) => check.body.report.rows.find((r: { row: string }) => r.row === `Línea ${n}`);
    expect(row(2)).toMatchObject({
      kind: 'prices',
      outcome: 'changed',
      changes: [
        { field: 'precio Adultos', before: 1000, after: 1200.5 },
        { field: 'precio Niños', before: null, after: 900 },
      ],
    });
    expect(row(3)).toMatchObject({ outcome: 'changed' });
    expect(row(3).changes).toEqual(
      expect.arrayContaining([
        { field: 'bookable_availability', before: 7, after: 9 },
        { field: 'web_bookable', before: true, after: false },
        { field: 'precio Adultos', before: null, after: 150 },
      ]),
    );
    expect(row(4)).toMatchObject({ outcome: 'created' });
    expect(row(5).reasons).toEqual([`La fecha de regreso (${day(125)}) es anterior a la de salida (${day(130)}).`]);
    expect(row(6).reasons).toEqual(['«price_adultos»: El precio no puede ser negativo.']);
    expect(row(7).reasons).toEqual(['El tour «nadie» no existe ni viene en el archivo.']);
    // Two departures of this tour leave that day: the line must say which one.
    expect(row(8).reasons).toEqual([`El tour tiene 2 salidas el ${day(60)}: indica su «id».`]);

    const valid = csv
      .split('\r\n')
      .filter((_, i) => i <= 3)
      .join('\n');
    const applied = await send('admin', '/apply', { name: 'salidas.csv', text: valid }, 'press-0005');
    expect(applied.body).toMatchObject({ applied: true, report: { counts: { created: 1, changed: 2, refused: 0 } } });
    expect(await t.db.selectFrom('periods').select(['bookableAvailability', 'webBookable']).where('id', '=', 'p-otro').executeTakeFirstOrThrow()).toEqual({
      bookableAvailability: 9,
      webBookable: 0,
    });
    const created = await t.db.selectFrom('periods').selectAll().where('tourId', '=', 't2').where('dayOne', '=', day(120)).executeTakeFirstOrThrow();
    expect(created).toMatchObject({ returnDate: day(125), numberOfDays: 6, bookableAvailability: 15, name: `Otro – ${day(120)}` });
    const createdPrice = await t.db.selectFrom('prices').select('valueCents').where('periodId', '=', created.id).executeTakeFirstOrThrow();
    expect(createdPrice.valueCents).toBe(9_950);
    const again = await send('admin', '/apply', { name: 'salidas.csv', text: valid }, 'press-0006');
    expect(again.body).toMatchObject({ applied: false, report: { counts: { created: 0, changed: 0, unchanged: 3 } } });
  });

  it('offers the first tours as example files that import as unchanged, and refuses unreadable or too large files', async () => {
    await t.db.updateTable('tours').set({ sortTour: 1 }).where('id', '=', 't1').execute();
    await t.db.updateTable('tours').set({ sortTour: 2 }).where('id', '=', 't2').execute();
    const res = await api().request('/admin/importer/example.json', { headers: headersOf('admin') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('catalogo-ejemplo.json');
    const example = await res.text();
    expect(JSON.parse(example).tours.map((tour: { web_slug: string }) => tour.web_slug)).toEqual(['japon-esencial', 'otro']);
    const roundTrip = await send('admin', '/check', { name: 'catalogo-ejemplo.json', text: example });
    expect(roundTrip.body.report.counts).toEqual({ created: 0, changed: 0, unchanged: 5, refused: 0 });

    const csv = await (await api().request('/admin/importer/example.csv', { headers: headersOf('admin') })).text();
    expect(csv.split('\n')[0]).toBe(
      'web_slug,id,day_one,return_date,name,trip_type,number_of_days,bookable_availability,capacity,web_bookable,publish_web,source,price_adultos,price_ninos',
    );
    const csvTrip = await send('admin', '/check', { name: 'salidas.csv', text: csv });
    expect(csvTrip.body.report.counts).toMatchObject({ created: 0, changed: 0, refused: 0 });

    const broken = await send('admin', '/check', { name: 'roto.json', text: '{"tours": [' });
    expect(broken).toMatchObject({ status: 422, body: { error: { message: IMPORT_MESSAGES.badJson } } });
    const noHeader = await send('admin', '/check', { name: 'roto.csv', text: 'a,b\n1,2' });
    expect(noHeader).toMatchObject({ status: 422, body: { error: { message: IMPORT_MESSAGES.badCsv } } });
    const huge = await send('admin', '/check', { name: 'enorme.json', text: ' '.repeat(MAX_IMPORT_BYTES + 1) });
    expect(huge).toMatchObject({ status: 413, body: { error: { message: IMPORT_MESSAGES.tooLarge } } });
  });
});
