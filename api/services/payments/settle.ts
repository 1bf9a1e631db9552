/**
 * Settling a payment, each outcome in one transaction: confirmed (payment, ledger, booking state, seats,
 * tkId, points, vouchers and mails together), failed (seats back on sale, the traveller told), or put in
 * review (paid, but the booking can no longer be confirmed as it stands: staff decide).
 *
 * The ledger (`transactions`) is the traveller's: a DEBIT is value leaving the traveller, a CREDIT value
 * coming to them. A card, Bizum or transfer payment is a DEBIT of `kind` 'PAYMENT' in cents; redeemed
 * points are a DEBIT of `kind` 'POINTS' in points; points earned after a trip are a CREDIT of 'POINTS'.
 */
import { emitWebhook } from '../integration/webhooks.ts';
import { refreshOwedSince } from './balances.ts';
import { reconcileInvoices } from '../invoices/issue.ts';
import { notifyAgencyOfConfirmation } from '../bookings/agency-mail.ts';
import { randomInt, randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { PaymentRow } from '../../db/tables.ts';
import { AppError } from '../../errors.ts';
import { describeBooking } from '../bookings/bookings.ts';
import type { Trx } from '../../db/database.ts';
import { releaseHolds } from '../bookings/seat-holds.ts';
import { transitionBooking } from '../bookings/transitions.ts';
import { quoteView } from './amounts.ts';
import { recordPayment, spendPoints } from './ledger.ts';
import { queueConfirmationMails, queueFailedPaymentMail, queuePaymentInReviewMail } from './payment-mails.ts';
import { newOrderNumber } from './redsys.ts';
import { findBooking, bookingTrips } from '../bookings/queries.ts';
import { writeSchedule } from './schedule.ts';

/** Crockford's base32: no I, L, O or U to misread. */
const TK_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A booking's human-readable reference: 'DR-2026-K7Q2MZ' (year of issue, 6 random base32 characters).
 * With the booking id it opens the pay link and the receipts, so it is drawn from the CSPRNG.
 */
export function generateTkId(now: Date): string {
  const chars = Array.from({ length: 6 }, () => TK_ALPHABET[randomInt(TK_ALPHABET.length)]).join('');
  return `DR-${now.getUTCFullYear()}-${chars}`;
}

/** Issues the booking's tkId if it has none; returns the one it has. The column is unique: a taken one is drawn again. */
export async function issueTkId(trx: Trx, bookingId: string, now: Date): Promise<string> {
  const current = await trx.selectFrom('bookings').select('tkId').where('id', '=', bookingId).executeTakeFirstOrThrow();
  if (current.tkId) return current.tkId;
  for (let attempt = 0; attempt < 10; attempt++) {
    const candidate = generateTkId(now);
    const taken = await trx.selectFrom('bookings').select('id').where('tkId', '=', candidate).executeTakeFirst();
    if (taken) continue;
    await trx
      .updateTable('bookings')
      .set({ tkId: candidate, tkStatus: 'OK', updatedAt: now.toISOString() })
      .where('id', '=', bookingId)
      .where('tkId', 'is', null)
      .execute();
    return candidate;
  }
  throw new Error(`No free tkId for booking ${bookingId}`);
}

/** A confirmed payment that cannot confirm its booking as it stands (seats gone, booking canceled). */
export class PaymentNeedsReview extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}

const receiptUrl = (bookingId: string, paymentId: string) => `/api/payments/receipts/${bookingId}/${paymentId}.pdf`;

export interface ConfirmResult {
  status: 'confirmed' | 'not-pending';
  firstConfirmation: boolean;
  tkId: string | null;
  /** The points payment created beside a card payment, if the points could still be spent. */
  pointsPaymentId: string | null;
  /** Points asked for that the balance no longer had: that discount stays owed. */
  pointsShort: boolean;
}

/**
 * Confirms a PENDING payment inside the caller's transaction: the payment (conditional on PENDING, so a
 * replay or a concurrent notification does nothing), the booking (IN_PROGRESS or WAITING_FOR_TRANSFER →
 * CONFIRMED, seats confirmed; a CONFIRMED one stays), its price and quote as of now, the tkId, the DEBIT,
 * the points that waited on the payment, a voucher row per payment, and the mails. Throws
 * `PaymentNeedsReview` (the caller rolls back) when the booking cannot be confirmed.
 */
export async function confirmPayment(
  trx: Trx,
  {
    config,
    payment,
    responseCode,
    now,
    by,
    reviewed = false,
  }: {
    config: Pick<Config, 'publicUrl' | 'invoicing'>;
    payment: PaymentRow;
    responseCode: string | null;
    now: Date;
    by: string | null;
    /** Staff accepted a payment held in REVIEW: it is claimed from REVIEW, and its PAYPAL_REVIEW booking confirmed. */
    reviewed?: boolean;
  },
): Promise<ConfirmResult> {
  const stamp = now.toISOString();
  const claimed = await trx
    .updateTable('payments')
    .set({
      status: 'CONFIRMED',
      confirmedAt: stamp,
      updatedAt: stamp,
      tpvPaymentStatus: responseCode,
      paymentReceipt: receiptUrl(payment.bookingId, payment.id),
    })
    .where('id', '=', payment.id)
    .where('status', '=', reviewed ? 'REVIEW' : 'PENDING')
    .executeTakeFirst();
  if (claimed.numUpdatedRows !== 1n) return { status: 'not-pending', firstConfirmation: false, tkId: null, pointsPaymentId: null, pointsShort: false };

  const booking = await findBooking(trx, payment.bookingId);
  if (!booking) throw new Error(`Payment ${payment.id} names no booking`);
  const from = booking.status;
  if (from === 'CANCELED' || (from === 'PAYPAL_REVIEW' && !reviewed))
    throw new PaymentNeedsReview(`La reserva estaba en estado ${from} cuando se confirmó el pago.`);
  let firstConfirmation = false;
  if (from !== 'CONFIRMED') {
    if (from === 'IN_PROGRESS' || from === 'PAYPAL_REVIEW') {
      // The price agreed is the one of the choices being confirmed, priced now; later campaigns do not change it.
      const { quote } = await describeBooking(trx, booking, { now });
      await trx
        .updateTable('bookings')
        .set({ priceCents: quote.totalCents, quoteStringify: JSON.stringify(quoteView(quote)) })
        .where('id', '=', booking.id)
        .execute();
      await writeSchedule(trx, { bookingId: booking.id, totalCents: quote.totalCents, insuranceCents: quote.insuranceCents, now });
    }
    const method = payment.paymentMethod === 'points' ? 'puntos' : payment.paymentMethod === 'transfer' ? 'transferencia' : payment.paymentMethod;
    const why = reviewed
      ? `Pago en revisión aceptado (${method}, pedido ${payment.orderNumber})`
      : `Primer pago confirmado (${method}, pedido ${payment.orderNumber})`;
    try {
      await transitionBooking(trx, booking.id, 'CONFIRMED', { by, reason: why, now });
    } catch (error) {
      // confirmHolds found the seats gone (the hold had expired and someone else took them).
      if (error instanceof AppError && error.code === 'CONFLICT') throw new PaymentNeedsReview(`Pago recibido sin plazas: ${error.message}`);
      throw error;
    }
    firstConfirmation = true;
    // A coupon is used once the booking it discounts is confirmed. When its last use went to someone else
    // meanwhile, the price this traveller was quoted stands: the count only stops at zero.
    if (booking.couponId !== null) {
      await trx
        .updateTable('coupons')
        .set((eb) => ({ uses: eb('uses', '-', 1) }))
        .where('id', '=', booking.couponId)
        .where('uses', '>', 0)
        .execute();
    }
  }
  const tkId = await issueTkId(trx, booking.id, now);
  await trx.updateTable('payments').set({ tkId }).where('id', '=', payment.id).execute();
  await trx
    .insertInto('paymentVouchers')
    .values({ id: randomUUID(), bookingId: booking.id, paymentId: payment.id, voucherUrl: receiptUrl(booking.id, payment.id) })
    .execute();

  let pointsPaymentId: string | null = null;
  let pointsShort = false;
  const paymentIds = [payment.id];
  if (payment.paymentMethod === 'points') {
    // A payment made only of points: the points are its money, spent now or not at all.
    const spent =
      payment.pointsTravelerId !== null &&
      (await spendPoints(trx, { travelerId: payment.pointsTravelerId, bookingId: booking.id, paymentId: payment.id, points: payment.pointsRequested, now }));
    if (!spent)
      throw new AppError('CONFLICT', 'Ya no tienes puntos suficientes para este pago.', { points: 'Ya no tienes puntos suficientes para este pago.' });
  } else {
    if (booking.travelerId)
      await recordPayment(trx, { travelerId: booking.travelerId, bookingId: booking.id, paymentId: payment.id, amountCents: payment.amountCents, now });
    if (payment.pointsRequested > 0 && payment.pointsTravelerId && payment.pointsDiscountCents > 0) {
      // The points' own payment first: their ledger line names it. Spent only while the balance has them.
      const pointsId = randomUUID();
      await trx
        .insertInto('payments')
        .values({
          id: pointsId,
          bookingId: booking.id,
          orderNumber: newOrderNumber(),
          type: 'PUNTOS',
          tkId,
          amountCents: payment.pointsDiscountCents,
          paymentMethod: 'points',
          paymentOrigin: payment.paymentOrigin,
          status: 'CONFIRMED',
          pointsRequested: payment.pointsRequested,
          pointsTravelerId: payment.pointsTravelerId,
          confirmedAt: stamp,
          paymentReceipt: receiptUrl(booking.id, pointsId),
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute();
      if (await spendPoints(trx, { travelerId: payment.pointsTravelerId, bookingId: booking.id, paymentId: pointsId, points: payment.pointsRequested, now })) {
        pointsPaymentId = pointsId;
        await trx
          .insertInto('paymentVouchers')
          .values({ id: randomUUID(), bookingId: booking.id, paymentId: pointsId, voucherUrl: receiptUrl(booking.id, pointsId) })
          .execute();
        paymentIds.push(pointsId);
      } else {
        await trx.deleteFrom('payments').where('id', '=', pointsId).execute();
        pointsShort = true;
      }
    }
  }
  await refreshOwedSince(trx, booking.id);
  await emitWebhook(trx, {
    type: 'payment.received',
    data: { bookingId: booking.id, paymentId: payment.id, amountCents: payment.amountCents, method: payment.paymentMethod, orderNumber: payment.orderNumber },
    now,
  });
  // The money received is invoiced the day it comes, in this transaction (docs/decisions/043).
  await reconcileInvoices(trx, { config: config.invoicing, bookingId: booking.id, now });
  // A booking an agency sold: the agency hears of its confirmation with the voucher (docs/decisions/042).
  if (firstConfirmation && booking.retailerId) await notifyAgencyOfConfirmation(trx, booking.id, now);
  await queueConfirmationMails(trx, { config, bookingId: booking.id, paymentIds, firstConfirmation, now });
  return { status: 'confirmed', firstConfirmation, tkId, pointsPaymentId, pointsShort };
}

/**
 * A declined (or abandoned) PENDING payment: FAILED, the seats held for an IN_PROGRESS booking back on
 * sale, the booking still payable, and PAYMENT_FALLIDO with the way back. False when it was not pending.
 */
export async function failPayment(
  trx: Trx,
  { config, payment, responseCode, now }: { config: Pick<Config, 'publicUrl'>; payment: PaymentRow; responseCode: string | null; now: Date },
): Promise<boolean> {
  const stamp = now.toISOString();
  const failed = await trx
    .updateTable('payments')
    .set({ status: 'FAILED', tpvPaymentStatus: responseCode, updatedAt: stamp })
    .where('id', '=', payment.id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  if (failed.numUpdatedRows !== 1n) return false;
  const booking = await bookingTrips(trx).select(['bookings.status', 'tours.webSlug']).where('bookings.id', '=', payment.bookingId).executeTakeFirstOrThrow();
  // Only the funnel's own holds go back; a confirmed booking's seats are paid for, a transfer's wait for it.
  if (booking.status === 'IN_PROGRESS') await releaseHolds(trx, payment.bookingId, now);
  await queueFailedPaymentMail(trx, { config, bookingId: payment.bookingId, amountCents: payment.amountCents, tourSlug: booking.webSlug, now });
  return true;
}

/**
 * A payment the bank authorised for a booking that cannot be confirmed as it stands: the payment goes to
 * REVIEW with the reason, a booking still in the funnel to PAYPAL_REVIEW ("payment under review"), and
 * the traveller is told we are on it. Staff confirm (retaking seats) or refund.
 */
export async function holdPaymentForReview(
  trx: Trx,
  { payment, responseCode, reason, now }: { payment: PaymentRow; responseCode: string | null; reason: string; now: Date },
): Promise<boolean> {
  const stamp = now.toISOString();
  const marked = await trx
    .updateTable('payments')
    .set({ status: 'REVIEW', reviewReason: reason, tpvPaymentStatus: responseCode, updatedAt: stamp })
    .where('id', '=', payment.id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  if (marked.numUpdatedRows !== 1n) return false;
  const booking = await trx.selectFrom('bookings').select('status').where('id', '=', payment.bookingId).executeTakeFirstOrThrow();
  if (booking.status === 'IN_PROGRESS' || booking.status === 'WAITING_FOR_TRANSFER') {
    await transitionBooking(trx, payment.bookingId, 'PAYPAL_REVIEW', { by: null, reason, now });
    await queuePaymentInReviewMail(trx, { bookingId: payment.bookingId, now });
  }
  return true;
}
