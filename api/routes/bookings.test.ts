import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables.ts';
import type { AuthContext } from '../auth-context.ts';
import { dialects, type TestDatabase } from '../../tests/support/databases.ts';
import {
  bornYearsAgo,
  day,
  jsonRequest,
  passengerFields,
  validBooking,
  openBookingApi,
  type TestApi,
  countRows,
} from '../../tests/support/booking-fixtures.ts';

const admin: AuthContext = { userId: 'u-admin', email: 'admin@example.es', travelerId: null, groups: ['drAdmin'] };
const stranger: AuthContext = { userId: 'u-other', email: 'otro@example.es', travelerId: 'someone-else', groups: [] };

describe.each(dialects)('/api/bookings on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    ({ t, api } = await openBookingApi(dialect));
  });
  afterEach(async () => t.drop());

  const create = async (body: unknown = validBooking()) => api.request('/bookings', jsonRequest('POST', body));
  const createdId = async () => ((await (await create()).json()) as { id: string }).id;
  const count = (table: keyof Database) => countRows(t.db, table);

  describe('POST /', () => {
    it('creates an IN_PROGRESS booking with its lead, travellers and price', async () => {
      const res = await create();
      expect(res.status).toBe(201);
      const { id, quote } = await res.json();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      // 2 × (1.000 + 150,50) + (800 + 150,50) − 3 × 100 campaign = 2.951,50 → 2.952 €.
      expect(quote.totalCents).toBe(295_200);
      const row = await t.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'IN_PROGRESS', tkStatus: 'PR', type: 'Booking', periodId: 'p1', priceCents: 295_200, flightId: null });
      expect(Number(row.differentId)).toBeGreaterThanOrEqual(100_000);
      expect(Number(row.differentId)).toBeLessThanOrEqual(999_999);
      const travellers = JSON.parse(row.travelersStringify);
      expect(travellers.map((x: { age_group: string; lead: boolean }) => [x.age_group, x.lead])).toEqual([
        ['Adultos', true],
        ['Adultos', false],
        ['Niños', false],
      ]);
      expect(travellers[0].reservation_fields).toEqual({ name: 'Ana', surname: 'García López', email: 'ana.garcia@viajes.es', phone: '+34 600 123 456' });
      const traveler = await t.db.selectFrom('travelers').selectAll().executeTakeFirstOrThrow();
      expect(traveler).toMatchObject({ email: 'ana.garcia@viajes.es', name: 'Ana', phone: '+34 600 123 456' });
      expect(row.travelerId).toBe(traveler.id);
      expect(await t.db.selectFrom('bookingTravelers').select(['travelerId', 'email']).execute()).toEqual([
        { travelerId: traveler.id, email: 'ana.garcia@viajes.es' },
      ]);
      expect(await t.db.selectFrom('bookingStatusChanges').select(['fromStatus', 'toStatus']).execute()).toEqual([
        { fromStatus: null, toStatus: 'IN_PROGRESS' },
      ]);
    });

    it('finds the traveller by e-mail whatever its case', async () => {
      await createdId();
      await create(validBooking({ lead: { name: 'Ana', email: 'ANA.Garcia@viajes.es', phone: '600123456' } }));
      expect(await count('travelers')).toBe(1);
      expect(await count('bookings')).toBe(2);
    });

    it.each([
      ['no adult', { adults: 0 }, 'adults'],
      ['a bad e-mail', { lead: { name: 'Ana', email: 'ana@', phone: '600123456' } }, 'lead.email'],
      ['no name', { lead: { name: ' ', email: 'ana@viajes.es', phone: '600123456' } }, 'lead.name'],
      ['a bad phone', { lead: { name: 'Ana', email: 'ana@viajes.es', phone: 'llámame' } }, 'lead.phone'],
      ['privacy not accepted', { consents: { privacy: false } }, 'consents.privacy'],
      ['a departure not sold on the web', { periodId: 'p-not-web' }, 'periodId'],
      ['an unknown departure', { periodId: 'nope' }, 'periodId'],
      ['too many travellers', { adults: 15, children: 6 }, 'children'],
    ])('refuses %s with a Spanish field message and writes nothing', async (_, overrides, field) => {
      const res = await create(validBooking(overrides));
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.error.fields[field]).toMatch(/[a-zá-ú]/i);
      expect(await count('bookings')).toBe(0);
      expect(await count('travelers')).toBe(0);
    });

    it('answers 409 when the departure has fewer seats than travellers', async () => {
      await t.db.updateTable('periods').set({ bookableAvailability: 2 }).where('id', '=', 'p1').execute();
      const res = await create();
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toBe('Ya no quedan plazas suficientes para esta salida.');
      expect(await count('bookings')).toBe(0);
    });

    it('refuses a departure that already left', async () => {
      await t.db
        .updateTable('periods')
        .set({ dayOne: day(-3), returnDate: day(5) })
        .where('id', '=', 'p1')
        .execute();
      expect((await create()).status).toBe(422);
    });
  });

  describe('GET /:id', () => {
    it('returns the working state and the live quote of an IN_PROGRESS booking to the browser that made it', async () => {
      const id = await createdId();
      const res = await api.request(`/bookings/${id}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({
        id,
        status: 'IN_PROGRESS',
        tkStatus: 'PR',
        periodId: 'p1',
        tourSlug: 'japon-esencial',
        adults: 2,
        children: 1,
        flightId: null,
        couponCode: null,
        priceCents: 295_200,
        holdExpiresAt: null,
      });
      expect(body.quote.totalCents).toBe(295_200);
      expect(body.travellers).toHaveLength(3);
    });

    it('shows a confirmed booking only to its owner and admins (404 otherwise)', async () => {
      const id = await createdId();
      const { travelerId } = await t.db.selectFrom('bookings').select('travelerId').where('id', '=', id).executeTakeFirstOrThrow();
      await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', id).execute();
      const owner: AuthContext = { userId: 'u-ana', email: 'ana.garcia@viajes.es', travelerId, groups: [] };
      const get = (auth?: AuthContext) => api.request(`/bookings/${id}`, auth ? { headers: { 'x-test-auth': JSON.stringify(auth) } } : {});
      expect((await get()).status).toBe(404);
      expect((await get(stranger)).status).toBe(404);
      expect((await get(owner)).status).toBe(200);
      expect((await get(admin)).status).toBe(200);
    });

    it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000'])('answers 404 for %s', async (id) => {
      expect((await api.request(`/bookings/${id}`)).status).toBe(404);
    });
  });

  describe('PATCH /:id', () => {
    const patch = (id: string, body: unknown) => api.request(`/bookings/${id}`, jsonRequest('PATCH', body));

    it('changes flight, rooms, activities, passengers and coupon and reprices', async () => {
      const id = await createdId();
      const state = await (await api.request(`/bookings/${id}`)).json();
      const [a1, a2, c1] = state.travellers.map((x: { id: string }) => x.id);
      const res = await patch(id, {
        flightId: 'f1',
        couponCode: 'verano10',
        travellers: [
          { id: a1, reservationMode: 'DBL', optionalActivities: ['ACT1', 'SEG'], reservationFields: { national_id: '12345678Z' } },
          {
            id: a2,
            reservationMode: 'DBL',
            optionalActivities: ['SEG'],
            reservationFields: { name: 'Luis', email: 'luis@viajes.es', national_id: 'X1234567L' },
          },
          { id: c1, optionalActivities: ['SEG'], reservationFields: { name: 'Sara', birthdate: bornYearsAgo(9) } },
        ],
      });
      expect(res.status).toBe(200);
      expect((await res.json()).quote.totalCents).toBe(361_500);
      const row = await t.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ flightId: 'f1', couponId: 'k1', priceCents: 361_500 });
      const travellers = JSON.parse(row.travelersStringify);
      expect(travellers[0].reservation_fields).toMatchObject({ name: 'Ana', email: 'ana.garcia@viajes.es', national_id: '12345678Z' });
      // Luis has a valid e-mail: a booking traveller; Sara has none: not saved.
      expect((await t.db.selectFrom('bookingTravelers').select('email').orderBy('email').execute()).map((r) => r.email)).toEqual([
        'ana.garcia@viajes.es',
        'luis@viajes.es',
      ]);
      const again = await (await api.request(`/bookings/${id}`)).json();
      expect(again).toMatchObject({ flightId: 'f1', couponCode: 'VERANO10', priceCents: 361_500 });
      expect(again.quote.totalCents).toBe(361_500);

      expect((await patch(id, { couponCode: null, flightId: null })).status).toBe(200);
      expect(await t.db.selectFrom('bookings').select(['couponId', 'flightId']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
        couponId: null,
        flightId: null,
      });
    });

    it.each([
      [
        'a DNI with the wrong letter',
        (ids: string[]) => ({ travellers: [{ id: ids[0], reservationFields: { national_id: '12345678A' } }] }),
        'travellers.0.reservationFields.national_id',
      ],
      ['a bad e-mail', (ids: string[]) => ({ travellers: [{ id: ids[1], reservationFields: { email: 'luis@@x' } }] }), 'travellers.0.reservationFields.email'],
      ['a traveller of no booking (ids run 100 to 999)', () => ({ travellers: [{ id: '000', reservationMode: 'DBL' }] }), 'travellers.0.id'],
      ['a room not offered', (ids: string[]) => ({ travellers: [{ id: ids[0] }, { id: ids[1], reservationMode: 'SUITE' }] }), 'travellers.1.reservationMode'],
      ['a flight of another period', () => ({ flightId: 'f-x' }), 'flightId'],
      ['a coupon that does not apply', () => ({ couponCode: 'CADUCADO' }), 'couponCode'],
      [
        'an adult born too late',
        (ids: string[]) => ({ travellers: [{ id: ids[0], reservationFields: { birthdate: bornYearsAgo(6) } }] }),
        'travellers.0.reservationFields.birthdate',
      ],
      [
        'a child aged 12 on departure',
        (ids: string[]) => ({ travellers: [{ id: ids[2], reservationFields: { birthdate: bornYearsAgo(26) } }] }),
        'travellers.0.reservationFields.birthdate',
      ],
      [
        'three in a double room',
        (ids: string[]) => ({
          travellers: ids.map((id) => ({ id, reservationMode: 'DBL' })),
          roommates: [{ travellerIds: ids }],
        }),
        'roommates.0',
      ],
      [
        'roommates in different rooms',
        (ids: string[]) => ({ travellers: [{ id: ids[0], reservationMode: 'DBL' }], roommates: [{ travellerIds: [ids[0], ids[1]] }] }),
        'roommates.0',
      ],
    ])('refuses %s with a 422 and changes nothing', async (_, body, field) => {
      const id = await createdId();
      const before = await t.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const ids = JSON.parse(before.travelersStringify).map((x: { id: string }) => x.id);
      const res = await patch(id, body(ids));
      expect(res.status).toBe(422);
      expect((await res.json()).error.fields[field]).toBeTruthy();
      expect(await t.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    });

    it('stores who shares a room, and drops the group when their rooms change', async () => {
      const id = await createdId();
      const [a, b] = (await (await api.request(`/bookings/${id}`)).json()).travellers.map((x: { id: string }) => x.id);
      const res = await patch(id, {
        travellers: [
          { id: a, reservationMode: 'DBL' },
          { id: b, reservationMode: 'DBL' },
        ],
        roommates: [{ travellerIds: [a, b] }],
      });
      expect(res.status).toBe(200);
      expect((await (await api.request(`/bookings/${id}`)).json()).roommates).toEqual([{ travellerIds: [a, b] }]);
      expect((await patch(id, { travellers: [{ id: b, reservationMode: null }] })).status).toBe(200);
      expect((await (await api.request(`/bookings/${id}`)).json()).roommates).toEqual([]);
    });

    it('a booking goes to payment only with every passenger complete', async () => {
      const id = await createdId();
      const refused = await api.request(`/bookings/${id}/hold`, { method: 'POST' });
      expect(refused.status).toBe(422);
      const body = await refused.json();
      expect(body.error.message).toBe('Completa los datos de los pasajeros antes de pagar.');
      expect(body.error.fields).toMatchObject({ 'travellers.0.birthdate': 'Indica la fecha de nacimiento', 'travellers.1.name': 'Indica el nombre' });
      expect(await count('bookingStatusChanges')).toBe(1);
      expect(await t.db.selectFrom('seatHolds').selectAll().execute()).toEqual([]);
      const { travellers } = await (await api.request(`/bookings/${id}`)).json();
      expect((await patch(id, { travellers: passengerFields(travellers) })).status).toBe(200);
      expect((await api.request(`/bookings/${id}/hold`, { method: 'POST' })).status).toBe(200);
      // Only travellers with a valid e-mail become booking travellers: the two adults, not the child.
      expect(await count('bookingTravelers')).toBe(2);
    });

    it('a booking that moved on is not changed: 404 to a visitor, 409 to its owner', async () => {
      const id = await createdId();
      const { travelerId } = await t.db.selectFrom('bookings').select('travelerId').where('id', '=', id).executeTakeFirstOrThrow();
      await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', id).execute();
      expect((await patch(id, { flightId: 'f1' })).status).toBe(404);
      const owner: AuthContext = { userId: 'u-ana', email: 'ana.garcia@viajes.es', travelerId, groups: [] };
      expect((await api.request(`/bookings/${id}`, jsonRequest('PATCH', { flightId: 'f1' }, owner))).status).toBe(409);
    });
  });
});
