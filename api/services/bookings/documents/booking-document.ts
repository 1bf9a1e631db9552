/**
 * What the booking voucher and the receipts print, read in one place from a booking and its payments:
 * plain data, so the PDF renderers stay pure and testable.
 */
import { bookingTrips } from '../queries.ts';
import { ADULT_AGE_GROUP, NO_OPTIONAL_ACTIVITY_ID } from '#shared/constants.ts';
import { computeAmountPaidCents, deadlinesWithOwed, parseDeadlines } from '#shared/rules/payments.ts';
import type { QuoteView } from '#shared/schemas/bookings.ts';
import type { Db } from '../../../db/database.ts';
import { parseTravellers } from '../records.ts';
import type { Trx } from '../../../db/database.ts';
import { parseQuoteSnapshot, paymentAmounts } from '../../payments/amounts.ts';
import { findLeadTraveller, formatFullName } from '#shared/rules/travellers.ts';
import { type OfficeContact, readOfficeContact } from '../../content/company.ts';

export interface DocumentPayment {
  id: string;
  orderNumber: string;
  method: string;
  amountCents: number;
  confirmedAt: string;
}

export interface BookingDocument {
  bookingId: string;
  tkId: string | null;
  differentId: string;
  status: string;
  tourName: string;
  dayOne: string;
  returnDate: string | null;
  numberOfDays: number | null;
  flightName: string | null;
  lead: { name: string; email: string | null; phone: string | null };
  travellers: { name: string; ageGroup: string; lead: boolean; room: string | null; services: string[] }[];
  quote: QuoteView;
  totalCents: number;
  paidCents: number;
  remainingCents: number;
  /** Confirmed payments, oldest first. */
  payments: DocumentPayment[];
  /** How the traveller reaches the office, as the documents print it (null before the company has data). */
  office: OfficeContact | null;
  /** The payment schedule, each deadline with what is still owed of it (docs/decisions/042). */
  schedule: { date: string; amountCents: number; owedCents: number }[];
}

/** Spanish names of the payment methods, as documents and mails print them. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  card: 'Tarjeta',
  bizum: 'Bizum',
  transfer: 'Transferencia bancaria',
  points: 'Puntos del programa de fidelización',
};

/** The booking as its documents show it; null when it does not exist. Reads inside `db` (a transaction sees its own writes). */
export async function loadBookingDocument(db: Db | Trx, bookingId: string): Promise<BookingDocument | null> {
  const booking = await bookingTrips(db)
    .leftJoin('flights', 'flights.id', 'bookings.flightId')
    .leftJoin('travelers', 'travelers.id', 'bookings.travelerId')
    .select([
      'bookings.id',
      'bookings.tkId',
      'bookings.differentId',
      'bookings.status',
      'bookings.priceCents',
      'bookings.quoteStringify',
      'bookings.deadlinesStringify',
      'bookings.travelersStringify',
      'bookings.periodId',
      'tours.name as tourName',
      'periods.dayOne',
      'periods.returnDate',
      'periods.numberOfDays',
      'flights.name as flightName',
      'travelers.name as ownerName',
      'travelers.surname as ownerSurname',
      'travelers.email as ownerEmail',
      'travelers.phone as ownerPhone',
    ])
    .where('bookings.id', '=', bookingId)
    .executeTakeFirst();
  if (!booking) return null;
  const [modes, activities, packs, payments] = await Promise.all([
    db.selectFrom('reservationModes').select(['activityId', 'name']).where('periodId', '=', booking.periodId).execute(),
    db.selectFrom('optionalActivities').select(['activityId', 'name']).where('periodId', '=', booking.periodId).execute(),
    db.selectFrom('activityPacks').select(['activityId', 'name']).where('periodId', '=', booking.periodId).execute(),
    db.selectFrom('payments').selectAll().where('bookingId', '=', bookingId).orderBy('createdAt').orderBy('id').execute(),
  ]);
  const roomName = new Map(modes.map((m) => [m.activityId, m.name]));
  const serviceName = new Map([...activities, ...packs].map((a) => [a.activityId, a.name]));
  const entries = parseTravellers(booking.travelersStringify);
  const leadEntry = findLeadTraveller(entries);
  const leadFields = leadEntry?.reservationFields ?? {};
  const quote = parseQuoteSnapshot(booking.quoteStringify) ?? {
    lines: [{ label: 'Total de la reserva', amountCents: booking.priceCents }],
    totalCents: booking.priceCents,
    insuranceCents: 0,
    coupon: null,
  };
  const paidCents = computeAmountPaidCents(paymentAmounts(payments));
  return {
    bookingId: booking.id,
    tkId: booking.tkId,
    differentId: booking.differentId,
    status: booking.status,
    tourName: booking.tourName,
    dayOne: booking.dayOne,
    returnDate: booking.returnDate,
    numberOfDays: booking.numberOfDays,
    flightName: booking.flightName,
    lead: {
      name:
        formatFullName(leadFields) ||
        formatFullName({ name: booking.ownerName ?? undefined, surname: booking.ownerSurname ?? undefined }) ||
        'Titular de la reserva',
      email: leadFields['email'] ?? booking.ownerEmail,
      phone: leadFields['phone'] ?? booking.ownerPhone,
    },
    travellers: entries.map((t, i) => ({
      name: formatFullName(t.reservationFields) || `Viajero ${i + 1}`,
      ageGroup: t.ageGroup === ADULT_AGE_GROUP ? 'Adulto' : 'Niño',
      lead: t.lead,
      room: t.reservationMode === null ? null : (roomName.get(t.reservationMode) ?? t.reservationMode),
      services: t.optionalActivities.filter((id) => id !== NO_OPTIONAL_ACTIVITY_ID).map((id) => serviceName.get(id) ?? id),
    })),
    quote,
    totalCents: quote.totalCents,
    paidCents,
    remainingCents: Math.max(0, quote.totalCents - paidCents),
    office: await readOfficeContact(db),
    schedule: deadlinesWithOwed({ deadlines: parseDeadlines(booking.deadlinesStringify), paidCents, insuranceCents: quote.insuranceCents }),
    payments: payments
      .filter((p) => p.status === 'CONFIRMED')
      .map((p) => ({ id: p.id, orderNumber: p.orderNumber, method: p.paymentMethod, amountCents: p.amountCents, confirmedAt: p.confirmedAt ?? p.updatedAt })),
  };
}
