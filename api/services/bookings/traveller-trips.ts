/**
 * The traveller's own trips: the bookings they hold or travel on (the same link the back office and the
 * GDPR export read, `linkedBookings`), upcoming and past, and one of them in full. A booking that is not
 * theirs is answered exactly like one that does not exist.
 */
import { pathTo } from '#shared/routes.ts';
import { findPassengerProblems } from '#shared/rules/passengers.ts';
import { TRIP_PASSENGER_FIELDS, type TripDetail, type TripRow, type TripsAnswer } from '#shared/schemas/me.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { parseTravellers } from './records.ts';
import { loadBookingDocument } from './documents/booking-document.ts';
import { loadTripDocumentation } from './documents/documentation.ts';
import { receiptPath } from '../payments/views.ts';
import { linkedBookingsQuery } from '../people/linked.ts';
import { tripActivityOptions, tripChangeBlocker } from './trip-changes.ts';
import { deadlinesToPay, parseDeadlines } from '#shared/rules/payments.ts';

export const tripNotFound = () => notFound('No encontramos ese viaje entre los tuyos.');

/** Bookings that are trips: made (not still in the funnel, which are budgets) and not canceled before paying. */
const TRIP_STATUSES = ['CONFIRMED', 'WAITING_FOR_TRANSFER', 'PAYPAL_REVIEW', 'CANCELED'] as const;

export async function tripRows(db: Db, travelerId: string): Promise<TripRow[]> {
  const rows = await linkedBookingsQuery(db, travelerId).select('tours.webSlug').where('bookings.status', 'in', TRIP_STATUSES).execute();
  return rows.map((r) => {
    const paidCents = Number(r.paidCents ?? 0);
    return {
      id: r.id,
      tkId: r.tkId,
      differentId: r.differentId,
      status: r.status,
      tourName: r.tourName,
      tourSlug: r.webSlug,
      dayOne: r.dayOne,
      returnDate: r.returnDate,
      travellers: parseTravellers(r.travelersStringify).length,
      priceCents: r.priceCents,
      paidCents,
      dueCents: r.status === 'CANCELED' ? 0 : Math.max(0, r.priceCents - paidCents),
    };
  });
}

/** Upcoming trips soonest first; past ones (returned before today) newest first. */
export async function listTrips(db: Db, { travelerId, today }: { travelerId: string; today: string }): Promise<TripsAnswer> {
  const rows = await tripRows(db, travelerId);
  const upcoming = rows.filter((r) => r.returnDate >= today).sort((a, b) => a.dayOne.localeCompare(b.dayOne) || a.id.localeCompare(b.id));
  const past = rows.filter((r) => r.returnDate < today).sort((a, b) => b.dayOne.localeCompare(a.dayOne) || a.id.localeCompare(b.id));
  return { upcoming, past };
}

export async function tripDetail(
  db: Db,
  { travelerId, bookingId, now = new Date() }: { travelerId: string; bookingId: string; now?: Date },
): Promise<TripDetail> {
  const trip = (await tripRows(db, travelerId)).find((r) => r.id === bookingId);
  if (!trip) throw tripNotFound();
  const [doc, booking, documents, changeBlocker, mails, invoices] = await Promise.all([
    loadBookingDocument(db, bookingId),
    db
      .selectFrom('bookings')
      .select(['deadlinesStringify', 'travelersStringify', 'updatedAt', 'periodId'])
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('bookingDocuments').select(['storageKey', 'name', 'kind']).where('bookingId', '=', bookingId).orderBy('createdAt').execute(),
    tripChangeBlocker(db, { travelerId, bookingId, now }),
    db.selectFrom('mails').select(['subject', 'sentAt', 'createdAt', 'status']).where('bookingId', '=', bookingId).orderBy('createdAt').orderBy('id').execute(),
    db
      .selectFrom('invoices')
      .select(['id', 'invoiceNumber', 'invoiceType', 'issueDate', 'totalCents'])
      .where('bookingId', '=', bookingId)
      .where('status', '=', 'ISSUED')
      .orderBy('issuedAt')
      .orderBy('number')
      .execute(),
  ]);
  if (!doc) throw tripNotFound();
  const documentation = await loadTripDocumentation(db, booking.periodId);
  const entries = parseTravellers(booking.travelersStringify);
  const problems = findPassengerProblems(entries, { dayOne: trip.dayOne, today: now.toISOString().slice(0, 10) });
  const base = `/api/me/trips/${encodeURIComponent(bookingId)}`;
  const payable = (trip.status === 'CONFIRMED' || trip.status === 'WAITING_FOR_TRANSFER') && doc.remainingCents > 0 && trip.tkId !== null;
  // What each deadline still owes (docs/decisions/042); nothing on a cancelled trip.
  const deadlines =
    trip.status === 'CANCELED'
      ? []
      : deadlinesToPay({ deadlines: parseDeadlines(booking.deadlinesStringify), paidCents: doc.paidCents, insuranceCents: doc.quote.insuranceCents });
  return {
    trip: {
      ...trip,
      paidCents: doc.paidCents,
      dueCents: trip.status === 'CANCELED' ? 0 : doc.remainingCents,
      flightName: doc.flightName,
      numberOfDays: doc.numberOfDays,
    },
    updatedAt: booking.updatedAt,
    changeBlocker,
    // The document lists the booking's entries in their order: each row is completed with its id and fields.
    travellers: doc.travellers.map((t, i) => {
      const entry = entries[i];
      const fields = entry?.reservationFields ?? {};
      return {
        ...t,
        id: entry?.id ?? String(i),
        fields: Object.fromEntries(TRIP_PASSENGER_FIELDS.filter((f) => fields[f]).map((f) => [f, fields[f]])),
        missing: Object.fromEntries(TRIP_PASSENGER_FIELDS.filter((f) => problems[`travellers.${i}.${f}`]).map((f) => [f, problems[`travellers.${i}.${f}`]])),
      };
    }),
    activityOptions: changeBlocker ? [] : await tripActivityOptions(db, { bookingId, now }),
    payments: doc.payments.map((p) => ({
      amountCents: p.amountCents,
      method: p.method,
      confirmedAt: p.confirmedAt,
      // With the tkId, which the traveller sees on this page: a passenger who is not the holder gets it too.
      receiptUrl: receiptPath(bookingId, p.id, trip.tkId),
    })),
    deadlines: Array.isArray(deadlines) ? deadlines : [],
    documents: documents.map((d) => ({
      name: d.name,
      kind: d.kind as 'ETICKET' | 'DOCUMENT',
      url: `${base}/documents?key=${encodeURIComponent(d.storageKey)}`,
    })),
    payUrl: payable && trip.tkId ? pathTo('payment-link', { id: bookingId, tkId: trip.tkId, slug: trip.tourSlug }) : null,
    voucherUrl: trip.status === 'CONFIRMED' ? `${base}/voucher.pdf` : null,
    invoices: invoices.map((i) => ({
      number: i.invoiceNumber,
      correction: i.invoiceType === 'R1',
      issueDate: i.issueDate,
      totalCents: i.totalCents,
      url: `${base}/invoices/${encodeURIComponent(i.id)}.pdf`,
    })),
    documentationUrl: trip.status === 'CONFIRMED' || trip.status === 'WAITING_FOR_TRANSFER' ? `${base}/documentation.pdf` : null,
    itinerary: documentation.days.map((d) => ({ rank: d.rank, title: d.title, city: d.city })),
    // A mail that never went (the address refused it) still says so: the traveller knows to ask for it.
    mails: mails.map((m) => ({
      subject: m.subject,
      sentAt: m.sentAt,
      createdAt: m.createdAt,
      status: m.status === 'SENT' ? 'SENT' : m.status === 'FAILED' ? 'FAILED' : 'PENDING',
    })),
  };
}
