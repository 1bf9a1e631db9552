import { bookingTrips } from '../bookings/queries.ts';
import { computeAmountPaidCents } from '#shared/rules/payments.ts';
import { computePointsDiscountCents } from '#shared/rules/points.ts';
import { PAYMENT_METHODS, type PaymentOptionsAnswer, type PaymentResultAnswer, type ReceiptsAnswer } from '#shared/schemas/payments.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentRow } from '../../db/tables.ts';
import { notFound } from '../../errors.ts';
import { type Booking, parseTravellers } from '../bookings/records.ts';
import { loadPaymentContext, parseQuoteSnapshot, paymentAmounts, pointsCapLeftCents } from './amounts.ts';
import { type PaymentDeps, transferDetails } from './start.ts';
import { findLeadTraveller, formatFullName } from '#shared/rules/travellers.ts';
import { paymentsOf, pointsBalance, tripOf } from './queries.ts';

export const paymentNotFound = () => notFound('No encontramos ese pago.');

/** `GET /payments/booking/:id` and the pay link: what the pay step shows. Points only for a signed-in traveller. */
export async function paymentOptions(db: Db, row: Booking, { now, travelerId }: { now: Date; travelerId: string | null }): Promise<PaymentOptionsAnswer> {
  const context = await loadPaymentContext(db, row, { now });
  let points: PaymentOptionsAnswer['points'] = null;
  if (travelerId) {
    const balance = await pointsBalance(db, travelerId);
    points = {
      balance,
      maxDiscountCents: computePointsDiscountCents({ balancePoints: balance, capCents: pointsCapLeftCents(context), paymentCents: context.remainingCents }),
    };
  }
  return {
    bookingId: row.id,
    status: context.status,
    tkId: row.tkId,
    differentId: row.differentId,
    tour: { name: context.tour.name, slug: context.tour.slug },
    period: { dayOne: context.period.dayOne, returnDate: context.period.returnDate, numberOfDays: context.period.numberOfDays },
    travellerCount: context.travellers.length,
    quote: context.quote,
    paidCents: context.paidCents,
    dueNowCents: context.dueNowCents,
    remainingCents: context.remainingCents,
    dueNowExplanation: context.dueNowExplanation,
    paymentPlan: context.paymentPlan,
    points,
    holdExpiresAt: context.holdExpiresAt,
    methods: [...PAYMENT_METHODS],
    payments: context.payments.map((p) => ({ id: p.id, amountCents: p.amountCents, method: p.paymentMethod, status: p.status, createdAt: p.createdAt })),
  };
}

/** `GET /payments/:paymentId`: one payment and where its booking stands, for those the route lets see it. */
export async function paymentResult({ db, config }: PaymentDeps, paymentId: string): Promise<PaymentResultAnswer> {
  const payment = await db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!payment) throw paymentNotFound();
  const booking = await bookingTrips(db)
    .leftJoin('travelers', 'travelers.id', 'bookings.travelerId')
    .select([
      'bookings.id',
      'bookings.status',
      'bookings.tkId',
      'bookings.differentId',
      'bookings.priceCents',
      'bookings.quoteStringify',
      'bookings.travelersStringify',
      'tours.name as tourName',
      'tours.webSlug',
      'periods.dayOne',
      'travelers.name as ownerName',
      'travelers.email as ownerEmail',
    ])
    .where('bookings.id', '=', payment.bookingId)
    .executeTakeFirstOrThrow();
  const payments = await paymentsOf(db, booking.id);
  const travellers = parseTravellers(booking.travelersStringify);
  const lead = findLeadTraveller(travellers);
  const totalCents = parseQuoteSnapshot(booking.quoteStringify)?.totalCents ?? booking.priceCents;
  const paidCents = computeAmountPaidCents(paymentAmounts(payments));
  return {
    paymentId: payment.id,
    status: payment.status as PaymentResultAnswer['status'],
    method: payment.paymentMethod,
    amountCents: payment.amountCents,
    createdAt: payment.createdAt,
    booking: {
      id: booking.id,
      status: booking.status,
      tkId: booking.tkId,
      differentId: booking.differentId,
      tourName: booking.tourName,
      tourSlug: booking.webSlug,
      dayOne: booking.dayOne,
      leadName: formatFullName(lead?.reservationFields ?? {}) || booking.ownerName || '',
      leadEmail: lead?.reservationFields['email'] ?? booking.ownerEmail ?? '',
      travellerCount: travellers.length,
      totalCents,
      paidCents,
      remainingCents: Math.max(0, totalCents - paidCents),
    },
    transfer: payment.paymentMethod === 'transfer' ? transferDetails(config, `${booking.differentId} ${payment.orderNumber}`) : null,
  };
}

/** Where a receipt is downloaded; the tkId travels along for callers without an account. */
export const receiptPath = (bookingId: string, paymentId: string, tk: string | null) =>
  `/api/payments/receipts/${encodeURIComponent(bookingId)}/${encodeURIComponent(paymentId)}.pdf${tk ? `?tk=${encodeURIComponent(tk)}` : ''}`;

/** `GET /payments/receipts/:bookingId`: the confirmed payments, oldest first. */
export async function receiptsList(db: Db, booking: Booking, { tk }: { tk: string | null }): Promise<ReceiptsAnswer> {
  const [trip, payments] = await Promise.all([tripOf(db, booking.periodId), paymentsOf(db, booking.id, { confirmed: true })]);
  return {
    bookingId: booking.id,
    tkId: booking.tkId,
    tourName: trip.tourName,
    receipts: payments.map((p: PaymentRow) => ({
      paymentId: p.id,
      amountCents: p.amountCents,
      method: p.paymentMethod,
      confirmedAt: p.confirmedAt ?? p.updatedAt,
      url: receiptPath(booking.id, p.id, tk),
    })),
  };
}
