/**
 * Issue 29, holes 3 and 4, performed as the outside probe did: one client holding every seat of a
 * departure, taking them again when they lapse, and making bookings by the thousand. Real client addresses
 * (TRUST_PROXY=1 and X-Forwarded-For, as behind nginx) and real browsers (each its own funnel cookie).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOLD_LIMIT_MESSAGES, HOLD_LIMITS } from '../services/bookings/hold-limits.ts';
import { createTestApi, insertDeparture, jsonRequest, passengerFields, seatsLeft, validBooking } from '../../tests/support/booking-fixtures.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { testConfig } from '../../tests/support/test-config.ts';

describe.each(dialects)('what one visitor may hold and book on %s', (dialect) => {
  let t: TestDatabase;
  let config: ReturnType<typeof testConfig>;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await insertDeparture(t.db, { seats: 40 });
    config = { ...testConfig({ TRUST_PROXY: '1', AUTH_SECRET: 'hold-limits-secret-with-32-or-more-chars' }), databaseUrl: t.url };
  });
  afterEach(() => t.drop());

  /** A browser at `address`: its own cookies, the address its proxy saw. */
  const browserAt = (address: string) => {
    const api = createTestApi(t.db, t.url, { config });
    const send = (path: string, init: RequestInit = {}) =>
      api.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': `198.51.100.7, ${address}` } });
    /** A booking for `adults` made-up travellers with their passengers filled in; answers its id. */
    const book = async (adults: number) => {
      const made = await send('/bookings', jsonRequest('POST', validBooking({ adults, children: 0 })));
      expect(made.status, await made.clone().text()).toBe(201);
      const { id } = (await made.json()) as { id: string };
      const { travellers } = await (await send(`/bookings/${id}`)).json();
      expect((await send(`/bookings/${id}`, jsonRequest('PATCH', { travellers: passengerFields(travellers) }))).status).toBe(200);
      return id;
    };
    const hold = (id: string) => send(`/bookings/${id}/hold`, { method: 'POST' });
    return { send, book, hold };
  };

  it('a family of 8, and an office making two bookings of 8 behind one address, hold their seats', async () => {
    const office = '203.0.113.10';
    const family = browserAt(office);
    expect((await family.hold(await family.book(8))).status).toBe(200);
    const colleague = browserAt(office);
    expect((await colleague.hold(await colleague.book(8))).status).toBe(200);
    expect(await seatsLeft(t.db)).toBe(40 - 16);
  });

  it('one browser cannot hold every seat: a booking for 20 is not held without a payment, and a second booking waits for the first', async () => {
    const visitor = browserAt('203.0.113.20');
    const big = await visitor.book(20);
    const refused = await visitor.hold(big);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toBe(HOLD_LIMIT_MESSAGES.large(20));
    expect(await seatsLeft(t.db)).toBe(40);
    expect((await visitor.hold(await visitor.book(8))).status).toBe(200);
    const second = await visitor.hold(await visitor.book(4));
    expect(second.status).toBe(429);
    expect((await second.json()).error.message).toBe(HOLD_LIMIT_MESSAGES.browser(8));
    expect(await seatsLeft(t.db)).toBe(32);
  });

  it('one address cannot hold every seat with many browsers (cookies thrown away)', async () => {
    const address = '203.0.113.30';
    let held = 0;
    let refusal: Response | null = null;
    for (let i = 0; i < 6 && !refusal; i++) {
      const browser = browserAt(address);
      const res = await browser.hold(await browser.book(8));
      if (res.status === 200) held += 8;
      else refusal = res;
    }
    expect(held).toBe(16);
    expect(refusal?.status).toBe(429);
    expect((await refusal!.json()).error.message).toBe(HOLD_LIMIT_MESSAGES.address(16));
    expect(await seatsLeft(t.db)).toBe(40 - HOLD_LIMITS.perAddress + 4);
    // Another address is not held back by it.
    const other = browserAt('203.0.113.31');
    expect((await other.hold(await other.book(8))).status).toBe(200);
  });

  it('a reload renews a live hold without moving its deadline, and seats lapsed again and again are not taken again', async () => {
    const visitor = browserAt('203.0.113.40');
    const id = await visitor.book(2);
    const first = (await (await visitor.hold(id)).json()) as { expiresAt: string };
    const reload = (await (await visitor.hold(id)).json()) as { expiresAt: string };
    expect(reload.expiresAt).toBe(first.expiresAt);
    const lapse = () =>
      t.db
        .updateTable('seatHolds')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('bookingId', '=', id)
        .execute();
    // Three lapses and three fresh holds (four in all) are allowed; the next fresh one is not.
    for (let i = 0; i < 3; i++) {
      await lapse();
      expect((await visitor.hold(id)).status).toBe(200);
    }
    await lapse();
    const again = await visitor.hold(id);
    expect(again.status).toBe(429);
    expect((await again.json()).error.message).toBe(HOLD_LIMIT_MESSAGES.again);
  });

  it('one address cannot make bookings by the thousand: the 41st in ten minutes gets 429 and writes nothing', async () => {
    const script = browserAt('203.0.113.50');
    for (let i = 0; i < 40; i++) expect((await script.send('/bookings', jsonRequest('POST', validBooking()))).status).toBe(201);
    const travellersBefore = (await t.db.selectFrom('travelers').select('id').execute()).length;
    const refused = await script.send('/bookings', jsonRequest('POST', validBooking()));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await t.db.selectFrom('bookings').select('id').execute()).length).toBe(40);
    expect((await t.db.selectFrom('travelers').select('id').execute()).length).toBe(travellersBefore);
    expect((await browserAt('203.0.113.51').send('/bookings', jsonRequest('POST', validBooking()))).status).toBe(201);
  });
});
