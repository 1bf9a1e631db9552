/**
 * The mails a payment causes, queued in the transaction that settles it (outbox): BONO_RESERVA with the
 * voucher on a booking's first confirmation, PAYMENT with the receipt for every confirmed payment (or
 * PRE_BOOKING when the first one paid just the pre-booking amount, with what is left and when),
 * PAYMENT_FALLIDO with the way back to the pay step, ON_REQUEST when a paid booking waits for staff.
 */
import { renderInvoicePdf } from '../invoices/invoice-pdf.ts';
import { computePreBookingAmountCents, deadlinesToPay, parseDeadlines } from '#shared/rules/payments.ts';
import { pathTo } from '#shared/routes.ts';
import type { Config } from '../../config.ts';
import type { Trx } from '../../db/database.ts';
import { type BookingDocument, loadBookingDocument, PAYMENT_METHOD_LABELS } from '../bookings/documents/booking-document.ts';
import { renderReceiptPdf } from '../bookings/documents/receipt.ts';
import { renderVoucherPdf } from '../bookings/documents/voucher.ts';
import type { MailAttachment } from '../mail/outbox.ts';
import { queueMail } from '../mail/outbox.ts';
import { parseQuoteSnapshot } from './amounts.ts';
import { preBookedFareCents } from './queries.ts';

const base = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.replace(/\/+$/, '');
const enc = encodeURIComponent;

/** Where a traveller pays what is left: the pay-by-link page once there is a tkId, the funnel's pay step before. */
export function payAgainLink(
  config: Pick<Config, 'publicUrl'>,
  { bookingId, tkId, tourSlug }: { bookingId: string; tkId: string | null; tourSlug: string },
): string {
  return `${base(config)}${tkId ? pathTo('payment-link', { id: bookingId, tkId, slug: tourSlug }) : pathTo('booking-payment', { slug: tourSlug, bookingId })}`;
}

/** The receipts page; the tkId in the link is the credential for travellers without an account. */
export const receiptsLink = (config: Pick<Config, 'publicUrl'>, bookingId: string, tkId: string | null) =>
  `${base(config)}${pathTo('receipts', { bookingId }, { tk: tkId })}`;

const pdf = (filename: string, bytes: Buffer): MailAttachment => ({ filename, contentType: 'application/pdf', contentBase64: bytes.toString('base64') });

const firstName = (doc: BookingDocument) => doc.lead.name.split(' ')[0] ?? doc.lead.name;

const common = (doc: BookingDocument) => ({
  travelerName: firstName(doc),
  tourName: doc.tourName,
  bookingReference: doc.tkId ?? doc.differentId,
  dayOne: doc.dayOne,
  ...(doc.returnDate ? { returnDate: doc.returnDate } : {}),
  travellerCount: doc.travellers.length,
});

/**
 * Queues the mails of a confirmed checkout: the voucher when the booking was just confirmed, and one
 * PAYMENT mail with a receipt per payment confirmed (the card payment and the points that went with it).
 */
export async function queueConfirmationMails(
  trx: Trx,
  {
    config,
    bookingId,
    paymentIds,
    firstConfirmation,
    now,
  }: { config: Pick<Config, 'publicUrl' | 'invoicing'>; bookingId: string; paymentIds: string[]; firstConfirmation: boolean; now: Date },
): Promise<void> {
  const doc = await loadBookingDocument(trx, bookingId);
  if (!doc?.lead.email) return;
  const to = doc.lead.email;
  const reference = doc.tkId ?? doc.differentId;
  if (firstConfirmation) {
    const voucher = await renderVoucherPdf(doc, { issuedAt: now.toISOString() });
    await queueMail(trx, {
      type: 'BONO_RESERVA',
      to,
      bookingId,
      now,
      data: {
        ...common(doc),
        paidCents: doc.paidCents,
        remainingCents: doc.remainingCents,
        link: `${base(config)}/perfil/reserva/${enc(bookingId)}/${enc(reference)}`,
      },
      attachments: [pdf(`bono-reserva-${reference}.pdf`, voucher)],
    });
  }
  const payments = doc.payments.filter((p) => paymentIds.includes(p.id));
  if (payments.length === 0) return;
  const receipts = await Promise.all(payments.map(async (p) => pdf(`recibo-${p.orderNumber}.pdf`, await renderReceiptPdf(doc, p))));
  // Each payment's invoice, issued in this transaction, goes with its receipt (docs/decisions/043).
  const invoices = await trx.selectFrom('invoices').select('id').where('paymentId', 'in', paymentIds).execute();
  for (const invoice of invoices) {
    const rendered = await renderInvoicePdf(trx, invoice.id, { test: config.invoicing.aeat.test });
    if (rendered) receipts.push(pdf(`factura-${rendered.invoiceNumber}.pdf`, rendered.pdf));
  }
  const amountCents = payments.reduce((sum, p) => sum + p.amountCents, 0);
  const preBooking = firstConfirmation && doc.remainingCents > 0 && (await isPreBooking(trx, { doc, bookingId, amountCents, now }));
  await queueMail(trx, {
    // A first payment of just the pre-booking amount keeps the seats: its mail says what is left and when.
    type: preBooking ? 'PRE_BOOKING' : 'PAYMENT',
    to,
    bookingId,
    now,
    data: {
      ...common(doc),
      amountCents,
      paymentMethod: payments.map((p) => `${PAYMENT_METHOD_LABELS[p.method] ?? p.method}`).join(' y '),
      paidCents: doc.paidCents,
      remainingCents: doc.remainingCents,
      link: preBooking ? `${base(config)}/perfil/reserva/${enc(bookingId)}/${enc(reference)}` : receiptsLink(config, bookingId, doc.tkId),
      ...(doc.tkId ? { payLink: `${base(config)}${pathTo('payment-link', { id: bookingId, tkId: doc.tkId })}` } : {}),
      ...(preBooking ? { deadlines: await deadlinesOf(trx, bookingId) } : {}),
    },
    attachments: receipts,
  });
}

/**
 * Whether what was just paid is the booking's pre-booking (storefront-and-booking.md, "Pre-booking and
 * deadlines"): 1 € when departure is more than 30 days away, or the pre-booked flight fare per traveller.
 */
async function isPreBooking(trx: Trx, { doc, bookingId, amountCents, now }: { doc: BookingDocument; bookingId: string; amountCents: number; now: Date }) {
  const preBookingCents = computePreBookingAmountCents({
    departureDate: doc.dayOne,
    today: now.toISOString().slice(0, 10),
    fareCents: await preBookedFareCents(trx, bookingId),
    travellerCount: doc.travellers.length,
  });
  return preBookingCents !== null && amountCents === preBookingCents;
}

async function deadlinesOf(trx: Trx, bookingId: string) {
  const row = await trx.selectFrom('bookings').select(['deadlinesStringify', 'quoteStringify']).where('id', '=', bookingId).executeTakeFirstOrThrow();
  const paid = await trx.selectFrom('payments').select('amountCents').where('bookingId', '=', bookingId).where('status', '=', 'CONFIRMED').execute();
  // What each deadline still owes once the pre-booking is paid (docs/decisions/042), so they add up to what is left.
  return deadlinesToPay({
    deadlines: parseDeadlines(row.deadlinesStringify),
    paidCents: paid.reduce((sum, p) => sum + p.amountCents, 0),
    insuranceCents: parseQuoteSnapshot(row.quoteStringify)?.insuranceCents ?? 0,
  });
}

/** PAYMENT_FALLIDO: nothing was charged, and the way back to paying. */
export async function queueFailedPaymentMail(
  trx: Trx,
  { config, bookingId, amountCents, tourSlug, now }: { config: Pick<Config, 'publicUrl'>; bookingId: string; amountCents: number; tourSlug: string; now: Date },
): Promise<void> {
  const doc = await loadBookingDocument(trx, bookingId);
  if (!doc?.lead.email) return;
  await queueMail(trx, {
    type: 'PAYMENT_FALLIDO',
    to: doc.lead.email,
    bookingId,
    now,
    data: { ...common(doc), amountCents, link: payAgainLink(config, { bookingId, tkId: doc.tkId, tourSlug }) },
  });
}

/**
 * PETITON_RESERVA: the traveller chose a bank transfer, so the booking is a request the office confirms
 * when the money arrives. The mail carries what to transfer, where, with which reference and by when.
 */
export async function queueTransferRequestMail(
  trx: Trx,
  {
    config,
    bookingId,
    amountCents,
    transfer,
    deadline,
    now,
  }: {
    config: Pick<Config, 'publicUrl'>;
    bookingId: string;
    amountCents: number;
    transfer: { iban: string; beneficiary: string; bank: string; reference: string };
    deadline: string;
    now: Date;
  },
): Promise<void> {
  const doc = await loadBookingDocument(trx, bookingId);
  if (!doc?.lead.email) return;
  await queueMail(trx, {
    type: 'PETITON_RESERVA',
    to: doc.lead.email,
    bookingId,
    now,
    data: { ...common(doc), amountCents, transfer, deadline, link: `${base(config)}/perfil/reserva/${enc(bookingId)}` },
  });
}

/** ON_REQUEST: the payment arrived but the booking needs staff (seats gone meanwhile): we write back. */
export async function queuePaymentInReviewMail(trx: Trx, { bookingId, now }: { bookingId: string; now: Date }): Promise<void> {
  const doc = await loadBookingDocument(trx, bookingId);
  if (!doc?.lead.email) return;
  await queueMail(trx, { type: 'ON_REQUEST', to: doc.lead.email, bookingId, now, data: common(doc) });
}
