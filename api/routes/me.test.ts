import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../app.ts';
import type { AuthContext } from '../auth-context.ts';
import { loadConfig } from '../config.ts';
import { insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createBookingForPayment, pdfText, postNotification, signedNotification, startPaymentRequest } from '../../tests/support/payment-fixtures.ts';

describe.each(dialects)('/api/me trips on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
  });
  afterEach(async () => t.drop());

  const apiOf = () =>
    createApi({
      db: t.db,
      config: { ...loadConfig({}), databaseUrl: t.url },
      resolveAuth: (c) => {
        const header = c.req.header('x-test-auth');
        return header ? (JSON.parse(header) as AuthContext) : null;
      },
    });
  const get = async (auth: AuthContext | null, path: string) => {
    const res = await apiOf().request(`/me${path}`, { headers: auth ? { 'x-test-auth': JSON.stringify(auth) } : {} });
    const bytes = Buffer.from(await res.arrayBuffer());
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    const body = (res.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString()) : null) as Record<string, any>;
    return { status: res.status, bytes, type: res.headers.get('content-type'), body };
  };
  /** A booking of the owner paid in part by card: CONFIRMED, something still owed. */
  const paidInPart = async () => {
    const api = apiOf();
    const { id, owner } = await createBookingForPayment(api, t.db);
    expect((await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' })).res.status).toBe(201);
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    expect((await postNotification(api, signedNotification(loadConfig({}), { order: payment.orderNumber, amountCents: payment.amountCents }))).status).toBe(
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
    expect((await get(CALLERS.traveller as AuthContext, '/trips')).body).toEqual({ upcoming: [], past: [] });
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

    const voucher = await get(owner, `/trips/${id}/voucher.pdf`);
    expect(voucher.type).toBe('application/pdf');
    expect(pdfText(voucher.bytes)).toContain('Bono de reserva');
    const documentation = await get(owner, `/trips/${id}/documentation.pdf`);
    expect(pdfText(documentation.bytes)).toContain('Documentación del viaje');

    const other = CALLERS.traveller as AuthContext;
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
    await t.db
      .updateTable('travelers')
      .set({ accumulatedReward: 1_250 })
      .where('id', '=', owner.travelerId as string)
      .execute();
    const summary = await get(owner, '/summary');
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ points: 1_250, pointsValueCents: 1_200, nextTrip: { id } });
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
    expect((await get(CALLERS.traveller as AuthContext, '/summary')).body).toMatchObject({ nextTrip: null, pending: [] });
  });
});
