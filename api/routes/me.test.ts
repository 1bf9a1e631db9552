import { givePoints } from '../../tests/support/traveler-fixtures.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth-context.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { day, insertDeparture, createTestApi } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createBookingForPayment, pdfText, postNotification, signedNotification, startPaymentRequest } from '../../tests/support/payment-fixtures.ts';

describe.each(portableDialects)('/api/me trips on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
  });
  afterEach(async () => t.drop());

  const apiOf = () => createTestApi(t.db, t.url);
  const get = async (auth: AuthContext | null, path: string) => {
    const res = await apiOf().request(`/me${path}`, { headers: auth ? { 'x-test-auth': JSON.stringify(auth) } : {} });
    const bytes = Buffer.from(await res.arrayBuffer());
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    const body = (res.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString()) : null) as Record<string, any>;
    return { status: res.status, bytes, type: res.headers.get('content-type'), body };
  };
  const post = async (auth: AuthContext | null, path: string, body: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', origin: 'http://localhost' };
    if (auth) headers['x-test-auth'] = JSON.stringify(auth);
    const res = await apiOf().request(`/me${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  /** A booking of the owner paid in part by card: CONFIRMED, something still owed. */
  const paidInPart = async () => {
    const api = apiOf();
    const { id, owner } = await createBookingForPayment(api, t.db);
    // The owner's account, as the record of what they change names it.
    const stamp = '2026-01-01T00:00:00.000Z';
    await t.db
      .insertInto('users')
      .values({
        id: owner.userId,
        email: owner.email,
        passwordHash: null,
        emailVerifiedAt: stamp,
        travelerId: owner.travelerId,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    expect((await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' })).res.status).toBe(201);
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    expect((await postNotification(api, signedNotification(testConfig({}), { order: payment.orderNumber, amountCents: payment.amountCents }))).status).toBe(
      200,
    );
    return { id, owner, payment };
  };

  it('lists the traveller’s own trips, upcoming and past, with what is paid and owed', async () => {
    const { id, owner, payment } = await paidInPart();
    expect((await get(null, '/trips')).status).toBe(401);
    const mine = await get(owner, '/trips');
    expect(mine.status).toBe(200);
    expect(mine.body.past).toEqual([]);
    expect(mine.body.upcoming).toEqual([
      expect.objectContaining({
        id,
        status: 'CONFIRMED',
        tourName: 'Japón esencial',
        tourSlug: 'japon-esencial',
        travellers: 3,
        paidCents: payment.amountCents,
      }),
    ]);
    const [trip] = mine.body.upcoming;
    expect(trip.dueCents).toBe(trip.priceCents - payment.amountCents);
    expect(trip.dueCents).toBeGreaterThan(0);
    // Someone else's account sees none of it; an account with no traveller sees an empty list.
    expect((await get(CALLERS.traveler as AuthContext, '/trips')).body).toEqual({ upcoming: [], past: [] });
    expect((await get(CALLERS.admin as AuthContext, '/trips')).body).toEqual({ upcoming: [], past: [] });
  });

  it('shows one trip in full with its receipts, voucher, documentation and pay link, and 404 to anyone else', async () => {
    const { id, owner } = await paidInPart();
    const detail = await get(owner, `/trips/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.travellers).toHaveLength(3);
    expect(detail.body.payments).toHaveLength(1);
    expect(detail.body.payUrl).toMatch(new RegExp(`^/paga-tu-reserva/${id}/`));
    expect(detail.body.voucherUrl).toBe(`/api/me/trips/${id}/voucher.pdf`);
    expect(detail.body.itinerary).toEqual([]);
    // The tour's active itinerary, day by day, once it has one.
    await t.db.insertInto('itineraries').values({ id: 'it1', tourId: 't1', name: 'Ruta', status: 'ACTIVE' }).execute();
    await t.db
      .insertInto('itineraryDays')
      .values([
        { id: 'd2', itineraryId: 'it1', rank: 2, title: 'Kioto', description: null, city: 'Kioto' },
        { id: 'd1', itineraryId: 'it1', rank: 1, title: 'Llegada a Tokio', description: null, city: 'Tokio' },
      ])
      .execute();
    expect((await get(owner, `/trips/${id}`)).body.itinerary).toEqual([
      { rank: 1, title: 'Llegada a Tokio', city: 'Tokio' },
      { rank: 2, title: 'Kioto', city: 'Kioto' },
    ]);
    // The mails the booking sent: the voucher and the pre-booking's receipt, queued together when the 1 € was confirmed.
    expect(detail.body.mails.map((m: { subject: string }) => m.subject).sort()).toEqual([
      expect.stringMatching(/^Reserva confirmada/),
      expect.stringMatching(/^Tu prerreserva está confirmada/),
    ]);

    const voucher = await get(owner, `/trips/${id}/voucher.pdf`);
    expect(voucher.type).toBe('application/pdf');
    expect(pdfText(voucher.bytes)).toContain('Bono de reserva');
    const documentation = await get(owner, `/trips/${id}/documentation.pdf`);
    expect(pdfText(documentation.bytes)).toContain('Documentación del viaje');

    const other = CALLERS.traveler as AuthContext;
    for (const path of [`/trips/${id}`, `/trips/${id}/voucher.pdf`, `/trips/${id}/documentation.pdf`, `/trips/${id}/documents?key=x`, '/trips/no-existe']) {
      const res = await get(other, path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.message).toBe('No encontramos ese viaje entre los tuyos.');
    }
    expect((await get(null, `/trips/${id}`)).status).toBe(401);
  });

  it('leaves a booking still in the funnel out of the trips (it is a budget) and answers 404 for it', async () => {
    const { id, owner } = await createBookingForPayment(apiOf(), t.db);
    expect((await get(owner, '/trips')).body).toEqual({ upcoming: [], past: [] });
    expect((await get(owner, `/trips/${id}`)).status).toBe(404);
  });

  it('sums up the profile: points and their worth, the next trip, and what is pending', async () => {
    const { id, owner } = await paidInPart();
    expect((await get(null, '/summary')).status).toBe(401);
    await givePoints(t.db, owner.travelerId as string, 1_250);
    const summary = await get(owner, '/summary');
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ points: 1_250, pointsValueCents: 1_200, nextTrip: { id } });
    // The points' history, from the ledger: the compensation just given (issue 31).
    expect(summary.body.pointsMovements).toEqual([expect.objectContaining({ type: 'CREDIT', amount: 1_250, status: 'COMPENSATION', bookingId: null })]);
    expect((await get(owner, '/badge')).body).toEqual({ points: 1_250 });
    expect((await get(null, '/badge')).status).toBe(401);
    // Paid in part: the balance is pending, with its amount.
    expect(summary.body.pending).toEqual([expect.objectContaining({ kind: 'balance', bookingId: id, tourName: 'Japón esencial' })]);
    expect(summary.body.pending[0].amountCents).toBeGreaterThan(0);
    // A passenger's document removed: the data is pending too.
    const row = await t.db.selectFrom('bookings').select('travelersStringify').where('id', '=', id).executeTakeFirstOrThrow();
    const travellers = JSON.parse(row.travelersStringify) as { reservation_fields: Record<string, string> }[];
    delete travellers[1]!.reservation_fields['national_id'];
    await t.db
      .updateTable('bookings')
      .set({ travelersStringify: JSON.stringify(travellers) })
      .where('id', '=', id)
      .execute();
    expect((await get(owner, '/summary')).body.pending.map((p: { kind: string }) => p.kind)).toEqual(['balance', 'passengers']);
    // Another traveller has nothing of it.
    expect((await get(CALLERS.traveler as AuthContext, '/summary')).body).toMatchObject({ nextTrip: null, pending: [] });
  });

  it('lets the holder complete a missing passenger field before departure, checked as the funnel checks it, once per press', async () => {
    const { id, owner } = await paidInPart();
    const row = await t.db.selectFrom('bookings').select('travelersStringify').where('id', '=', id).executeTakeFirstOrThrow();
    const stored = JSON.parse(row.travelersStringify) as { reservation_fields: Record<string, string> }[];
    delete stored[1]!.reservation_fields['national_id'];
    await t.db
      .updateTable('bookings')
      .set({ travelersStringify: JSON.stringify(stored) })
      .where('id', '=', id)
      .execute();

    const detail = (await get(owner, `/trips/${id}`)).body;
    expect(detail.changeBlocker).toBeNull();
    const second = detail.travellers[1];
    expect(second.missing).toEqual({ national_id: expect.stringMatching(/DNI/) });
    expect(detail.travellers[0].missing).toEqual({});
    const edit = (requestId: string, fields: Record<string, string>, expectedUpdatedAt = detail.updatedAt) =>
      post(owner, `/trips/${id}/traveller`, { requestId, expectedUpdatedAt, travellerId: second.id, fields });

    const bad = await edit('press-pax-00', { national_id: '12345678A' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields)).toEqual(['fields.national_id']);
    const [one, two] = await Promise.all([edit('press-pax-01', { national_id: '87654321X' }), edit('press-pax-01', { national_id: '87654321X' })]);
    expect([one.body.applied, two.body.applied].sort()).toEqual([false, true]);
    const done = (await get(owner, `/trips/${id}`)).body;
    expect(done.travellers[1]).toMatchObject({ fields: { national_id: '87654321X' }, missing: {} });
    expect((await get(owner, '/summary')).body.pending.map((p: { kind: string }) => p.kind)).toEqual(['balance']);
    // Sent from a page loaded before that change: refused, nothing overwritten.
    expect((await edit('press-pax-02', { national_id: '11111111H' })).status).toBe(409);
    const records = await t.db.selectFrom('staffActions').select(['action', 'actorEmail']).where('entityId', '=', id).execute();
    expect(records).toEqual([{ action: 'edit-traveller', actorEmail: owner.email }]);

    // Someone else: as if it did not exist. After departure: the office, not the page.
    const other = await post(CALLERS.traveler as AuthContext, `/trips/${id}/traveller`, {
      requestId: 'press-pax-03',
      expectedUpdatedAt: done.updatedAt,
      travellerId: second.id,
      fields: { national_id: '11111111H' },
    });
    expect(other.status).toBe(404);
    await t.db
      .updateTable('periods')
      .set({ dayOne: day(-2), returnDate: day(5) })
      .where('id', '=', 'p1')
      .execute();
    const started = await get(owner, `/trips/${id}`);
    expect(started.body.changeBlocker).toBe('El viaje ya ha empezado: para cualquier cambio, escríbenos.');
    expect(started.body.activityOptions).toEqual([]);
    const late = await edit('press-pax-04', { national_id: '11111111H' }, started.body.updatedAt);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('El viaje ya ha empezado: para cualquier cambio, escríbenos.');
  });

  it('lets the holder add an optional activity priced as it will be charged, and what it costs becomes due on the pay link', async () => {
    const { id, owner } = await paidInPart();
    const before = (await get(owner, `/trips/${id}`)).body;
    const tea = before.activityOptions.find((a: { activityId: string }) => a.activityId === 'ACT1');
    expect(tea).toMatchObject({ name: 'Ceremonia del té', left: 3 });
    const [ana, luis] = before.travellers;
    // 40 € for each adult, as the funnel prices it.
    expect(tea.prices).toEqual(
      expect.arrayContaining([
        { travellerId: ana.id, amountCents: 4_000 },
        { travellerId: luis.id, amountCents: 4_000 },
      ]),
    );
    const add = (requestId: string, travellerIds: string[], expectedUpdatedAt = before.updatedAt) =>
      post(owner, `/trips/${id}/activity`, { requestId, expectedUpdatedAt, activityId: 'ACT1', travellerIds });
    const [one, two] = await Promise.all([add('press-own-01', [ana.id, luis.id]), add('press-own-01', [ana.id, luis.id])]);
    expect([one.body.applied, two.body.applied].sort()).toEqual([false, true]);
    const after = (await get(owner, `/trips/${id}`)).body;
    expect(after.trip.priceCents).toBe(before.trip.priceCents + 8_000);
    expect(after.trip.dueCents).toBe(before.trip.dueCents + 8_000);
    expect(after.payUrl).toMatch(new RegExp(`^/paga-tu-reserva/${id}/`));
    expect(after.travellers[0].services.join(' ')).toContain('Ceremonia del té');
    // Those who have it are no longer offered it.
    const again = after.activityOptions.find((a: { activityId: string }) => a.activityId === 'ACT1');
    expect(again?.prices.map((p: { travellerId: string }) => p.travellerId) ?? []).not.toContain(ana.id);
    const seats = await t.db.selectFrom('optionalActivities').select('bookableAvailability').where('id', '=', 'oa1').executeTakeFirstOrThrow();
    expect(seats.bookableAvailability).toBe(1);
    expect(
      (
        await post(CALLERS.traveler as AuthContext, `/trips/${id}/activity`, {
          requestId: 'press-own-02',
          expectedUpdatedAt: after.updatedAt,
          activityId: 'ACT1',
          travellerIds: [before.travellers[2].id],
        })
      ).status,
    ).toBe(404);
  });

  it('tells a passenger who does not hold the booking that only the holder can change it', async () => {
    const { id, owner } = await paidInPart();
    const luis = CALLERS.otherTraveler as AuthContext;
    // Luis travels on Ana's booking (he is one of its passengers), so it is one of his trips too.
    await t.db
      .insertInto('bookingTravelers')
      .values({ id: 'bt-luis', bookingId: id, travelerId: luis.travelerId as string, email: luis.email, dni: null })
      .execute();
    const seen = await get(luis, `/trips/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.changeBlocker).toBe('Solo quien hizo la reserva puede cambiarla. Pídeselo a esa persona o escríbenos.');
    expect(seen.body.activityOptions).toEqual([]);
    const refused = await post(luis, `/trips/${id}/activity`, {
      requestId: 'press-luis-01',
      expectedUpdatedAt: seen.body.updatedAt,
      activityId: 'ACT1',
      travellerIds: [seen.body.travellers[0].id],
    });
    expect(refused.status).toBe(409);
    expect((await get(owner, `/trips/${id}`)).body.changeBlocker).toBeNull();
  });
});
