/**
 * The pay step's calls (payments-api.ts) against the real API, as the browser that made the booking: what
 * it is shown to pay, a coupon applied or refused in Spanish at its field, the seats held while paying, a
 * card payment started towards the terminal, and the pay link and the booking refused to anyone without
 * the booking's cookie or the link's ticket.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { seatsLeft } from '../../tests/support/booking-fixtures.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { acceptAll, createBookingForPayment } from '../../tests/support/payment-fixtures.ts';
import { type PaymentSource, paymentsApi } from './payments-api.ts';

const island = withIslandApi();
let bookingId: string;
let funnel: PaymentSource;

beforeEach(async () => {
  ({ id: bookingId } = await createBookingForPayment(island.app, island.t.db));
  funnel = { kind: 'booking', bookingId };
});

describe('the pay step’s calls', () => {
  it('shows what there is to pay, and nothing to another browser', async () => {
    const options = await paymentsApi.options(funnel);
    expect(options).toMatchObject({ ok: true, data: { bookingId, status: 'IN_PROGRESS', travellerCount: 3, points: null } });
    if (!options.ok) return;
    expect(options.data.dueNowCents).toBeGreaterThan(0);
    expect(options.data.methods).toContain('card');

    island.app.cookies.clear();
    expect(await paymentsApi.options(funnel)).toMatchObject({ ok: false, status: 404, message: 'No encontramos esa reserva.' });
  });

  it('applies a coupon to the quote and refuses an expired one at its field', async () => {
    const before = await paymentsApi.options(funnel);
    const applied = await paymentsApi.changeCoupon(bookingId, 'VERANO10');
    expect(applied.ok).toBe(true);
    const after = await paymentsApi.options(funnel);
    if (!before.ok || !after.ok) throw new Error('the pay step did not load');
    expect(after.data.quote.coupon).toMatchObject({ code: 'VERANO10' });
    // 10 % off, the total rounded up to the euro as every amount is.
    expect(after.data.quote.totalCents).toBe(Math.ceil((before.data.quote.totalCents * 0.9) / 100) * 100);

    const expired = await paymentsApi.changeCoupon(bookingId, 'CADUCADO');
    expect(expired).toMatchObject({ ok: false, status: 422, fields: { couponCode: 'El cupón ha caducado' } });
  });

  it('holds the seats while paying, and starts a card payment towards the terminal', async () => {
    expect((await paymentsApi.hold(bookingId)).ok).toBe(true);
    expect(await seatsLeft(island.t.db)).toBe(7);
    const started = await paymentsApi.start(funnel, { amount: 'due', method: 'card', ...acceptAll });
    if (!started.ok || !('redirect' in started.data)) throw new Error(`the payment did not start: ${JSON.stringify(started)}`);
    expect(started.data.redirect.fields).toMatchObject({ Ds_SignatureVersion: 'HMAC_SHA256_V1' });
    expect(await paymentsApi.result(started.data.paymentId)).toMatchObject({ ok: true, data: { status: 'PENDING', method: 'card' } });
  });

  it('refuses to start a payment without the terms accepted, naming the field', async () => {
    const refused = await paymentsApi.start(funnel, { amount: 'due', method: 'card', acceptTerms: false as true, acceptPrivacy: true });
    expect(refused).toMatchObject({
      ok: false,
      status: 422,
      fields: { acceptTerms: 'Debes aceptar las condiciones de la reserva y la información precontractual' },
    });
  });

  it('opens the pay link only with its ticket', async () => {
    await island.t.db.updateTable('bookings').set({ tkId: 'TK-123456' }).where('id', '=', bookingId).execute();
    island.app.cookies.clear();
    expect(await paymentsApi.options({ kind: 'link', bookingId, tkId: 'TK-123456' })).toMatchObject({ ok: true, data: { bookingId } });
    expect(await paymentsApi.options({ kind: 'link', bookingId, tkId: 'TK-999999' })).toMatchObject({ ok: false, status: 404 });
  });
});
