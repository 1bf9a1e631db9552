import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  flightAgeGroupsMessage,
  flightHasBookingsMessage,
  periodHasBookingsMessage,
  seatsUnderHeldMessage,
  seatsUnderSoldMessage,
  TOUR_EDITOR_MESSAGES,
} from '#shared/schemas/tour-editor-texts.ts';
import { createApi } from '../app.ts';
import type { AuthContext } from '../auth-context.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { day, insertDeparture, insertSoldAndHeldSeats } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, type CallerName, seedCallers } from '../../tests/support/callers.ts';
import { recordingRebuilds, writeUploadedFile } from '../../tests/support/cms-api.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';

const stamp = '2026-01-01T00:00:00.000Z';

/** The form as the editor sends it: every field, as read. */
const FIELDS = {
  offerValidity: null,
  rate: null,
  stops: null,
  expertOpinionTitle: null,
  expertOpinion: null,
  expertOpinionAvatar: null,
  includedServicesWeb: null,
  metaTitle: null,
  metaDescription: null,
  metaKeyword: null,
  thumbnail: null,
  status: 'ACTIVE',
};

describe.each(portableDialects)('/api/admin/tours/{id} (the tour editor) on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const recorder = recordingRebuilds();
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    filesDir = mkdtempSync(join(tmpdir(), 'tour-editor-files-'));
    await seedCallers(t.db);
    await insertDeparture(t.db);
    recorder.reset();
    // p1: 3 seats sold (a confirmed booking), 1 held by a payment under way, 10 still on sale.
    await insertSoldAndHeldSeats(t.db, { stamp });
  });
  afterEach(async () => {
    await recorder.rebuilds.whenIdle();
    await t.drop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const call = async (who: CallerName, method: string, path: string, body?: unknown) => {
    const api = createApi({
      db: t.db,
      config: { ...testConfig({}), databaseUrl: t.url, filesDir },
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
  const tour = () => t.db.selectFrom('tours').selectAll().where('id', '=', 't1').executeTakeFirstOrThrow();
  const period = (id: string) => t.db.selectFrom('periods').selectAll().where('id', '=', id).executeTakeFirst();
  const actions = (entityId: string) =>
    t.db.selectFrom('staffActions').select(['action', 'actorEmail', 'before', 'after']).where('entityId', '=', entityId).orderBy('createdAt').execute();
  const p1 = { dayOne: day(60), returnDate: day(69), seats: 14, webBookable: true, source: null };

  it('reads the tour with its departures: seats sold, held and on sale, bookings and prices per age group', async () => {
    const res = await call('admin', 'GET', '/t1');
    expect(res.status).toBe(200);
    expect(res.body.tour).toMatchObject({ id: 't1', name: 'Japón esencial', version: 1, publishWeb: true, fields: FIELDS });
    expect(res.body.tour.prices).toEqual([
      { ageGroupName: 'Adultos', valueCents: 100_000 },
      { ageGroupName: 'Niños', valueCents: 80_000 },
    ]);
    const departure = res.body.periods.find((p: { id: string }) => p.id === 'p1');
    expect(departure).toMatchObject({ seats: 14, sold: 3, held: 1, onSale: 10, bookings: 1, webBookable: true, numberOfDays: 10 });
    expect(departure.prices).toEqual([{ ageGroupName: 'Adultos', valueCents: 15_050 }]);
    expect(departure.optionalActivities.map((a: { name: string }) => a.name)).toEqual(['Ceremonia del té', 'Coche de alquiler', 'Seguro de cancelación']);
    expect(departure.optionalActivities[0]).toEqual({ id: 'oa1', name: 'Ceremonia del té', prices: [{ ageGroupName: 'Adultos', valueCents: 4_000 }] });
    expect((await call('admin', 'GET', '/nada')).status).toBe(404);
  });

  it('is for the office only', async () => {
    const tries: [string, string, unknown?][] = [
      ['GET', '/t1'],
      ['PUT', '/t1', { requestId: 'press-0001', version: 1, fields: FIELDS }],
      ['POST', '/t1/periods', { requestId: 'press-0002', period: p1 }],
      ['PUT', '/t1/periods/p1', { requestId: 'press-0003', period: p1 }],
      ['DELETE', '/t1/periods/p1', { requestId: 'press-0004' }],
      ['PUT', '/t1/periods/p1/prices', { requestId: 'press-0005', prices: [{ ageGroupName: 'Adultos', valueCents: 1 }] }],
      ['POST', '/t1/regions', { requestId: 'press-0006', parentRegionId: 'r-asia' }],
      ['DELETE', '/t1/regions/r-asia', { requestId: 'press-0007' }],
      ['POST', '/t1/activities', { requestId: 'press-0008', activityId: 'a-globo' }],
      ['PUT', '/t1/periods/p1/activities/oa1/prices', { requestId: 'press-0010', prices: [{ ageGroupName: 'Adultos', valueCents: 1 }] }],
      ['POST', '/t1/periods/p1/campaigns', { requestId: 'press-0011', campaign: {} }],
      ['PUT', '/t1/periods/p1/flights/f1', { requestId: 'press-0014', flight: { seats: 1, prices: [] } }],
      ['POST', '/t1/periods/p1/flights', { requestId: 'press-0015', flight: {} }],
      ['DELETE', '/t1/periods/p1/flights/f1', { requestId: 'press-0016' }],
      ['PUT', '/t1/periods/p1/campaigns/c-now', { requestId: 'press-0012', campaign: {} }],
      ['DELETE', '/t1/periods/p1/campaigns/c-now', { requestId: 'press-0013' }],
      ['DELETE', '/t1/activities/a-globo', { requestId: 'press-0009' }],
    ];
    for (const [method, path, body] of tries) {
      expect((await call('visitor', method, path, body)).status).toBe(401);
      expect((await call('traveler', method, path, body)).status).toBe(403);
      expect((await call('guide', method, path, body)).status).toBe(403);
    }
    expect((await tour()).version).toBe(1);
    expect(await actions('t1')).toEqual([]);
  });

  it('saves the fields once per press, recorded, and re-renders the tour pages with the tour read again', async () => {
    const fields = { ...FIELDS, metaTitle: 'Japón en 10 días | Different Roads', rate: '4,5', stops: 'Tokio, Kioto' };
    const saved = await call('admin', 'PUT', '/t1', { requestId: 'save-press-1', version: 1, fields });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ applied: true, message: TOUR_EDITOR_MESSAGES.saved, publication: expect.any(String) });
    expect(saved.body.editor.tour).toMatchObject({ version: 2, fields: { metaTitle: 'Japón en 10 días | Different Roads', rate: 4.5, stops: 'Tokio, Kioto' } });
    // The same press again: nothing more is written or published.
    const again = await call('admin', 'PUT', '/t1', { requestId: 'save-press-1', version: 1, fields });
    expect(again.body).toMatchObject({ applied: false, publication: null });
    expect((await tour()).version).toBe(2);
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds).toEqual([]);
    expect(recorder.published).toHaveLength(1);
    expect(recorder.published[0]?.changed).toEqual(['tour:t1']);
    expect(recorder.published[0]?.tours?.[0]).toMatchObject({ id: 't1', metaTitle: 'Japón en 10 días | Different Roads', rate: 4.5 });
    const records = await actions('t1');
    expect(records.map((r) => [r.action, r.actorEmail, JSON.parse(r.before ?? '{}'), JSON.parse(r.after ?? '{}')])).toEqual([
      [
        'update',
        CALLERS.admin.email,
        { rate: null, stops: null, metaTitle: null },
        { rate: 4.5, stops: 'Tokio, Kioto', metaTitle: 'Japón en 10 días | Different Roads' },
      ],
    ]);
  });

  it('refuses a save made on an older version in Spanish, writing nothing', async () => {
    await call('admin', 'PUT', '/t1', { requestId: 'tab-one-save', version: 1, fields: { ...FIELDS, metaKeyword: 'japón' } });
    const stale = await call('admin', 'PUT', '/t1', { requestId: 'tab-two-save', version: 1, fields: { ...FIELDS, metaTitle: 'Otro título' } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(TOUR_EDITOR_MESSAGES.conflict);
    expect(await tour()).toMatchObject({ version: 2, metaTitle: null, metaKeyword: 'japón' });
  });

  it('checks the fields and the images, and saves the status without publishing anything', async () => {
    const bad = await call('admin', 'PUT', '/t1', {
      requestId: 'bad-save-01',
      version: 1,
      fields: { ...FIELDS, rate: 7, metaTitle: 'x'.repeat(121), status: 'UPDATING', extra: 1 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['fields.extra', 'fields.metaTitle', 'fields.rate', 'fields.status']);
    expect(bad.body.error.fields['fields.rate']).toBe(TOUR_EDITOR_MESSAGES.rate);
    const missing = await call('admin', 'PUT', '/t1', { requestId: 'photo-save-1', version: 1, fields: { ...FIELDS, thumbnail: 't1/nueva.webp' } });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toEqual({ thumbnail: TOUR_EDITOR_MESSAGES.photoNotUploaded });
    const other = await call('admin', 'PUT', '/t1', {
      requestId: 'photo-save-2',
      version: 1,
      fields: { ...FIELDS, thumbnail: writeUploadedFile(filesDir, 't2/foto.webp') },
    });
    expect(other.status).toBe(422);
    expect((await tour()).version).toBe(1);

    const photo = writeUploadedFile(filesDir, 't1/nueva.webp');
    const saved = await call('admin', 'PUT', '/t1', { requestId: 'photo-save-3', version: 1, fields: { ...FIELDS, thumbnail: photo } });
    expect(saved.status).toBe(200);
    expect(saved.body.editor.tour.thumbnailUrl).toMatch(/^\/files\/t1\/nueva\.webp\?expires=/);
    await recorder.rebuilds.whenIdle();
    expect(recorder.published[0]?.tours?.[0]?.thumbnail).toBe(photo);

    recorder.reset();
    const off = await call('admin', 'PUT', '/t1', { requestId: 'status-save', version: 2, fields: { ...FIELDS, thumbnail: photo, status: 'INACTIVE' } });
    expect(off.body).toMatchObject({ applied: true, publication: null });
    expect((await tour()).status).toBe('INACTIVE');
    await recorder.rebuilds.whenIdle();
    expect(recorder.published).toEqual([]);
  });

  it('adds a departure once per press, with the price per age group, and rebuilds the listings with it', async () => {
    const input = { dayOne: day(100), returnDate: day(109), seats: 20, webBookable: true, source: 'WEBDR' };
    const added = await call('admin', 'POST', '/t1/periods', { requestId: 'add-period-1', period: input });
    expect(added.status).toBe(200);
    expect(added.body.applied).toBe(true);
    const created = added.body.editor.periods.find((p: { dayOne: string }) => p.dayOne === day(100));
    expect(created).toMatchObject({ seats: 20, sold: 0, onSale: 20, numberOfDays: 10, source: 'WEBDR', webBookable: true, bookings: 0 });
    expect(created.name).toMatch(/^Japón esencial – \d+ de [a-z]+ de \d{4}$/);
    expect(created.prices.map((p: { ageGroupName: string }) => p.ageGroupName).sort()).toEqual(['Adultos', 'Niños']);
    const twice = await call('admin', 'POST', '/t1/periods', { requestId: 'add-period-1', period: input });
    expect(twice.body).toMatchObject({ applied: false, publication: null });
    expect(await t.db.selectFrom('periods').select('id').where('dayOne', '=', day(100)).execute()).toHaveLength(1);
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds.flat()).toEqual(['salida añadida al tour t1']);
    expect((await actions(created.id)).map((r) => r.action)).toEqual(['create']);

    const wrong = await call('admin', 'POST', '/t1/periods', {
      requestId: 'add-period-2',
      period: { ...input, returnDate: day(90), seats: 1000, source: 'OTRA' },
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.error.fields).sort()).toEqual(['period.seats', 'period.source']);
    const backwards = await call('admin', 'POST', '/t1/periods', { requestId: 'add-period-3', period: { ...input, returnDate: day(90) } });
    expect(backwards.body.error.fields).toEqual({ 'period.returnDate': TOUR_EDITOR_MESSAGES.returnBeforeStart });
    expect((await call('admin', 'POST', '/nada/periods', { requestId: 'add-period-4', period: input })).status).toBe(404);
  });

  it('refuses seats under those sold or held, with the reason, and changes them relative to what the row holds', async () => {
    const under = await call('admin', 'PUT', '/t1/periods/p1', { requestId: 'seats-press-1', period: { ...p1, seats: 2 } });
    expect(under.status).toBe(409);
    expect(under.body.error).toMatchObject({ message: seatsUnderSoldMessage(3), fields: { seats: seatsUnderSoldMessage(3) } });
    const held = await call('admin', 'PUT', '/t1/periods/p1', { requestId: 'seats-press-2', period: { ...p1, seats: 3 } });
    expect(held.status).toBe(409);
    expect(held.body.error.message).toBe(seatsUnderHeldMessage({ sold: 3, held: 1 }));
    expect((await period('p1'))?.bookableAvailability).toBe(10);

    const fewer = await call('admin', 'PUT', '/t1/periods/p1', { requestId: 'seats-press-3', period: { ...p1, seats: 12, source: 'DRLASTSEATS' } });
    expect(fewer.status).toBe(200);
    expect(fewer.body.editor.periods.find((p: { id: string }) => p.id === 'p1')).toMatchObject({
      seats: 12,
      sold: 3,
      held: 1,
      onSale: 8,
      source: 'DRLASTSEATS',
    });
    expect(
      (await call('admin', 'PUT', '/t1/periods/p1', { requestId: 'seats-press-3', period: { ...p1, seats: 12, source: 'DRLASTSEATS' } })).body.applied,
    ).toBe(false);
    expect((await period('p1'))?.bookableAvailability).toBe(8);
    await recorder.rebuilds.whenIdle();
    // Seats stay within the tour's pages: a targeted render, no full build.
    expect(recorder.fullBuilds).toEqual([]);
    expect(recorder.published.map((c) => c.changed)).toEqual([['tour:t1']]);
    expect((await actions('p1')).map((r) => [r.action, JSON.parse(r.before ?? '{}').seats, JSON.parse(r.after ?? '{}').seats])).toEqual([['update', 14, 12]]);

    // Moving the days of a departure travellers booked would break their trip.
    const moved = await call('admin', 'PUT', '/t1/periods/p1', {
      requestId: 'dates-press-1',
      period: { ...p1, seats: 12, dayOne: day(61), returnDate: day(70) },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.fields.dayOne).toMatch(/^No se pueden cambiar las fechas: hay 1 reserva/);
    expect((await call('admin', 'PUT', '/t1/periods/nada', { requestId: 'seats-press-4', period: p1 })).status).toBe(404);
    expect((await call('admin', 'PUT', '/t2/periods/p1', { requestId: 'seats-press-5', period: p1 })).status).toBe(404);
  });

  it('moves the days of a departure nobody booked, its name following, and closes it to web sale', async () => {
    const added = await call('admin', 'POST', '/t1/periods', {
      requestId: 'add-for-move',
      period: { ...p1, dayOne: day(100), returnDate: day(109), seats: 5 },
    });
    const id = added.body.editor.periods.find((p: { dayOne: string }) => p.dayOne === day(100)).id as string;
    recorder.reset();
    const moved = await call('admin', 'PUT', `/t1/periods/${id}`, {
      requestId: 'move-press-1',
      period: { dayOne: day(120), returnDate: day(124), seats: 5, webBookable: false, source: null },
    });
    expect(moved.status).toBe(200);
    expect(await period(id)).toMatchObject({ dayOne: day(120), returnDate: day(124), numberOfDays: 5, webBookable: 0, bookableAvailability: 5 });
    expect((await period(id))?.name).not.toBe(added.body.editor.periods.find((p: { id: string }) => p.id === id).name);
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds.flat()).toEqual([`salida ${id} editada`]);
  });

  it('refuses to remove a departure a booking names, and removes one nobody booked once', async () => {
    const booked = await call('admin', 'DELETE', '/t1/periods/p1', { requestId: 'remove-press-1' });
    expect(booked.status).toBe(409);
    expect(booked.body.error.message).toBe(periodHasBookingsMessage(1));
    expect(await period('p1')).toBeDefined();

    const gone = await call('admin', 'DELETE', '/t1/periods/p-not-web', { requestId: 'remove-press-2' });
    expect(gone.status).toBe(200);
    expect(gone.body.applied).toBe(true);
    expect(gone.body.editor.periods.map((p: { id: string }) => p.id)).toEqual(['p1']);
    expect(await period('p-not-web')).toBeUndefined();
    expect((await call('admin', 'DELETE', '/t1/periods/p-not-web', { requestId: 'remove-press-2' })).body.applied).toBe(false);
    expect((await call('admin', 'DELETE', '/t1/periods/p-not-web', { requestId: 'remove-press-3' })).body.applied).toBe(false);
    expect((await call('admin', 'DELETE', '/t1/periods/nada', { requestId: 'remove-press-4' })).status).toBe(404);
    expect((await call('admin', 'DELETE', '/t1/periods/p1', {})).status).toBe(422);
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds.flat()).toEqual(['salida p-not-web quitada']);
    expect((await actions('p-not-web')).map((r) => r.action)).toEqual(['delete']);
  });

  it('sets a departure price per age group once per press', async () => {
    const prices = [
      { ageGroupName: 'Adultos', valueCents: 20_000 },
      { ageGroupName: 'Niños', valueCents: 10_000 },
    ];
    const saved = await call('admin', 'PUT', '/t1/periods/p1/prices', { requestId: 'prices-press-1', prices });
    expect(saved.status).toBe(200);
    expect(saved.body.editor.periods.find((p: { id: string }) => p.id === 'p1').prices).toEqual(prices);
    expect((await call('admin', 'PUT', '/t1/periods/p1/prices', { requestId: 'prices-press-1', prices })).body.applied).toBe(false);
    expect((await call('admin', 'PUT', '/t1/periods/p1/prices', { requestId: 'prices-press-2', prices })).body.applied).toBe(false);
    // The flight's own prices are not the departure's.
    expect(
      (await t.db.selectFrom('prices').select('valueCents').where('flightId', '=', 'f1').orderBy('ageGroupName').execute()).map((p) => p.valueCents),
    ).toEqual([30_000, 25_000]);
    const bad = await call('admin', 'PUT', '/t1/periods/p1/prices', {
      requestId: 'prices-press-3',
      prices: [
        { ageGroupName: 'Bebés', valueCents: 1 },
        { ageGroupName: 'Adultos', valueCents: -5 },
      ],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['prices.0.ageGroupName', 'prices.1.valueCents']);
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds).toEqual([]);
    expect(recorder.published).toHaveLength(1);
    expect(recorder.published[0]?.tours?.[0]?.periods?.find((p) => p.id === 'p1')?.prices).toEqual([
      { ageGroupName: 'Adultos', categoryName: 'Standard category', valueCents: 20_000 },
      { ageGroupName: 'Niños', categoryName: 'Standard category', valueCents: 10_000 },
    ]);
  });

  it('lists the tour under a region and takes it off, once per press, with a full build of the listings', async () => {
    await t.db
      .insertInto('parentRegions')
      .values([
        { id: 'r-asia', name: 'Asia', slug: 'asia', description: null },
        { id: 'r-europa', name: 'Europa', slug: 'europa', description: null },
      ])
      .execute();
    const read = await call('admin', 'GET', '/t1');
    expect(read.body.regions).toEqual({
      linked: [],
      options: [
        { id: 'r-asia', name: 'Asia', slug: 'asia' },
        { id: 'r-europa', name: 'Europa', slug: 'europa' },
      ],
    });
    const added = await call('admin', 'POST', '/t1/regions', { requestId: 'region-press-1', parentRegionId: 'r-asia' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ applied: true, message: TOUR_EDITOR_MESSAGES.regionAdded });
    expect(added.body.editor.regions.linked).toEqual([{ id: 'r-asia', name: 'Asia', slug: 'asia' }]);
    expect((await call('admin', 'POST', '/t1/regions', { requestId: 'region-press-1', parentRegionId: 'r-asia' })).body.applied).toBe(false);
    expect((await call('admin', 'POST', '/t1/regions', { requestId: 'region-press-2', parentRegionId: 'r-asia' })).body.applied).toBe(false);
    expect(await t.db.selectFrom('tourParentRegions').select('parentRegionId').where('tourId', '=', 't1').execute()).toEqual([{ parentRegionId: 'r-asia' }]);

    const unknown = await call('admin', 'POST', '/t1/regions', { requestId: 'region-press-3', parentRegionId: 'r-nada' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toEqual({ parentRegionId: TOUR_EDITOR_MESSAGES.regionUnknown });
    expect((await call('admin', 'POST', '/t1/regions', { requestId: 'region-press-4' })).status).toBe(422);
    expect((await call('admin', 'POST', '/nada/regions', { requestId: 'region-press-5', parentRegionId: 'r-asia' })).status).toBe(404);

    const removed = await call('admin', 'DELETE', '/t1/regions/r-asia', { requestId: 'region-press-6' });
    expect(removed.body).toMatchObject({ applied: true, message: TOUR_EDITOR_MESSAGES.regionRemoved });
    expect(removed.body.editor.regions.linked).toEqual([]);
    expect((await call('admin', 'DELETE', '/t1/regions/r-asia', { requestId: 'region-press-7' })).body.applied).toBe(false);
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds.flat()).toEqual(['región añadida al tour t1', 'región quitada del tour t1']);
    expect((await actions('t1')).map((r) => [r.action, JSON.parse(r.after ?? 'null'), JSON.parse(r.before ?? 'null')])).toEqual([
      ['region-add', { parentRegionId: 'r-asia', name: 'Asia' }, null],
      ['region-remove', null, { parentRegionId: 'r-asia', name: 'Asia' }],
    ]);
  });

  it('links an activity of the catalogue with the tour and unlinks it, once per press, publishing the content alone', async () => {
    await t.db
      .insertInto('activities')
      .values([
        { id: 'a-globo', thumbnail: null, name: 'Globo al amanecer', city: 'Nara', country: 'Japón', description: null, status: 'ACTIVE' },
        { id: 'a-te', thumbnail: null, name: 'Ceremonia del té', city: 'Kioto', country: 'Japón', description: null, status: 'DRAFT' },
      ])
      .execute();
    const read = await call('admin', 'GET', '/t1');
    expect(read.body.activities).toEqual({
      linked: [],
      options: [
        { id: 'a-te', name: 'Ceremonia del té', city: 'Kioto', status: 'DRAFT' },
        { id: 'a-globo', name: 'Globo al amanecer', city: 'Nara', status: 'ACTIVE' },
      ],
    });
    const linked = await call('admin', 'POST', '/t1/activities', { requestId: 'activity-press-1', activityId: 'a-globo' });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ applied: true, message: TOUR_EDITOR_MESSAGES.activityLinked, publication: expect.any(String) });
    expect(linked.body.editor.activities.linked).toEqual([{ id: 'a-globo', name: 'Globo al amanecer', city: 'Nara', status: 'ACTIVE' }]);
    expect((await call('admin', 'POST', '/t1/activities', { requestId: 'activity-press-1', activityId: 'a-globo' })).body.applied).toBe(false);
    expect((await call('admin', 'POST', '/t1/activities', { requestId: 'activity-press-2', activityId: 'a-globo' })).body.applied).toBe(false);
    expect(await t.db.selectFrom('activityTours').selectAll().execute()).toEqual([{ activityId: 'a-globo', tourId: 't1' }]);

    const unknown = await call('admin', 'POST', '/t1/activities', { requestId: 'activity-press-3', activityId: 'a-nada' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toEqual({ activityId: TOUR_EDITOR_MESSAGES.activityUnknown });

    const unlinked = await call('admin', 'DELETE', '/t1/activities/a-globo', { requestId: 'activity-press-4' });
    expect(unlinked.body).toMatchObject({ applied: true, message: TOUR_EDITOR_MESSAGES.activityUnlinked });
    expect(await t.db.selectFrom('activityTours').selectAll().execute()).toEqual([]);
    expect((await call('admin', 'DELETE', '/t1/activities/a-globo', { requestId: 'activity-press-5' })).body.applied).toBe(false);
    await recorder.rebuilds.whenIdle();
    // No page shows which activities name a tour: the content part travels, no tour page is rendered for it.
    expect(recorder.fullBuilds).toEqual([]);
    expect(recorder.published.length).toBeGreaterThan(0);
    for (const change of recorder.published) expect(change).toEqual({ changed: [], content: true, tours: [] });
    expect((await actions('t1')).map((r) => r.action)).toEqual(['activity-add', 'activity-remove']);
  });

  it("sets an optional activity's price per age group, on its own departure only", async () => {
    const prices = [
      { ageGroupName: 'Adultos', valueCents: 4_500 },
      { ageGroupName: 'Niños', valueCents: 2_000 },
    ];
    const saved = await call('admin', 'PUT', '/t1/periods/p1/activities/oa1/prices', { requestId: 'activity-price-1', prices });
    expect(saved.status).toBe(200);
    const tea = saved.body.editor.periods.find((p: { id: string }) => p.id === 'p1').optionalActivities.find((a: { id: string }) => a.id === 'oa1');
    expect(tea.prices).toEqual(prices);
    // The departure's own supplement is untouched.
    expect(saved.body.editor.periods.find((p: { id: string }) => p.id === 'p1').prices).toEqual([{ ageGroupName: 'Adultos', valueCents: 15_050 }]);
    expect((await call('admin', 'PUT', '/t1/periods/p1/activities/oa1/prices', { requestId: 'activity-price-1', prices })).body.applied).toBe(false);
    expect((await call('admin', 'PUT', '/t1/periods/p-not-web/activities/oa1/prices', { requestId: 'activity-price-2', prices })).status).toBe(404);
    expect((await call('admin', 'PUT', '/t1/periods/p1/activities/nada/prices', { requestId: 'activity-price-3', prices })).status).toBe(404);
    await recorder.rebuilds.whenIdle();
    expect(recorder.published).toHaveLength(1);
    const activity = recorder.published[0]?.tours?.[0]?.periods?.find((p) => p.id === 'p1')?.optionalActivities.find((a) => a.id === 'oa1');
    expect(activity?.prices.map((p) => p.valueCents)).toEqual([4_500, 2_000]);
    expect((await actions('p1')).map((r) => [r.action, JSON.parse(r.after ?? '{}')])).toEqual([
      ['activity-prices', { optionalActivityId: 'oa1', Adultos: 4_500, Niños: 2_000 }],
    ]);
  });

  it("adds, changes and removes a departure's campaigns once per press, re-rendering the tour's pages", async () => {
    const read = await call('admin', 'GET', '/t1');
    expect(read.body.periods.find((p: { id: string }) => p.id === 'p1').campaigns.map((c: { name: string }) => c.name)).toEqual(['Otoño', 'Pasada']);
    const campaign = { name: 'Reserva anticipada', valueCents: 7_500, validFromDate: day(0), validUntilDate: day(30), discountAppliedPerTxt: 'ONCE' };
    const added = await call('admin', 'POST', '/t1/periods/p1/campaigns', { requestId: 'campaign-press-1', campaign });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(TOUR_EDITOR_MESSAGES.campaignAdded);
    const created = added.body.editor.periods
      .find((p: { id: string }) => p.id === 'p1')
      .campaigns.find((c: { name: string }) => c.name === 'Reserva anticipada');
    expect(created).toEqual({ id: expect.any(String), ...campaign });
    expect((await call('admin', 'POST', '/t1/periods/p1/campaigns', { requestId: 'campaign-press-1', campaign })).body.applied).toBe(false);
    expect(await t.db.selectFrom('campaigns').select('id').where('name', '=', 'Reserva anticipada').execute()).toHaveLength(1);

    const bad = await call('admin', 'POST', '/t1/periods/p1/campaigns', {
      requestId: 'campaign-press-2',
      campaign: { ...campaign, name: ' ', valueCents: -1, validUntilDate: day(-5), discountAppliedPerTxt: 'SIEMPRE' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['campaign.discountAppliedPerTxt', 'campaign.name', 'campaign.valueCents']);
    const backwards = await call('admin', 'POST', '/t1/periods/p1/campaigns', {
      requestId: 'campaign-press-3',
      campaign: { ...campaign, validUntilDate: day(-5) },
    });
    expect(backwards.body.error.fields).toEqual({ 'campaign.validUntilDate': TOUR_EDITOR_MESSAGES.campaignUntil });

    const changed = await call('admin', 'PUT', `/t1/periods/p1/campaigns/${created.id}`, {
      requestId: 'campaign-press-4',
      campaign: { ...campaign, valueCents: 5_000, validFromDate: null, validUntilDate: null, discountAppliedPerTxt: 'PER_PAX' },
    });
    expect(changed.body).toMatchObject({ applied: true, message: TOUR_EDITOR_MESSAGES.campaignSaved });
    expect(await t.db.selectFrom('campaigns').selectAll().where('id', '=', created.id).executeTakeFirst()).toMatchObject({
      valueCents: 5_000,
      validFromDate: null,
      validUntilDate: null,
      discountAppliedPerTxt: 'PER_PAX',
    });
    expect((await call('admin', 'PUT', `/t1/periods/p-not-web/campaigns/${created.id}`, { requestId: 'campaign-press-5', campaign })).status).toBe(404);

    const removed = await call('admin', 'DELETE', `/t1/periods/p1/campaigns/${created.id}`, { requestId: 'campaign-press-6' });
    expect(removed.body).toMatchObject({ applied: true, message: TOUR_EDITOR_MESSAGES.campaignRemoved });
    expect((await call('admin', 'DELETE', `/t1/periods/p1/campaigns/${created.id}`, { requestId: 'campaign-press-6' })).body.applied).toBe(false);
    expect((await call('admin', 'DELETE', `/t1/periods/p1/campaigns/${created.id}`, { requestId: 'campaign-press-7' })).status).toBe(404);
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds).toEqual([]);
    expect(recorder.published.every((change) => change.changed.includes('tour:t1'))).toBe(true);
    expect((await actions('p1')).map((r) => r.action)).toEqual(['campaign-add', 'campaign-update', 'campaign-remove']);
  });

  it("sets a flight's seats and price per age group, refusing seats under those its bookings took", async () => {
    // Two seats of flight f1 sold (confirmed), with 10 still on sale.
    await t.db.updateTable('flights').set({ bookableAvailability: 10 }).where('id', '=', 'f1').execute();
    await t.db
      .insertInto('seatHolds')
      .values({
        id: 'hf1',
        bookingId: 'b1',
        resourceType: 'flight',
        resourceId: 'f1',
        quantity: 2,
        expiresAt: stamp,
        releasedAt: null,
        confirmedAt: stamp,
        createdAt: stamp,
      })
      .execute();
    const read = await call('admin', 'GET', '/t1');
    const madrid = read.body.periods.find((p: { id: string }) => p.id === 'p1').flights.find((f: { id: string }) => f.id === 'f1');
    expect(madrid).toMatchObject({
      seats: 12,
      sold: 2,
      held: 0,
      onSale: 10,
      prices: [
        { ageGroupName: 'Adultos', valueCents: 30_000 },
        { ageGroupName: 'Niños', valueCents: 25_000 },
      ],
    });

    const prices = [
      { ageGroupName: 'Adultos', valueCents: 32_000 },
      { ageGroupName: 'Niños', valueCents: 25_000 },
    ];
    const under = await call('admin', 'PUT', '/t1/periods/p1/flights/f1', { requestId: 'flight-press-1', flight: { seats: 1, prices } });
    expect(under.status).toBe(409);
    expect(under.body.error.fields).toEqual({ seats: seatsUnderSoldMessage(2) });
    expect(
      (await t.db.selectFrom('prices').select('valueCents').where('flightId', '=', 'f1').where('ageGroupName', '=', 'Adultos').executeTakeFirstOrThrow())
        .valueCents,
    ).toBe(30_000);

    const saved = await call('admin', 'PUT', '/t1/periods/p1/flights/f1', { requestId: 'flight-press-2', flight: { seats: 6, prices } });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(TOUR_EDITOR_MESSAGES.flightSaved);
    expect(saved.body.editor.periods.find((p: { id: string }) => p.id === 'p1').flights.find((f: { id: string }) => f.id === 'f1')).toMatchObject({
      seats: 6,
      sold: 2,
      onSale: 4,
      prices,
    });
    expect((await call('admin', 'PUT', '/t1/periods/p1/flights/f1', { requestId: 'flight-press-2', flight: { seats: 6, prices } })).body.applied).toBe(false);
    expect((await call('admin', 'PUT', '/t1/periods/p1/flights/f1', { requestId: 'flight-press-3', flight: { seats: 6, prices } })).body.applied).toBe(false);
    expect((await call('admin', 'PUT', '/t1/periods/p-not-web/flights/f1', { requestId: 'flight-press-4', flight: { seats: 6, prices } })).status).toBe(404);
    const bad = await call('admin', 'PUT', '/t1/periods/p1/flights/f1', { requestId: 'flight-press-5', flight: { seats: -1, prices: [] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['flight.prices', 'flight.seats']);
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds).toEqual([]);
    expect(recorder.published).toHaveLength(1);
    expect((await actions('p1')).map((r) => [r.action, JSON.parse(r.before ?? '{}'), JSON.parse(r.after ?? '{}')])).toEqual([
      ['flight-update', { flightId: 'f1', seats: 12, Adultos: 30_000 }, { flightId: 'f1', seats: 6, Adultos: 32_000 }],
    ]);
  });
  /** A flight as 'Añadir vuelo' sends it: out on the departure's first day via Doha, back on its last day. */
  const newFlight = (overrides: Record<string, unknown> = {}) => ({
    name: 'Vuelo desde Valencia',
    departureCity: 'Valencia',
    seats: 8,
    prices: [
      { ageGroupName: 'Adultos', valueCents: 41_000 },
      { ageGroupName: 'Niños', valueCents: 35_000 },
    ],
    journeys: [
      {
        direction: 'outbound',
        segments: [
          { flightNumber: 'qr 148', departureIata: 'vlc', arrivalIata: 'DOH', departureAt: `${day(60)}T09:30`, arrivalAt: `${day(60)}T17:45` },
          { flightNumber: 'QR806', departureIata: 'DOH', arrivalIata: 'NRT', departureAt: `${day(60)}T20:00`, arrivalAt: `${day(61)}T12:10` },
        ],
      },
      {
        direction: 'inbound',
        segments: [{ flightNumber: 'QR807', departureIata: 'NRT', arrivalIata: 'VLC', departureAt: `${day(69)}T08:00`, arrivalAt: `${day(69)}T21:00` }],
      },
    ],
    ...overrides,
  });

  it('adds a flight to a departure once per press, with its journeys, segments, seats and prices, priced as the funnel reads it', async () => {
    const added = await call('admin', 'POST', '/t1/periods/p1/flights', { requestId: 'flight-add-1', flight: newFlight() });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(TOUR_EDITOR_MESSAGES.flightAdded);
    expect(added.body.applied).toBe(true);
    const flightId = added.body.flightId as string;
    expect(added.body.editor.periods.find((p: { id: string }) => p.id === 'p1').flights.find((f: { id: string }) => f.id === flightId)).toEqual({
      id: flightId,
      name: 'Vuelo desde Valencia',
      departureCity: 'Valencia',
      seats: 8,
      sold: 0,
      held: 0,
      onSale: 8,
      bookings: 0,
      prices: [
        { ageGroupName: 'Adultos', valueCents: 41_000 },
        { ageGroupName: 'Niños', valueCents: 35_000 },
      ],
    });
    const flight = await t.db.selectFrom('flights').selectAll().where('id', '=', flightId).executeTakeFirstOrThrow();
    expect(flight).toMatchObject({ periodId: 'p1', guaranteedAvailability: 8, bookableAvailability: 8, departureDate: day(60) });
    expect(flight.activityId).toMatch(/^FL-/);
    const journeys = await t.db.selectFrom('flightJourneys').selectAll().where('flightId', '=', flightId).orderBy('position').execute();
    expect(journeys.map((j) => [j.direction, j.position])).toEqual([
      ['outbound', 0],
      ['inbound', 1],
    ]);
    const segments = await t.db
      .selectFrom('flightSegments')
      .innerJoin('flightJourneys', 'flightJourneys.id', 'flightSegments.journeyId')
      .select([
        'flightJourneys.direction',
        'flightSegments.position',
        'flightNumber',
        'departureIata',
        'arrivalIata',
        'departureAt',
        'arrivalAt',
        'goSegment',
        'departureCity',
      ])
      .where('flightJourneys.flightId', '=', flightId)
      .orderBy('flightJourneys.position')
      .orderBy('flightSegments.position')
      .execute();
    expect(segments).toEqual([
      {
        direction: 'outbound',
        position: 0,
        flightNumber: 'QR148',
        departureIata: 'VLC',
        arrivalIata: 'DOH',
        departureAt: `${day(60)}T09:30:00.000Z`,
        arrivalAt: `${day(60)}T17:45:00.000Z`,
        goSegment: 1,
        departureCity: 'Valencia',
      },
      {
        direction: 'outbound',
        position: 1,
        flightNumber: 'QR806',
        departureIata: 'DOH',
        arrivalIata: 'NRT',
        departureAt: `${day(60)}T20:00:00.000Z`,
        arrivalAt: `${day(61)}T12:10:00.000Z`,
        goSegment: 1,
        departureCity: null,
      },
      {
        direction: 'inbound',
        position: 0,
        flightNumber: 'QR807',
        departureIata: 'NRT',
        arrivalIata: 'VLC',
        departureAt: `${day(69)}T08:00:00.000Z`,
        arrivalAt: `${day(69)}T21:00:00.000Z`,
        goSegment: 0,
        departureCity: null,
      },
    ]);
    const prices = await t.db
      .selectFrom('prices')
      .select(['ageGroupName', 'valueCents', 'flightCostCents', 'feeCents', 'periodId'])
      .where('flightId', '=', flightId)
      .orderBy('ageGroupName')
      .execute();
    expect(prices).toEqual([
      { ageGroupName: 'Adultos', valueCents: 41_000, flightCostCents: 41_000, feeCents: 0, periodId: 'p1' },
      { ageGroupName: 'Niños', valueCents: 35_000, flightCostCents: 35_000, feeCents: 0, periodId: 'p1' },
    ]);
    const cockpit = await t.db
      .selectFrom('cockpitPrices')
      .select(['ageGroupName', 'flightCostCents', 'feeCents'])
      .where('flightId', '=', flightId)
      .orderBy('ageGroupName')
      .execute();
    expect(cockpit).toEqual([
      { ageGroupName: 'Adultos', flightCostCents: 41_000, feeCents: 0 },
      { ageGroupName: 'Niños', flightCostCents: 35_000, feeCents: 0 },
    ]);

    // The same press again adds nothing and answers the flight it made.
    const again = await call('admin', 'POST', '/t1/periods/p1/flights', { requestId: 'flight-add-1', flight: newFlight() });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ applied: false, flightId });
    expect(await t.db.selectFrom('flights').select('id').where('name', '=', 'Vuelo desde Valencia').execute()).toHaveLength(1);
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds).toEqual([]);
    expect(recorder.published).toHaveLength(1);
    const recorded = await actions('p1');
    expect(recorded.map((r) => [r.action, r.actorEmail, r.before])).toEqual([['flight-create', CALLERS.admin?.email, null]]);
    expect(JSON.parse(recorded[0]?.after ?? '{}')).toMatchObject({ flightId, name: 'Vuelo desde Valencia', seats: 8 });
  });

  it('refuses a flight with wrong segments, an outbound outside the departure, a missing age group, or from anyone but an admin', async () => {
    const bad = await call('admin', 'POST', '/t1/periods/p1/flights', {
      requestId: 'flight-add-bad',
      flight: newFlight({
        name: ' ',
        journeys: [
          {
            direction: 'outbound',
            segments: [{ flightNumber: '??', departureIata: 'MADRID', arrivalIata: 'NR', departureAt: `${day(60)}T09:30`, arrivalAt: `${day(60)}T18:00` }],
          },
        ],
      }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({
      'flight.name': TOUR_EDITOR_MESSAGES.flightName,
      'flight.journeys.0.segments.0.flightNumber': TOUR_EDITOR_MESSAGES.flightNumber,
      'flight.journeys.0.segments.0.departureIata': TOUR_EDITOR_MESSAGES.iata,
      'flight.journeys.0.segments.0.arrivalIata': TOUR_EDITOR_MESSAGES.iata,
    });
    const backwards = await call('admin', 'POST', '/t1/periods/p1/flights', {
      requestId: 'flight-add-backwards',
      flight: newFlight({
        journeys: [
          {
            direction: 'outbound',
            segments: [{ flightNumber: 'IB6800', departureIata: 'MAD', arrivalIata: 'NRT', departureAt: `${day(60)}T09:30`, arrivalAt: `${day(60)}T08:00` }],
          },
        ],
      }),
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.fields).toEqual({ 'flight.journeys.0.segments.0.arrivalAt': TOUR_EDITOR_MESSAGES.arrivalBeforeDeparture });
    const noOutbound = await call('admin', 'POST', '/t1/periods/p1/flights', { requestId: 'flight-add-none', flight: newFlight({ journeys: [] }) });
    expect(noOutbound.status).toBe(422);
    expect(Object.keys(noOutbound.body.error.fields)).toEqual(['flight.journeys']);
    const early = await call('admin', 'POST', '/t1/periods/p1/flights', {
      requestId: 'flight-add-early',
      flight: newFlight({
        journeys: [
          {
            direction: 'outbound',
            segments: [{ flightNumber: 'IB6800', departureIata: 'MAD', arrivalIata: 'NRT', departureAt: `${day(59)}T09:30`, arrivalAt: `${day(60)}T08:00` }],
          },
        ],
      }),
    });
    expect(early.status).toBe(422);
    expect(early.body.error.fields).toEqual({ 'flight.journeys': TOUR_EDITOR_MESSAGES.outboundOutsideDates });
    const adultsOnly = await call('admin', 'POST', '/t1/periods/p1/flights', {
      requestId: 'flight-add-adults',
      flight: newFlight({ prices: [{ ageGroupName: 'Niños', valueCents: 1_000 }] }),
    });
    expect(adultsOnly.status).toBe(422);
    expect(adultsOnly.body.error.fields).toEqual({ 'flight.prices': flightAgeGroupsMessage(['Adultos']) });
    expect((await call('admin', 'POST', '/t1/periods/p-nope/flights', { requestId: 'flight-add-404', flight: newFlight() })).status).toBe(404);
    for (const [who, status] of [
      ['visitor', 401],
      ['traveler', 403],
      ['guide', 403],
    ] as const) {
      expect((await call(who, 'POST', '/t1/periods/p1/flights', { requestId: `flight-add-${who}`, flight: newFlight() })).status).toBe(status);
      expect((await call(who, 'DELETE', '/t1/periods/p1/flights/f1', { requestId: `flight-remove-${who}` })).status).toBe(status);
    }
    expect(await t.db.selectFrom('flights').select('id').where('name', '=', 'Vuelo desde Valencia').execute()).toEqual([]);
    expect(await t.db.selectFrom('flights').select('id').where('id', '=', 'f1').execute()).toHaveLength(1);
    expect(await actions('p1')).toEqual([]);
  });

  it('refuses to remove a flight a booking chose, even a canceled one, and removes one nobody chose with all it has, once', async () => {
    await t.db
      .insertInto('bookings')
      .values({
        id: 'b2',
        differentId: '654321',
        periodId: 'p1',
        flightId: 'f1',
        status: 'CANCELED',
        travelersStringify: '[]',
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    const read = await call('admin', 'GET', '/t1');
    expect(read.body.periods.find((p: { id: string }) => p.id === 'p1').flights.find((f: { id: string }) => f.id === 'f1').bookings).toBe(1);
    const refusedRemoval = await call('admin', 'DELETE', '/t1/periods/p1/flights/f1', { requestId: 'flight-remove-1' });
    expect(refusedRemoval.status).toBe(409);
    expect(refusedRemoval.body.error.message).toBe(flightHasBookingsMessage(1));
    expect(await t.db.selectFrom('flights').select('id').where('id', '=', 'f1').execute()).toHaveLength(1);

    const added = await call('admin', 'POST', '/t1/periods/p1/flights', { requestId: 'flight-add-2', flight: newFlight() });
    const flightId = added.body.flightId as string;
    const removed = await call('admin', 'DELETE', `/t1/periods/p1/flights/${flightId}`, { requestId: 'flight-remove-2' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ applied: true, message: TOUR_EDITOR_MESSAGES.flightRemoved });
    expect(removed.body.editor.periods.find((p: { id: string }) => p.id === 'p1').flights.map((f: { id: string }) => f.id)).not.toContain(flightId);
    expect(await t.db.selectFrom('flights').select('id').where('id', '=', flightId).execute()).toEqual([]);
    expect(await t.db.selectFrom('flightJourneys').select('id').where('flightId', '=', flightId).execute()).toEqual([]);
    expect(await t.db.selectFrom('flightSegments').select('id').where('departureIata', '=', 'VLC').execute()).toEqual([]);
    expect(await t.db.selectFrom('prices').select('id').where('flightId', '=', flightId).execute()).toEqual([]);
    expect(await t.db.selectFrom('cockpitPrices').select('id').where('flightId', '=', flightId).execute()).toEqual([]);
    const twice = await call('admin', 'DELETE', `/t1/periods/p1/flights/${flightId}`, { requestId: 'flight-remove-2' });
    expect(twice.status).toBe(200);
    expect(twice.body.applied).toBe(false);
    expect((await call('admin', 'DELETE', `/t1/periods/p1/flights/${flightId}`, { requestId: 'flight-remove-3' })).status).toBe(404);
    await recorder.rebuilds.whenIdle();
    expect(recorder.fullBuilds).toEqual([]);
    expect(recorder.published).toHaveLength(2);
    const recorded = await actions('p1');
    expect(recorded.map((r) => r.action)).toEqual(['flight-create', 'flight-delete']);
    expect(JSON.parse(recorded[1]?.before ?? '{}')).toMatchObject({ flightId, name: 'Vuelo desde Valencia', departureCity: 'Valencia' });
  });
});
