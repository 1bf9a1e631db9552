/**
 * A tour's extras (storefront-and-booking.md §9: "plus an extra per traveler or per booking") through the
 * real API, on every engine: staff add, change, withdraw and offer them again in the tour editor, once per
 * press and recorded; the funnel's customise step offers them, the booking keeps them and the server's quote
 * prices them to the euro — the same as the quote a visitor asks for the same choices; a withdrawn extra
 * is no longer offered but keeps pricing the booking that chose it; the office's agency sale charges them too.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXTRA_MESSAGES } from '#shared/schemas/tour-editor-texts.ts';
import { createTestApi, insertDeparture, jsonRequest, type TestApi, validBooking } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, type CallerName, seedCallers } from '../../tests/support/callers.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { EXTRA_NOT_OFFERED_MESSAGE } from '../services/bookings/quote.ts';

const DINNER = { name: 'Cena de bienvenida', description: 'La primera noche, con el grupo.', amountCents: 3_550, basis: 'PER_TRAVELER', active: true };
const TRANSFER = { name: 'Traslado privado', description: null, amountCents: 6_000, basis: 'PER_BOOKING', active: true };

describe.each(dialects)('booking extras on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db);
    await seedCallers(t.db);
  });
  afterEach(async () => t.drop());

  // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
  const call = async (method: string, path: string, body?: unknown, who: CallerName = 'admin'): Promise<{ status: number; body: any }> => {
    const request = body === undefined ? { method } : jsonRequest(method, body);
    const caller = CALLERS[who];
    const headers = { ...(request.headers as Record<string, string>), ...(caller ? { 'x-test-auth': JSON.stringify(caller) } : {}) };
    const res = await api.request(path, { ...request, headers });
    return { status: res.status, body: await res.json() };
  };
  const extras = () => t.db.selectFrom('tourExtras').select(['id', 'name', 'amountCents', 'basis', 'active', 'position']).orderBy('position').execute();
  const addExtra = async (extra: object, requestId: string) => {
    const res = await call('POST', '/admin/tours/t1/extras', { requestId, extra });
    expect(res.status).toBe(200);
    return res.body.editor.extras.at(-1).id as string;
  };
  const createdId = async () => (await call('POST', '/bookings', validBooking(), 'visitor')).body.id as string;
  const patch = (id: string, body: unknown) => call('PATCH', `/bookings/${id}`, body, 'visitor');
  const stored = (id: string) => t.db.selectFrom('bookings').select(['extraIds', 'priceCents']).where('id', '=', id).executeTakeFirstOrThrow();

  describe('in the tour editor', () => {
    it('adds, changes, withdraws and offers again, once per press, each recorded on the tour; nothing is published', async () => {
      const [first, again] = await Promise.all([
        call('POST', '/admin/tours/t1/extras', { requestId: 'extra-press-1', extra: DINNER }),
        call('POST', '/admin/tours/t1/extras', { requestId: 'extra-press-1', extra: DINNER }),
      ]);
      expect([first.status, again.status]).toEqual([200, 200]);
      expect([first.body.applied, again.body.applied].sort()).toEqual([false, true]);
      expect(first.body).toMatchObject({ publication: null, message: EXTRA_MESSAGES.added });
      await call('POST', '/admin/tours/t1/extras', { requestId: 'extra-press-2', extra: TRANSFER });
      expect(await extras()).toEqual([
        { id: expect.any(String), name: 'Cena de bienvenida', amountCents: 3_550, basis: 'PER_TRAVELER', active: 1, position: 0 },
        { id: expect.any(String), name: 'Traslado privado', amountCents: 6_000, basis: 'PER_BOOKING', active: 1, position: 1 },
      ]);
      const [dinner] = await extras();
      const id = dinner!.id;

      const changed = await call('PUT', `/admin/tours/t1/extras/${id}`, { requestId: 'extra-press-3', extra: { ...DINNER, amountCents: 4_000 } });
      expect(changed.body).toMatchObject({ applied: true, message: EXTRA_MESSAGES.saved });
      expect(changed.body.editor.extras[0]).toEqual({ id, ...DINNER, amountCents: 4_000, bookings: 0 });
      expect((await call('PUT', `/admin/tours/t1/extras/${id}`, { requestId: 'extra-press-4', extra: { ...DINNER, amountCents: 4_000 } })).body.applied).toBe(
        false,
      );
      const withdrawn = await call('PUT', `/admin/tours/t1/extras/${id}/offer`, { requestId: 'extra-press-5', active: false });
      expect(withdrawn.body).toMatchObject({ applied: true, message: EXTRA_MESSAGES.withdrawn });
      expect(withdrawn.body.editor.extras[0].active).toBe(false);
      expect((await call('PUT', `/admin/tours/t1/extras/${id}/offer`, { requestId: 'extra-press-5', active: false })).body.applied).toBe(false);
      expect((await call('PUT', `/admin/tours/t1/extras/${id}/offer`, { requestId: 'extra-press-6', active: true })).body.message).toBe(EXTRA_MESSAGES.offered);

      const log = await t.db.selectFrom('staffActions').select(['entityType', 'entityId', 'action', 'actorEmail', 'after']).orderBy('createdAt').execute();
      expect(log.map((r) => [r.entityType, r.entityId, r.action])).toEqual([
        ['tour', 't1', 'extra-add'],
        ['tour', 't1', 'extra-add'],
        ['tour', 't1', 'extra-update'],
        ['tour', 't1', 'extra-withdraw'],
        ['tour', 't1', 'extra-offer'],
      ]);
      expect(log.every((r) => r.actorEmail === CALLERS.admin?.email)).toBe(true);
      expect(JSON.parse(log[2]!.after as string)).toMatchObject({ id, amountCents: 4_000 });
    });

    it.each([
      ['no name', { ...DINNER, name: ' ' }, 'name', EXTRA_MESSAGES.name],
      ['a negative amount', { ...DINNER, amountCents: -1 }, 'amountCents', EXTRA_MESSAGES.amount],
      ['cents that are not whole', { ...DINNER, amountCents: 10.5 }, 'amountCents', EXTRA_MESSAGES.amount],
      ['an unknown basis', { ...DINNER, basis: 'PER_ROOM' }, 'basis', EXTRA_MESSAGES.basis],
    ])('refuses %s in Spanish, writing nothing', async (_, extra, field, message) => {
      const res = await call('POST', '/admin/tours/t1/extras', { requestId: 'extra-refused', extra });
      expect(res.status).toBe(422);
      expect(res.body.error.fields[`extra.${field}`]).toBe(message);
      expect(await extras()).toEqual([]);
    });

    it("is for the office only, and an extra of another tour is not this tour's", async () => {
      const id = await addExtra(DINNER, 'extra-office-1');
      for (const [method, path, body] of [
        ['POST', '/admin/tours/t1/extras', { requestId: 'extra-try-1', extra: TRANSFER }],
        ['PUT', `/admin/tours/t1/extras/${id}`, { requestId: 'extra-try-2', extra: TRANSFER }],
        ['PUT', `/admin/tours/t1/extras/${id}/offer`, { requestId: 'extra-try-3', active: false }],
      ] as const) {
        expect((await call(method, path, body, 'visitor')).status).toBe(401);
        expect((await call(method, path, body, 'traveler')).status).toBe(403);
        expect((await call(method, path, body, 'guide')).status).toBe(403);
      }
      const other = await call('PUT', `/admin/tours/t2/extras/${id}`, { requestId: 'extra-try-4', extra: TRANSFER });
      expect(other.status).toBe(404);
      expect(other.body.error.message).toBe(EXTRA_MESSAGES.notFound);
      expect((await call('POST', '/admin/tours/nada/extras', { requestId: 'extra-try-5', extra: TRANSFER })).status).toBe(404);
      expect(await extras()).toEqual([expect.objectContaining({ name: 'Cena de bienvenida', active: 1 })]);
    });
  });

  describe('in the funnel', () => {
    it('offers the extras, keeps the chosen ones and prices them to the euro, as the quote a visitor asks for', async () => {
      const dinner = await addExtra(DINNER, 'extra-funnel-1');
      const transfer = await addExtra(TRANSFER, 'extra-funnel-2');
      const withdrawn = await addExtra({ ...TRANSFER, name: 'Guía impresa', amountCents: 1_500, active: false }, 'extra-funnel-3');
      const id = await createdId();
      const options = await call('GET', `/bookings/${id}/options`, undefined, 'visitor');
      expect(options.body.extras).toEqual([
        { id: dinner, name: DINNER.name, description: DINNER.description, amountCents: 3_550, basis: 'PER_TRAVELER' },
        { id: transfer, name: TRANSFER.name, description: null, amountCents: 6_000, basis: 'PER_BOOKING' },
      ]);
      expect(options.body.extras.map((e: { id: string }) => e.id)).not.toContain(withdrawn);

      // 2 × (1.000 + 150,50) + (800 + 150,50) − 3 × 100 campaign = 2.951,50 €; the dinner for 3 (106,50 €) and the
      // transfer once (60 €) make 3.118 €, a whole euro.
      const chosen = await patch(id, { extraIds: [dinner, transfer, dinner] });
      expect(chosen.status).toBe(200);
      expect(chosen.body.quote.totalCents).toBe(311_800);
      expect(chosen.body.quote.lines).toContainEqual({ label: 'Extras', amountCents: 16_650 });
      expect(await stored(id)).toEqual({ extraIds: JSON.stringify([dinner, transfer]), priceCents: 311_800 });
      const view = await call('GET', `/bookings/${id}`, undefined, 'visitor');
      expect(view.body).toMatchObject({ extraIds: [dinner, transfer], priceCents: 311_800, quote: { totalCents: 311_800 } });

      const asked = await call(
        'POST',
        '/bookings/quote',
        {
          periodId: 'p1',
          travellers: view.body.travellers.map((x: { ageGroup: string }) => ({ ageGroup: x.ageGroup })),
          extraIds: [dinner, transfer],
        },
        'visitor',
      );
      expect(asked.status).toBe(200);
      expect(asked.body.totalCents).toBe(311_800);
      expect(asked.body.lines).toEqual(chosen.body.quote.lines);

      // The editor counts the booking on each extra it chose.
      const editor = await call('GET', '/admin/tours/t1');
      expect(editor.body.extras.map((e: { bookings: number }) => e.bookings)).toEqual([1, 1, 0]);

      const off = await patch(id, { extraIds: [] });
      expect(off.body.quote.totalCents).toBe(295_200);
      expect(await stored(id)).toEqual({ extraIds: '[]', priceCents: 295_200 });
    });

    it('refuses an extra not offered (unknown, withdrawn, another tour’s) with a Spanish message, changing nothing', async () => {
      const withdrawn = await addExtra({ ...TRANSFER, active: false }, 'extra-refuse-1');
      const foreign = (await call('POST', '/admin/tours/t2/extras', { requestId: 'extra-refuse-2', extra: DINNER })).body.editor.extras[0].id;
      const id = await createdId();
      const before = await stored(id);
      for (const extraId of ['no-existe', withdrawn, foreign]) {
        const res = await patch(id, { extraIds: [extraId] });
        expect(res.status).toBe(422);
        expect(res.body.error.fields.extraIds).toBe(EXTRA_NOT_OFFERED_MESSAGE);
        expect(await stored(id)).toEqual(before);
      }
      const asked = await call('POST', '/bookings/quote', { periodId: 'p1', travellers: [{ ageGroup: 'Adultos' }], extraIds: [foreign] }, 'visitor');
      expect(asked.status).toBe(422);
      expect((await patch(id, { extraIds: Array.from({ length: 31 }, (_, i) => `x${i}`) })).status).toBe(422);
    });

    it('a withdrawn extra keeps pricing the booking that chose it, which may still take it off; a new price reprices it', async () => {
      const transfer = await addExtra(TRANSFER, 'extra-keep-1');
      const id = await createdId();
      expect((await patch(id, { extraIds: [transfer] })).body.quote.totalCents).toBe(301_200);
      await call('PUT', `/admin/tours/t1/extras/${transfer}/offer`, { requestId: 'extra-keep-2', active: false });

      expect((await call('GET', `/bookings/${id}`, undefined, 'visitor')).body.quote.totalCents).toBe(301_200);
      // Another step's change is not refused for the extra chosen before it was withdrawn.
      const coupon = await patch(id, { couponCode: 'VERANO10' });
      expect(coupon.status).toBe(200);
      expect(coupon.body.quote.lines).toContainEqual({ label: 'Extras', amountCents: 6_000 });
      expect((await patch(id, { extraIds: [transfer] })).status).toBe(200);
      expect((await call('GET', `/bookings/${id}/options`, undefined, 'visitor')).body.extras.map((e: { id: string }) => e.id)).toEqual([transfer]);
      // Another booking is not offered it.
      const other = await createdId();
      expect((await call('GET', `/bookings/${other}/options`, undefined, 'visitor')).body.extras).toEqual([]);

      await call('PUT', `/admin/tours/t1/extras/${transfer}`, { requestId: 'extra-keep-3', extra: { ...TRANSFER, amountCents: 9_000, active: false } });
      const repriced = await call('GET', `/bookings/${id}`, undefined, 'visitor');
      expect(repriced.body.quote.lines).toContainEqual({ label: 'Extras', amountCents: 9_000 });
      expect((await patch(id, { extraIds: [] })).status).toBe(200);
      expect((await stored(id)).extraIds).toBe('[]');
      expect((await patch(id, { extraIds: [transfer] })).body.error.fields.extraIds).toBe(EXTRA_NOT_OFFERED_MESSAGE);
    });
  });

  it("the office's agency sale charges the extras chosen, and the booking's page names them", async () => {
    const transfer = await addExtra(TRANSFER, 'extra-sale-1');
    await t.db
      .insertInto('retailers')
      .values({ id: 'r1', cif: 'B12345678', name: 'Viajes Levante', email: 'reservas@levante.example', documentationEmail: 'bonos@levante.example' })
      .execute();
    const options = await call('GET', '/admin/periods/p1/sale-options');
    expect(options.body.extras).toEqual([{ id: transfer, name: TRANSFER.name, amountCents: 6_000, basis: 'PER_BOOKING' }]);
    const { consents: _, ...booking } = validBooking();
    const sale = { ...booking, requestId: 'extra-sale-2', flightId: null, reference: 'LEV-7', commissionPercent: '10', extraIds: [transfer] };
    const made = await call('POST', '/admin/retailers/r1/bookings', sale);
    expect(made.status).toBe(201);
    expect(await stored(made.body.bookingId)).toEqual({ extraIds: JSON.stringify([transfer]), priceCents: 301_200 });
    const page = await call('GET', `/admin/bookings/${made.body.bookingId}`);
    expect(page.body.booking.extras).toEqual([{ id: transfer, name: TRANSFER.name, amountCents: 6_000, basis: 'PER_BOOKING' }]);
    const refused = await call('POST', '/admin/retailers/r1/bookings', { ...sale, requestId: 'extra-sale-3', extraIds: ['no-existe'] });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.extraIds).toBe(EXTRA_NOT_OFFERED_MESSAGE);
  });
});
