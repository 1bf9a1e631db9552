import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth-context.ts';
import { portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { jsonRequest, passengerFields, validBooking, openBookingApi, type TestApi } from '../../tests/support/booking-fixtures.ts';
import { createBrowser } from '../../tests/support/auth-client.ts';
import { BUDGET_LINK_MESSAGES, BUDGET_LINK_PARAM } from '#shared/schemas/bookings.ts';
import { FUNNEL_ACCESS_DAYS, signBudgetLinkToken } from '../services/bookings/funnel-access.ts';

const admin: AuthContext = { userId: 'u-admin', email: 'admin@example.es', travelerId: null, groups: ['drAdmin'] };

describe.each(portableDialects)('the customise step and budgets on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    ({ t, api } = await openBookingApi(dialect));
  });
  afterEach(async () => t.drop());

  const createdId = async () => ((await (await api.request('/bookings', jsonRequest('POST', validBooking()))).json()) as { id: string }).id;
  const get = (path: string, auth?: AuthContext) => api.request(path, auth ? { headers: { 'x-test-auth': JSON.stringify(auth) } } : {});

  describe('GET /:id/options', () => {
    it('lists the rooms, then the counting activities, packs and insurance, priced per age group', async () => {
      const id = await createdId();
      const res = await get(`/bookings/${id}/options`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const both = (valueCents: number) => [
        { ageGroupName: 'Adultos', valueCents },
        { ageGroupName: 'Niños', valueCents },
      ];
      expect(await res.json()).toEqual({
        reservationModes: [{ activityId: 'DBL', name: 'Habitación doble', places: 2, comment: null, shareRoom: false, availability: 5, prices: both(5_000) }],
        // The rental car never counts; the pack is as available as its only member.
        activities: [
          { activityId: 'ACT1', name: 'Ceremonia del té', webInfo: null, kind: 'activity', availability: 3, prices: both(4_000), includes: [] },
          { activityId: 'PACK', name: 'Pack cultural', webInfo: null, kind: 'pack', availability: 3, prices: both(6_000), includes: ['Ceremonia del té'] },
          { activityId: 'SEG', name: 'Seguro de cancelación', webInfo: null, kind: 'insurance', availability: 100, prices: both(2_500), includes: [] },
        ],
        // The tour has none (api/routes/booking-extras.test.ts offers some).
        extras: [],
      });
    });

    it('leaves out deleted rooms and packs with a member out of seats; shows texts and shared rooms', async () => {
      await t.db
        .insertInto('reservationModes')
        .values([
          {
            id: 'rm2',
            periodId: 'p1',
            activityId: 'TPL',
            name: 'Habitación triple',
            places: 3,
            availability: 1,
            comment: 'Cama supletoria',
            shareRoom: 1,
            deleted: 0,
          },
          { id: 'rm3', periodId: 'p1', activityId: 'OLD', name: 'Antigua', places: 1, availability: 4, comment: null, shareRoom: 0, deleted: 1 },
        ])
        .execute();
      await t.db.updateTable('optionalActivities').set({ bookableAvailability: 0, webInfo: 'Con maestro de té' }).where('id', '=', 'oa1').execute();
      const body = await (await get(`/bookings/${await createdId()}/options`)).json();
      expect(body.reservationModes.map((m: { activityId: string }) => m.activityId)).toEqual(['DBL', 'TPL']);
      expect(body.reservationModes[1]).toMatchObject({ comment: 'Cama supletoria', shareRoom: true, places: 3, availability: 1, prices: [] });
      expect(
        body.activities.map((a: { activityId: string; availability: number; webInfo: string | null }) => [a.activityId, a.availability, a.webInfo]),
      ).toEqual([
        ['ACT1', 0, 'Con maestro de té'],
        ['SEG', 100, null],
      ]);
    });

    it('answers 404 for an unknown booking and for a confirmed booking that is not yours', async () => {
      expect((await get('/bookings/00000000-0000-4000-8000-000000000000/options')).status).toBe(404);
      expect((await get('/bookings/nope/options')).status).toBe(404);
      const id = await createdId();
      await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', id).execute();
      expect((await get(`/bookings/${id}/options`)).status).toBe(404);
      expect((await get(`/bookings/${id}/options`, admin)).status).toBe(200);
    });
  });

  describe('rooms and activities that are left', () => {
    const single = { id: 'rm-sgl', periodId: 'p1', activityId: 'SGL', name: 'Habitación individual', places: 1, availability: 1 };
    const patch = (id: string, body: unknown) => api.request(`/bookings/${id}`, jsonRequest('PATCH', body));
    const travellersOf = async (id: string) =>
      (await (await get(`/bookings/${id}`)).json()).travellers as { id: string; ageGroup: string; reservationMode: string | null }[];
    const roomsLeft = async () =>
      (await t.db.selectFrom('reservationModes').select('availability').where('id', '=', 'rm-sgl').executeTakeFirstOrThrow()).availability;

    it('with one single room left, a second traveller cannot pick it too, and the answer names the room', async () => {
      await t.db.insertInto('reservationModes').values(single).execute();
      const id = await createdId();
      const [first, second] = await travellersOf(id);
      expect((await patch(id, { travellers: [{ id: first!.id, reservationMode: 'SGL' }] })).status).toBe(200);
      const res = await patch(id, { travellers: [{ id: second!.id, reservationMode: 'SGL' }] });
      expect(res.status).toBe(409);
      const message = 'Ya no quedan habitaciones «Habitación individual» suficientes en esta salida. Elige otro tipo de habitación para algún viajero.';
      expect((await res.json()).error).toMatchObject({ code: 'CONFLICT', message, fields: { reservationMode: message } });
      // Nothing saved: the second traveller keeps the included room.
      expect((await travellersOf(id)).map((t) => t.reservationMode)).toEqual(['SGL', null, null]);
      // Two travellers sharing the last double is one room: allowed.
      await t.db.updateTable('reservationModes').set({ availability: 1 }).where('id', '=', 'rm1').execute();
      const both = [first!, second!].map((t) => ({ id: t.id, reservationMode: 'DBL' }));
      expect((await patch(id, { travellers: both })).status).toBe(200);
    });

    it('a third traveller on the last activity seats is refused by name; keeping a choice that later sold out is not', async () => {
      await t.db.updateTable('optionalActivities').set({ bookableAvailability: 2 }).where('id', '=', 'oa1').execute();
      const id = await createdId();
      const travellers = await travellersOf(id);
      const withTea = travellers.slice(0, 2).map((t) => ({ id: t.id, optionalActivities: ['ACT1'] }));
      expect((await patch(id, { travellers: withTea })).status).toBe(200);
      const res = await patch(id, { travellers: [{ id: travellers[2]!.id, optionalActivities: ['ACT1'] }] });
      expect(res.status).toBe(409);
      expect((await res.json()).error.fields).toEqual({
        optionalActivities: 'Ya no quedan plazas suficientes en «Ceremonia del té». Quítala a algún viajero o elige otra actividad.',
      });
      // Someone else took the rest: changing another choice does not trip on it; the hold will say so.
      await t.db.updateTable('optionalActivities').set({ bookableAvailability: 0 }).where('id', '=', 'oa1').execute();
      expect((await patch(id, { travellers: [{ id: travellers[2]!.id, optionalActivities: ['SEG'] }] })).status).toBe(200);
    });

    it('the options count the rooms this booking holds as its own, and the hold names the room that ran out', async () => {
      await t.db.insertInto('reservationModes').values(single).execute();
      const id = await createdId();
      const travellers = await travellersOf(id);
      expect((await patch(id, { travellers: [{ id: travellers[0]!.id, reservationMode: 'SGL' }] })).status).toBe(200);
      expect((await patch(id, { travellers: passengerFields(travellers) })).status).toBe(200);
      expect((await api.request(`/bookings/${id}/hold`, { method: 'POST' })).status).toBe(200);
      expect(await roomsLeft()).toBe(0);
      const options = await (await get(`/bookings/${id}/options`)).json();
      expect(options.reservationModes.find((m: { activityId: string }) => m.activityId === 'SGL').availability).toBe(1);
      // The hold is released by a change; meanwhile another booking takes the last single room.
      expect((await patch(id, { couponCode: null })).status).toBe(200);
      await t.db.updateTable('reservationModes').set({ availability: 0 }).where('id', '=', 'rm-sgl').execute();
      const held = await api.request(`/bookings/${id}/hold`, { method: 'POST' });
      expect(held.status).toBe(409);
      expect((await held.json()).error.fields).toEqual({
        reservationMode: 'Ya no quedan habitaciones «Habitación individual» suficientes en esta salida. Elige otro tipo de habitación para algún viajero.',
      });
    });
  });

  describe('POST /:id/budget', () => {
    const save = (id: string, body: unknown, auth?: AuthContext) => api.request(`/bookings/${id}/budget`, jsonRequest('POST', body, auth));
    const mails = () => t.db.selectFrom('mails').selectAll().execute();

    it("names the booking, keeps the path that continues it and mails the lead today's quote", async () => {
      const id = await createdId();
      await api.request(`/bookings/${id}/flight`, jsonRequest('POST', { flightId: 'f1' }));
      const res = await save(id, { budgetName: '  Japón en familia ' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ budgetName: 'Japón en familia' });
      const row = await t.db.selectFrom('bookings').select(['budgetName', 'budgetPath']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ budgetName: 'Japón en familia', budgetPath: `/tour/japon-esencial/personaliza-el-viaje/${id}` });
      const [mail, ...others] = await mails();
      expect(others).toEqual([]);
      expect(mail).toMatchObject({ type: 'BUDGET', toAddress: 'ana.garcia@viajes.es', bookingId: id, status: 'PENDING' });
      expect(mail?.subject).toBe('Tu presupuesto «Japón en familia» para el viaje «Japón esencial»');
      // 2 × 1.000 + 800; 3 × 150,50; 2 × 300 + 250; 3 × 100 off; 3.801,50 → 3.802 €.
      for (const line of [
        'Hola, Ana:',
        'Precio base: 2.800 €',
        'Suplemento de periodo: 451,50 €',
        'Vuelos: 850 €',
        'Descuento: -300 €',
        'Total: 3.802 €',
        'Viajeros: 3.',
      ]) {
        expect(mail?.text).toContain(line);
      }
      // The link continues the booking on any device: it carries a signed token of this booking.
      const link = new URL(mail?.text.match(/Continuar con mi reserva: (\S+)/)?.[1] ?? 'http://x');
      expect(`${link.origin}${link.pathname}`).toBe(`http://localhost:4321/tour/japon-esencial/personaliza-el-viaje/${id}`);
      expect(link.searchParams.get(BUDGET_LINK_PARAM)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(mail?.html).toContain(`href="${link.href}"`);
    });

    it('lets the lead continue from another device through the mailed link, and only that booking', async () => {
      const id = await createdId();
      const other = await createdId();
      expect((await save(id, { budgetName: 'Japón en familia' })).status).toBe(200);
      const [mail] = await mails();
      const token = new URL(mail?.text.match(/Continuar con mi reserva: (\S+)/)?.[1] ?? 'http://x').searchParams.get(BUDGET_LINK_PARAM) ?? '';
      // Another device: no cookie yet, so the booking is not there.
      const device = createBrowser({ request: api.fromAnotherBrowser });
      expect((await device.get(`/bookings/${id}`)).status).toBe(404);
      // The token opens only its own booking, and only a booking in progress.
      expect((await device.post(`/bookings/${other}/resume`, { token })).status).toBe(404);
      expect((await device.post(`/bookings/${id}/resume`, { token: `${token}x` })).status).toBe(404);
      expect((await device.get(`/bookings/${other}`)).status).toBe(404);
      const resumed = await device.post(`/bookings/${id}/resume`, { token });
      expect(resumed.status).toBe(200);
      expect(await resumed.json()).toEqual({ id });
      const view = await device.get(`/bookings/${id}`);
      expect(view.status).toBe(200);
      expect((await view.json()).id).toBe(id);
      expect((await device.request(`/bookings/${id}`, { method: 'PATCH', json: { couponCode: null } })).status).toBe(200);
      expect((await device.get(`/bookings/${other}`)).status).toBe(404);
      // Once paid for, the link opens nothing: the booking is its owner's.
      await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', id).execute();
      const late = createBrowser({ request: api.fromAnotherBrowser });
      const refused = await late.post(`/bookings/${id}/resume`, { token });
      expect(refused.status).toBe(404);
      expect((await refused.json()).error.message).toBe(BUDGET_LINK_MESSAGES.invalid);
    });

    it('tells the lead when the mailed link has expired', async () => {
      const id = await createdId();
      const token = await signBudgetLinkToken(id, api.config, new Date(Date.now() - (FUNNEL_ACCESS_DAYS + 1) * 24 * 60 * 60 * 1000));
      const device = createBrowser({ request: api.fromAnotherBrowser });
      const res = await device.post(`/bookings/${id}/resume`, { token });
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe(BUDGET_LINK_MESSAGES.expired);
      expect((await device.get(`/bookings/${id}`)).status).toBe(404);
    });

    it.each([
      ['an empty name', { budgetName: '  ' }, 'budgetName'],
      ['no name', {}, 'budgetName'],
      ['a name too long', { budgetName: 'x'.repeat(81) }, 'budgetName'],
      ['an unknown field', { budgetName: 'Japón', email: 'otro@correo.es' }, 'email'],
    ])('refuses %s with 422 and writes nothing', async (_, body, field) => {
      const id = await createdId();
      const res = await save(id, body);
      expect(res.status).toBe(422);
      expect((await res.json()).error.fields[field]).toMatch(/[a-zá-ú]/i);
      expect(await mails()).toEqual([]);
      expect((await t.db.selectFrom('bookings').select('budgetName').where('id', '=', id).executeTakeFirstOrThrow()).budgetName).toBeNull();
    });

    it('answers 404 for an unknown or hidden booking and 409 for one no longer in progress, mailing nothing', async () => {
      expect((await save('00000000-0000-4000-8000-000000000000', { budgetName: 'Japón' })).status).toBe(404);
      const id = await createdId();
      await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', id).execute();
      expect((await save(id, { budgetName: 'Japón' })).status).toBe(404);
      const locked = await save(id, { budgetName: 'Japón' }, admin);
      expect(locked.status).toBe(409);
      expect((await locked.json()).error.message).toBe('Esta reserva ya no se puede modificar.');
      expect(await mails()).toEqual([]);
    });

    it('limits how many budgets one client has mailed', async () => {
      const id = await createdId();
      for (let i = 0; i < 10; i++) expect((await save(id, { budgetName: `Presupuesto ${i}` })).status).toBe(200);
      const limited = await save(id, { budgetName: 'Uno más' });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await mails()).toHaveLength(10);
    });
  });
});
