import { givePoints } from '../../tests/support/traveler-fixtures.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables.ts';
import type { AuthContext } from '../auth-context.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { releaseExpiredHolds } from '../services/bookings/seat-holds.ts';
import { createTestApi, insertDeparture, jsonRequest, countRows, seatsLeft as seatsLeftOn } from '../../tests/support/booking-fixtures.ts';
import {
  createBookingForPayment,
  pdfText,
  postNotification,
  signedNotification,
  startPaymentRequest,
  type TestApi,
} from '../../tests/support/payment-fixtures.ts';

const config = testConfig({});
const admin: AuthContext = { userId: 'u-admin', email: 'admin@example.es', travelerId: null, groups: ['drAdmin'] };
const stranger: AuthContext = { userId: 'u-other', email: 'otro@example.es', travelerId: 'someone-else', groups: [] };
const asAuth = (auth?: AuthContext): RequestInit => (auth ? { headers: { 'x-test-auth': JSON.stringify(auth) } } : {});
const TOTAL = 295_200;

describe.each(dialects)('/api/payments: notifications, pay link and receipts on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  let bookingId: string;
  let owner: AuthContext;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db);
    ({ id: bookingId, owner } = await createBookingForPayment(api, t.db));
  });
  afterEach(async () => t.drop());

  const count = (table: keyof Database) => countRows(t.db, table);
  const seatsLeft = () => seatsLeftOn(t.db);
  const booking = () => t.db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirstOrThrow();
  const payment = (id: string) => t.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const lastLog = () => t.db.selectFrom('paymentNotifications').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
  /** Everything a notification could change, to compare before and after one that must change nothing. */
  const snapshot = async () => ({
    payments: await t.db.selectFrom('payments').select(['id', 'status', 'amountCents']).orderBy('id').execute(),
    booking: (({ status, tkId, priceCents }) => ({ status, tkId, priceCents }))(await booking()),
    holds: await t.db.selectFrom('seatHolds').select(['id', 'releasedAt', 'confirmedAt']).orderBy('id').execute(),
    seats: await seatsLeft(),
    transactions: await count('transactions'),
    mails: await count('mails'),
    vouchers: await count('paymentVouchers'),
  });

  /** Starts a card payment of what is due now (1 €) and returns its payment row. */
  const startCard = async (body: Record<string, unknown> = { amount: 'due', method: 'card' }, auth?: AuthContext, path = `/payments/booking/${bookingId}`) => {
    const started = await startPaymentRequest(api, path, body, auth);
    expect(started.res.status).toBe(201);
    return payment(started.body.paymentId);
  };
  const notify = async (fields: Record<string, string>) => {
    const res = await postNotification(api, fields);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
  };
  const approve = (p: { orderNumber: string; amountCents: number }) => notify(signedNotification(config, { order: p.orderNumber, amountCents: p.amountCents }));

  describe('an approved notification', () => {
    it('confirms payment and booking in one go: one DEBIT, seats kept, tkId, voucher and receipt mails with PDFs', async () => {
      const pending = await startCard();
      await approve(pending);

      const paid = await payment(pending.id);
      expect(paid).toMatchObject({ status: 'CONFIRMED', tpvPaymentStatus: '0000' });
      expect(paid.confirmedAt).not.toBeNull();
      const confirmed = await booking();
      expect(confirmed.status).toBe('CONFIRMED');
      expect(confirmed.tkId).toMatch(/^DR-\d{4}-[0-9A-HJKMNP-TV-Z]{6}$/);
      expect(paid.tkId).toBe(confirmed.tkId);
      const transactions = await t.db.selectFrom('transactions').selectAll().execute();
      expect(transactions).toEqual([
        expect.objectContaining({
          travelerId: owner.travelerId,
          bookingId,
          paymentId: pending.id,
          amount: 100,
          curency: 'EUR',
          exchangeRate: 1,
          status: 'COMPLETED',
          type: 'DEBIT',
          kind: 'PAYMENT',
        }),
      ]);
      const holds = await t.db.selectFrom('seatHolds').selectAll().execute();
      expect(holds.length).toBeGreaterThan(0);
      expect(holds.every((h) => h.confirmedAt !== null && h.releasedAt === null)).toBe(true);
      expect(await seatsLeft()).toBe(7);
      expect(await t.db.selectFrom('bookingStatusChanges').select(['fromStatus', 'toStatus']).where('toStatus', '=', 'CONFIRMED').execute()).toEqual([
        { fromStatus: 'IN_PROGRESS', toStatus: 'CONFIRMED' },
      ]);
      expect(await t.db.selectFrom('paymentVouchers').select(['paymentId', 'voucherUrl']).execute()).toEqual([
        { paymentId: pending.id, voucherUrl: `/api/payments/receipts/${bookingId}/${pending.id}.pdf` },
      ]);

      const mails = await t.db.selectFrom('mails').selectAll().orderBy('type').execute();
      // 1 € paid more than 30 days ahead is the pre-booking: its receipt mail says what is left and when.
      expect(mails.map((m) => [m.type, m.toAddress, m.bookingId])).toEqual([
        ['BONO_RESERVA', 'ana.garcia@viajes.es', bookingId],
        ['PRE_BOOKING', 'ana.garcia@viajes.es', bookingId],
      ]);
      expect(mails[1]!.subject).toBe(`Tu prerreserva está confirmada «Japón esencial» (reserva ${confirmed.tkId})`);
      expect(mails[1]!.text).toContain('has pagado 1 € de prerreserva');
      // The rest in the booking's schedule (docs/decisions/042): the deposit, then the balance before departure.
      expect(mails[1]!.text).toContain(`Quedan ${formatEuros(TOTAL - 100)} por pagar en estos plazos`);
      expect(mails[1]!.text.match(/^Antes del \d+ de \w+ de \d{4}: [\d.,]+ €$/gm)).toHaveLength(2);
      const [bono, receipt] = mails.map((m) => JSON.parse(m.attachments) as { filename: string; contentType: string; contentBase64: string }[]);
      expect(bono![0]).toMatchObject({ filename: `bono-reserva-${confirmed.tkId}.pdf`, contentType: 'application/pdf' });
      const voucherPdf = Buffer.from(bono![0]!.contentBase64, 'base64');
      expect(voucherPdf.subarray(0, 5).toString()).toBe('%PDF-');
      const voucherText = pdfText(voucherPdf);
      for (const expected of [
        'Bono de reserva',
        confirmed.tkId!,
        confirmed.differentId,
        'Japón esencial',
        'Ana García López',
        'Different Roads Viajes, S.L.',
        'Pagado',
        '1 €',
        'Pendiente',
        '2.951 €',
        // The schedule, each deadline with what is left of it (docs/decisions/042).
        'Plazos de pago',
        '886 € · quedan 885 €',
      ]) {
        expect(voucherText).toContain(expected);
      }
      const receiptPdf = Buffer.from(receipt![0]!.contentBase64, 'base64');
      expect(pdfText(receiptPdf)).toContain(`Pedido ${pending.orderNumber}`);
      expect(mails[0]!.subject).toContain(confirmed.tkId!);
      // What is left is paid through the pay link, which carries the tkId.
      expect(mails[1]!.text).toContain(`/paga-tu-reserva/${bookingId}/${confirmed.tkId}`);
      expect(await lastLog()).toMatchObject({ outcome: 'approved', paymentId: pending.id, orderNumber: pending.orderNumber, responseCode: '0000' });

      const result = await (await api.request(`/payments/${pending.id}`)).json();
      expect(result).toMatchObject({
        paymentId: pending.id,
        status: 'CONFIRMED',
        method: 'card',
        amountCents: 100,
        transfer: null,
        booking: {
          id: bookingId,
          status: 'CONFIRMED',
          tkId: confirmed.tkId,
          tourName: 'Japón esencial',
          tourSlug: 'japon-esencial',
          leadName: 'Ana García López',
          leadEmail: 'ana.garcia@viajes.es',
          travellerCount: 3,
          totalCents: TOTAL,
          paidCents: 100,
          remainingCents: TOTAL - 100,
        },
      });
    });

    it('uses up one use of the booking coupon on the first confirmation only', async () => {
      expect((await api.request(`/bookings/${bookingId}`, jsonRequest('PATCH', { couponCode: 'VERANO10' }))).status).toBe(200);
      const uses = async () => (await t.db.selectFrom('coupons').select('uses').where('code', '=', 'VERANO10').executeTakeFirstOrThrow()).uses;
      expect(await uses()).toBe(5);
      const first = await startCard();
      const fields = signedNotification(config, { order: first.orderNumber, amountCents: first.amountCents });
      await notify(fields);
      await notify(fields);
      expect(await uses()).toBe(4);
      expect((await booking()).couponId).toBe('k1');
    });

    it('changes nothing when replayed', async () => {
      const pending = await startCard();
      const fields = signedNotification(config, { order: pending.orderNumber, amountCents: 100 });
      await notify(fields);
      const before = await snapshot();
      await notify(fields);
      await notify(fields);
      expect(await snapshot()).toEqual(before);
      expect(await count('transactions')).toBe(1);
      expect((await lastLog()).outcome).toBe('replayed');
      expect(await count('paymentNotifications')).toBe(3);
    });
  });

  describe('a notification that must change nothing', () => {
    it.each([
      [
        'a tampered amount (same signature)',
        (order: string) => {
          const good = signedNotification(config, { order, amountCents: 100 });
          const forged = signedNotification(config, { order, amountCents: 1 });
          return { ...good, Ds_MerchantParameters: forged['Ds_MerchantParameters']! };
        },
        'bad-signature',
      ],
      [
        'a signature made with another key',
        (order: string) => signedNotification(config, { order, amountCents: 100, key: Buffer.from('otra-clave-de-24-bytes!!').toString('base64') }),
        'bad-signature',
      ],
      ['a signed notification of another amount', (order: string) => signedNotification(config, { order, amountCents: 99 }), 'mismatch'],
      ['a signed notification in another currency', (order: string) => signedNotification(config, { order, amountCents: 100, currency: '840' }), 'mismatch'],
      ['another merchant', (order: string) => signedNotification(config, { order, amountCents: 100, extra: { Ds_MerchantCode: '123456789' } }), 'mismatch'],
      ['an unknown order', () => signedNotification(config, { order: '9999ZZZZZZZZ', amountCents: 100 }), 'unknown-order'],
      ['missing fields', (): Record<string, string> => ({ Ds_SignatureVersion: 'HMAC_SHA256_V1' }), 'malformed'],
      ['garbage parameters', () => ({ Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: '!!!', Ds_Signature: 'x' }), 'malformed'],
    ])('%s: logged, nothing changed', async (_, make, outcome) => {
      const pending = await startCard();
      const before = await snapshot();
      await notify(make(pending.orderNumber));
      expect(await snapshot()).toEqual(before);
      expect((await payment(pending.id)).status).toBe('PENDING');
      const log = await lastLog();
      expect(log.outcome).toBe(outcome);
      expect(log.detail).toBeTruthy();
    });

    it('answers OK to a body that is not a form at all', async () => {
      const res = await api.request('/payments/redsys/notification', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"hola":' });
      expect(res.status).toBe(200);
      expect((await lastLog()).outcome).toBe('malformed');
    });
  });

  describe('a declined notification', () => {
    it('fails the payment, gives the seats back, queues PAYMENT_FALLIDO and leaves the booking payable', async () => {
      const pending = await startCard();
      expect(await seatsLeft()).toBe(7);
      await notify(signedNotification(config, { order: pending.orderNumber, amountCents: 100, response: '0190' }));
      expect(await payment(pending.id)).toMatchObject({ status: 'FAILED', tpvPaymentStatus: '0190' });
      expect(await seatsLeft()).toBe(10);
      expect((await booking()).status).toBe('IN_PROGRESS');
      expect(await count('transactions')).toBe(0);
      const mail = await t.db.selectFrom('mails').selectAll().executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ type: 'PAYMENT_FALLIDO', toAddress: 'ana.garcia@viajes.es' });
      expect(mail.html).toContain(`${config.publicUrl}/tour/japon-esencial/paga-tu-reserva/${bookingId}`);
      expect((await lastLog()).outcome).toBe('declined');
      // Still payable: a new attempt holds the seats again.
      await startCard();
      expect(await seatsLeft()).toBe(7);
    });
  });

  describe('late notifications', () => {
    it('of an attempt superseded by a newer one change nothing', async () => {
      const first = await startCard();
      const second = await startCard();
      const before = await snapshot();
      await approve(first);
      expect(await snapshot()).toEqual(before);
      expect((await payment(first.id)).status).toBe('CANCELED');
      expect((await lastLog()).outcome).toBe('late');
      // The live attempt still confirms.
      await approve(second);
      expect((await booking()).status).toBe('CONFIRMED');
    });

    it('after the hold expired take the seats again when they are still there', async () => {
      const pending = await startCard();
      await t.db.updateTable('seatHolds').set({ expiresAt: '2000-01-01T00:00:00.000Z' }).execute();
      expect(await releaseExpiredHolds(t.db)).toBeGreaterThan(0);
      expect(await seatsLeft()).toBe(10);
      await approve(pending);
      expect((await booking()).status).toBe('CONFIRMED');
      expect(await seatsLeft()).toBe(7);
    });

    it('after the hold expired and the seats were sold put the payment in review instead', async () => {
      const pending = await startCard();
      await t.db.updateTable('seatHolds').set({ expiresAt: '2000-01-01T00:00:00.000Z' }).execute();
      await releaseExpiredHolds(t.db);
      await t.db.updateTable('periods').set({ bookableAvailability: 1 }).where('id', '=', 'p1').execute();
      await approve(pending);
      const held = await payment(pending.id);
      expect(held.status).toBe('REVIEW');
      expect(held.reviewReason).toContain('Ya no quedan plazas');
      expect((await booking()).status).toBe('PAYPAL_REVIEW');
      expect(await seatsLeft()).toBe(1);
      expect(await count('transactions')).toBe(0);
      expect((await t.db.selectFrom('mails').select('type').execute()).map((m) => m.type)).toEqual(['ON_REQUEST']);
      expect((await lastLog()).outcome).toBe('review');
    });
  });

  describe('points', () => {
    const setBalance = (points: number) => givePoints(t.db, owner.travelerId!, points);
    const balance = async () =>
      (await t.db.selectFrom('travelers').select('accumulatedReward').where('id', '=', owner.travelerId!).executeTakeFirstOrThrow()).accumulatedReward;

    it('wait on the card payment and are spent only when it is confirmed', async () => {
      await setBalance(10_250);
      // 102,50 € of points: 102 € off the full amount (within 10 % of 2.952 €), 10.200 points.
      const pending = await startCard({ amount: 'full', method: 'card', points: 10_250 }, owner);
      expect(pending).toMatchObject({ amountCents: TOTAL - 10_200, pointsRequested: 10_200, pointsDiscountCents: 10_200, pointsTravelerId: owner.travelerId });
      expect(await balance()).toBe(10_250);
      await approve(pending);
      expect(await balance()).toBe(50);
      const payments = await t.db.selectFrom('payments').select(['paymentMethod', 'status', 'amountCents']).orderBy('amountCents').execute();
      expect(payments).toEqual([
        { paymentMethod: 'points', status: 'CONFIRMED', amountCents: 10_200 },
        { paymentMethod: 'card', status: 'CONFIRMED', amountCents: TOTAL - 10_200 },
      ]);
      const ledger = await t.db.selectFrom('transactions').select(['type', 'kind', 'amount']).where('status', '!=', 'COMPENSATION').orderBy('kind').execute();
      expect(ledger).toEqual([
        { type: 'DEBIT', kind: 'PAYMENT', amount: TOTAL - 10_200 },
        { type: 'DEBIT', kind: 'POINTS', amount: 10_200 },
      ]);
      const options = await (await api.request(`/payments/booking/${bookingId}`, asAuth(owner))).json();
      expect(options).toMatchObject({ paidCents: TOTAL, remainingCents: 0, dueNowCents: 0 });
      const receipt = await t.db.selectFrom('mails').select('attachments').where('type', '=', 'PAYMENT').executeTakeFirstOrThrow();
      // The card's and the points' receipts, and the card payment's invoice (points are no money: no invoice).
      expect(JSON.parse(receipt.attachments).map((a: { filename: string }) => a.filename.split('-')[0])).toEqual(['recibo', 'recibo', 'factura']);
    });

    it('are not burnt by a payment that fails', async () => {
      await setBalance(5_000);
      const pending = await startCard({ amount: 'full', method: 'card', points: 5_000 }, owner);
      await notify(signedNotification(config, { order: pending.orderNumber, amountCents: pending.amountCents, response: '0190' }));
      expect(await balance()).toBe(5_000);
      // Only the points given above: the failed payment wrote nothing.
      expect(await t.db.selectFrom('transactions').select('status').execute()).toEqual([{ status: 'COMPENSATION' }]);
    });

    it('that cover the whole amount confirm at once without the terminal', async () => {
      await setBalance(250);
      const started = await startPaymentRequest(api, `/payments/booking/${bookingId}`, { amount: 'due', method: 'card', points: 250 }, owner);
      expect(started.res.status).toBe(201);
      expect(started.body).toEqual({
        paymentId: expect.any(String),
        method: 'points',
        amountCents: 100,
        confirmationPath: `/confirmacion/${started.body.paymentId}`,
      });
      expect(await balance()).toBe(150);
      expect(await payment(started.body.paymentId)).toMatchObject({ paymentMethod: 'points', status: 'CONFIRMED', amountCents: 100 });
      expect((await booking()).status).toBe('CONFIRMED');
      expect(await t.db.selectFrom('transactions').select(['type', 'kind', 'amount']).where('status', '!=', 'COMPENSATION').execute()).toEqual([
        { type: 'DEBIT', kind: 'POINTS', amount: 100 },
      ]);
      expect((await t.db.selectFrom('mails').select('type').orderBy('type').execute()).map((m) => m.type)).toEqual(['BONO_RESERVA', 'PRE_BOOKING']);
    });
  });

  describe('the pay link', () => {
    const confirmFirst = async () => {
      await approve(await startCard());
      return (await booking()).tkId!;
    };

    it('takes a second payment of a confirmed booking without holding seats again, and it stays CONFIRMED', async () => {
      const tkId = await confirmFirst();
      const holdsBefore = await t.db.selectFrom('seatHolds').selectAll().orderBy('id').execute();
      const options = await api.request(`/payments/link/${bookingId}/${tkId}`);
      expect(options.status).toBe(200);
      expect(await options.json()).toMatchObject({ status: 'CONFIRMED', tkId, paidCents: 100, remainingCents: TOTAL - 100 });
      const second = await startCard({ amount: 'full', method: 'card' }, undefined, `/payments/link/${bookingId}/${tkId}`);
      expect(second).toMatchObject({ amountCents: TOTAL - 100, paymentOrigin: 'ENLACE' });
      expect(await t.db.selectFrom('seatHolds').selectAll().orderBy('id').execute()).toEqual(holdsBefore);
      await approve(second);
      expect(await booking()).toMatchObject({ status: 'CONFIRMED', tkId });
      expect(await t.db.selectFrom('transactions').select('amount').orderBy('amount').execute()).toEqual([{ amount: 100 }, { amount: TOTAL - 100 }]);
      const mails = (await t.db.selectFrom('mails').select('type').execute()).map((m) => m.type).sort();
      // The first payment was the pre-booking; the second, the rest, is a plain receipt.
      expect(mails).toEqual(['BONO_RESERVA', 'PAYMENT', 'PRE_BOOKING']);
      expect(await t.db.selectFrom('bookingStatusChanges').select('toStatus').where('toStatus', '=', 'CONFIRMED').execute()).toHaveLength(1);
      const done = await startPaymentRequest(api, `/payments/link/${bookingId}/${tkId}`, { amount: 'full', method: 'card' });
      expect(done.res.status).toBe(409);
      expect(done.body.error.message).toBe('Tu reserva ya está pagada por completo.');
    });

    it.each([
      ['a wrong tkId', 'DR-2026-ZZZZZZ'],
      ['no tkId yet', 'none'],
    ])('answers 404 for %s', async (_, tk) => {
      if (tk !== 'none') await confirmFirst();
      const options = await api.request(`/payments/link/${bookingId}/${tk}`);
      expect(options.status).toBe(404);
      expect((await options.json()).error.message).toBe('No encontramos esa reserva.');
      const start = await startPaymentRequest(api, `/payments/link/${bookingId}/${tk}`, { amount: 'due', method: 'card' });
      expect(start.res.status).toBe(404);
      expect(start.body.error.message).toBe('No encontramos esa reserva.');
    });
  });

  describe('receipts', () => {
    it('lists confirmed payments for the owner, admins and whoever has the tkId, and serves each as a PDF', async () => {
      const pending = await startCard();
      await approve(pending);
      await startCard({ amount: 'due', method: 'card' }, owner); // pending: not a receipt
      const tkId = (await booking()).tkId!;
      const list = (auth?: AuthContext, tk?: string) => api.request(`/payments/receipts/${bookingId}${tk ? `?tk=${tk}` : ''}`, asAuth(auth));
      expect((await list()).status).toBe(404);
      expect((await list(stranger)).status).toBe(404);
      expect((await list(undefined, 'DR-2026-ZZZZZZ')).status).toBe(404);
      expect((await list(owner)).status).toBe(200);
      expect((await list(admin)).status).toBe(200);
      const res = await list(undefined, tkId);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toEqual({
        bookingId,
        tkId,
        tourName: 'Japón esencial',
        receipts: [
          {
            paymentId: pending.id,
            amountCents: 100,
            method: 'card',
            confirmedAt: expect.any(String),
            url: `/api/payments/receipts/${bookingId}/${pending.id}.pdf?tk=${tkId}`,
          },
        ],
      });

      const pdf = await api.request(body.receipts[0].url.replace(/^\/api/, ''));
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="recibo-${pending.orderNumber}.pdf"`);
      const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
      for (const expected of ['Recibo de pago', pending.orderNumber, tkId, 'Japón esencial', '1 €', 'Tarjeta', 'Different Roads Viajes, S.L.'])
        expect(text).toContain(expected);

      expect((await api.request(`/payments/receipts/${bookingId}/${pending.id}.pdf`)).status).toBe(404);
      expect((await api.request(`/payments/receipts/${bookingId}/${pending.id}.pdf`, asAuth(owner))).status).toBe(200);
      const open = await t.db.selectFrom('payments').select('id').where('status', '=', 'PENDING').executeTakeFirstOrThrow();
      expect((await api.request(`/payments/receipts/${bookingId}/${open.id}.pdf?tk=${tkId}`)).status).toBe(404);
    });
  });
});
