/**
 * The guides' area (issue 14, "Guides"): the departures a guide is assigned to (`guide_periods`, the
 * guide found by the account's e-mail; an admin sees every guide's) and one departure as the guide needs
 * it on tour. Only confirmed bookings travel, so only they are listed; what is still missing of their
 * travellers comes from the passengers rule the funnel itself applies, what they owe from the booking's
 * document (the same figures as its voucher).
 */
import { flightSegmentRows, periodTours } from '../catalogue/trips.ts';
import { addDays } from '#shared/rules/dates.ts';
import { computeAmountDueCents } from '#shared/rules/payments.ts';
import { findPassengerProblems, PASSENGER_MESSAGES, parseRoommates } from '#shared/rules/passengers.ts';
import { formatFullName } from '#shared/rules/travellers.ts';
import type { GuideBooking, GuideDeparture, GuideDepartureList, GuideDepartureRow, GuideSummary } from '#shared/schemas/guides.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { parseTravellers } from '../bookings/records.ts';
import { loadBookingDocument } from '../bookings/documents/booking-document.ts';
import { loadTripDocumentation } from '../bookings/documents/documentation.ts';
import { parseQuoteSnapshot, paymentAmounts } from '../payments/amounts.ts';

/**
 * What a guide reads as missing, by field of the passengers rule: the thing missing, not the funnel's
 * instruction. A wrong age keeps the rule's sentence; a phone the booking's owner gave counts as given.
 */
export const GUIDE_MISSING_LABELS: Record<string, string> = {
  name: 'Nombre',
  surname: 'Apellidos',
  birthdate: 'Fecha de nacimiento',
  national_id: 'DNI/NIE o pasaporte',
  email: 'Correo electrónico',
  phone: 'Teléfono de contacto',
};

function missingOf(problems: Record<string, string>, index: number, { phone }: { phone: string | null }): string[] {
  const prefix = `travellers.${index}.`;
  return Object.entries(problems)
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, message]) => [key.slice(prefix.length), message] as const)
    .filter(([field]) => !(field === 'phone' && phone))
    .map(([field, message]) => {
      const plainMissing: string | undefined = (PASSENGER_MESSAGES as Record<string, string>)[field === 'national_id' ? 'document' : field];
      return message === plainMissing ? (GUIDE_MISSING_LABELS[field] ?? message) : message;
    });
}

export const departureNotFound = () => notFound('No encontramos esa salida entre las tuyas.');

/** Where a confirmed booking's free-text notes live: the booking's observations and the travellers' own. */
const NOTE_FIELDS = ['observations', 'notes', 'diet', 'comments'] as const;

/** The guides whose departures `scope` covers ('all' for an admin), by name. */
async function guidesIn(db: Db, scope: 'all' | { email: string }): Promise<GuideSummary[]> {
  let query = db.selectFrom('guides').select(['id', 'name', 'email', 'phone']).orderBy('name').orderBy('id');
  if (scope !== 'all') query = query.where((eb) => eb(eb.fn('lower', ['email']), '=', scope.email.toLowerCase()));
  return query.execute();
}

/**
 * The departures of the caller: a guide's own, or (admin) every guide's, optionally one guide's. Upcoming
 * ones first (soonest first: a departure still under way counts as upcoming), then the past (latest first).
 */
export async function listGuideDepartures(
  db: Db,
  { viewer, email, guideId, today }: { viewer: 'guide' | 'admin'; email: string; guideId?: string | undefined; today: string },
): Promise<GuideDepartureList> {
  const guides = await guidesIn(db, viewer === 'admin' ? 'all' : { email });
  const ids = guides.map((g) => g.id).filter((id) => viewer === 'guide' || guideId === undefined || id === guideId);
  if (ids.length === 0) return { viewer, guides, upcoming: [], past: [] };
  const assignments = await db
    .selectFrom('guidePeriods')
    .innerJoin('guides', 'guides.id', 'guidePeriods.guideId')
    .innerJoin('periods', 'periods.id', 'guidePeriods.periodId')
    .innerJoin('tours', 'tours.id', 'periods.tourId')
    .select(['periods.id as periodId', 'periods.tourId', 'periods.dayOne', 'periods.returnDate', 'tours.name as tourName'])
    .where('guidePeriods.guideId', 'in', ids)
    .orderBy('periods.dayOne')
    .orderBy('periods.id')
    .execute();
  const periodIds = [...new Set(assignments.map((a) => a.periodId))];
  const [bookings, payments, coGuides] =
    periodIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .selectFrom('bookings')
            .select(['id', 'periodId', 'travelersStringify', 'quoteStringify', 'priceCents'])
            .where('periodId', 'in', periodIds)
            .where('status', '=', 'CONFIRMED')
            .execute(),
          db
            .selectFrom('payments')
            .innerJoin('bookings', 'bookings.id', 'payments.bookingId')
            .select(['payments.bookingId', 'payments.amountCents', 'payments.status'])
            .where('bookings.periodId', 'in', periodIds)
            .where('bookings.status', '=', 'CONFIRMED')
            .execute(),
          // Every guide of those departures, the caller's co-guides included.
          db
            .selectFrom('guidePeriods')
            .innerJoin('guides', 'guides.id', 'guidePeriods.guideId')
            .select(['guidePeriods.periodId', 'guides.name'])
            .where('guidePeriods.periodId', 'in', periodIds)
            .orderBy('guides.name')
            .execute(),
        ]);
  // Owed as the booking's documents count it (booking-document.ts): the confirmed quote's total less confirmed payments.
  const owing = new Map<string, number>();
  for (const booking of bookings) {
    const totalCents = parseQuoteSnapshot(booking.quoteStringify)?.totalCents ?? booking.priceCents;
    const remaining = computeAmountDueCents({ totalCents, payments: paymentAmounts(payments.filter((p) => p.bookingId === booking.id)) });
    if (remaining > 0) owing.set(booking.periodId, (owing.get(booking.periodId) ?? 0) + 1);
  }
  const rows = new Map<string, GuideDepartureRow>();
  for (const a of assignments) {
    if (rows.has(a.periodId)) continue;
    const mine = bookings.filter((b) => b.periodId === a.periodId);
    rows.set(a.periodId, {
      periodId: a.periodId,
      tourId: a.tourId,
      tourName: a.tourName,
      dayOne: a.dayOne,
      returnDate: a.returnDate,
      guides: [...new Set(coGuides.filter((g) => g.periodId === a.periodId).map((g) => g.name))],
      travellers: mine.reduce((n, b) => n + parseTravellers(b.travelersStringify).length, 0),
      owing: owing.get(a.periodId) ?? 0,
    });
  }
  const all = [...rows.values()];
  return {
    viewer,
    guides,
    upcoming: all.filter((r) => r.returnDate >= today),
    past: all.filter((r) => r.returnDate < today).reverse(),
  };
}

/** One departure as the guide reads it on tour; 404 when it does not exist. Access is checked by the route. */
export async function guideDeparture(db: Db, { periodId, today, now }: { periodId: string; today: string; now: Date }): Promise<GuideDeparture> {
  const period = await periodTours(db)
    .select([
      'periods.id',
      'periods.tourId',
      'periods.dayOne',
      'periods.returnDate',
      'periods.numberOfDays',
      'periods.meetingPoint',
      'periods.emergencyNumbers',
      'tours.name as tourName',
    ])
    .where('periods.id', '=', periodId)
    .executeTakeFirst();
  if (!period) throw departureNotFound();
  const [trip, guides, bookings, modes, activities, packs, flights, segments] = await Promise.all([
    loadTripDocumentation(db, periodId),
    db
      .selectFrom('guidePeriods')
      .innerJoin('guides', 'guides.id', 'guidePeriods.guideId')
      .select(['guides.id', 'guides.name', 'guides.email', 'guides.phone'])
      .where('guidePeriods.periodId', '=', periodId)
      .orderBy('guides.name')
      .execute(),
    db
      .selectFrom('bookings')
      .select(['id', 'travelersStringify', 'roommates', 'flightId', 'pollObservations'])
      .where('periodId', '=', periodId)
      .where('status', '=', 'CONFIRMED')
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    db.selectFrom('reservationModes').select(['activityId', 'name']).where('periodId', '=', periodId).orderBy('name').execute(),
    db.selectFrom('optionalActivities').select(['activityId', 'name']).where('periodId', '=', periodId).orderBy('name').execute(),
    db.selectFrom('activityPacks').select(['activityId', 'name']).where('periodId', '=', periodId).orderBy('name').execute(),
    db.selectFrom('flights').select(['id', 'name']).where('periodId', '=', periodId).orderBy('name').execute(),
    flightSegmentRows(db)
      .select([
        'flights.id as flightId',
        'flightJourneys.direction',
        'flightSegments.flightNumber',
        'flightSegments.departureIata',
        'flightSegments.arrivalIata',
        'flightSegments.departureCity',
        'flightSegments.arrivalCity',
        'flightSegments.departureAt',
        'flightSegments.arrivalAt',
      ])
      .where('flights.periodId', '=', periodId)
      .orderBy('flightJourneys.position')
      .orderBy('flightSegments.position')
      .execute(),
  ]);
  const modeName = new Map(modes.map((m) => [m.activityId, m.name]));
  const serviceName = new Map([...activities, ...packs].map((a) => [a.activityId, a.name]));
  const flightName = new Map(flights.map((f) => [f.id, f.name]));
  const takers = new Map<string, string[]>();
  const roomCount = new Map<string, number>();
  const flightCount = new Map<string, number>();

  const guideBookings: GuideBooking[] = [];
  for (const booking of bookings) {
    const doc = await loadBookingDocument(db, booking.id);
    if (!doc) continue;
    const entries = parseTravellers(booking.travelersStringify);
    const problems = findPassengerProblems(entries, { dayOne: period.dayOne, today });
    const groups = parseRoommates(booking.roommates);
    const nameOf = (i: number) => formatFullName(entries[i]?.reservationFields ?? {}) || `Viajero ${i + 1}`;
    const notes = [
      booking.pollObservations,
      ...entries.flatMap((t, i) => NOTE_FIELDS.map((f) => (t.reservationFields[f]?.trim() ? `${nameOf(i)}: ${t.reservationFields[f]?.trim()}` : null))),
    ]
      .map((n) => n?.trim())
      .filter((n): n is string => Boolean(n));
    const travellers = entries.map((t, i) => {
      const name = nameOf(i);
      const chosen = t.optionalActivities.map((id) => serviceName.get(id)).filter((n): n is string => n !== undefined);
      for (const activity of chosen) takers.set(activity, [...(takers.get(activity) ?? []), name]);
      const room = t.reservationMode === null ? null : (modeName.get(t.reservationMode) ?? t.reservationMode);
      if (room) roomCount.set(room, (roomCount.get(room) ?? 0) + 1);
      const flightId = t.departureFlightActivityId ?? booking.flightId;
      if (flightId) flightCount.set(flightId, (flightCount.get(flightId) ?? 0) + 1);
      const roommateIds = groups.find((g) => g.travellerIds.includes(t.id))?.travellerIds ?? [];
      const phone = t.reservationFields['phone']?.trim() || (t.lead ? doc.lead.phone : null) || null;
      return {
        name,
        ageGroup: doc.travellers[i]?.ageGroup ?? t.ageGroup,
        lead: t.lead,
        phone,
        email: t.reservationFields['email']?.trim() || null,
        room,
        roommates: roommateIds.filter((id) => id !== t.id).map((id) => nameOf(entries.findIndex((x) => x.id === id))),
        activities: chosen,
        missing: missingOf(problems, i, { phone }),
      };
    });
    guideBookings.push({
      bookingId: doc.bookingId,
      reference: doc.tkId ?? doc.differentId,
      flight: booking.flightId ? (flightName.get(booking.flightId) ?? null) : null,
      leadName: doc.lead.name,
      leadPhone: doc.lead.phone,
      travellers,
      notes,
      totalCents: doc.totalCents,
      paidCents: doc.paidCents,
      remainingCents: doc.remainingCents,
    });
  }

  return {
    period: {
      id: period.id,
      tourId: period.tourId,
      tourName: period.tourName,
      dayOne: period.dayOne,
      returnDate: period.returnDate,
      numberOfDays: period.numberOfDays,
      meetingPoint: period.meetingPoint,
      emergencyNumbers: period.emergencyNumbers,
    },
    guides,
    days: trip.days.map((d) => ({ ...d, date: addDays({ date: period.dayOne, days: d.rank - 1 }) })),
    activities: [...activities, ...packs].filter((a) => takers.has(a.name)).map((a) => ({ name: a.name, takers: takers.get(a.name) ?? [] })),
    // Flights someone of a confirmed booking flies on, with their legs.
    flights: flights
      .filter((f) => flightCount.has(f.id))
      .map((f) => ({
        name: f.name,
        travellers: flightCount.get(f.id) ?? 0,
        segments: segments
          .filter((s) => s.flightId === f.id)
          .map((s) => ({
            direction: s.direction,
            flightNumber: s.flightNumber,
            from: s.departureCity ? `${s.departureCity} (${s.departureIata})` : s.departureIata,
            to: s.arrivalCity ? `${s.arrivalCity} (${s.arrivalIata})` : s.arrivalIata,
            departureAt: s.departureAt,
            arrivalAt: s.arrivalAt,
          })),
      })),
    rooms: [...roomCount].map(([name, travellers]) => ({ name, travellers })),
    bookings: guideBookings,
    readAt: now.toISOString(),
  };
}
