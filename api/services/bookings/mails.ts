/**
 * The mails staff send from the back office (cms-and-backoffice.md §7): the voucher again (reservation
 * bond), the trip's documentation with or without the uploaded e-tickets, the budget, a payment reminder;
 * and a departure's notifications to all or some of its bookings (documentation, payment reminder at a
 * percentage). Each send goes through the outbox in the transaction that records the staff action, so a
 * press is mailed once however often it arrives.
 */
import { periodTours } from '../catalogue/trips.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isValidEmail } from '#shared/rules/validation.ts';
import { BOOKING_DESK_MESSAGES, type BookingMailRequest, type PeriodNoticeAnswer, type PeriodNoticeRequest } from '#shared/schemas/booking-desk.ts';
import type { BookingMail } from '#shared/schemas/labels.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { budgetMail } from './budgets.ts';
import { findBooking } from './queries.ts';
import { bookingNotFound } from './records.ts';
import type { Trx } from '../../db/database.ts';
import { type BookingDocument, loadBookingDocument } from './documents/booking-document.ts';
import { loadTripDocumentation, renderDocumentationPdf } from './documents/documentation.ts';
import { renderVoucherPdf } from './documents/voucher.ts';
import { type MailAttachment, queueMail } from '../mail/outbox.ts';
import { payAgainLink } from '../payments/payment-mails.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';

export interface MailDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'filesDir' | 'authSecret'>;
}

/** A mail that cannot go to this booking, and why (a staff member reads it). */
export class Skip extends Error {}

const base = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.replace(/\/+$/, '');
const pdf = (filename: string, bytes: Buffer): MailAttachment => ({ filename, contentType: 'application/pdf', contentBase64: bytes.toString('base64') });
const firstName = (doc: BookingDocument) => doc.lead.name.split(' ')[0] ?? doc.lead.name;

async function eTickets(trx: Trx, { bookingId, filesDir }: { bookingId: string; filesDir: string }): Promise<MailAttachment[]> {
  const rows = await trx
    .selectFrom('bookingDocuments')
    .select(['storageKey', 'name', 'contentType'])
    .where('bookingId', '=', bookingId)
    .where('kind', '=', 'ETICKET')
    .orderBy('createdAt')
    .execute();
  return Promise.all(
    rows.map(async (r) => ({ filename: r.name, contentType: r.contentType, contentBase64: (await readFile(join(filesDir, r.storageKey))).toString('base64') })),
  );
}

/**
 * Queues one mail of a booking in `trx`. `percent` (payment reminders of a departure) asks for what
 * reaches that share of the price; without it, for everything still owed. Throws Skip with the reason
 * a person reads when this booking cannot get this mail.
 */
export async function queueBookingMail(
  trx: Trx,
  { config, bookingId, mail, percent, now }: { config: MailDeps['config']; bookingId: string; mail: BookingMail; percent?: number | undefined; now: Date },
): Promise<{ mailId: string; to: string; amountCents?: number }> {
  const row = await findBooking(trx, bookingId);
  if (!row) throw bookingNotFound();
  if (row.status === 'CANCELED') throw new Skip(BOOKING_DESK_MESSAGES.canceled);
  if (mail === 'budget') {
    if (!row.budgetName) throw new Skip(BOOKING_DESK_MESSAGES.notBudget);
    const { mail: budget } = await budgetMail(trx, { row, budgetName: row.budgetName, config, now }).catch((error: unknown) => {
      throw error instanceof AppError ? new Skip(error.message) : error;
    });
    const { id } = await queueMail(trx, budget);
    return { mailId: id, to: budget.to };
  }
  const doc = await loadBookingDocument(trx, bookingId);
  if (!doc) throw bookingNotFound();
  const to = doc.lead.email;
  if (!to || !isValidEmail(to)) throw new Skip(BOOKING_DESK_MESSAGES.noAddress);
  const reference = doc.tkId ?? doc.differentId;
  const common = { travelerName: firstName(doc), tourName: doc.tourName, bookingReference: reference, dayOne: doc.dayOne };
  const bookingPage = `${base(config)}/perfil/reserva/${encodeURIComponent(bookingId)}/${encodeURIComponent(reference)}`;
  const issuedAt = now.toISOString();
  if (mail === 'voucher') {
    if (row.status !== 'CONFIRMED') throw new Skip(BOOKING_DESK_MESSAGES.voucherNotConfirmed);
    const voucher = await renderVoucherPdf(doc, { issuedAt });
    const { id } = await queueMail(trx, {
      type: 'BONO_RESERVA',
      to,
      bookingId,
      now,
      data: {
        ...common,
        ...(doc.returnDate ? { returnDate: doc.returnDate } : {}),
        travellerCount: doc.travellers.length,
        paidCents: doc.paidCents,
        remainingCents: doc.remainingCents,
        link: bookingPage,
      },
      attachments: [pdf(`bono-reserva-${reference}.pdf`, voucher)],
    });
    return { mailId: id, to };
  }
  if (mail === 'payment-reminder') {
    const target = percent === undefined ? doc.totalCents : Math.ceil((doc.totalCents * percent) / 100);
    const amountCents = Math.min(doc.remainingCents, target - doc.paidCents);
    if (amountCents <= 0) throw new Skip(BOOKING_DESK_MESSAGES.nothingDue);
    const tour = await periodTours(trx).select('tours.webSlug').where('periods.id', '=', row.periodId).executeTakeFirstOrThrow();
    const { id } = await queueMail(trx, {
      type: 'REMINDER_PAYMENT',
      to,
      bookingId,
      now,
      data: { ...common, amountCents, link: payAgainLink(config, { bookingId, tkId: row.tkId, tourSlug: tour.webSlug }) },
    });
    return { mailId: id, to, amountCents };
  }
  const documentation = await renderDocumentationPdf(doc, await loadTripDocumentation(trx, row.periodId), { issuedAt });
  const tickets = mail === 'documentation-eticket' ? await eTickets(trx, { bookingId, filesDir: config.filesDir }) : [];
  const { id } = await queueMail(trx, {
    type: 'INFO_PRACTICA',
    to,
    bookingId,
    now,
    data: { ...common, link: bookingPage },
    attachments: [pdf(`documentacion-${reference}.pdf`, documentation), ...tickets],
  });
  return { mailId: id, to };
}

/** `POST /api/admin/bookings/:id/mails`: one of the booking's mails again, once per press. */
export async function sendBookingMail(
  { db, config }: MailDeps,
  { bookingId, request, actor, now }: { bookingId: string; request: BookingMailRequest; actor: Actor; now: Date },
): Promise<{ applied: boolean; to: string | null }> {
  if (!(await findBooking(db, bookingId))) throw bookingNotFound();
  try {
    return await applyOnce(
      db,
      { entityType: 'booking', entityId: bookingId, requestId: request.requestId, actor, now },
      async (trx, record) => {
        const queued = await queueBookingMail(trx, { config, bookingId, mail: request.mail, now });
        await record({ action: `mail:${request.mail}`, before: null, after: queued });
        return { applied: true, to: queued.to };
      },
      () => ({ applied: false, to: null }),
    );
  } catch (error) {
    if (error instanceof Skip) throw new AppError('CONFLICT', error.message);
    throw error;
  }
}

/** The bookings a departure's notifications go to: confirmed ones and those waiting for a transfer. */
const NOTIFIED_STATUSES = ['CONFIRMED', 'WAITING_FOR_TRANSFER'] as const;

/**
 * `POST /api/admin/periods/:id/notifications`: the documentation or a payment reminder to every booking
 * of the departure, or to the ones chosen. All are queued in one transaction with the staff record (one
 * press, one mail per booking); the bookings that cannot get it are listed with why.
 */
export async function notifyPeriod(
  { db, config }: MailDeps,
  { periodId, request, actor, now }: { periodId: string; request: PeriodNoticeRequest; actor: Actor; now: Date },
): Promise<PeriodNoticeAnswer> {
  const period = await db.selectFrom('periods').select(['id']).where('id', '=', periodId).executeTakeFirst();
  if (!period) throw notFound('No encontramos esa salida.');
  return applyOnce(
    db,
    { entityType: 'period', entityId: periodId, requestId: request.requestId, actor, now },
    async (trx, record, rows): Promise<PeriodNoticeAnswer> => {
      const skipped: PeriodNoticeAnswer['skipped'] = [];
      const sent: { bookingId: string; mailId: string }[] = [];
      for (const row of rows) {
        try {
          const queued = await queueBookingMail(trx, { config, bookingId: row.id, mail: request.notice, percent: request.percent, now });
          sent.push({ bookingId: row.id, mailId: queued.mailId });
          await record({
            action: `mail:${request.notice}`,
            before: null,
            after: { ...queued, periodNotice: true },
            on: { entityType: 'booking', entityId: row.id },
          });
        } catch (error) {
          if (!(error instanceof Skip)) throw error;
          skipped.push({ bookingId: row.id, reference: row.tkId ?? row.differentId, why: error.message });
        }
      }
      await record({ action: `notice:${request.notice}`, before: null, after: { percent: request.percent ?? null, sent, skipped } });
      return { sent: sent.length, skipped, applied: true };
    },
    () => ({ sent: 0, skipped: [], applied: false }),
    async () => {
      const rows = await db
        .selectFrom('bookings')
        .select(['id', 'status', 'periodId', 'tkId', 'differentId'])
        .$if(request.bookingIds !== undefined, (qb) => qb.where('id', 'in', request.bookingIds ?? []))
        .$if(request.bookingIds === undefined, (qb) => qb.where('periodId', '=', periodId).where('status', 'in', NOTIFIED_STATUSES))
        .orderBy('createdAt')
        .execute();
      if (request.bookingIds && (rows.length !== new Set(request.bookingIds).size || rows.some((r) => r.periodId !== periodId))) {
        throw new AppError('VALIDATION', BOOKING_DESK_MESSAGES.notInPeriod, { bookingIds: BOOKING_DESK_MESSAGES.notInPeriod });
      }
      return rows;
    },
  );
}
