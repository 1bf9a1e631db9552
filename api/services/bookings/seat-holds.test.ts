import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_SEATS_MESSAGE } from '#shared/rules/seats.ts';
import { CreateBookingSchema } from '#shared/schemas/bookings.ts';
import { dialects, type TestDatabase } from '../../../tests/support/databases.ts';
import { createBooking } from './bookings.ts';
import { confirmHolds, holdSeats, releaseExpiredHolds } from './seat-holds.ts';
import { createTestApi, jsonRequest, passengerFields, validBooking, openBookingApi, type TestApi } from '../../../tests/support/booking-fixtures.ts';

const WORKER = fileURLToPath(new URL('./seat-holds.stress-worker.ts', import.meta.url));

describe.each(dialects)('seat holds on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    ({ t, api } = await openBookingApi(dialect));
  });
  afterEach(async () => t.drop());

  /** Seats left on every resource the fixture booking uses. */
  const seats = async () => ({
    period: (await t.db.selectFrom('periods').select('bookableAvailability').where('id', '=', 'p1').executeTakeFirstOrThrow()).bookableAvailability,
    flight: (await t.db.selectFrom('flights').select('bookableAvailability').where('id', '=', 'f3').executeTakeFirstOrThrow()).bookableAvailability,
    room: (await t.db.selectFrom('reservationModes').select('availability').where('id', '=', 'rm1').executeTakeFirstOrThrow()).availability,
    activity: (await t.db.selectFrom('optionalActivities').select('bookableAvailability').where('id', '=', 'oa1').executeTakeFirstOrThrow())
      .bookableAvailability,
  });
  const initial = { period: 10, flight: 4, room: 5, activity: 3 };

  /** 2 adults in one double room, one with ACT1 and one with the pack of ACT1, a child; flight f3. */
  async function customisedBooking(): Promise<string> {
    const { id } = await (await api.request('/bookings', jsonRequest('POST', validBooking()))).json();
    const { travellers } = await (await api.request(`/bookings/${id}`)).json();
    const res = await api.request(
      `/bookings/${id}`,
      jsonRequest('PATCH', {
        flightId: 'f3',
        travellers: [
          { id: travellers[0].id, reservationMode: 'DBL', optionalActivities: ['ACT1'] },
          { id: travellers[1].id, reservationMode: 'DBL', optionalActivities: ['PACK'] },
          { id: travellers[2].id, optionalActivities: ['SEG'] },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect((await api.request(`/bookings/${id}`, jsonRequest('PATCH', { travellers: passengerFields(travellers) }))).status).toBe(200);
    return id;
  }
  const hold = (id: string) => api.request(`/bookings/${id}/hold`, { method: 'POST' });
  const liveHolds = async () => (await t.db.selectFrom('seatHolds').selectAll().where('releasedAt', 'is', null).execute()).length;

  it('the pay step holds the period, flight, room and activity seats and says until when', async () => {
    const id = await customisedBooking();
    const before = Date.now();
    const res = await hold(id);
    expect(res.status).toBe(200);
    const { expiresAt } = await res.json();
    expect(Date.parse(expiresAt) - before).toBeGreaterThanOrEqual(20 * 60_000 - 1_000);
    // 3 travellers; 3 on the flight; two adults share one double; ACT1 directly and through the pack.
    expect(await seats()).toEqual({ period: 7, flight: 1, room: 4, activity: 1 });
    expect((await (await api.request(`/bookings/${id}`)).json()).holdExpiresAt).toBe(expiresAt);
  });

  it('holding again replaces the earlier holds instead of taking seats twice', async () => {
    const id = await customisedBooking();
    await hold(id);
    const holds = await liveHolds();
    expect((await hold(id)).status).toBe(200);
    expect(await seats()).toEqual({ period: 7, flight: 1, room: 4, activity: 1 });
    expect(await liveHolds()).toBe(holds);
  });

  it('any shortfall answers 409 naming what ran out, and takes nothing at all', async () => {
    const id = await customisedBooking();
    await t.db.updateTable('optionalActivities').set({ bookableAvailability: 1 }).where('id', '=', 'oa1').execute();
    const res = await hold(id);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('Ya no quedan plazas suficientes en «Ceremonia del té». Quítala a algún viajero o elige otra actividad.');
    expect(await seats()).toEqual({ ...initial, activity: 1 });
    expect(await liveHolds()).toBe(0);
  });

  it('expired holds give their seats back, once, even with two sweepers at the same time', async () => {
    const id = await customisedBooking();
    const past = new Date(Date.now() - 30 * 60_000);
    await holdSeats(t.db, id, { minutes: 20, now: past });
    expect(await seats()).toEqual({ period: 7, flight: 1, room: 4, activity: 1 });
    const holds = await liveHolds();
    const [a, b] = await Promise.all([releaseExpiredHolds(t.db), releaseExpiredHolds(t.db)]);
    expect(a + b).toBe(holds);
    expect(await seats()).toEqual(initial);
    expect(await releaseExpiredHolds(t.db)).toBe(0);
    expect(await seats()).toEqual(initial);
    expect((await (await api.request(`/bookings/${id}`)).json()).holdExpiresAt).toBeNull();
  });

  it('holds not yet expired stay', async () => {
    const id = await customisedBooking();
    await hold(id);
    expect(await releaseExpiredHolds(t.db)).toBe(0);
    expect((await seats()).period).toBe(7);
  });

  it('changing the booking gives held seats back', async () => {
    const id = await customisedBooking();
    await hold(id);
    expect((await api.request(`/bookings/${id}`, jsonRequest('PATCH', { flightId: 'f1' }))).status).toBe(200);
    expect(await seats()).toEqual(initial);
  });

  it('confirmed holds keep their seats past expiry; confirming after expiry takes them again', async () => {
    const id = await customisedBooking();
    await holdSeats(t.db, id, { minutes: 20, now: new Date(Date.now() - 30 * 60_000) });
    await t.db.transaction().execute((trx) => confirmHolds(trx, id, new Date()));
    expect(await releaseExpiredHolds(t.db)).toBe(0);
    expect(await seats()).toEqual({ period: 7, flight: 1, room: 4, activity: 1 });

    // Period seats only: the first booking keeps the flight's and the activity's last ones.
    const { id: late } = await (await api.request('/bookings', jsonRequest('POST', validBooking()))).json();
    await holdSeats(t.db, late, { minutes: 20, now: new Date(Date.now() - 30 * 60_000) });
    await releaseExpiredHolds(t.db);
    await t.db.transaction().execute((trx) => confirmHolds(trx, late, new Date()));
    expect((await seats()).period).toBe(4);
    await t.db.transaction().execute((trx) => confirmHolds(trx, late, new Date()));
    expect((await seats()).period).toBe(4);
  });

  it('the seats a hold takes count at once for the next booking, and a staff change for the next hold', async () => {
    // The offer's rows are kept across holds (they only move seats); its seat counts are not. Three
    // families, each in its own browser (one browser holds at most 10 seats unpaid: hold-limits.ts).
    const create = () => api.request('/bookings', jsonRequest('POST', validBooking()));
    for (const left of [7, 4, 1]) {
      const family = createTestApi(t.db, t.url);
      const res = await family.request('/bookings', jsonRequest('POST', validBooking()));
      expect(res.status).toBe(201);
      const { id } = await res.json();
      const { travellers } = await (await family.request(`/bookings/${id}`)).json();
      expect((await family.request(`/bookings/${id}`, jsonRequest('PATCH', { travellers: passengerFields(travellers) }))).status).toBe(200);
      expect((await family.request(`/bookings/${id}/hold`, { method: 'POST' })).status).toBe(200);
      expect((await seats()).period).toBe(left);
    }
    const refused = await create();
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(NO_SEATS_MESSAGE);

    // Staff give the departure more seats and take the flight's room away: the next hold sees both.
    await t.db.updateTable('periods').set({ bookableAvailability: 10 }).where('id', '=', 'p1').execute();
    const id = await customisedBooking();
    await t.db.updateTable('reservationModes').set({ deleted: 1 }).where('id', '=', 'rm1').execute();
    expect((await hold(id)).status).toBe(200);
    expect((await seats()).room).toBe(initial.room);
    expect((await seats()).period).toBe(7);
  });

  it('a booking that is no longer in progress cannot hold seats', async () => {
    const id = await customisedBooking();
    await t.db.updateTable('bookings').set({ status: 'CANCELED' }).where('id', '=', id).execute();
    expect((await hold(id)).status).toBe(404);
    await expect(holdSeats(t.db, id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('several processes racing for the last seats: exactly the available number succeed', async () => {
    const SEATS = 5;
    const PROCESSES = 6;
    const PER_PROCESS = 3;
    await t.db
      .updateTable('periods')
      .set({ bookableAvailability: SEATS + PROCESSES * PER_PROCESS })
      .where('id', '=', 'p1')
      .execute();
    const ids: string[] = [];
    for (let i = 0; i < PROCESSES * PER_PROCESS; i++) {
      const request = CreateBookingSchema.parse(
        validBooking({ adults: 1, children: 0, lead: { name: `Viajero ${i}`, email: `v${i}@viajes.es`, phone: '600123456' } }),
      );
      ids.push((await createBooking(t.db, { request, by: null, now: new Date() })).id);
    }
    await t.db.updateTable('periods').set({ bookableAvailability: SEATS }).where('id', '=', 'p1').execute();

    const workers = Array.from({ length: PROCESSES }, (_, w) =>
      fork(WORKER, [t.url, ...ids.slice(w * PER_PROCESS, (w + 1) * PER_PROCESS)], { execPath: process.execPath, execArgv: [], stdio: 'inherit' }),
    );
    const ready = workers.map((worker) => new Promise<void>((resolve) => worker.once('message', () => resolve())));
    const results = workers.map(
      (worker) =>
        new Promise<string[]>((resolve, reject) => {
          worker.on('message', (message) => Array.isArray(message) && resolve(message as string[]));
          worker.once('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
        }),
    );
    await Promise.all(ready);
    for (const worker of workers) worker.send('go');
    const outcomes = (await Promise.all(results)).flat();

    expect(outcomes.filter((o) => o.startsWith('error'))).toEqual([]);
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(SEATS);
    expect(outcomes.filter((o) => o === 'full')).toHaveLength(PROCESSES * PER_PROCESS - SEATS);
    expect((await seats()).period).toBe(0);
    const held = await t.db.selectFrom('seatHolds').select(['bookingId', 'quantity']).where('resourceType', '=', 'period').execute();
    expect(held.reduce((sum, h) => sum + h.quantity, 0)).toBe(SEATS);
  });
});
