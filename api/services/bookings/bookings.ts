/**
 * Bookings in the funnel: created at the complete-details step (IN_PROGRESS, tkStatus 'PR'), changed by the
 * later steps, read back as the funnel's working state. Every write reprices with the server's quote.
 */
import { emitWebhook } from '../integration/webhooks.ts';
import { periodTours } from '../catalogue/trips.ts';
import { randomUUID } from 'node:crypto';
import { ADULT_AGE_GROUP, CHILD_AGE_GROUP, DEFAULT_OPTIONAL_ACTIVITIES } from '#shared/constants.ts';
import type { BookingTravelerEntry } from '#shared/entities/index.ts';
import { catalogueWindow, isPeriodListed } from '#shared/rules/catalogue.ts';
import { checkAgeGroup, findPassengerProblems, findRoommateProblems, type RoommateGroup } from '#shared/rules/passengers.ts';
import { countTravellersByAgeGroup, generateDifferentId, type RandomSource, setTravellersForAgeGroup } from '#shared/rules/travellers.ts';
import { computeSeatNeeds, findSeatShortages, NO_SEATS_MESSAGE } from '#shared/rules/seats.ts';
import type { BookingWorkingView, CreateBookingRequest, QuoteView, UpdateBookingRequest } from '#shared/schemas/bookings.ts';
import type { Db, Trx } from '../../db/database.ts';
import { AppError, invalidFields } from '../../errors.ts';
import { findInvalidChoices, keptPeriodOffer, loadPeriodOffer, type PeriodOffer, periodNotFound, quoteOffer, seatOfferOf, utcToday } from './quote.ts';
import { couponCodeOf, findOrCreateTraveler, roomsAndActivitiesLeft, syncBookingTravelers } from './queries.ts';
import { type Booking, bookingLocked, recordStatusChange, stringifyTravellers } from './records.ts';
import { activeHoldExpiry, releaseHolds, shortageError } from './seat-holds.ts';
import { writeSchedule } from '../payments/schedule.ts';

const choicesOf = (travellers: readonly BookingTravelerEntry[], flightId: string | null, couponCode: string | null, extraIds: readonly string[]) => ({
  travellers,
  flightId,
  couponCode,
  extraIds,
});

/** A booking about to be written: its departure's offer, its travellers and its price, read before any write. */
export interface PreparedBooking {
  offer: PeriodOffer;
  travellers: BookingTravelerEntry[];
  flightId: string | null;
  extraIds: string[];
  quote: QuoteView;
  lead: CreateBookingRequest['lead'];
}

/**
 * Checks and prices a new booking: the period must be listed on the web with seats for everyone, the flight
 * (if any) one of its own. The lead's contact is the first adult's reservation fields.
 */
export async function prepareBooking(
  db: Db,
  {
    request,
    flightId = null,
    roomId = null,
    activityIds = [],
    extraIds = [],
    now,
    random = Math.random,
  }: {
    request: CreateBookingRequest;
    flightId?: string | null;
    /** One room type (reservation mode) and optional activities for every traveller: the back office's sale. */
    roomId?: string | null;
    activityIds?: readonly string[];
    /** The tour extras of the back office's sale. */
    extraIds?: readonly string[];
    now: Date;
    random?: RandomSource;
  },
): Promise<PreparedBooking> {
  const offer = await keptPeriodOffer(db, request.periodId);
  if (!offer?.tour.public) throw invalidFields({ periodId: 'Esa salida no existe o ya no está a la venta' });
  const listed = isPeriodListed({ period: offer.period, window: catalogueWindow(now) });
  if (!listed) throw invalidFields({ periodId: 'Esa salida ya no se puede reservar en la web' });
  const count = request.adults + request.children;
  if (offer.period.bookableAvailability < count) throw new AppError('CONFLICT', NO_SEATS_MESSAGE, { periodId: NO_SEATS_MESSAGE });

  let travellers = setTravellersForAgeGroup({ travellers: [], ageGroup: ADULT_AGE_GROUP, count: request.adults, random });
  travellers = setTravellersForAgeGroup({ travellers, ageGroup: CHILD_AGE_GROUP, count: request.children, random });
  const { lead } = request;
  travellers = travellers.map((t) => ({
    ...t,
    ...(t.lead ? { reservationFields: { name: lead.name, email: lead.email, phone: lead.phone, ...(lead.surname ? { surname: lead.surname } : {}) } } : {}),
    ...(roomId !== null ? { reservationMode: roomId } : {}),
    ...(activityIds.length ? { optionalActivities: [...activityIds] } : {}),
  }));
  // Each traveller's refusal is the form's one field: the choice is the same for all.
  const invalid = findInvalidChoices(offer, { travellers, flightId, extraIds });
  if (Object.keys(invalid).length)
    throw invalidFields(
      Object.fromEntries(
        Object.entries(invalid).map(([path, message]) => [
          path.replace(/^travellers\.\d+\.(reservationMode|optionalActivities)$/, (_, key) => (key === 'reservationMode' ? 'roomId' : 'activityIds')),
          message,
        ]),
      ),
    );
  const quote = await quoteOffer(db, { offer, choices: choicesOf(travellers, flightId, null, extraIds), now });
  return { offer, travellers, flightId, extraIds: [...extraIds], quote, lead };
}

/**
 * Writes a prepared booking, IN_PROGRESS, inside the caller's transaction: the lead is found or created by
 * e-mail and becomes its owner; its schedule is written and its first state recorded. Answers its id.
 */
export async function insertBooking(
  trx: Trx,
  { offer, travellers, flightId, extraIds, quote, lead }: PreparedBooking,
  {
    by,
    byTravelerId = null,
    reason,
    now,
    random = Math.random,
  }: { by: string | null; byTravelerId?: string | null; reason: string; now: Date; random?: RandomSource },
): Promise<string> {
  const id = randomUUID();
  const stamp = now.toISOString();
  const travelerId = await findOrCreateTraveler(trx, {
    email: lead.email,
    name: lead.name,
    surname: lead.surname ?? '',
    phone: lead.phone,
    dni: null,
    now: stamp,
  });
  await trx
    .insertInto('bookings')
    .values({
      id,
      travelerId,
      differentId: generateDifferentId(random),
      periodId: offer.period.id,
      flightId,
      priceCents: quote.totalCents,
      travelersStringify: stringifyTravellers(travellers),
      extraIds: JSON.stringify(extraIds),
      status: 'IN_PROGRESS',
      tkStatus: 'PR',
      type: 'Booking',
      // Anyone can type another's e-mail as the lead's: the booking is the lead account's own only once
      // its owner made it, opened it from the budget mail or paid it (api/services/bookings/saved-budgets.ts).
      ownerConfirmedAt: byTravelerId === travelerId ? stamp : null,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .execute();
  await syncBookingTravelers(trx, { bookingId: id, travellers, now: stamp });
  await writeSchedule(trx, { bookingId: id, totalCents: quote.totalCents, insuranceCents: quote.insuranceCents, now });
  await recordStatusChange(trx, { bookingId: id, from: null, to: 'IN_PROGRESS', by, reason, now: stamp });
  await emitWebhook(trx, { type: 'booking.created', data: { bookingId: id, status: 'IN_PROGRESS', totalCents: quote.totalCents }, now });
  return id;
}

/** Creates the booking of the complete-details step, all in one transaction (see `prepareBooking`). */
export async function createBooking(
  db: Db,
  {
    request,
    by,
    byTravelerId = null,
    now,
    random = Math.random,
  }: {
    request: CreateBookingRequest;
    /** The signed-in account that made it, if any. */
    by: string | null;
    /** That account's traveller: when it is the lead, the booking is the account owner's own from the start. */
    byTravelerId?: string | null;
    now: Date;
    random?: RandomSource;
  },
): Promise<{ id: string; quote: QuoteView }> {
  const prepared = await prepareBooking(db, { request, now, random });
  const id = await db.transaction().execute((trx) => insertBooking(trx, prepared, { by, byTravelerId, reason: 'Reserva creada en la web', now, random }));
  return { id, quote: prepared.quote };
}

/** The working state of a booking, repriced now. */
export async function describeBooking(db: Db, booking: Booking, { now }: { now: Date }): Promise<BookingWorkingView> {
  const row = booking;
  const offer = await loadPeriodOffer(db, row.periodId);
  if (!offer) throw periodNotFound();
  const { travellers } = booking;
  const couponCode = await couponCodeOf(db, row.couponId);
  const counts = countTravellersByAgeGroup(travellers);
  const trip = await periodTours(db).select(['tours.name', 'periods.returnDate']).where('periods.id', '=', row.periodId).executeTakeFirstOrThrow();
  return {
    id: row.id,
    status: row.status,
    tkStatus: row.tkStatus,
    differentId: row.differentId,
    periodId: row.periodId,
    tourSlug: offer.tour.webSlug,
    tourName: trip.name,
    dayOne: offer.period.dayOne,
    returnDate: trip.returnDate,
    flightId: row.flightId,
    adults: counts[ADULT_AGE_GROUP] ?? 0,
    children: counts[CHILD_AGE_GROUP] ?? 0,
    travellers,
    roommates: row.roommates,
    extraIds: row.extraIds,
    couponCode,
    priceCents: row.priceCents,
    quote: await quoteOffer(db, { offer, choices: choicesOf(travellers, row.flightId, couponCode, row.extraIds), now }),
    holdExpiresAt: await activeHoldExpiry(db, row.id, now),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Applies the request's traveller changes, with field errors keyed as the request names them. */
function applyTravellerUpdates(
  offer: PeriodOffer,
  travellers: BookingTravelerEntry[],
  updates: NonNullable<UpdateBookingRequest['travellers']>,
  today: string,
) {
  const fields: Record<string, string> = {};
  const next = travellers.map((t) => ({ ...t }));
  const changed: BookingTravelerEntry[] = [];
  updates.forEach((update, i) => {
    const entry = next.find((t) => t.id === update.id);
    if (!entry) {
      fields[`travellers.${i}.id`] = 'Ese viajero no pertenece a esta reserva';
      changed.push({ ...next[0]!, reservationMode: null, optionalActivities: [] });
      return;
    }
    if (update.reservationMode !== undefined) entry.reservationMode = update.reservationMode;
    if (update.optionalActivities !== undefined) {
      entry.optionalActivities = update.optionalActivities.length > 0 ? [...new Set(update.optionalActivities)] : [...DEFAULT_OPTIONAL_ACTIVITIES];
    }
    // Fields merge: a step sends what it asks, and the lead contact of step one is kept.
    if (update.reservationFields !== undefined) {
      const given = Object.fromEntries(Object.entries(update.reservationFields).filter(([, v]) => v !== undefined)) as Record<string, string>;
      entry.reservationFields = { ...entry.reservationFields, ...given };
      const birthdate = given['birthdate'];
      const age = birthdate ? checkAgeGroup({ ageGroup: entry.ageGroup, birthdate, dayOne: offer.period.dayOne, today }) : null;
      if (age) fields[`travellers.${i}.reservationFields.birthdate`] = age;
    }
    changed.push(entry);
  });
  Object.assign(fields, findInvalidChoices(offer, { travellers: changed, flightId: null }));
  return { travellers: next, fields };
}

/**
 * The customise step may only choose rooms and activities that are left: counted with every traveller's
 * picks, as the hold will take them, so the pay step never finds a room short that the step allowed.
 * The departure and flight seats are checked where they are chosen.
 */
async function refuseRoomsAndActivitiesNotLeft(db: Db, { row, offer, travellers }: { row: Booking; offer: PeriodOffer; travellers: BookingTravelerEntry[] }) {
  const seatOffer = seatOfferOf(offer);
  const [short] = findSeatShortages({
    before: computeSeatNeeds(seatOffer, { travellers: row.travellers, flightId: null }),
    after: computeSeatNeeds(seatOffer, { travellers, flightId: null }),
    available: await roomsAndActivitiesLeft(db, { periodId: row.periodId, bookingId: row.id }),
  });
  if (short) throw await shortageError(db, short);
}

/**
 * The flights, customise and passengers steps and the coupon: only an IN_PROGRESS booking changes. A
 * change releases any seats held for payment (the held set no longer matches) and reprices.
 */
export async function updateBooking(db: Db, { row, request, now }: { row: Booking; request: UpdateBookingRequest; now: Date }): Promise<QuoteView> {
  if (row.status !== 'IN_PROGRESS') throw bookingLocked();
  const offer = await loadPeriodOffer(db, row.periodId);
  if (!offer) throw periodNotFound();
  const flightId = request.flightId === undefined ? row.flightId : request.flightId;
  const extraIds = request.extraIds ?? row.extraIds;
  const fields = findInvalidChoices(offer, { travellers: [], flightId, extraIds }, { keptExtraIds: row.extraIds });
  const { travellers, fields: travellerFields } = applyTravellerUpdates(offer, row.travellers, request.travellers ?? [], utcToday(now));
  Object.assign(fields, travellerFields);
  const roomContext = { travellers, modes: offer.reservationModes };
  let roommates: RoommateGroup[];
  if (request.roommates !== undefined) {
    roommates = request.roommates;
    Object.assign(fields, findRoommateProblems(roommates, roomContext));
  } else {
    // Rooms changed on another step: groups that no longer fit are dropped rather than blocking the step.
    roommates = row.roommates.filter((group) => Object.keys(findRoommateProblems([group], roomContext)).length === 0);
  }
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  if (request.travellers !== undefined) await refuseRoomsAndActivitiesNotLeft(db, { row, offer, travellers });

  const couponCode = request.couponCode === undefined ? await couponCodeOf(db, row.couponId) : request.couponCode;
  const quote = await quoteOffer(db, { offer, choices: choicesOf(travellers, flightId, couponCode, extraIds), now });
  if (quote.coupon !== null && !quote.coupon.applied) {
    // A coupon typed now must apply; one stored earlier that stopped applying is dropped from the booking.
    if (request.couponCode !== undefined) throw invalidFields({ couponCode: quote.coupon.reason });
  }
  const couponId = quote.coupon?.applied ? quote.coupon.couponId : null;
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('bookings')
      .set({
        flightId,
        couponId,
        priceCents: quote.totalCents,
        travelersStringify: stringifyTravellers(travellers),
        roommates: JSON.stringify(roommates),
        extraIds: JSON.stringify(extraIds),
        updatedAt: stamp,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'IN_PROGRESS')
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw bookingLocked();
    await releaseHolds(trx, row.id, now);
    await syncBookingTravelers(trx, { bookingId: row.id, travellers, now: stamp });
    await writeSchedule(trx, { bookingId: row.id, totalCents: quote.totalCents, insuranceCents: quote.insuranceCents, now });
  });
  return quote;
}

/**
 * What stops a booking from going to payment: the passengers step not done (every traveller's fields,
 * ages fitting their group, the lead's contact). Keyed as `findPassengerProblems` keys them; empty when
 * it may be paid.
 */
export async function findPaymentBlockers(db: Db, row: Booking, now: Date): Promise<Record<string, string>> {
  const period = await db.selectFrom('periods').select('dayOne').where('id', '=', row.periodId).executeTakeFirst();
  if (!period) return { periodId: 'Esa salida no existe o ya no está a la venta' };
  return findPassengerProblems(row.travellers, { dayOne: period.dayOne, today: utcToday(now) });
}

export const PASSENGERS_INCOMPLETE_MESSAGE = 'Completa los datos de los pasajeros antes de pagar.';
