/**
 * A booking in progress belongs to the browser that made it (issue 16): someone who only has its address
 * (a shared link of the step, a browser history) gets the same 404 as for a booking that does not exist,
 * on the read and on every write of the funnel, and nothing is written.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth-context.ts';
import { createBrowser } from '../../tests/support/auth-client.ts';
import { portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { jsonRequest, openBookingApi, passengerFields, type TestApi, validBooking } from '../../tests/support/booking-fixtures.ts';
import { FUNNEL_COOKIE, FUNNEL_COOKIE_MAX_BOOKINGS } from '../services/bookings/funnel-access.ts';
import { tampered } from '../../tests/support/tampered.ts';

const admin: AuthContext = { userId: 'u-admin', email: 'admin@example.es', travelerId: null, groups: ['drAdmin'] };

/** Every call of the funnel on one booking, read or write, with a body its handler accepts. */
const FUNNEL_CALLS: { method: string; path: (id: string) => string; body?: unknown }[] = [
  { method: 'GET', path: (id) => `/bookings/${id}` },
  { method: 'PATCH', path: (id) => `/bookings/${id}`, body: { flightId: 'f1', couponCode: 'VERANO10' } },
  { method: 'GET', path: (id) => `/bookings/${id}/flights` },
  { method: 'POST', path: (id) => `/bookings/${id}/flight`, body: { flightId: 'f1' } },
  { method: 'GET', path: (id) => `/bookings/${id}/options` },
  { method: 'POST', path: (id) => `/bookings/${id}/hold` },
  { method: 'POST', path: (id) => `/bookings/${id}/budget`, body: { budgetName: 'Robado' } },
  { method: 'GET', path: (id) => `/payments/booking/${id}` },
  { method: 'POST', path: (id) => `/payments/booking/${id}`, body: { amount: 'full', method: 'card', acceptTerms: true, acceptPrivacy: true } },
];

describe.each(portableDialects)('a booking in progress on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    ({ t, api } = await openBookingApi(dialect));
  });
  afterEach(async () => t.drop());

  /** A booking made by `api`'s browser with every passenger complete, so any step of the funnel may run. */
  const completeBooking = async () => {
    const { id } = (await (await api.request('/bookings', jsonRequest('POST', validBooking()))).json()) as { id: string };
    const { travellers } = (await (await api.request(`/bookings/${id}`)).json()) as { travellers: { id: string; ageGroup: string }[] };
    expect((await api.request(`/bookings/${id}`, jsonRequest('PATCH', { travellers: passengerFields(travellers) }))).status).toBe(200);
    return id;
  };
  const snapshot = async (id: string) => ({
    booking: await t.db
      .selectFrom('bookings')
      .select(['travelersStringify', 'flightId', 'couponId', 'budgetName', 'priceCents', 'updatedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    holds: await t.db.selectFrom('seatHolds').select('id').where('bookingId', '=', id).execute(),
    payments: await t.db.selectFrom('payments').select('id').where('bookingId', '=', id).execute(),
    mails: await t.db.selectFrom('mails').select('id').execute(),
    seats: await t.db.selectFrom('periods').select('bookableAvailability').where('id', '=', 'p1').executeTakeFirstOrThrow(),
  });

  it('sets a signed, httpOnly cookie for the API only when the booking is made', async () => {
    const res = await api.request('/bookings', jsonRequest('POST', validBooking()));
    expect(res.status).toBe(201);
    const [cookie] = res.headers.getSetCookie().filter((c) => c.startsWith(`${FUNNEL_COOKIE}=`));
    expect(cookie).toMatch(/; Path=\/api(;|$)/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Max-Age=7776000/);
  });

  it.each(FUNNEL_CALLS.map((call) => [`${call.method} ${call.path(':id')}`, call] as const))(
    'answers %s from another browser with 404 and writes nothing',
    async (_, call) => {
      const id = await completeBooking();
      const before = await snapshot(id);
      const stranger = createBrowser({ request: api.fromAnotherBrowser });
      const res = await stranger.request(call.path(id), { method: call.method, ...(call.body === undefined ? {} : { json: call.body }) });
      expect(res.status).toBe(404);
      expect((await res.json()).error).toMatchObject({ code: 'NOT_FOUND', message: 'No encontramos esa reserva.' });
      expect(await snapshot(id)).toEqual(before);
      // The same call from the browser that made it reaches the handler.
      const own = await api.request(call.path(id), {
        method: call.method,
        ...(call.body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(call.body) }),
      });
      expect(own.status).toBeLessThan(300);
    },
  );

  it('refuses a cookie signed with another key, or naming other bookings', async () => {
    const id = await completeBooking();
    // A cookie another shop signed (another AUTH_SECRET) opens nothing here.
    const elsewhere = await openBookingApi(dialect);
    try {
      const made = await elsewhere.api.request('/bookings', jsonRequest('POST', validBooking()));
      const foreign = made.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${FUNNEL_COOKIE}=`))!
        .split(';')[0]!;
      expect((await api.fromAnotherBrowser(`/bookings/${id}`, { headers: { cookie: foreign } })).status).toBe(404);
    } finally {
      await elsewhere.t.drop();
    }
    // A browser that made another booking has a cookie, but not for this one.
    const other = createBrowser({ request: api.fromAnotherBrowser });
    expect((await other.post('/bookings', validBooking())).status).toBe(201);
    expect(other.cookies.has(FUNNEL_COOKIE)).toBe(true);
    expect((await other.get(`/bookings/${id}`)).status).toBe(404);
    // Changing its value breaks the signature.
    other.cookies.set(FUNNEL_COOKIE, tampered(other.cookies.get(FUNNEL_COOKIE)!));
    expect((await other.get(`/bookings/${id}`)).status).toBe(404);
  });

  it("opens it to its traveller's account and to staff, and to no other account", async () => {
    const id = await completeBooking();
    const { travelerId } = await t.db.selectFrom('bookings').select('travelerId').where('id', '=', id).executeTakeFirstOrThrow();
    const as = (auth: AuthContext) => api.fromAnotherBrowser(`/bookings/${id}`, { headers: { 'x-test-auth': JSON.stringify(auth) } });
    expect((await as({ userId: 'u-ana', email: 'ana.garcia@viajes.es', travelerId, groups: [] })).status).toBe(200);
    expect((await as(admin)).status).toBe(200);
    expect((await as({ userId: 'u-otro', email: 'otro@example.es', travelerId: 'someone-else', groups: [] })).status).toBe(404);
    expect((await as({ userId: 'u-guia', email: 'guia@example.es', travelerId: null, groups: ['guides'] })).status).toBe(404);
  });

  it(`keeps the last ${FUNNEL_COOKIE_MAX_BOOKINGS} bookings a browser made`, async () => {
    const browser = createBrowser({ request: api.fromAnotherBrowser });
    const ids: string[] = [];
    for (let i = 0; i <= FUNNEL_COOKIE_MAX_BOOKINGS; i++) {
      const res = await browser.post('/bookings', validBooking({ adults: 1, children: 0 }));
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    expect((await browser.get(`/bookings/${ids[0]}`)).status).toBe(404);
    for (const id of ids.slice(1)) expect((await browser.get(`/bookings/${id}`)).status).toBe(200);
  });
});
