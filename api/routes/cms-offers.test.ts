import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OFFER_FORM_MESSAGES } from '#shared/constants.ts';
import { VERSION_CONFLICT_MESSAGE } from '#shared/schemas/cms.ts';
import { insertDeparture, jsonRequest } from '../../tests/support/booking-fixtures.ts';
import { type CallerName, seedCallers, signedInAs } from '../../tests/support/callers.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { createRebuildQueue, type TargetedChange } from '../services/content/rebuilds.ts';

const stamp = '2026-01-01T00:00:00.000Z';

describe.each(portableDialects)('/api/cms/offers on %s', (dialect) => {
  let t: TestDatabase;
  const published: TargetedChange[] = [];
  const rebuilds = createRebuildQueue({
    run: async () => ({ info: { hash: 'full', builtAt: stamp, pages: 9, tours: 3 }, skipped: false }),
    publish: async (change) => {
      published.push(change);
      return { info: { hash: 'targeted', builtAt: stamp, pages: 9, tours: 3 }, pages: ['/last-minute'] };
    },
    debounceMs: 0,
    intervalMs: 0,
    log: () => {},
  });
  afterAll(() => rebuilds.stop());
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
    published.length = 0;
  });
  afterEach(async () => t.drop());

  const setup = () => {
    const { api, signIn } = signedInAs({ db: t.db, config: { ...testConfig({}), databaseUrl: t.url }, rebuilds });
    const call = async (who: CallerName, method: string, path: string, body?: unknown) => {
      const headers: Record<string, string> = { ...(await signIn(who)), origin: 'http://localhost:4321' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await api.request(`/cms/offers${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    return { api, call };
  };
  const newOffer = (extra: Record<string, unknown> = {}) => ({
    requestId: 'press-offer-1',
    tourId: 't1',
    periodId: 'p1',
    discount: '150',
    coupon: 'ultima150',
    flightIds: [],
    ...extra,
  });
  const count = async (table: 'sliders' | 'tourSliders' | 'tourOffers' | 'coupons' | 'contentHistory') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("creates the 'ultimas-plazas' slider when missing, and an active offer at position 1 with its own coupon", async () => {
    const { api, call } = setup();
    expect((await call('admin', 'GET', '/list/ultimas-plazas')).body).toEqual({
      slider: { slug: 'ultimas-plazas', title: 'Últimas Plazas', subtitle: 'Ofertas especiales de último minuto', exists: false },
      offers: [],
    });
    const created = await call('admin', 'POST', '/list/ultimas-plazas', newOffer({ flightIds: ['f1'] }));
    expect(created.status).toBe(201);
    expect(created.body.saved).toMatchObject({
      status: 'active',
      position: 1,
      discountCents: 15_000,
      coupon: 'ULTIMA150',
      flightId: 'f1',
      departureCities: ['Madrid - Tokio'],
      tour: { id: 't1', name: 'Japón esencial' },
      period: { id: 'p1' },
      version: 1,
    });
    expect(created.body.saved.discountedPriceCents).toBe(created.body.saved.priceCents - 15_000);
    await rebuilds.whenIdle();
    expect(published).toEqual([{ changed: ['slider:ultimas-plazas'], content: true, tours: [] }]);
    const list = (await call('admin', 'GET', '/list/ultimas-plazas')).body;
    expect(list.slider.exists).toBe(true);
    expect(list.offers).toHaveLength(1);
    // The same press twice: one offer.
    expect((await call('admin', 'POST', '/list/ultimas-plazas', newOffer({ flightIds: ['f1'] }))).body.saved.id).toBe(created.body.saved.id);
    expect(await count('tourOffers')).toBe(1);

    // The code the card advertises is one the payment step accepts for this departure.
    const quote = await api.request(
      '/bookings/quote',
      jsonRequest('POST', { periodId: 'p1', flightId: 'f1', couponCode: 'ultima150', travellers: [{ ageGroup: 'Adultos' }] }),
    );
    expect((await quote.json()).coupon).toMatchObject({ code: 'ULTIMA150', applied: true });
  });

  it('several flights keep no flight on the offer; the no-flight option is never one of them', async () => {
    const { call } = setup();
    const options = (await call('admin', 'GET', '/options?tourId=t1')).body;
    const p1 = options.periods.find((p: { id: string }) => p.id === 'p1');
    expect(p1.flights.map((f: { id: string }) => f.id).sort()).toEqual(['f1', 'f3', 'f4']);
    const created = await call('admin', 'POST', '/list/ofertas', newOffer({ flightIds: ['f1', 'f3'], coupon: 'VERANO10' }));
    expect(created.status).toBe(201);
    expect(created.body.saved).toMatchObject({ flightId: null, coupon: 'VERANO10', departureCities: ['Madrid - Tokio', 'Barcelona - Tokio'] });
    expect((await call('admin', 'POST', '/list/ofertas', newOffer({ requestId: 'press-offer-2', flightIds: ['f2'] }))).status).toBe(422);
  });

  it("answers each of the form's messages word for word, and a code the payment step would refuse", async () => {
    const { call } = setup();
    const empty = await call('admin', 'POST', '/list/ultimas-plazas', {
      requestId: 'press-offer-3',
      tourId: null,
      periodId: null,
      discount: null,
      coupon: null,
    });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields).toEqual({
      tourId: OFFER_FORM_MESSAGES.tourRequired,
      periodId: OFFER_FORM_MESSAGES.periodRequired,
      discount: OFFER_FORM_MESSAGES.newDiscountRequired,
      coupon: OFFER_FORM_MESSAGES.newCouponRequired,
    });
    expect(empty.body.error.fields.tourId).toBe('Por favor selecciona un tour');
    const notNumber = await call('admin', 'POST', '/list/ultimas-plazas', newOffer({ discount: 'mucho' }));
    expect(notNumber.body.error.fields).toEqual({ discount: 'Por favor ingresa descuento' });
    const expired = await call('admin', 'POST', '/list/ultimas-plazas', newOffer({ coupon: 'caducado' }));
    expect(expired.status).toBe(422);
    expect(expired.body.error.fields.coupon).toContain('El cupón ha caducado');
    const notOnSale = await call('admin', 'POST', '/list/ultimas-plazas', newOffer({ periodId: 'p-not-web' }));
    expect(notOnSale.body.error.fields.periodId).toBe('Esta salida ya no está a la venta.');
    expect((await call('admin', 'POST', '/list/no-existe', newOffer())).status).toBe(404);
    expect(await count('tourOffers')).toBe(0);
    expect(await count('sliders')).toBe(0);
  });

  it("edits discount, coupon and status ('Guardando...'), with the edit form's messages and the version check", async () => {
    const { call } = setup();
    const { body } = await call('admin', 'POST', '/list/ultimas-plazas', newOffer());
    const id = body.saved.id as string;
    const missing = await call('admin', 'PUT', `/${id}`, { version: 1, discount: '', coupon: ' ', status: 'active' });
    expect(missing.body.error.fields).toEqual({ discount: 'Por favor ingresa el descuento', coupon: 'Por favor ingresa el cupón' });
    const saved = await call('admin', 'PUT', `/${id}`, { version: 1, discount: '99,50', coupon: 'ULTIMA150', status: 'inactive' });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toMatchObject({ discountCents: 9_950, status: 'inactive', version: 2 });
    // Pressed twice: the same answer, nothing more written.
    const twice = await call('admin', 'PUT', `/${id}`, { version: 1, discount: '99,50', coupon: 'ULTIMA150', status: 'inactive' });
    expect(twice.body.saved.version).toBe(2);
    const stale = await call('admin', 'PUT', `/${id}`, { version: 1, discount: '10', coupon: 'ULTIMA150', status: 'active' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(VERSION_CONFLICT_MESSAGE);
    // A new code is created for this departure with the new discount.
    const recoded = await call('admin', 'PUT', `/${id}`, { version: 2, discount: '80', coupon: 'nuevo80', status: 'active' });
    expect(recoded.body.saved).toMatchObject({ coupon: 'NUEVO80', discountCents: 8_000, version: 3 });
    const coupon = await t.db.selectFrom('coupons').selectAll().where('code', '=', 'NUEVO80').executeTakeFirstOrThrow();
    expect(coupon).toMatchObject({ periodId: 'p1', value: 8_000, type: 'fixed', couponCondition: 'PER_TRAVELER', status: 'active' });
    const history = (await call('admin', 'GET', `/${id}/history`)).body.history as { id: string; version: number; after: { status: string } }[];
    expect(history.map((h) => h.version)).toEqual([3, 2, 1]);
    const inactive = history.find((h) => h.version === 2);
    const restored = await call('admin', 'POST', `/${id}/history/${inactive?.id}/restore`, { version: 3 });
    expect(restored.body.saved).toMatchObject({ status: 'inactive', discountCents: 9_950, coupon: 'ULTIMA150', version: 4 });
  });

  it('deletes the offer and its link; a second press answers the same', async () => {
    const { call } = setup();
    const { body } = await call('admin', 'POST', '/list/ultimas-plazas', newOffer());
    const id = body.saved.id as string;
    expect((await call('admin', 'DELETE', `/${id}?version=2`)).status).toBe(409);
    expect((await call('admin', 'DELETE', `/${id}?version=1`)).status).toBe(200);
    expect(await count('tourOffers')).toBe(0);
    expect(await count('tourSliders')).toBe(0);
    const again = await call('admin', 'DELETE', `/${id}?version=1`);
    expect(again.status).toBe(200);
    expect(again.body.publication).toBeNull();
  });

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('refuses the %s (%i) and writes nothing', async (who, status) => {
    const { call } = setup();
    const coupons = await count('coupons');
    expect((await call(who, 'GET', '/list/ultimas-plazas')).status).toBe(status);
    expect((await call(who, 'POST', '/list/ultimas-plazas', newOffer())).status).toBe(status);
    expect((await call(who, 'GET', '/options?tourId=t1')).status).toBe(status);
    expect(await count('tourOffers')).toBe(0);
    expect(await count('coupons')).toBe(coupons);
  });
});
