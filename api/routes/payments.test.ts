import { givePoints } from '../../tests/support/traveler-fixtures.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables.ts';
import type { AuthContext } from '../auth-context.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createTestApi, day, insertDeparture, jsonRequest, countRows, seatsLeft as seatsLeftOn, type TestApi } from '../../tests/support/booking-fixtures.ts';
import { createBookingForPayment, redirectParams, startPaymentRequest } from '../../tests/support/payment-fixtures.ts';

const admin: AuthContext = { userId: 'u-admin', email: 'admin@example.es', travelerId: null, groups: ['drAdmin'] };
const stranger: AuthContext = { userId: 'u-other', email: 'otro@example.es', travelerId: 'someone-else', groups: [] };
const config = testConfig({});
const asAuth = (auth?: AuthContext): RequestInit => (auth ? { headers: { 'x-test-auth': JSON.stringify(auth) } } : {});

// The booking of every test: 2 adults and 1 child on p1, no flight.
// 2 × (1.000 + 150,50) + (800 + 150,50) − 3 × 100 campaign = 2.951,50 → 2.952 €.
const TOTAL = 295_200;

describe.each(portableDialects)('/api/payments: options and start on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
  });
  afterEach(async () => t.drop());

  const options = async (id: string, auth?: AuthContext) => {
    const res = await api.request(`/payments/booking/${id}`, asAuth(auth));
    expect(res.status).toBe(200);
    return res.json();
  };
  const count = (table: keyof Database) => countRows(t.db, table);
  const seatsLeft = () => seatsLeftOn(t.db);
  const setDeadlines = (id: string, deadlines: { date: string; amountCents: number }[]) =>
    t.db
      .updateTable('bookings')
      .set({ deadlinesStringify: JSON.stringify(deadlines) })
      .where('id', '=', id)
      .execute();

  describe('GET /booking/:id (amounts due now)', () => {
    it('asks 1 € to book a departure more than 30 days away without a pre-booked fare', async () => {
      await insertDeparture(t.db);
      const { id } = await createBookingForPayment(api, t.db);
      const body = await options(id);
      expect(body).toMatchObject({
        bookingId: id,
        status: 'IN_PROGRESS',
        tkId: null,
        tour: { name: 'Japón esencial', slug: 'japon-esencial' },
        period: { dayOne: day(60), returnDate: day(69), numberOfDays: 10 },
        travellerCount: 3,
        paidCents: 0,
        dueNowCents: 100,
        remainingCents: TOTAL,
        points: null,
        holdExpiresAt: null,
        methods: ['card', 'bizum', 'transfer'],
        payments: [],
      });
      expect(body.quote.totalCents).toBe(TOTAL);
      expect(body.dueNowExplanation).toBe('Reserva tu plaza con 1 €: la salida es dentro de más de 30 días. El resto, en los plazos de tu reserva.');
    });

    it('asks the pre-booked fare times the travellers when the flights step pre-booked one', async () => {
      await insertDeparture(t.db);
      const { id } = await createBookingForPayment(api, t.db);
      await t.db
        .insertInto('cockpitPreBookings')
        .values({ id: 'pb1', bookingId: id, fareCents: 12_345, fareId: 'FARE-1', createdAt: new Date().toISOString() })
        .execute();
      const body = await options(id);
      // 123,45 € × 3 travellers = 370,35 €, rounded up to the euro.
      expect(body.dueNowCents).toBe(37_100);
      expect(body.dueNowExplanation).toBe(
        'Para reservar pagas ahora la tarifa aérea que hemos bloqueado: 123,45 € × 3 viajeros, redondeado al euro = 371 €. El resto, en los plazos de tu reserva.',
      );
    });

    it('asks the deadlines already passed when the departure is 30 days away or less', async () => {
      await insertDeparture(t.db, { dayOne: day(20) });
      const { id } = await createBookingForPayment(api, t.db);
      await setDeadlines(id, [
        { date: day(5), amountCents: 100_000 },
        { date: day(-2), amountCents: 50_000 },
        { date: day(-1), amountCents: 30_000 },
      ]);
      const body = await options(id);
      expect(body.dueNowCents).toBe(80_000);
      expect(body.dueNowExplanation).toBe('Ahora toca pagar los 2 plazos ya vencidos: 800 €.');
    });

    it('asks the first deadline when none has passed', async () => {
      await insertDeparture(t.db, { dayOne: day(20) });
      const { id } = await createBookingForPayment(api, t.db);
      await setDeadlines(id, [
        { date: day(10), amountCents: 70_000 },
        { date: day(3), amountCents: 40_000 },
      ]);
      const body = await options(id);
      expect(body.dueNowCents).toBe(40_000);
      expect(body.dueNowExplanation).toContain('el primer plazo de tu reserva');
    });

    it('asks everything at once for a booking made inside the balance window, the insurance included', async () => {
      await insertDeparture(t.db, { dayOne: day(20) });
      const { id } = await createBookingForPayment(api, t.db);
      const body = await options(id);
      expect(body.dueNowCents).toBe(body.quote.totalCents);
      expect(body.dueNowExplanation).toContain('(lo que queda por pagar)');
    });

    it('asks 25 % of the total rounded up to the euro plus the insurance without deadlines', async () => {
      await insertDeparture(t.db, { dayOne: day(20) });
      const { id } = await createBookingForPayment(api, t.db);
      // A booking made before schedules were written (docs/decisions/042) has none: the spec's fallback.
      const clearDeadlines = () => t.db.updateTable('bookings').set({ deadlinesStringify: '[]' }).where('id', '=', id).execute();
      await clearDeadlines();
      const state = await (await api.request(`/bookings/${id}`)).json();
      const [a1, a2] = state.travellers.map((x: { id: string }) => x.id);
      const patched = await api.request(
        `/bookings/${id}`,
        jsonRequest('PATCH', {
          travellers: [
            { id: a1, optionalActivities: ['SEG'] },
            { id: a2, optionalActivities: ['SEG'] },
          ],
        }),
      );
      expect(patched.status).toBe(200);
      await clearDeadlines();
      const body = await options(id);
      // 2.951,50 + 2 × 25 insurance = 3.001,50 → 3.002 €; 25 % = 750,50 → 751 €; + 50 € insurance = 801 €.
      expect(body.quote).toMatchObject({ totalCents: 300_200, insuranceCents: 5_000 });
      expect(body.dueNowCents).toBe(80_100);
      expect(body.dueNowExplanation).toBe(
        'Ahora pagas el 25 % del total, redondeado al euro (751 €), más el seguro (50 €): 801 €. El resto, antes de la salida.',
      );
    });

    it('shows a signed-in traveller their points and the most they may take off', async () => {
      await insertDeparture(t.db);
      const { id, owner } = await createBookingForPayment(api, t.db);
      await givePoints(t.db, owner.travelerId!, 50_000);
      // 500 € of points, capped at 10 % of 2.952 € = 295,20 → 295 €.
      expect((await options(id, owner)).points).toEqual({ balance: 50_000, maxDiscountCents: 29_500 });
      expect((await options(id, { ...owner, travelerId: null })).points).toBeNull();
    });

    it('shows a confirmed booking only to its owner and admins', async () => {
      await insertDeparture(t.db);
      const { id, owner } = await createBookingForPayment(api, t.db);
      await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', id).execute();
      expect((await api.request(`/payments/booking/${id}`)).status).toBe(404);
      expect((await api.request(`/payments/booking/${id}`, asAuth(stranger))).status).toBe(404);
      expect((await api.request(`/payments/booking/${id}`, asAuth(owner))).status).toBe(200);
      expect((await api.request(`/payments/booking/${id}`, asAuth(admin))).status).toBe(200);
    });

    it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000'])('answers 404 for %s', async (id) => {
      const res = await api.request(`/payments/booking/${id}`);
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe('No encontramos esa reserva.');
    });
  });

  describe('POST /booking/:id', () => {
    beforeEach(async () => insertDeparture(t.db));

    it('starts a card payment: reprices, holds the seats and answers the signed Redsys form', async () => {
      const { id } = await createBookingForPayment(api, t.db);
      const { res, body } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' });
      expect(res.status).toBe(201);
      expect(body).toMatchObject({ method: 'card', amountCents: 100, redirect: { url: '/api/payments/sandbox/realizarPago' } });
      expect(body.redirect.fields.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');
      const payment = await t.db.selectFrom('payments').selectAll().executeTakeFirstOrThrow();
      expect(payment).toMatchObject({
        id: body.paymentId,
        bookingId: id,
        status: 'PENDING',
        paymentMethod: 'card',
        amountCents: 100,
        paymentOrigin: 'WEB',
        type: 'PARCIAL',
        expiresAt: body.holdExpiresAt,
      });
      expect(payment.orderNumber).toMatch(/^\d{4}[0-9A-Za-z]{8}$/);
      expect(redirectParams(body.redirect.fields)).toMatchObject({
        DS_MERCHANT_ORDER: payment.orderNumber,
        DS_MERCHANT_AMOUNT: '100',
        DS_MERCHANT_CURRENCY: '978',
        DS_MERCHANT_TRANSACTIONTYPE: '0',
        DS_MERCHANT_MERCHANTCODE: '999008881',
        DS_MERCHANT_TERMINAL: '1',
        DS_MERCHANT_PAYMETHODS: 'C',
        DS_MERCHANT_URLOK: `${config.publicUrl}/confirmacion/${body.paymentId}`,
        DS_MERCHANT_URLKO: `${config.publicUrl}/confirmacion/${body.paymentId}`,
        DS_MERCHANT_MERCHANTURL: `${config.publicUrl}/api/payments/redsys/notification`,
      });
      expect(await seatsLeft()).toBe(7);
      const booking = await t.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(booking).toMatchObject({ status: 'IN_PROGRESS', priceCents: TOTAL });
      expect(JSON.parse(booking.quoteStringify!).totalCents).toBe(TOTAL);
      const after = await options(id);
      expect(after.holdExpiresAt).toBe(body.holdExpiresAt);
      expect(after.payments).toEqual([{ id: body.paymentId, amountCents: 100, method: 'card', status: 'PENDING', createdAt: payment.createdAt }]);
    });

    it('starts a Bizum payment for everything owed', async () => {
      const { id } = await createBookingForPayment(api, t.db);
      const { res, body } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method: 'bizum' });
      expect(res.status).toBe(201);
      expect(body).toMatchObject({ method: 'bizum', amountCents: TOTAL });
      expect(redirectParams(body.redirect.fields)).toMatchObject({ DS_MERCHANT_PAYMETHODS: 'z', DS_MERCHANT_AMOUNT: String(TOTAL) });
      expect((await t.db.selectFrom('payments').select('type').executeTakeFirstOrThrow()).type).toBe('TOTAL');
    });

    it('gives a new order number to every attempt and cancels the attempt left open', async () => {
      const { id } = await createBookingForPayment(api, t.db);
      const first = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' });
      const second = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' });
      const rows = await t.db.selectFrom('payments').select(['id', 'status', 'orderNumber']).orderBy('createdAt').execute();
      expect(rows.map((r) => [r.id, r.status])).toEqual(
        expect.arrayContaining([
          [first.body.paymentId, 'CANCELED'],
          [second.body.paymentId, 'PENDING'],
        ]),
      );
      expect(new Set(rows.map((r) => r.orderNumber)).size).toBe(2);
      // Holding again replaced the first hold: the seats are taken once.
      expect(await seatsLeft()).toBe(7);
    });

    it('takes a bank transfer: bank details, the booking waits for it and its seats are held for days', async () => {
      const { id } = await createBookingForPayment(api, t.db);
      const { res, body } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method: 'transfer' });
      expect(res.status).toBe(201);
      const booking = await t.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const payment = await t.db.selectFrom('payments').selectAll().executeTakeFirstOrThrow();
      expect(body).toEqual({
        paymentId: payment.id,
        method: 'transfer',
        amountCents: TOTAL,
        status: 'WAITING_FOR_TRANSFER',
        transfer: {
          iban: config.bankTransfer.iban,
          beneficiary: config.bankTransfer.beneficiary,
          bank: config.bankTransfer.bank,
          reference: `${booking.differentId} ${payment.orderNumber}`,
        },
      });
      expect(payment).toMatchObject({ paymentMethod: 'transfer', status: 'PENDING' });
      expect(booking.status).toBe('WAITING_FOR_TRANSFER');
      expect(booking.transferCancellationDate).toBe(day(3));
      const change = await t.db.selectFrom('bookingStatusChanges').selectAll().where('toStatus', '=', 'WAITING_FOR_TRANSFER').executeTakeFirstOrThrow();
      expect(change).toMatchObject({ fromStatus: 'IN_PROGRESS', reason: expect.stringContaining('transferencia') });
      const hold = await t.db.selectFrom('seatHolds').select('expiresAt').executeTakeFirstOrThrow();
      expect(Date.parse(hold.expiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);
      // The payment page of the transfer shows the same details.
      const result = await (await api.request(`/payments/${payment.id}`)).json();
      expect(result).toMatchObject({
        status: 'PENDING',
        method: 'transfer',
        transfer: body.transfer,
        booking: { status: 'WAITING_FOR_TRANSFER', totalCents: TOTAL, paidCents: 0, remainingCents: TOTAL },
      });
      // The request is mailed with what to transfer, where, with which reference and by when.
      const mails = await t.db.selectFrom('mails').selectAll().where('bookingId', '=', id).execute();
      expect(mails.map((m) => m.type)).toEqual(['PETITON_RESERVA']);
      expect(mails[0]!.subject).toBe(`Hemos recibido tu petición de reserva «Japón esencial» (reserva ${booking.differentId})`);
      for (const fact of [
        config.bankTransfer.iban,
        body.transfer.reference,
        formatEuros(TOTAL),
        'Cuando recibamos la transferencia confirmaremos tu reserva',
      ]) {
        expect(mails[0]!.text).toContain(fact);
      }
    });

    it.each([
      ['terms not accepted', { amount: 'due', method: 'card', acceptTerms: false, acceptPrivacy: true }, 'acceptTerms'],
      ['privacy not accepted', { amount: 'due', method: 'card', acceptTerms: true }, 'acceptPrivacy'],
      ['an unknown method', { amount: 'due', method: 'paypal', acceptTerms: true, acceptPrivacy: true }, 'method'],
      ['an unknown amount', { amount: 'half', method: 'card', acceptTerms: true, acceptPrivacy: true }, 'amount'],
      ['negative points', { amount: 'due', method: 'card', points: -5, acceptTerms: true, acceptPrivacy: true }, 'points'],
      ['a client total', { amount: 'due', method: 'card', amountCents: 1, acceptTerms: true, acceptPrivacy: true }, 'amountCents'],
      ['points without an account', { amount: 'due', method: 'card', points: 100, acceptTerms: true, acceptPrivacy: true }, 'points'],
    ])('refuses %s with a Spanish field message and writes nothing', async (_, input, field) => {
      const { id } = await createBookingForPayment(api, t.db);
      const res = await api.request(`/payments/booking/${id}`, jsonRequest('POST', input));
      expect(res.status).toBe(422);
      expect((await res.json()).error.fields[field]).toMatch(/[a-zá-ú]/i);
      expect(await count('payments')).toBe(0);
      expect(await count('seatHolds')).toBe(0);
      expect(await seatsLeft()).toBe(10);
    });

    it('refuses points with a transfer and more points than the balance', async () => {
      const { id, owner } = await createBookingForPayment(api, t.db);
      await givePoints(t.db, owner.travelerId!, 500);
      const transfer = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method: 'transfer', points: 500 }, owner);
      expect(transfer.res.status).toBe(422);
      const tooMany = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method: 'card', points: 600 }, owner);
      expect(tooMany.res.status).toBe(422);
      expect(tooMany.body.error.fields.points).toBe('Solo tienes 500 puntos.');
      expect(await count('payments')).toBe(0);
    });

    it('refuses a booking whose passengers step is not complete (422, per-field messages)', async () => {
      const { id } = await createBookingForPayment(api, t.db, { passengers: false });
      const { res, body } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' });
      expect(res.status).toBe(422);
      expect(body.error.message).toBe('Completa los datos de los pasajeros antes de pagar.');
      expect(body.error.fields['travellers.0.birthdate']).toBe('Indica la fecha de nacimiento');
      expect(await count('payments')).toBe(0);
      expect(await seatsLeft()).toBe(10);
    });

    it('answers 409 and writes no payment when the seats ran out', async () => {
      const { id } = await createBookingForPayment(api, t.db);
      await t.db.updateTable('periods').set({ bookableAvailability: 2 }).where('id', '=', 'p1').execute();
      const { res, body } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' });
      expect(res.status).toBe(409);
      expect(body.error.message).toBe('Ya no quedan plazas suficientes para esta salida.');
      expect(await count('payments')).toBe(0);
      expect(await seatsLeft()).toBe(2);
    });

    it('does not let a stranger pay a confirmed booking through the booking route (404)', async () => {
      const { id } = await createBookingForPayment(api, t.db);
      await t.db.updateTable('bookings').set({ status: 'CONFIRMED', tkId: 'DR-2026-AAAAAA' }).where('id', '=', id).execute();
      const { res } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' }, stranger);
      expect(res.status).toBe(404);
      expect(await count('payments')).toBe(0);
    });

    it('refuses a canceled booking (409)', async () => {
      const { id, owner } = await createBookingForPayment(api, t.db);
      await t.db.updateTable('bookings').set({ status: 'CANCELED' }).where('id', '=', id).execute();
      const { res } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' }, owner);
      expect(res.status).toBe(409);
      expect(await count('payments')).toBe(0);
    });
  });

  describe('GET /:paymentId', () => {
    // Issue 29, hole 6: with the payment id alone, a stranger read the lead's name and e-mail and the tkId.
    it('answers only the browser that paid, the booking’s traveller and staff; anyone else gets the 404 of no payment', async () => {
      await insertDeparture(t.db);
      const { id, owner } = await createBookingForPayment(api, t.db);
      const { body } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' });
      const path = `/payments/${body.paymentId}`;
      const paid = await api.request(path);
      expect(paid.status).toBe(200);
      expect(await paid.json()).toMatchObject({ paymentId: body.paymentId, booking: { id } });
      for (const res of [await api.fromAnotherBrowser(path), await api.fromAnotherBrowser(path, asAuth(stranger))]) {
        expect(res.status).toBe(404);
        const text = await res.text();
        expect(text).toContain('No encontramos ese pago.');
        expect(text).not.toMatch(/ana\.garcia|García|TK-/);
      }
      expect((await api.fromAnotherBrowser(path, asAuth(owner))).status).toBe(200);
      expect((await api.fromAnotherBrowser(path, asAuth(admin))).status).toBe(200);
    });

    it('lets a browser that pays through the mailed pay link read its payment’s result, which it could not before paying', async () => {
      await insertDeparture(t.db);
      const { id } = await createBookingForPayment(api, t.db);
      const first = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'transfer' });
      // The first payment arrived: the booking is confirmed and its mails carry the pay link for the rest.
      const tkId = 'TK-PRUEBA01';
      await t.db.updateTable('payments').set({ status: 'CONFIRMED' }).where('id', '=', first.body.paymentId).execute();
      await t.db.updateTable('bookings').set({ status: 'CONFIRMED', tkId }).where('id', '=', id).execute();
      // Another browser, with only the link of the mail.
      const other = createTestApi(t.db, t.url, { config });
      expect((await other.request(`/payments/${first.body.paymentId}`)).status).toBe(404);
      const { res, body } = await startPaymentRequest(other, `/payments/link/${id}/${tkId}`, { amount: 'full', method: 'card' });
      expect(res.status).toBe(201);
      expect((await other.request(`/payments/${body.paymentId}`)).status).toBe(200);
    });

    it.each(['nope', '00000000-0000-4000-8000-000000000000'])('answers 404 for %s', async (id) => {
      const res = await api.request(`/payments/${id}`);
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe('No encontramos ese pago.');
    });
  });
});
