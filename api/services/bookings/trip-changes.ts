/**
 * What the traveller changes on their own booking from /perfil/reserva/{id}: the passenger data still
 * missing (or wrong) before departure, and an optional activity added after booking, paid afterwards
 * through the booking's pay link. The office's own services do the work (booking-edits.ts: the same
 * checks, the seats taken atomically, priced by the shared rules, recorded with who and when, once per
 * press); here is only who may: the person who holds the booking, before the trip starts.
 */
import { NO_OPTIONAL_ACTIVITY_ID } from '#shared/constants.ts';
import type { AddActivityRequest, TravellerEditRequest } from '#shared/schemas/booking-desk.ts';
import type { TripActivityOption } from '#shared/schemas/me.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { activityOptions, addActivity, editTraveller } from './edits.ts';
import type { Actor } from '../kit/apply-once.ts';
import { ACTIVITY_ADDABLE_STATUSES } from './add-activity.ts';
import { couponCodeOf, findBooking } from './queries.ts';
import { loadPeriodOffer, quoteOffer, utcToday } from './quote.ts';
import { tripNotFound, tripRows } from './traveller-trips.ts';

export const TRIP_CHANGE_MESSAGES = {
  notHolder: 'Solo quien hizo la reserva puede cambiarla. Pídeselo a esa persona o escríbenos.',
  started: 'El viaje ya ha empezado: para cualquier cambio, escríbenos.',
  canceled: 'La reserva está cancelada.',
} as const;

/**
 * Why this traveller may not change this booking now, or null. Not theirs at all is a 404, as for every
 * other traveller route.
 */
export async function tripChangeBlocker(db: Db, { travelerId, bookingId, now }: { travelerId: string; bookingId: string; now: Date }) {
  const trip = (await tripRows(db, travelerId)).find((r) => r.id === bookingId);
  if (!trip) throw tripNotFound();
  const booking = await findBooking(db, bookingId);
  if (!booking) throw tripNotFound();
  if (booking.travelerId !== travelerId) return TRIP_CHANGE_MESSAGES.notHolder;
  if (trip.status === 'CANCELED') return TRIP_CHANGE_MESSAGES.canceled;
  if (trip.dayOne <= utcToday(now)) return TRIP_CHANGE_MESSAGES.started;
  return null;
}

async function assertMayChange(db: Db, args: { travelerId: string; bookingId: string; now: Date }) {
  const blocker = await tripChangeBlocker(db, args);
  if (blocker) throw new AppError('CONFLICT', blocker);
}

/** The traveller completes or corrects one passenger of their booking. */
export async function completePassenger(
  db: Db,
  { travelerId, bookingId, request, actor, now }: { travelerId: string; bookingId: string; request: TravellerEditRequest; actor: Actor; now: Date },
) {
  await assertMayChange(db, { travelerId, bookingId, now });
  return editTraveller(db, { bookingId, request, actor, now });
}

/** The traveller adds an optional activity for some of the booking's passengers; what it costs becomes due. */
export async function addTripActivity(
  db: Db,
  { travelerId, bookingId, request, actor, now }: { travelerId: string; bookingId: string; request: AddActivityRequest; actor: Actor; now: Date },
) {
  await assertMayChange(db, { travelerId, bookingId, now });
  return addActivity(db, { bookingId, request, actor, now });
}

/**
 * The optional activities the booking could still add, each with what it would cost for each passenger
 * who has not got it, priced as the add itself will price it (today's prices, the booking's coupon).
 */
export async function tripActivityOptions(db: Db, { bookingId, now }: { bookingId: string; now: Date }): Promise<TripActivityOption[]> {
  const row = await findBooking(db, bookingId);
  if (!row || !(ACTIVITY_ADDABLE_STATUSES as readonly string[]).includes(row.status)) return [];
  const offer = await loadPeriodOffer(db, row.periodId);
  if (!offer || offer.period.dayOne <= utcToday(now)) return [];
  const options = await activityOptions(db, bookingId);
  if (options.length === 0) return [];
  const couponCode = await couponCodeOf(db, row.couponId);
  const base = await quoteOffer(db, { offer, choices: { travellers: row.travellers, flightId: row.flightId, couponCode, extraIds: row.extraIds }, now });
  const result: TripActivityOption[] = [];
  for (const option of options) {
    const prices: TripActivityOption['prices'] = [];
    for (const traveller of row.travellers) {
      if (traveller.optionalActivities.includes(option.activityId)) continue;
      const travellers = row.travellers.map((t) =>
        t.id === traveller.id ? { ...t, optionalActivities: [...t.optionalActivities.filter((a) => a !== NO_OPTIONAL_ACTIVITY_ID), option.activityId] } : t,
      );
      try {
        const quote = await quoteOffer(db, { offer, choices: { travellers, flightId: row.flightId, couponCode, extraIds: row.extraIds }, now });
        prices.push({ travellerId: traveller.id, amountCents: quote.totalCents - base.totalCents });
      } catch {
        // Not offered to this traveller (their age group, their room): they are simply not among the choices.
      }
    }
    if (prices.length > 0) result.push({ activityId: option.activityId, name: option.name, left: option.left, prices });
  }
  return result;
}
