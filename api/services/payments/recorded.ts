/**
 * Payments staff record (docs/decisions/042): a transfer for any deadline, cash or card at the office, an
 * agency's settlement. Each is a payment row confirmed through `confirmPayment`, as the terminal's are, so
 * it gets its receipt, its PAYMENT mail, its ledger line and the booking's balance. Recorded once per press,
 * and once per reference: two people recording the same transfer at once record it once. Never beside money
 * still on its way (a card payment under way, a transfer waiting to be confirmed), so nothing counts twice.
 */
import { randomUUID } from 'node:crypto';
import { formatEuros } from '#shared/rules/money.ts';
import type { RecordPaymentInput } from '#shared/schemas/recorded-payments.ts';
import { RECORDED_PAYMENT_MESSAGES } from '#shared/schemas/labels.ts';
import type { Config } from '../../config.ts';
import { type Db, isUniqueViolation } from '../../db/database.ts';
import { AppError, invalidFields } from '../../errors.ts';
import { bookingNotFound } from '../bookings/records.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import { parseQuoteSnapshot } from './amounts.ts';
import { newOrderNumber } from './redsys.ts';
import { confirmPayment } from './settle.ts';

export async function recordStaffPayment(
  { db, config }: { db: Db; config: Pick<Config, 'publicUrl' | 'invoicing'> },
  { bookingId, input, actor, now }: { bookingId: string; input: RecordPaymentInput; actor: Actor; now: Date },
): Promise<{ applied: boolean }> {
  const today = now.toISOString().slice(0, 10);
  if (input.paidOn > today) throw invalidFields({ paidOn: RECORDED_PAYMENT_MESSAGES.future });
  try {
    return await applyOnce(
      db,
      { entityType: 'booking', entityId: bookingId, requestId: input.requestId, actor, now },
      async (trx, record) => {
        // The booking's row first: two records on one booking take turns, so together they cannot pass its total.
        const locked = await trx
          .updateTable('bookings')
          .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
          .where('id', '=', bookingId)
          .executeTakeFirst();
        if (locked.numUpdatedRows !== 1n) throw bookingNotFound();
        const booking = await trx
          .selectFrom('bookings')
          .select(['status', 'priceCents', 'quoteStringify'])
          .where('id', '=', bookingId)
          .executeTakeFirstOrThrow();
        if (booking.status !== 'CONFIRMED') throw new AppError('CONFLICT', RECORDED_PAYMENT_MESSAGES.notConfirmed);
        const payments = await trx
          .selectFrom('payments')
          .select(['paymentMethod', 'status', 'amountCents', 'expiresAt'])
          .where('bookingId', '=', bookingId)
          .execute();
        const pending = payments.filter((p) => p.status === 'PENDING');
        if (pending.some((p) => p.paymentMethod === 'transfer')) throw new AppError('CONFLICT', RECORDED_PAYMENT_MESSAGES.pendingTransfer);
        if (pending.some((p) => p.paymentMethod !== 'transfer' && (p.expiresAt === null || p.expiresAt > now.toISOString())))
          throw new AppError('CONFLICT', RECORDED_PAYMENT_MESSAGES.cardUnderWay);
        const total = parseQuoteSnapshot(booking.quoteStringify)?.totalCents ?? booking.priceCents;
        const paid = payments.filter((p) => p.status === 'CONFIRMED').reduce((sum, p) => sum + p.amountCents, 0);
        const left = Math.max(0, total - paid);
        if (left === 0) throw new AppError('CONFLICT', RECORDED_PAYMENT_MESSAGES.paidUp);
        if (input.amount > left) throw invalidFields({ amount: RECORDED_PAYMENT_MESSAGES.tooMuch(formatEuros(left)) });

        const stamp = now.toISOString();
        const payment = {
          id: randomUUID(),
          bookingId,
          orderNumber: newOrderNumber(),
          type: left === input.amount ? 'TOTAL' : 'PARCIAL',
          tkId: null,
          amountCents: input.amount,
          paymentMethod: input.method,
          paymentOrigin: input.method === 'agency' ? 'AGENCIA' : 'OFICINA',
          paymentToken: null,
          reviewReason: null,
          tkPaymentStatus: null,
          tpvPaymentStatus: null,
          creditUrl: null,
          status: 'PENDING' as const,
          hash: null,
          paymentReceipt: null,
          createdAt: stamp,
          updatedAt: stamp,
          expiresAt: null,
          confirmedAt: null,
          pointsRequested: 0,
          pointsTravelerId: null,
          pointsDiscountCents: 0,
          refundedCents: 0,
          reference: input.reference,
          note: input.note,
          paidOn: input.paidOn,
          recordedBy: actor.email,
        };
        await trx.insertInto('payments').values(payment).execute();
        const confirmed = await confirmPayment(trx, { config, payment, responseCode: null, now, by: actor.email });
        if (confirmed.status !== 'confirmed') throw new AppError('CONFLICT', RECORDED_PAYMENT_MESSAGES.notConfirmed);
        await record({
          action: 'pay',
          reason: input.note,
          before: { paidCents: paid },
          after: { paymentId: payment.id, method: input.method, amountCents: input.amount, paidOn: input.paidOn, reference: input.reference },
        });
        return { applied: true };
      },
      () => ({ applied: false }),
    );
  } catch (error) {
    // Another person's record of the same reference came first (a different press, so not applyOnce's replay).
    if (isUniqueViolation(error) && !(error instanceof AppError)) throw new AppError('CONFLICT', RECORDED_PAYMENT_MESSAGES.duplicate);
    throw error;
  }
}
