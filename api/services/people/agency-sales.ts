/**
 * Agency sales (issue 31, docs/decisions/042): the office books for an agency — priced by the funnel's own
 * quote, confirmed at once (the agency settles on its terms), the agency mailed its voucher — or hands an
 * existing booking to an agency with its reference and commission. The agency's statement of a month lists
 * its bookings with gross, commission, net, paid and owed. Each press is recorded and applied once.
 */
import { BOOKING_STATUS_LABELS, AGENCY_SALE_MESSAGES } from '#shared/schemas/labels.ts';
import { NO_OPTIONAL_ACTIVITY_ID } from '#shared/constants.ts';
import type { AgencyBookingRequest, AgencyStatementRow, SaleOptions } from '#shared/schemas/retailers.ts';
import { formatFullName } from '#shared/rules/travellers.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { notifyAgencyOfConfirmation } from '../bookings/agency-mail.ts';
import { insertBooking, prepareBooking } from '../bookings/bookings.ts';
import { keptPeriodOffer } from '../bookings/quote.ts';
import { bookingNotFound, parseTravellers } from '../bookings/records.ts';
import { transitionBooking } from '../bookings/transitions.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import { quoteView } from '../payments/amounts.ts';
import { refreshOwedSince } from '../payments/balances.ts';
import { issueTkId } from '../payments/settle.ts';
import { findRetailer } from './retailers.ts';
import type { Sheet } from '../files/spreadsheet.ts';

/** What the agency keeps of a booking's price, to the cent. */
export const commissionOf = (grossCents: number, percent: number | null) => Math.round((grossCents * (percent ?? 0)) / 100);

/** 'Nueva reserva de agencia': made, priced and confirmed in one press; the seats are taken or nothing is. */
export async function createAgencyBooking(
  db: Db,
  { retailerId, input, actor, now }: { retailerId: string; input: AgencyBookingRequest; actor: Actor; now: Date },
): Promise<{ applied: boolean; bookingId: string | null }> {
  const retailer = await findRetailer(db, retailerId);
  return applyOnce(
    db,
    { entityType: 'retailer', entityId: retailerId, requestId: input.requestId, actor, now },
    async (trx, record, prepared) => {
      const id = await insertBooking(trx, prepared, { by: actor.email, reason: `Reserva de la agencia ${retailer.name}, hecha por el equipo`, now });
      await trx
        .updateTable('bookings')
        .set({
          retailerId,
          retailerReference: input.reference,
          retailerCommissionPercent: input.commissionPercent,
          quoteStringify: JSON.stringify(quoteView(prepared.quote)),
        })
        .where('id', '=', id)
        .execute();
      await refreshOwedSince(trx, id);
      // Agencies book firm and settle on their terms: the seats are taken now, or the press is refused whole.
      await transitionBooking(trx, id, 'CONFIRMED', { by: actor.email, reason: 'Reserva de agencia confirmada por el equipo', now });
      await issueTkId(trx, id, now);
      await notifyAgencyOfConfirmation(trx, id, now);
      const after = { bookingId: id, priceCents: prepared.quote.totalCents, reference: input.reference, commissionPercent: input.commissionPercent };
      await record({ action: 'agency-booking', before: null, after });
      await record({ action: 'agency-booking', before: null, after: { retailerId, ...after }, on: { entityType: 'booking', entityId: id } });
      return { applied: true, bookingId: id };
    },
    (recorded) => ({ applied: false, bookingId: (recorded.after as { bookingId?: string } | null)?.bookingId ?? null }),
    () =>
      prepareBooking(db, {
        request: { periodId: input.periodId, adults: input.adults, children: input.children, lead: input.lead, consents: { privacy: true, marketing: false } },
        flightId: input.flightId,
        roomId: input.roomId,
        activityIds: input.activityIds,
        extraIds: input.extraIds,
        now,
      }),
  );
}

/** 'Agencia' on a booking: handed to an agency (or to none), with the agency's reference and commission. */
export async function setBookingAgency(
  db: Db,
  {
    bookingId,
    retailerId,
    reference,
    commissionPercent,
    requestId,
    actor,
    now,
  }: { bookingId: string; retailerId: string | null; reference: string | null; commissionPercent: number; requestId: string; actor: Actor; now: Date },
): Promise<{ applied: boolean }> {
  if (retailerId) await findRetailer(db, retailerId);
  return applyOnce(
    db,
    { entityType: 'booking', entityId: bookingId, requestId, actor, now },
    async (trx, record) => {
      const booking = await trx
        .selectFrom('bookings')
        .select(['status', 'retailerId', 'retailerReference', 'retailerCommissionPercent'])
        .where('id', '=', bookingId)
        .executeTakeFirst();
      if (!booking) throw bookingNotFound();
      if (booking.status === 'CANCELED') throw new AppError('CONFLICT', AGENCY_SALE_MESSAGES.canceled);
      const after = { retailerId, retailerReference: retailerId ? reference : null, retailerCommissionPercent: retailerId ? commissionPercent : null };
      await trx.updateTable('bookings').set(after).where('id', '=', bookingId).execute();
      const before = {
        retailerId: booking.retailerId,
        retailerReference: booking.retailerReference,
        retailerCommissionPercent: booking.retailerCommissionPercent,
      };
      await record({ action: 'agency', before, after });
      return { applied: true };
    },
    () => ({ applied: false }),
  );
}

/** The agency's bookings made in `month` (YYYY-MM), in the funnel: a canceled one counts nothing but what it paid. */
export async function agencyStatement(db: Db, retailerId: string, month: string): Promise<{ name: string; rows: AgencyStatementRow[] }> {
  const retailer = await db.selectFrom('retailers').select('name').where('id', '=', retailerId).executeTakeFirst();
  if (!retailer) throw notFound('Esa agencia no existe.');
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  const bookings = await db
    .selectFrom('bookings')
    .innerJoin('periods', 'periods.id', 'bookings.periodId')
    .innerJoin('tours', 'tours.id', 'periods.tourId')
    .select((eb) => [
      'bookings.id',
      'bookings.tkId',
      'bookings.differentId',
      'bookings.retailerReference',
      'bookings.createdAt',
      'bookings.status',
      'bookings.priceCents',
      'bookings.retailerCommissionPercent',
      'bookings.travelersStringify',
      'periods.dayOne',
      'tours.name as tourName',
      eb
        .selectFrom('payments')
        .select((p) => p.fn.sum<number>('payments.amountCents').as('paid'))
        .whereRef('payments.bookingId', '=', 'bookings.id')
        .where('payments.status', '=', 'CONFIRMED')
        .as('paidCents'),
    ])
    .where('bookings.retailerId', '=', retailerId)
    .where('bookings.status', '!=', 'IN_PROGRESS')
    .where('bookings.createdAt', '>=', `${month}-01`)
    .where('bookings.createdAt', '<', `${next}-01`)
    .orderBy('bookings.createdAt')
    .orderBy('bookings.id')
    .execute();
  return {
    name: retailer.name,
    rows: bookings.map((b) => {
      const canceled = b.status === 'CANCELED';
      const grossCents = canceled ? 0 : b.priceCents;
      const commissionPercent = b.retailerCommissionPercent ?? 0;
      const commissionCents = commissionOf(grossCents, commissionPercent);
      const paidCents = Number(b.paidCents ?? 0);
      const lead = parseTravellers(b.travelersStringify).find((t) => t.lead);
      return {
        bookingId: b.id,
        reference: b.tkId ?? b.differentId,
        agencyReference: b.retailerReference,
        bookedOn: b.createdAt.slice(0, 10),
        tourName: b.tourName,
        dayOne: b.dayOne,
        leadName: lead ? formatFullName(lead.reservationFields) : '',
        status: BOOKING_STATUS_LABELS[b.status],
        grossCents,
        commissionPercent,
        commissionCents,
        netCents: grossCents - commissionCents,
        paidCents,
        owedCents: Math.max(0, grossCents - paidCents),
      };
    }),
  };
}

const euros = (cents: number) => Math.round(cents) / 100;

/** The statement as a table: amounts in euros as numbers (a spreadsheet sums them), and a line of totals. */
export function statementSheet({ name, rows }: { name: string; rows: AgencyStatementRow[] }, month: string): Sheet {
  const total = (key: 'grossCents' | 'commissionCents' | 'netCents' | 'paidCents' | 'owedCents') => rows.reduce((sum, r) => sum + r[key], 0);
  return {
    name: 'Liquidación',
    title: [`${name}: liquidación de ${month}`, `${rows.length} reservas hechas en el mes`],
    header: [
      'Reserva',
      'Ref. agencia',
      'Fecha',
      'Tour',
      'Salida',
      'Titular',
      'Estado',
      'Bruto (€)',
      'Comisión (%)',
      'Comisión (€)',
      'Neto (€)',
      'Pagado (€)',
      'Pendiente (€)',
    ],
    rows: [
      ...rows.map((r) => [
        r.reference,
        r.agencyReference ?? '',
        r.bookedOn,
        r.tourName,
        r.dayOne,
        r.leadName,
        r.status,
        euros(r.grossCents),
        r.commissionPercent,
        euros(r.commissionCents),
        euros(r.netCents),
        euros(r.paidCents),
        euros(r.owedCents),
      ]),
      [
        'Total',
        '',
        '',
        '',
        '',
        '',
        '',
        euros(total('grossCents')),
        '',
        euros(total('commissionCents')),
        euros(total('netCents')),
        euros(total('paidCents')),
        euros(total('owedCents')),
      ],
    ],
  };
}

/** The flights, rooms and optional activities of a departure, by name, and its tour's extras offered, for the sale's form. */
export async function saleOptions(db: Db, periodId: string): Promise<SaleOptions> {
  const offer = await keptPeriodOffer(db, periodId);
  if (!offer) throw notFound('No encontramos esa salida.');
  const [modes, activities, packs, flights] = await Promise.all([
    db.selectFrom('reservationModes').select(['activityId', 'name']).where('periodId', '=', periodId).orderBy('name').execute(),
    db.selectFrom('optionalActivities').select(['activityId', 'name']).where('periodId', '=', periodId).orderBy('name').execute(),
    db.selectFrom('activityPacks').select(['activityId', 'name']).where('periodId', '=', periodId).orderBy('name').execute(),
    db.selectFrom('flights').select(['id', 'name', 'bookableAvailability']).where('periodId', '=', periodId).orderBy('name').execute(),
  ]);
  const bookable = new Set(offer.activities.map((a) => a.activityId));
  return {
    flights: flights.filter((f) => offer.flights.some((o) => o.id === f.id)).map((f) => ({ id: f.id, name: f.name, onSale: f.bookableAvailability })),
    rooms: modes.filter((m) => offer.reservationModes.some((o) => o.activityId === m.activityId)),
    activities: [...activities, ...packs].filter((a) => bookable.has(a.activityId) && a.activityId !== NO_OPTIONAL_ACTIVITY_ID),
    extras: offer.extras.filter((e) => e.active).map(({ id, name, amountCents, basis }) => ({ id, name, amountCents, basis })),
  };
}
