import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '#shared/schemas/cms.ts';
import { seedCallers } from '../../tests/support/callers.ts';
import { cmsCaller, insertPickableTour, recordingRebuilds } from '../../tests/support/cms-api.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { testConfig } from '../../tests/support/test-config.ts';

describe.each(portableDialects)('/api/cms/grids on %s', (dialect) => {
  let t: TestDatabase;
  const recorder = recordingRebuilds();
  const { published, fullBuilds, events, rebuilds } = recorder;
  afterAll(() => rebuilds.stop());

  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertPickableTour(t.db, 'tour-peru', 'Perú esencial');
    await insertPickableTour(t.db, 'tour-japon', 'Japón en primavera');
    await insertPickableTour(t.db, 'tour-secreto', 'Viaje secreto', { hidden: true });
    recorder.reset();
  });
  afterEach(async () => t.drop());

  const setup = () => ({ call: cmsCaller({ db: t.db, config: { ...testConfig({}), databaseUrl: t.url }, resource: 'grids', recorder }) });
  const count = async (table: 'sliders' | 'tourSliders' | 'contentHistory') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const roll = (view: { tours: { tourId: string; position: number }[] }) => view.tours.map((tour) => [tour.tourId, tour.position]);

  it("a slug without a grid shows the spec's defaults; the first save creates it once and publishes it with a full build", async () => {
    const { call } = setup();
    const fresh = await call('admin', 'GET', '/navidad-en-viena');
    expect(fresh.status).toBe(200);
    expect(fresh.body.grid).toEqual({
      id: null,
      slug: 'navidad-en-viena',
      version: null,
      title: 'Viajes en grid',
      category: 'GRID',
      status: 'ACTIVE',
      sliderTitle: '',
      promotionBanner: '',
      labelFooter: '',
      descriptionFooter: '',
      bannerAnimation: false,
      tours: [],
    });
    const save = { version: null, title: 'Viajes en grid', tours: [{ tourId: 'tour-peru', position: 1 }] };
    const created = await call('admin', 'PUT', '/navidad-en-viena', save);
    expect(created.status).toBe(200);
    expect(created.body.saved).toMatchObject({ slug: 'navidad-en-viena', title: 'Viajes en grid', category: 'GRID', status: 'ACTIVE', version: 1 });
    const slider = await t.db.selectFrom('sliders').selectAll().where('sliderSlug', '=', 'navidad-en-viena').executeTakeFirstOrThrow();
    expect(slider).toMatchObject({ position: 0, category: 'GRID', status: 'ACTIVE', label: 'Viajes en grid' });
    await rebuilds.whenIdle();
    // A new campaign is a new page: a full build publishes it, not the page renderer.
    expect(published).toEqual([]);
    expect(fullBuilds).toEqual([['campaña navidad-en-viena guardada']]);
    expect(events.map((e) => e.state)).toEqual(['publishing', 'published']);

    // The same press again: nothing more is created or published.
    const twice = await call('admin', 'PUT', '/navidad-en-viena', save);
    expect(twice.status).toBe(200);
    expect(twice.body.publication).toBeNull();
    expect(await count('sliders')).toBe(1);
    expect(await count('tourSliders')).toBe(1);
  });

  it('saves the grid’s own texts and its banner animation; a save that leaves them out keeps them', async () => {
    const { call } = setup();
    const texts = {
      sliderTitle: 'Mercados de Viena',
      promotionBanner: '-15 % hasta el domingo',
      labelFooter: 'Cómo funciona',
      descriptionFooter: 'El descuento ya está en el precio.',
      bannerAnimation: true,
    };
    const created = await call('admin', 'PUT', '/navidad-en-viena', { version: null, title: 'Navidad', tours: [], ...texts });
    expect(created.body.saved).toMatchObject(texts);
    const slider = await t.db.selectFrom('sliders').selectAll().where('sliderSlug', '=', 'navidad-en-viena').executeTakeFirstOrThrow();
    expect(slider).toMatchObject({ sliderTitle: 'Mercados de Viena', promotionBanner: '-15 % hasta el domingo', sliderBannerAnimation: '2000' });
    const kept = await call('admin', 'PUT', '/navidad-en-viena', { version: 1, title: 'Navidad en Viena', tours: [] });
    expect(kept.body.saved).toMatchObject({ title: 'Navidad en Viena', ...texts });
    const cleared = await call('admin', 'PUT', '/navidad-en-viena', {
      version: 2,
      title: 'Navidad en Viena',
      tours: [],
      promotionBanner: '',
      bannerAnimation: false,
    });
    expect(cleared.body.saved).toMatchObject({ promotionBanner: '', bannerAnimation: false, sliderTitle: 'Mercados de Viena' });
    expect(
      await t.db
        .selectFrom('sliders')
        .select(['promotionBanner', 'sliderBannerAnimation'])
        .where('sliderSlug', '=', 'navidad-en-viena')
        .executeTakeFirstOrThrow(),
    ).toEqual({ promotionBanner: null, sliderBannerAnimation: null });
    const tooLong = await call('admin', 'PUT', '/navidad-en-viena', { version: 3, title: 'x', tours: [], promotionBanner: 'x'.repeat(121) });
    expect(tooLong.body.error.fields.promotionBanner).toBe('Escribe como mucho 120 caracteres.');
  });

  it("adds, moves and removes ('Eliminar') tours in one save and publishes only the campaign's pages", async () => {
    const { call } = setup();
    await call('admin', 'PUT', '/navidad-en-viena', { version: null, title: 'Mercadillos', tours: [{ tourId: 'tour-peru', position: 1 }] });
    await rebuilds.whenIdle();
    const saved = await call('admin', 'PUT', '/navidad-en-viena', {
      version: 1,
      title: 'Mercadillos de Navidad',
      tours: [
        { tourId: 'tour-japon', position: 1 },
        { tourId: 'tour-peru', position: 2 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toMatchObject({ title: 'Mercadillos de Navidad', version: 2 });
    expect(roll(saved.body.saved)).toEqual([
      ['tour-japon', 1],
      ['tour-peru', 2],
    ]);
    const removed = await call('admin', 'PUT', '/navidad-en-viena', {
      version: 2,
      title: 'Mercadillos de Navidad',
      tours: [{ tourId: 'tour-peru', position: 0 }],
    });
    expect(roll(removed.body.saved)).toEqual([['tour-peru', 0]]);
    expect(await count('tourSliders')).toBe(1);
    await rebuilds.whenIdle();
    expect(published).toEqual([
      { changed: ['slider:navidad-en-viena'], content: true, tours: [] },
      { changed: ['slider:navidad-en-viena'], content: true, tours: [] },
    ]);
  });

  it('refuses a tour twice, a hidden or unknown tour, a bad address and an address another page answers, writing nothing', async () => {
    const { call } = setup();
    const twice = await call('admin', 'PUT', '/navidad-en-viena', {
      version: null,
      title: 'x',
      tours: [
        { tourId: 'tour-peru', position: 1 },
        { tourId: 'tour-peru', position: 2 },
      ],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.error.fields['tours.1.tourId']).toBe('Este tour ya está en el carrusel.');
    const hidden = await call('admin', 'PUT', '/navidad-en-viena', { version: null, title: 'x', tours: [{ tourId: 'tour-secreto', position: 1 }] });
    expect(hidden.body.error.fields['tours.0.tourId']).toBe('Este tour está oculto y no se puede añadir.');
    const unknown = await call('admin', 'PUT', '/navidad-en-viena', { version: null, title: 'x', tours: [{ tourId: 'no-existe', position: 1 }] });
    expect(unknown.body.error.fields['tours.0.tourId']).toBe('Este tour no existe.');
    const noPosition = await call('admin', 'PUT', '/navidad-en-viena', { version: null, title: 'x', tours: [{ tourId: 'tour-peru' }] });
    expect(noPosition.body.error.fields['tours.0.position']).toBe('Indica la posición.');
    for (const taken of ['ofertas', 'last-minute', 'viajes', 'login']) {
      const res = await call('admin', 'PUT', `/${taken}`, { version: null, title: 'x', tours: [] });
      expect(res.status, taken).toBe(422);
      expect(res.body.error.fields.slug).toBe('Esa dirección ya es otra página de la tienda.');
    }
    expect((await call('admin', 'PUT', '/Mercados%20de%20Viena', { version: null, title: 'x', tours: [] })).status).toBe(422);
    expect(await count('sliders')).toBe(0);
    expect(await count('contentHistory')).toBe(0);
  });

  it('answers 409 to a save from an older version, and restores an earlier version in one call', async () => {
    const { call } = setup();
    await call('admin', 'PUT', '/navidad-en-viena', { version: null, title: 'Buena', tours: [{ tourId: 'tour-peru', position: 1 }] });
    await call('admin', 'PUT', '/navidad-en-viena', { version: 1, title: 'Mala', tours: [] });
    const stale = await call('admin', 'PUT', '/navidad-en-viena', { version: 1, title: 'Otra', tours: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(VERSION_CONFLICT_MESSAGE);
    const history = (await call('admin', 'GET', '/navidad-en-viena/history')).body.history as { id: string; version: number; after: { title: string } }[];
    expect(history.map((h) => [h.version, h.after.title])).toEqual([
      [2, 'Mala'],
      [1, 'Buena'],
    ]);
    const restored = await call('admin', 'POST', `/navidad-en-viena/history/${history[1]?.id}/restore`, { version: 2 });
    expect(restored.status).toBe(200);
    expect(restored.body.saved).toMatchObject({ title: 'Buena', version: 3 });
    expect(roll(restored.body.saved)).toEqual([['tour-peru', 1]]);
  });

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('refuses the %s (%i) and writes nothing', async (who, status) => {
    const { call } = setup();
    expect((await call(who, 'GET', '/navidad-en-viena')).status).toBe(status);
    expect((await call(who, 'PUT', '/navidad-en-viena', { version: null, title: 'x', tours: [] })).status).toBe(status);
    expect(await count('sliders')).toBe(0);
    expect(await count('contentHistory')).toBe(0);
  });
});
