import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PublishEvent } from '#shared/schemas/cms.ts';
import { VERSION_CONFLICT_MESSAGE } from '#shared/schemas/cms.ts';
import { type CallerName, seedCallers, signedInAs } from '../../tests/support/callers.ts';
import { insertPickableTour } from '../../tests/support/cms-api.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { createRebuildQueue, type TargetedChange } from '../services/content/rebuilds.ts';

const stamp = '2026-01-01T00:00:00.000Z';

describe.each(portableDialects)('/api/cms/carousels on %s', (dialect) => {
  let t: TestDatabase;
  const published: TargetedChange[] = [];
  const events: PublishEvent[] = [];
  const rebuilds = createRebuildQueue({
    run: async () => ({ info: { hash: 'full', builtAt: stamp, pages: 9, tours: 3 }, skipped: false }),
    publish: async (change) => {
      published.push(change);
      return { info: { hash: 'targeted', builtAt: stamp, pages: 9, tours: 3 }, pages: ['/'] };
    },
    debounceMs: 0,
    intervalMs: 0,
    log: () => {},
  });
  rebuilds.subscribe((event) => events.push(event));
  afterAll(() => rebuilds.stop());

  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertPickableTour(t.db, 'tour-peru', 'Perú esencial');
    await insertPickableTour(t.db, 'tour-japon', 'Japón en primavera');
    await insertPickableTour(t.db, 'tour-secreto', 'Viaje secreto', { hidden: true });
    published.length = 0;
    events.length = 0;
  });
  afterEach(async () => t.drop());

  const setup = () => {
    const { api, signIn } = signedInAs({ db: t.db, config: { ...testConfig({}), databaseUrl: t.url }, rebuilds });
    const call = async (who: CallerName, method: string, path: string, body?: unknown) => {
      const headers: Record<string, string> = { ...(await signIn(who)), origin: 'http://localhost:4321' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await api.request(`/cms/carousels${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    return { call };
  };
  const count = async (table: 'sliders' | 'tourSliders' | 'contentHistory') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("'Agregar carrusel' creates a draft with the spec's defaults, once per press", async () => {
    const { call } = setup();
    const created = await call('admin', 'POST', '', { requestId: 'press-0001' });
    expect(created.status).toBe(201);
    expect(created.body.saved).toMatchObject({ label: '', position: 0, category: 'GROUP', status: 'DRAFT', website: 'WEBDR', version: 1, tours: [] });
    // A draft changes nothing visitors see: no publication.
    expect(created.body.publication).toBeNull();
    const again = await call('admin', 'POST', '', { requestId: 'press-0001' });
    expect(again.status).toBe(201);
    expect(again.body.saved.id).toBe(created.body.saved.id);
    expect(await count('sliders')).toBe(1);
    const history = await call('admin', 'GET', `/${created.body.saved.id}/history`);
    expect(history.body.history).toMatchObject([{ action: 'create', version: 1, actorEmail: 'equipo@different.demo' }]);
  });

  it('saves label, category, position, status and two tours with positions, and publishes the carousels block', async () => {
    const { call } = setup();
    const { body } = await call('admin', 'POST', '', { requestId: 'press-0002' });
    const id = body.saved.id as string;
    const saved = await call('admin', 'PUT', `/${id}`, {
      version: 1,
      label: 'Escapadas de primavera',
      category: 'SINGLE',
      position: 2,
      status: 'ACTIVE',
      tours: [
        { tourId: 'tour-japon', position: 1 },
        { tourId: 'tour-peru', position: 2 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toMatchObject({ label: 'Escapadas de primavera', category: 'SINGLE', position: 2, status: 'ACTIVE', version: 2 });
    expect(saved.body.saved.tours.map((tour: { tourId: string; position: number }) => [tour.tourId, tour.position])).toEqual([
      ['tour-japon', 1],
      ['tour-peru', 2],
    ]);
    expect(typeof saved.body.publication).toBe('string');
    await rebuilds.whenIdle();
    expect(published).toEqual([{ changed: ['carousels'], content: true, tours: [] }]);
    expect(events.map((e) => [e.id, e.state])).toEqual([
      [saved.body.publication, 'publishing'],
      [saved.body.publication, 'published'],
    ]);

    // Dropping one tour and moving the other: the dropped link goes, the kept one moves, in one save.
    const again = await call('admin', 'PUT', `/${id}`, { ...saved.body.saved, version: 2, tours: [{ tourId: 'tour-peru', position: 0 }], id: undefined });
    expect(again.status).toBe(422);
    const second = await call('admin', 'PUT', `/${id}`, {
      version: 2,
      label: 'Escapadas de primavera',
      category: 'SINGLE',
      position: 2,
      status: 'ACTIVE',
      tours: [{ tourId: 'tour-peru', position: 0 }],
    });
    expect(second.body.saved.tours).toMatchObject([{ tourId: 'tour-peru', position: 0 }]);
    expect(await count('tourSliders')).toBe(1);
  });

  it('refuses a tour twice, a hidden tour and an unknown one, writing nothing', async () => {
    const { call } = setup();
    const { body } = await call('admin', 'POST', '', { requestId: 'press-0003' });
    const base = { version: 1, label: 'x', category: 'GROUP', position: 0, status: 'DRAFT' };
    const twice = await call('admin', 'PUT', `/${body.saved.id}`, {
      ...base,
      tours: [
        { tourId: 'tour-peru', position: 1 },
        { tourId: 'tour-peru', position: 2 },
      ],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.error.fields['tours.1.tourId']).toBe('Este tour ya está en el carrusel.');
    // "Slider form: title/label … required".
    const untitled = await call('admin', 'PUT', `/${body.saved.id}`, { ...base, label: '  ', tours: [] });
    expect(untitled.status).toBe(422);
    expect(untitled.body.error.fields.label).toBe('Escribe el título del carrusel.');
    const hidden = await call('admin', 'PUT', `/${body.saved.id}`, { ...base, tours: [{ tourId: 'tour-secreto', position: 1 }] });
    expect(hidden.body.error.fields['tours.0.tourId']).toBe('Este tour está oculto y no se puede añadir.');
    const unknown = await call('admin', 'PUT', `/${body.saved.id}`, { ...base, tours: [{ tourId: 'no-existe', position: 1 }] });
    expect(unknown.body.error.fields['tours.0.tourId']).toBe('Este tour no existe.');
    const badCategory = await call('admin', 'PUT', `/${body.saved.id}`, { ...base, category: 'OTRA', tours: [] });
    expect(badCategory.body.error.fields.category).toBe('Elige una categoría.');
    expect(await count('tourSliders')).toBe(0);
    expect((await call('admin', 'GET', `/${body.saved.id}`)).body.carousel).toMatchObject({ version: 1, label: '' });
  });

  it('answers 409 to a save made from an older version, and accepts the same save pressed twice', async () => {
    const { call } = setup();
    const { body } = await call('admin', 'POST', '', { requestId: 'press-0004' });
    const edit = { version: 1, label: 'Primera', category: 'GROUP', position: 0, status: 'DRAFT', tours: [] };
    expect((await call('admin', 'PUT', `/${body.saved.id}`, edit)).status).toBe(200);
    // The same press again: nothing more is written.
    const twice = await call('admin', 'PUT', `/${body.saved.id}`, edit);
    expect(twice.status).toBe(200);
    expect(twice.body.saved.version).toBe(2);
    expect(twice.body.publication).toBeNull();
    // Someone else's editor, opened at version 1, saves something else.
    const stale = await call('admin', 'PUT', `/${body.saved.id}`, { ...edit, label: 'Otra' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(VERSION_CONFLICT_MESSAGE);
    expect((await call('admin', 'GET', `/${body.saved.id}`)).body.carousel.label).toBe('Primera');
  });

  it('deletes the links, then the slider; a second press answers the same', async () => {
    const { call } = setup();
    const { body } = await call('admin', 'POST', '', { requestId: 'press-0005', status: 'ACTIVE' });
    await call('admin', 'PUT', `/${body.saved.id}`, {
      version: 1,
      label: 'A borrar',
      category: 'GROUP',
      position: 0,
      status: 'ACTIVE',
      tours: [{ tourId: 'tour-peru', position: 1 }],
    });
    expect((await call('admin', 'DELETE', `/${body.saved.id}?version=1`)).status).toBe(409);
    const deleted = await call('admin', 'DELETE', `/${body.saved.id}?version=2`);
    expect(deleted.status).toBe(200);
    expect(await count('sliders')).toBe(0);
    expect(await count('tourSliders')).toBe(0);
    const again = await call('admin', 'DELETE', `/${body.saved.id}?version=2`);
    expect(again.status).toBe(200);
    expect(again.body.publication).toBeNull();
    expect((await call('admin', 'DELETE', '/never-existed?version=1')).status).toBe(404);
  });

  it('restores an earlier version in one call, as a new version', async () => {
    const { call } = setup();
    const { body } = await call('admin', 'POST', '', { requestId: 'press-0006' });
    const id = body.saved.id as string;
    await call('admin', 'PUT', `/${id}`, {
      version: 1,
      label: 'Versión buena',
      category: 'GROUP',
      position: 1,
      status: 'ACTIVE',
      tours: [{ tourId: 'tour-peru', position: 1 }],
    });
    await call('admin', 'PUT', `/${id}`, { version: 2, label: 'Versión mala', category: 'FIT', position: 5, status: 'INACTIVE', tours: [] });
    const history = (await call('admin', 'GET', `/${id}/history`)).body.history as { id: string; version: number; after: { label: string } }[];
    expect(history.map((h) => h.version)).toEqual([3, 2, 1]);
    const good = history.find((h) => h.after.label === 'Versión buena');
    const restored = await call('admin', 'POST', `/${id}/history/${good?.id}/restore`, { version: 3 });
    expect(restored.status).toBe(200);
    expect(restored.body.saved).toMatchObject({ label: 'Versión buena', category: 'GROUP', position: 1, status: 'ACTIVE', version: 4 });
    expect(restored.body.saved.tours).toMatchObject([{ tourId: 'tour-peru', position: 1 }]);
    expect((await call('admin', 'GET', `/${id}/history`)).body.history[0]).toMatchObject({ action: 'restore', version: 4 });
  });

  it('lists drafts for admins and searches visible tours for the picker', async () => {
    const { call } = setup();
    await call('admin', 'POST', '', { requestId: 'press-0007', label: 'Borrador' });
    const list = await call('admin', 'GET', '');
    expect(list.body.carousels).toMatchObject([{ label: 'Borrador', status: 'DRAFT' }]);
    const found = await call('admin', 'GET', '/tours?q=japon');
    expect(found.body.tours).toEqual([{ id: 'tour-japon', name: 'Japón en primavera', webSlug: 'tour-japon' }]);
    expect((await call('admin', 'GET', '/tours?q=secreto')).body.tours).toEqual([]);
  });

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('refuses the %s (%i) and writes nothing', async (who, status) => {
    const { call } = setup();
    expect((await call(who, 'GET', '')).status).toBe(status);
    expect((await call(who, 'POST', '', { requestId: 'press-0008' })).status).toBe(status);
    expect((await call(who, 'GET', '/tours?q=a')).status).toBe(status);
    expect(await count('sliders')).toBe(0);
    expect(await count('contentHistory')).toBe(0);
  });
});
