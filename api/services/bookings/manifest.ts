/**
 * A departure's passenger manifest (/admin/bookings/{periodId}, issue 12): every traveller of the
 * bookings that hold seats on it (canceled bookings and bookings still in the funnel left out), with
 * document, birth date, age group, room and roommates, flight, activities, insurance, and what the
 * booking has paid and still owes; and the departure's seats sold against its capacity. The same rows
 * go to the screen, to CSV and to an Excel workbook.
 */
import { periodTours } from '../catalogue/trips.ts';
import type { Sheet } from '../files/spreadsheet.ts';
import { isInsurance } from '#shared/rules/activities.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { PeriodManifest } from '#shared/schemas/backoffice.ts';
import { BOOKING_STATUS_LABELS } from '#shared/schemas/labels.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { parseTravellers } from './records.ts';
import { parseRoommates } from '#shared/rules/passengers.ts';

const ON_MANIFEST = ['CONFIRMED', 'WAITING_FOR_TRANSFER', 'PAYPAL_REVIEW'] as const;

export async function periodManifest(db: Db, periodId: string): Promise<PeriodManifest> {
  const period = await periodTours(db)
    .select(['periods.id', 'periods.dayOne', 'periods.returnDate', 'periods.bookableAvailability', 'tours.name as tourName', 'tours.id as tourId'])
    .where('periods.id', '=', periodId)
    .executeTakeFirst();
  if (!period) throw notFound('No encontramos esa salida.');
  const [bookings, holds, modes, activities, flights, payments] = await Promise.all([
    db
      .selectFrom('bookings')
      .select(['id', 'differentId', 'tkId', 'status', 'priceCents', 'travelersStringify', 'roommates', 'flightId'])
      .where('periodId', '=', periodId)
      .where('status', 'in', [...ON_MANIFEST])
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('seatHolds')
      .select(['quantity', 'confirmedAt'])
      .where('resourceType', '=', 'period')
      .where('resourceId', '=', periodId)
      .where('releasedAt', 'is', null)
      .execute(),
    db.selectFrom('reservationModes').select(['activityId', 'name']).where('periodId', '=', periodId).execute(),
    db.selectFrom('optionalActivities').select(['activityId', 'name', 'productType']).where('periodId', '=', periodId).execute(),
    db.selectFrom('flights').select(['id', 'name']).where('periodId', '=', periodId).execute(),
    db
      .selectFrom('payments')
      .innerJoin('bookings', 'bookings.id', 'payments.bookingId')
      .select(['payments.bookingId', 'payments.amountCents'])
      .where('bookings.periodId', '=', periodId)
      .where('payments.status', '=', 'CONFIRMED')
      .execute(),
  ]);
  const modeName = new Map(modes.map((m) => [m.activityId, m.name]));
  const activity = new Map(activities.map((a) => [a.activityId, a]));
  const flightName = new Map(flights.map((f) => [f.id, f.name]));
  const sold = holds.filter((h) => h.confirmedAt !== null).reduce((n, h) => n + h.quantity, 0);
  const held = holds.filter((h) => h.confirmedAt === null).reduce((n, h) => n + h.quantity, 0);

  const rows: PeriodManifest['rows'] = [];
  for (const booking of bookings) {
    const travellers = parseTravellers(booking.travelersStringify);
    const paidCents = payments.filter((p) => p.bookingId === booking.id).reduce((n, p) => n + p.amountCents, 0);
    const groups = parseRoommates(booking.roommates);
    const nameOf = (id: string) => {
      const t = travellers.find((x) => x.id === id);
      return t ? `${t.reservationFields.name ?? ''} ${t.reservationFields.surname ?? ''}`.trim() : id;
    };
    for (const t of travellers) {
      const chosen = t.optionalActivities.map((id) => activity.get(id)).filter((a) => a !== undefined);
      const flightId = t.departureFlightActivityId ?? booking.flightId;
      rows.push({
        bookingId: booking.id,
        differentId: booking.differentId,
        tkId: booking.tkId,
        status: booking.status,
        lead: t.lead,
        name: t.reservationFields.name ?? '',
        surname: t.reservationFields.surname ?? '',
        document: t.reservationFields.national_id ?? t.reservationFields.passport ?? null,
        birthdate: t.reservationFields.birthdate ?? null,
        ageGroup: t.ageGroup,
        room: t.reservationMode ? (modeName.get(t.reservationMode) ?? t.reservationMode) : null,
        roommates: (groups.find((g) => g.travellerIds.includes(t.id))?.travellerIds ?? []).filter((id) => id !== t.id).map(nameOf),
        flight: flightId ? (flightName.get(flightId) ?? null) : null,
        activities: chosen.filter((a) => !isInsurance(a)).map((a) => a.name),
        insurance: chosen.filter((a) => isInsurance(a)).map((a) => a.name),
        paidCents,
        dueCents: Math.max(0, booking.priceCents - paidCents),
      });
    }
  }
  const { bookableAvailability, ...facts } = period;
  return { period: { ...facts, sold, held, capacity: sold + held + bookableAvailability }, rows };
}

/** The manifest's columns, as the CSV and the workbook write them. */
export function manifestTable(manifest: PeriodManifest): { header: string[]; rows: string[][] } {
  return {
    header: [
      'Reserva',
      'tkId',
      'Estado',
      'Titular',
      'Nombre',
      'Apellidos',
      'Documento',
      'Fecha de nacimiento',
      'Grupo de edad',
      'Habitación',
      'Comparte con',
      'Vuelo',
      'Actividades',
      'Seguro',
      'Pagado (reserva)',
      'Pendiente (reserva)',
    ],
    rows: manifest.rows.map((r) => [
      r.differentId,
      r.tkId ?? '',
      BOOKING_STATUS_LABELS[r.status],
      r.lead ? 'Sí' : '',
      r.name,
      r.surname,
      r.document ?? '',
      r.birthdate ?? '',
      r.ageGroup,
      r.room ?? '',
      r.roommates.join(', '),
      r.flight ?? '',
      r.activities.join(', '),
      r.insurance.join(', ') || 'No',
      formatEuros(r.paidCents),
      formatEuros(r.dueCents),
    ]),
  };
}

/** The manifest as a sheet: its departure and seats above the table. */
export function manifestSheet(manifest: PeriodManifest): Sheet {
  const { period } = manifest;
  return {
    name: 'Manifiesto',
    title: [
      `${period.tourName}: salida ${period.dayOne}, regreso ${period.returnDate}`,
      `Plazas vendidas ${period.sold} de ${period.capacity} · ${manifest.rows.length} viajeros`,
    ],
    ...manifestTable(manifest),
  };
}
