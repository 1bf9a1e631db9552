/**
 * Starting a payment at the pay step or through the pay link: the server reprices, holds the seats of a
 * booking still in the funnel, and records a PENDING payment attempt with its own Redsys order number.
 * Card and Bizum answer the signed redirect form; a transfer answers the bank details and moves the
 * booking to WAITING_FOR_TRANSFER; points that cover everything confirm at once.
 */
import { randomUUID } from 'node:crypto';
import { pathTo } from '#shared/routes.ts';
import { BRAND_NAME } from '#shared/constants.ts';
import { computePointsDiscountCents, computePointsForDiscount } from '#shared/rules/points.ts';
import type { StartPaymentAnswer, StartPaymentInput, StartPaymentSchema } from '#shared/schemas/payments.ts';
import type { z } from 'zod';
import type { AuthContext } from '../../auth-context.ts';
import { type Config, REDSYS_SANDBOX_PATH } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, invalidFields } from '../../errors.ts';
import { findPaymentBlockers, PASSENGERS_INCOMPLETE_MESSAGE } from '../bookings/bookings.ts';
import { type Booking, bookingLocked } from '../bookings/records.ts';
import { DEFAULT_HOLD_MINUTES, holdSeats, releaseExpiredHolds } from '../bookings/seat-holds.ts';
import { transitionBooking } from '../bookings/transitions.ts';
import { loadPaymentContext, PAYABLE_STATUSES, type PaymentContext, pointsCapLeftCents, quoteView } from './amounts.ts';
import { createRedirect, newOrderNumber } from './redsys.ts';
import { queueTransferRequestMail } from './payment-mails.ts';
import { confirmPayment, PaymentNeedsReview } from './settle.ts';
import { findLeadTraveller, formatFullName } from '#shared/rules/travellers.ts';
import { pointsBalance } from './queries.ts';
import type { NewPaymentRow } from '../../db/tables.ts';
import { writeSchedule } from './schedule.ts';

/** A transfer takes days to arrive: its seats are held this long, then go back on sale unless staff confirmed it. */
export const TRANSFER_HOLD_HOURS = 72;

export interface PaymentDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'redsys' | 'bankTransfer' | 'invoicing'>;
}

const base = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.replace(/\/+$/, '');

/** Where the browser comes back from the terminal: the confirmation page, which asks the API for the result. */
export const confirmationPath = (paymentId: string) => pathTo('confirmation', { paymentID: paymentId });

/** The transfer instructions: the shop's account and the reference the traveller writes on the transfer. */
export const transferDetails = (config: Pick<Config, 'bankTransfer'>, reference: string) => ({
  iban: config.bankTransfer.iban,
  beneficiary: config.bankTransfer.beneficiary,
  bank: config.bankTransfer.bank,
  reference,
});

const leadName = (context: PaymentContext) => formatFullName(findLeadTraveller(context.travellers)?.reservationFields ?? {});

/** The points part of a payment: how many points, worth how much, for whom. Checks the request against the balance. */
async function pointsPart(
  deps: PaymentDeps,
  {
    context,
    requested,
    amountCents,
    method,
    auth,
  }: { context: PaymentContext; requested: number; amountCents: number; method: StartPaymentInput['method']; auth: AuthContext | null },
): Promise<{ points: number; discountCents: number; travelerId: string | null }> {
  if (requested === 0) return { points: 0, discountCents: 0, travelerId: null };
  if (!auth?.travelerId) throw invalidFields({ points: 'Inicia sesión para usar tus puntos.' });
  // A transfer is confirmed by staff days later; points wait on card and Bizum payments only.
  if (method === 'transfer') throw invalidFields({ points: 'Los puntos se pueden usar al pagar con tarjeta o Bizum.' });
  const balance = await pointsBalance(deps.db, auth.travelerId);
  if (requested > balance) throw invalidFields({ points: `Solo tienes ${balance} puntos.` });
  const discountCents = computePointsDiscountCents({
    balancePoints: balance,
    requestedPoints: requested,
    capCents: pointsCapLeftCents(context),
    paymentCents: amountCents,
  });
  if (discountCents === 0)
    throw invalidFields({ points: 'Con esos puntos no hay descuento que aplicar a este pago (100 puntos = 1 €, hasta el 10 % del viaje).' });
  return { points: computePointsForDiscount(discountCents), discountCents, travelerId: auth.travelerId };
}

/**
 * Starts a payment of `row` (already found and visible to the caller). Throws 409 when the booking takes
 * no payments, is paid or its seats ran out; 422 for a request that cannot apply.
 */
export async function startPayment(
  deps: PaymentDeps,
  {
    row,
    input,
    auth,
    origin,
    now,
    holdMinutes = DEFAULT_HOLD_MINUTES,
  }: { row: Booking; input: z.output<typeof StartPaymentSchema>; auth: AuthContext | null; origin: 'WEB' | 'ENLACE'; now: Date; holdMinutes?: number },
): Promise<StartPaymentAnswer> {
  const { db, config } = deps;
  if (!PAYABLE_STATUSES.includes(row.status)) {
    throw new AppError('CONFLICT', 'Esta reserva no admite pagos ahora mismo. Escríbenos y te ayudamos.');
  }
  if (row.status === 'IN_PROGRESS') {
    // The passengers step must be complete before anything is charged (docs/decisions/008-booking-funnel.md).
    const blockers = await findPaymentBlockers(db, row, now);
    if (Object.keys(blockers).length > 0) throw invalidFields(blockers, PASSENGERS_INCOMPLETE_MESSAGE);
  }
  const context = await loadPaymentContext(db, row, { now });
  if (context.remainingCents === 0) throw new AppError('CONFLICT', 'Tu reserva ya está pagada por completo.');
  const chosenCents = input.amount === 'due' ? context.dueNowCents : context.remainingCents;
  if (chosenCents === 0) throw invalidFields({ amount: 'Ahora no hay ningún importe pendiente: puedes pagar el total si quieres.' });
  const points = await pointsPart(deps, { context, requested: input.points, amountCents: chosenCents, method: input.method, auth });
  const cashCents = chosenCents - points.discountCents;
  const method = cashCents === 0 ? 'points' : input.method;

  // Seats: a booking still in the funnel holds them now (409 when short); a transfer for longer. Later
  // payments of a confirmed booking, or of one awaiting its transfer, already have theirs.
  let expiresAt = new Date(now.getTime() + holdMinutes * 60_000).toISOString();
  if (row.status === 'IN_PROGRESS') {
    await releaseExpiredHolds(db, now);
    ({ expiresAt } = await holdSeats(db, row.id, { minutes: method === 'transfer' ? TRANSFER_HOLD_HOURS * 60 : holdMinutes, now }));
  }

  const paymentId = randomUUID();
  const orderNumber = newOrderNumber();
  const stamp = now.toISOString();
  const payment: NewPaymentRow = {
    id: paymentId,
    bookingId: row.id,
    orderNumber,
    type: method === 'points' ? 'PUNTOS' : chosenCents === context.remainingCents ? 'TOTAL' : 'PARCIAL',
    tkId: row.tkId,
    amountCents: method === 'points' ? points.discountCents : cashCents,
    paymentMethod: method,
    paymentOrigin: origin,
    status: 'PENDING',
    expiresAt,
    pointsRequested: points.points,
    pointsTravelerId: points.travelerId,
    pointsDiscountCents: points.discountCents,
    createdAt: stamp,
    updatedAt: stamp,
  };
  let bookingStatus = context.status;
  await db.transaction().execute(async (trx) => {
    // One live attempt per booking: an earlier attempt left open can no longer be paid (its notification is late).
    await trx.updateTable('payments').set({ status: 'CANCELED', updatedAt: stamp }).where('bookingId', '=', row.id).where('status', '=', 'PENDING').execute();
    if (row.status === 'IN_PROGRESS') {
      const priced = await trx
        .updateTable('bookings')
        .set({ priceCents: context.quote.totalCents, quoteStringify: JSON.stringify(quoteView(context.quote)), updatedAt: stamp })
        .where('id', '=', row.id)
        .where('status', '=', 'IN_PROGRESS')
        .executeTakeFirst();
      if (priced.numUpdatedRows !== 1n) throw bookingLocked();
      await writeSchedule(trx, { bookingId: row.id, totalCents: context.quote.totalCents, insuranceCents: context.quote.insuranceCents, now });
    }
    await trx.insertInto('payments').values(payment).execute();
    if (method === 'transfer' && row.status === 'IN_PROGRESS') {
      await transitionBooking(trx, row.id, 'WAITING_FOR_TRANSFER', {
        by: auth?.userId ?? null,
        reason: `El viajero eligió transferencia bancaria (pedido ${orderNumber})`,
        now,
      });
      await trx
        .updateTable('bookings')
        .set({ transferCancellationDate: expiresAt.slice(0, 10) })
        .where('id', '=', row.id)
        .execute();
      bookingStatus = 'WAITING_FOR_TRANSFER';
      await queueTransferRequestMail(trx, {
        config,
        bookingId: row.id,
        amountCents: cashCents,
        transfer: transferDetails(config, `${row.differentId} ${orderNumber}`),
        deadline: expiresAt.slice(0, 10),
        now,
      });
    }
    if (method === 'points') {
      const stored = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
      await confirmPayment(trx, { config, payment: stored, responseCode: null, now, by: auth?.userId ?? null }).catch((error: unknown) => {
        throw error instanceof PaymentNeedsReview ? new AppError('CONFLICT', 'Esta reserva no se puede confirmar ahora. Escríbenos y te ayudamos.') : error;
      });
    }
  });

  if (method === 'points') return { paymentId, method: 'points', amountCents: points.discountCents, confirmationPath: confirmationPath(paymentId) };
  if (method === 'transfer') {
    return {
      paymentId,
      method: 'transfer',
      amountCents: cashCents,
      transfer: transferDetails(config, `${row.differentId} ${orderNumber}`),
      status: bookingStatus,
    };
  }
  const back = `${base(config)}${confirmationPath(paymentId)}`;
  const redirect = createRedirect(config.redsys, {
    order: orderNumber,
    amountCents: cashCents,
    method,
    urlOk: back,
    urlKo: back,
    merchantUrl: `${base(config)}/api/payments/redsys/notification`,
    description: `Reserva ${row.differentId} · ${context.tour.name}`,
    merchantName: BRAND_NAME,
    holder: leadName(context),
    merchantData: paymentId,
  });
  // The built-in sandbox is the shop itself: a path keeps the browser on the origin it is on (PUBLIC_URL
  // may name the shop differently, and the origin check refuses a form posted across origins).
  if (config.redsys.sandbox) redirect.url = REDSYS_SANDBOX_PATH;
  return { paymentId, method, amountCents: cashCents, redirect, holdExpiresAt: expiresAt };
}
