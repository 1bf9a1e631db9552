/**
 * After paying (/confirmacion/{paymentID}, /recibos-de-pago/{bookingId}) against the real API, as the
 * browser that paid: a card payment read again while the terminal's notification is on its way and shown
 * confirmed when it lands, still pending after the last read, a transfer not waited for, the payment not
 * found by another browser, and the receipts shown to whoever holds the booking's ticket.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { createBookingForPayment, postNotification, signedNotification, startPaymentRequest } from '../../tests/support/payment-fixtures.ts';
import { $paymentResult, $receipts, loadPaymentResult, loadReceipts } from './payment-result.ts';
import { $session } from './session.ts';

const island = withIslandApi();
const quick = { intervalMs: 10, attempts: 5 };
let bookingId: string;

beforeEach(async () => {
  $paymentResult.set({ phase: 'loading' });
  $session.set({ status: 'loading', user: null, error: null });
  ({ id: bookingId } = await createBookingForPayment(island.app, island.t.db));
});

async function started(method: 'card' | 'transfer') {
  const { res, body } = await startPaymentRequest(island.app, `/payments/booking/${bookingId}`, { amount: 'due', method });
  expect(res.status).toBe(201);
  island.calls.length = 0;
  return body as { paymentId: string; amountCents: number };
}

const confirm = async (paymentId: string) => {
  const payment = await island.t.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
  await postNotification(island.app, signedNotification(island.app.config, { order: payment.orderNumber, amountCents: payment.amountCents }));
};

describe('the payment result', () => {
  it("reads a card payment again until the terminal's notification confirms it", async () => {
    const { paymentId } = await started('card');
    const stop = $paymentResult.listen((state) => {
      if (state.phase === 'ready' && state.checking) {
        stop();
        void confirm(paymentId);
      }
    });
    // Reads stop as soon as it is confirmed: the tries only bound a slow notification.
    await loadPaymentResult(paymentId, { poll: { intervalMs: 20, attempts: 100 } });
    expect($paymentResult.get()).toMatchObject({ phase: 'ready', checking: false, result: { status: 'CONFIRMED', booking: { id: bookingId } } });
    expect(island.calls.length).toBeGreaterThan(1);
  });

  it('stops reading after the last try and shows it still pending; a transfer is read once', async () => {
    const card = await started('card');
    await loadPaymentResult(card.paymentId, { poll: { intervalMs: 1, attempts: 3 } });
    expect($paymentResult.get()).toMatchObject({ phase: 'ready', checking: false, result: { status: 'PENDING' } });
    expect(island.calls).toEqual(Array(3).fill(`GET /api/payments/${card.paymentId}`));

    const transfer = await started('transfer');
    await loadPaymentResult(transfer.paymentId, { poll: quick });
    expect($paymentResult.get()).toMatchObject({ phase: 'ready', checking: false, result: { status: 'PENDING', method: 'transfer' } });
    expect(island.calls).toHaveLength(1);
  });

  it('is not found by another browser that has only the payment’s id', async () => {
    const { paymentId } = await started('card');
    island.app.cookies.clear();
    await loadPaymentResult(paymentId, { poll: quick });
    expect($paymentResult.get()).toEqual({ phase: 'not-found', message: 'No encontramos ese pago.' });
  });
});

describe('the receipts', () => {
  it('lists the confirmed payments for whoever holds the ticket, and nothing without it', async () => {
    const { paymentId } = await started('card');
    await confirm(paymentId);
    const { tkId } = await island.t.db.selectFrom('bookings').select('tkId').where('id', '=', bookingId).executeTakeFirstOrThrow();
    island.app.cookies.clear();
    await loadReceipts(bookingId, tkId);
    expect($receipts.get()).toMatchObject({ phase: 'ready', receipts: { tourName: 'Japón esencial', receipts: [{ paymentId }] } });
    await loadReceipts(bookingId, null);
    expect($receipts.get()).toEqual({ phase: 'not-found', message: 'No encontramos esa reserva.', signedIn: false });
    expect($session.get().status).toBe('anonymous');
  });
});
