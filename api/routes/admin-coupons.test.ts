import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COUPON_FORM_MESSAGES } from '#shared/schemas/backoffice.ts';
import { VERSION_CONFLICT_MESSAGE } from '#shared/schemas/cms.ts';
import { countRows, insertDeparture, createTestApi } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, type CallerName, seedCallers } from '../../tests/support/callers.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createBookingForPayment } from '../../tests/support/payment-fixtures.ts';

describe.each(portableDialects)('/api/admin/coupons on %s', (dialect) => {
  let t: TestDatabase;
  /** The fixture departure comes with coupons of its own. */
  let fixtureCoupons = 0;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
    fixtureCoupons = await countRows(t.db, 'coupons');
  });
  afterEach(async () => t.drop());

  const apiOf = () => createTestApi(t.db, t.url);
  const call = async (who: CallerName, method: string, path: string, body?: unknown) => {
    const caller = CALLERS[who];
    const headers: Record<string, string> = caller ? { 'x-test-auth': JSON.stringify(caller) } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await apiOf().request(`/admin/coupons${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const form = (extra: Record<string, unknown> = {}) => ({
    code: 'invierno15',
    type: 'percentage',
    value: '15',
    couponCondition: 'PER_BOOKING',
    startDate: '',
    endDate: '',
    uses: '100',
    status: 'active',
    tourId: '',
    tourType: '',
    periodId: '',
    flightId: '',
    ...extra,
  });

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('answers %s with %i and writes nothing', async (who, status) => {
    expect((await call(who, 'GET', '')).status).toBe(status);
    expect((await call(who, 'POST', '', { requestId: 'press-coupon-1', coupon: form() })).status).toBe(status);
    expect((await call(who, 'PUT', '/x', { version: 1, coupon: form() })).status).toBe(status);
    expect((await call(who, 'DELETE', '/x?version=1')).status).toBe(status);
    expect(await countRows(t.db, 'coupons')).toBe(fixtureCoupons);
  });

  it('creates a coupon once per press, upper-cased, a fixed amount kept in cents, and records who', async () => {
    const first = await call('admin', 'POST', '', { requestId: 'press-coupon-1', coupon: form() });
    expect(first.status).toBe(201);
    expect(first.body.coupon).toMatchObject({ code: 'INVIERNO15', type: 'percentage', value: 15, uses: 100, status: 'active', version: 1, usedBy: [] });
    const again = await call('admin', 'POST', '', { requestId: 'press-coupon-1', coupon: form() });
    expect(again.status).toBe(200);
    expect(again.body.coupon.id).toBe(first.body.coupon.id);
    expect(await countRows(t.db, 'coupons')).toBe(fixtureCoupons + 1);

    const fixed = await call('admin', 'POST', '', {
      requestId: 'press-coupon-2',
      coupon: form({
        code: 'JAPON50',
        type: 'fixed',
        value: '50,50',
        couponCondition: 'PER_TRAVELER',
        tourId: 't1',
        startDate: '2026-12-01',
        endDate: '2027-01-31',
      }),
    });
    expect(fixed.body.coupon).toMatchObject({ value: 5050, tourId: 't1', tourName: 'Japón esencial', startDate: '2026-12-01', endDate: '2027-01-31' });
    const actions = await t.db.selectFrom('staffActions').select(['entityType', 'action', 'actorEmail']).execute();
    expect(actions).toEqual([
      { entityType: 'coupon', action: 'create', actorEmail: 'equipo@different.demo' },
      { entityType: 'coupon', action: 'create', actorEmail: 'equipo@different.demo' },
    ]);
    expect((await call('admin', 'GET', '?q=jap')).body.coupons.map((c: { code: string }) => c.code)).toEqual(['JAPON50']);
  });

  it('names each mistake in Spanish and writes nothing', async () => {
    await call('admin', 'POST', '', { requestId: 'press-coupon-1', coupon: form() });
    const bad = await call('admin', 'POST', '', {
      requestId: 'press-coupon-2',
      coupon: form({ code: 'con espacios', value: '150', uses: '-1', startDate: '2027-02-01', endDate: '2027-01-01' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({
      'coupon.code': COUPON_FORM_MESSAGES.code,
      'coupon.uses': COUPON_FORM_MESSAGES.uses,
    });
    const worse = await call('admin', 'POST', '', {
      requestId: 'press-coupon-3',
      coupon: form({ value: '150', startDate: '2027-02-01', endDate: '2027-01-01' }),
    });
    expect(worse.body.error.fields).toMatchObject({ 'coupon.value': COUPON_FORM_MESSAGES.value, 'coupon.endDate': COUPON_FORM_MESSAGES.dates });
    const duplicate = await call('admin', 'POST', '', { requestId: 'press-coupon-4', coupon: form({ code: 'Invierno15' }) });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.error.fields).toEqual({ code: COUPON_FORM_MESSAGES.duplicate });
    const unknownTour = await call('admin', 'POST', '', { requestId: 'press-coupon-5', coupon: form({ code: 'OTRO', tourId: 'no-existe' }) });
    expect(unknownTour.body.error.fields).toEqual({ tourId: 'Ese tour no existe.' });
    expect(await countRows(t.db, 'coupons')).toBe(fixtureCoupons + 1);
  });

  it('edits from the version it opened, deactivates, and refuses an edit over a newer one', async () => {
    const { coupon } = (await call('admin', 'POST', '', { requestId: 'press-coupon-1', coupon: form() })).body;
    const saved = await call('admin', 'PUT', `/${coupon.id}`, { version: 1, coupon: form({ value: '20', status: 'inactive' }) });
    expect(saved.status).toBe(200);
    expect(saved.body.coupon).toMatchObject({ value: 20, status: 'inactive', version: 2 });
    const stale = await call('admin', 'PUT', `/${coupon.id}`, { version: 1, coupon: form({ value: '30' }) });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(VERSION_CONFLICT_MESSAGE);
    const update = await t.db.selectFrom('staffActions').select(['before', 'after']).where('action', '=', 'update').executeTakeFirstOrThrow();
    expect(JSON.parse(update.before ?? '{}')).toMatchObject({ value: 15, status: 'active' });
    expect(JSON.parse(update.after ?? '{}')).toMatchObject({ value: 20, status: 'inactive' });
  });

  it('deletes a coupon nobody used; one used on a booking is kept, to deactivate instead', async () => {
    const unused = (await call('admin', 'POST', '', { requestId: 'press-coupon-1', coupon: form() })).body.coupon;
    expect((await call('admin', 'DELETE', `/${unused.id}?version=1`)).body).toEqual({ deleted: true });
    expect((await call('admin', 'DELETE', `/${unused.id}?version=1`)).body).toEqual({ deleted: false });

    const used = (await call('admin', 'POST', '', { requestId: 'press-coupon-2', coupon: form({ code: 'USADO' }) })).body.coupon;
    const { id } = await createBookingForPayment(apiOf(), t.db);
    await t.db.updateTable('bookings').set({ couponId: used.id }).where('id', '=', id).execute();
    const refused = await call('admin', 'DELETE', `/${used.id}?version=1`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(COUPON_FORM_MESSAGES.used);
    expect((await call('admin', 'GET', '?q=usado')).body.coupons[0].usedBy).toEqual([expect.objectContaining({ id, status: 'IN_PROGRESS' })]);
  });

  it('never lets a published offer advertise a code the payment step would refuse', async () => {
    const { coupon } = (await call('admin', 'POST', '', { requestId: 'press-coupon-1', coupon: form({ code: 'OFERTA20' }) })).body;
    await t.db
      .insertInto('tourOffers')
      .values({
        id: 'o1',
        periodId: 'p1',
        flightId: null,
        stock: null,
        description: null,
        discountCents: 2000,
        coupon: 'OFERTA20',
        position: 1,
        status: 'active',
        departureCities: '[]',
      })
      .execute();
    const off = await call('admin', 'PUT', `/${coupon.id}`, { version: 1, coupon: form({ code: 'OFERTA20', status: 'inactive' }) });
    expect(off.status).toBe(409);
    expect(off.body.error.message).toBe('El cupón no está activo: la oferta publicada de Japón esencial anuncia este cupón. Desactiva la oferta antes.');
    expect((await call('admin', 'DELETE', `/${coupon.id}?version=1`)).body.error.message).toBe(COUPON_FORM_MESSAGES.advertised);
  });
});
