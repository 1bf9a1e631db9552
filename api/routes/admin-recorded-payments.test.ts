/**
 * Payments staff record (docs/decisions/042) through the real API: a transfer for the balance, cash, card at
 * the office, an agency's settlement, each confirmed with its receipt mail and its ledger line; recorded once
 * per press and once per reference however many people press; refused in Spanish above what is owed, in the
 * future, without a reference, beside a card payment under way; refunded by record, with no terminal call.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECORDED_PAYMENT_MESSAGES } from '#shared/schemas/labels.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { createTestApi, day, insertDeparture, jsonRequest, type TestApi } from '../../tests/support/booking-fixtures.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { createBookingForPayment, postNotification, signedNotification, startPaymentRequest } from '../../tests/support/payment-fixtures.ts';
import { testConfig } from '../../tests/support/test-config.ts';

describe.each(portableDialects)('POST /api/admin/bookings/{id}/payments on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db, { dayOne: day(150) });
    await seedCallers(t.db);
  });
  afterEach(async () => t.drop());

  const call = async (method: string, path: string, body?: unknown, who: object = CALLERS.admin) => {
    const request = body === undefined ? { method } : jsonRequest(method, body);
    const res = await api.request(path, { ...request, headers: { ...(request.headers as Record<string, string>), 'x-test-auth': JSON.stringify(who) } });
    return { status: res.status, body: await res.json() };
  };

  /** A booking confirmed with its 1 € pre-booking paid by card: the rest is owed. */
  async function confirmedBooking() {
    const { id } = await createBookingForPayment(api, t.db);
    expect((await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' })).res.status).toBe(201);
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    expect((await postNotification(api, signedNotification(testConfig({}), { order: payment.orderNumber, amountCents: payment.amountCents }))).status).toBe(
      200,
    );
    const { priceCents } = await t.db.selectFrom('bookings').select('priceCents').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, leftCents: priceCents - payment.amountCents };
  }
  const paymentsOf = (id: string) =>
    t.db
      .selectFrom('payments')
      .select(['paymentMethod', 'amountCents', 'status', 'reference', 'recordedBy'])
      .where('bookingId', '=', id)
      .orderBy('createdAt')
      .execute();

  it('records a transfer for the balance once, though two people press at once, with its receipt mail and ledger line', async () => {
    const { id, leftCents } = await confirmedBooking();
    const transfer = { method: 'transfer', amount: '500', paidOn: day(0), reference: 'TRF-2026-0001', note: 'Recibida en el Santander' };
    const [one, two, three] = await Promise.all([
      call('POST', `/admin/bookings/${id}/payments`, { ...transfer, requestId: 'record-1' }),
      call('POST', `/admin/bookings/${id}/payments`, { ...transfer, requestId: 'record-1' }),
      call('POST', `/admin/bookings/${id}/payments`, { ...transfer, requestId: 'record-2' }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 200]);
    expect(three).toMatchObject({ status: 409, body: { error: { message: RECORDED_PAYMENT_MESSAGES.duplicate } } });
    const recorded = (await paymentsOf(id)).filter((p) => p.paymentMethod === 'transfer');
    expect(recorded).toEqual([
      { paymentMethod: 'transfer', amountCents: 50_000, status: 'CONFIRMED', reference: 'TRF-2026-0001', recordedBy: CALLERS.admin.email },
    ]);
    const detail = one.status === 200 && one.body.applied ? one.body.detail : two.body.detail;
    expect(detail.booking.paidCents).toBe(100 + 50_000);
    expect(detail.payments.at(-1)).toMatchObject({ method: 'transfer', reference: 'TRF-2026-0001', paidOn: day(0), refundableCents: 50_000 });
    const receipts = await t.db.selectFrom('mails').select('subject').where('bookingId', '=', id).where('type', '=', 'PAYMENT').execute();
    expect(receipts.some((m) => m.subject.includes('500'))).toBe(true);
    const ledger = await t.db.selectFrom('transactions').select(['amount', 'type']).where('bookingId', '=', id).where('kind', '=', 'PAYMENT').execute();
    expect(ledger).toContainEqual({ amount: 50_000, type: 'DEBIT' });
    const log = await t.db.selectFrom('staffActions').select(['action', 'reason']).where('entityId', '=', id).where('action', '=', 'pay').execute();
    expect(log).toEqual([{ action: 'pay', reason: 'Recibida en el Santander' }]);

    // Cash for the rest pays it up; nothing more can be recorded.
    const rest = leftCents - 50_000;
    const cash = await call('POST', `/admin/bookings/${id}/payments`, { requestId: 'record-3', method: 'cash', amount: rest / 100, paidOn: day(0) });
    expect(cash.status).toBe(200);
    expect(cash.body.detail.booking.paidCents).toBe(cash.body.detail.booking.priceCents);
    const more = await call('POST', `/admin/bookings/${id}/payments`, { requestId: 'record-4', method: 'cash', amount: '1', paidOn: day(0) });
    expect(more).toMatchObject({ status: 409, body: { error: { message: RECORDED_PAYMENT_MESSAGES.paidUp } } });
  });

  it('refuses an amount above what is owed, a date ahead, a transfer without reference and a booking not confirmed, writing nothing', async () => {
    const { id, leftCents } = await confirmedBooking();
    const press = (body: object, requestId: string) => call('POST', `/admin/bookings/${id}/payments`, { requestId, paidOn: day(0), ...body });
    expect(await press({ method: 'cash', amount: (leftCents + 100) / 100 }, 'record-bad-1')).toMatchObject({
      status: 422,
      body: { error: { fields: { amount: RECORDED_PAYMENT_MESSAGES.tooMuch(formatEuros(leftCents)) } } },
    });
    expect(await press({ method: 'cash', amount: '10', paidOn: day(1) }, 'record-bad-2')).toMatchObject({
      status: 422,
      body: { error: { fields: { paidOn: RECORDED_PAYMENT_MESSAGES.future } } },
    });
    expect(await press({ method: 'agency', amount: '10' }, 'record-bad-3')).toMatchObject({
      status: 422,
      body: { error: { fields: { reference: RECORDED_PAYMENT_MESSAGES.reference } } },
    });
    expect(await press({ method: 'cash', amount: '0' }, 'record-bad-4')).toMatchObject({
      status: 422,
      body: { error: { fields: { amount: RECORDED_PAYMENT_MESSAGES.amount } } },
    });
    const { id: unpaid } = await createBookingForPayment(api, t.db);
    expect(await call('POST', `/admin/bookings/${unpaid}/payments`, { requestId: 'record-bad-5', method: 'cash', amount: '10', paidOn: day(0) })).toMatchObject(
      {
        status: 409,
        body: { error: { message: RECORDED_PAYMENT_MESSAGES.notConfirmed } },
      },
    );
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(
      (await call('POST', `/admin/bookings/${id}/payments`, { requestId: 'record-bad-6', method: 'cash', amount: '10', paidOn: day(0) }, CALLERS.traveler))
        .status,
    ).toBe(403);
  });

  it('never counts money twice beside the terminal: refused while a card payment is under way or a transfer waits', async () => {
    const { id } = await confirmedBooking();
    const { tkId } = await t.db.selectFrom('bookings').select('tkId').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await startPaymentRequest(api, `/payments/link/${id}/${tkId}`, { amount: 'full', method: 'card' })).res.status).toBe(201);
    const underWay = await call('POST', `/admin/bookings/${id}/payments`, {
      requestId: 'record-twice-1',
      method: 'office-card',
      amount: '100',
      paidOn: day(0),
    });
    expect(underWay).toMatchObject({ status: 409, body: { error: { message: RECORDED_PAYMENT_MESSAGES.cardUnderWay } } });

    // The traveller chose transfer for the balance instead: staff confirm that one, not record another.
    expect((await startPaymentRequest(api, `/payments/link/${id}/${tkId}`, { amount: 'full', method: 'transfer' })).res.status).toBe(201);
    const waiting = await call('POST', `/admin/bookings/${id}/payments`, {
      requestId: 'record-twice-2',
      method: 'transfer',
      amount: '100',
      paidOn: day(0),
      reference: 'X1',
    });
    expect(waiting).toMatchObject({ status: 409, body: { error: { message: RECORDED_PAYMENT_MESSAGES.pendingTransfer } } });
    const detail = (await call('GET', `/admin/bookings/${id}`)).body;
    expect(detail.allowed).toContain('confirm-transfer');
    const confirmed = await call('POST', `/admin/bookings/${id}/confirm-transfer`, { requestId: 'record-twice-3', expectedStatus: 'CONFIRMED' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.detail.booking.paidCents).toBe(confirmed.body.detail.booking.priceCents);
  });

  it('refunds a recorded payment by record, with no call to the terminal', async () => {
    const { id } = await confirmedBooking();
    const recorded = await call('POST', `/admin/bookings/${id}/payments`, { requestId: 'refund-1', method: 'cash', amount: '300', paidOn: day(0) });
    const payment = recorded.body.detail.payments.at(-1);
    const refunded = await call('POST', `/admin/bookings/${id}/refund`, {
      requestId: 'refund-2',
      paymentId: payment.id,
      amount: '120',
      reason: 'Cambio de habitación',
    });
    expect(refunded.body.error?.message ?? null).toBeNull();
    expect(refunded.body.detail.payments.at(-1)).toMatchObject({ refundedCents: 12_000, refundableCents: 18_000 });
    const refund = await t.db.selectFrom('refunds').select(['status', 'responseCode']).where('paymentId', '=', payment.id).executeTakeFirstOrThrow();
    expect(refund).toEqual({ status: 'DONE', responseCode: null });
  });
});
