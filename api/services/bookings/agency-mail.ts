/**
 * The agency mail of a booking (cms-and-backoffice.md §7, `/v2/different/booking/notification/agency/{id}`),
 * sent by staff: the booking's summary (and its voucher once confirmed) to the agency that sold it, at its
 * documentation address or, without one, its general address. Queued through the outbox in the
 * transaction that records the press, so a press applied twice sends one mail.
 */
import { BOOKING_STATUS_LABELS } from '#shared/schemas/labels.ts';
import { AGENCY_MAIL_MESSAGES } from '#shared/schemas/retailers.ts';
import type { BookingStatus } from '#shared/enums.ts';
import type { Db, Trx } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { bookingNotFound } from './records.ts';
import { loadBookingDocument } from './documents/booking-document.ts';
import { renderVoucherPdf } from './documents/voucher.ts';
import { queueMail } from '../mail/outbox.ts';
import { agencyMailAddress } from '../people/retailers.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';

export const AGENCY_MAIL_ACTION = 'notify-agency';

export interface AgencyMailAnswer {
  /** false: this press was already applied, and nothing more was sent. */
  applied: boolean;
  to: string;
  agencyName: string;
}

/** The agency and address of a booking, or why there is none to write to. */
async function agencyOf(db: Db | Trx, bookingId: string) {
  const row = await db
    .selectFrom('bookings')
    .leftJoin('retailers', 'retailers.id', 'bookings.retailerId')
    .select(['bookings.id', 'bookings.retailerId', 'retailers.name', 'retailers.contactPerson', 'retailers.email', 'retailers.documentationEmail'])
    .where('bookings.id', '=', bookingId)
    .executeTakeFirst();
  if (!row) throw bookingNotFound();
  if (!row.retailerId || row.name === null) throw new AppError('CONFLICT', AGENCY_MAIL_MESSAGES.noAgency);
  const to = agencyMailAddress(row);
  if (!to) throw new AppError('CONFLICT', AGENCY_MAIL_MESSAGES.noEmail(row.name));
  return { retailerId: row.retailerId, name: row.name, contactPerson: row.contactPerson, to };
}

export async function sendAgencyMail(
  db: Db,
  { bookingId, requestId, actor, now }: { bookingId: string; requestId: string; actor: Actor; now: Date },
): Promise<AgencyMailAnswer> {
  const agency = await agencyOf(db, bookingId);
  const replayed = { applied: false, to: agency.to, agencyName: agency.name };
  // The booking's document and its voucher are made outside the transaction, and only for a new press.
  const prepare = () => agencyMailContent(db, bookingId, now);
  return applyOnce(
    db,
    { entityType: 'booking', entityId: bookingId, requestId, actor, now },
    async (trx, record, { doc, agencyReferences, voucher, reference }) => {
      const mailId = await queueAgencyMail(trx, agency, { doc, agencyReferences, voucher, reference }, now);
      await record({ action: AGENCY_MAIL_ACTION, before: null, after: { retailerId: agency.retailerId, to: agency.to, mailId, status: doc.status } });
      return { applied: true, to: agency.to, agencyName: agency.name };
    },
    () => replayed,
    prepare,
  );
}

type Agency = Awaited<ReturnType<typeof agencyOf>>;
type AgencyMailContent = Awaited<ReturnType<typeof agencyMailContent>>;

/** What the agency mail says of a booking: its document, the agency's references and, once confirmed, its voucher. */
async function agencyMailContent(db: Db | Trx, bookingId: string, now: Date) {
  const doc = await loadBookingDocument(db, bookingId);
  if (!doc) throw bookingNotFound();
  const agencyReferences = await db
    .selectFrom('bookingTravelers')
    .select('retailerTravelerId')
    .distinct()
    .where('bookingId', '=', bookingId)
    .where('retailerTravelerId', 'is not', null)
    .execute();
  const own = await db.selectFrom('bookings').select('retailerReference').where('id', '=', bookingId).executeTakeFirst();
  const references = [own?.retailerReference, ...agencyReferences.map((r) => r.retailerTravelerId)].filter((r): r is string => Boolean(r));
  const voucher = doc.status === 'CONFIRMED' ? await renderVoucherPdf(doc, { issuedAt: now.toISOString() }) : null;
  return { doc, agencyReferences: references, voucher, reference: doc.tkId ?? doc.differentId };
}

async function queueAgencyMail(trx: Trx, agency: Agency, { doc, agencyReferences, voucher, reference }: AgencyMailContent, now: Date): Promise<string> {
  const { id } = await queueMail(trx, {
    type: 'AGENCY_BOOKING',
    to: agency.to,
    bookingId: doc.bookingId,
    now,
    data: {
      agencyName: agency.name,
      contactPerson: agency.contactPerson,
      bookingReference: reference,
      agencyReference: [...new Set(agencyReferences)].join(', ') || null,
      statusLabel: BOOKING_STATUS_LABELS[doc.status as BookingStatus] ?? doc.status,
      tourName: doc.tourName,
      dayOne: doc.dayOne,
      returnDate: doc.returnDate,
      flightName: doc.flightName,
      lead: doc.lead,
      travellers: doc.travellers,
      totalCents: doc.totalCents,
      paidCents: doc.paidCents,
      remainingCents: doc.remainingCents,
      voucherAttached: voucher !== null,
    },
    attachments: voucher ? [{ filename: `bono-reserva-${reference}.pdf`, contentType: 'application/pdf', contentBase64: voucher.toString('base64') }] : [],
  });
  return id;
}

/**
 * The agency mail when a booking an agency sold is confirmed (issue 31), in the confirmation's transaction: its
 * voucher to the agency. A booking of no agency, or of one with no address, sends nothing.
 */
export async function notifyAgencyOfConfirmation(trx: Trx, bookingId: string, now: Date): Promise<void> {
  const agency = await agencyOf(trx, bookingId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'CONFLICT') return null;
    throw error;
  });
  if (!agency) return;
  await queueAgencyMail(trx, agency, await agencyMailContent(trx, bookingId, now), now);
}
