/**
 * The booking queries the use cases in bookings.ts run: reading a booking (mapped to a `Booking`), its
 * coupon's code, the seats left on its departure's options, and the travellers linked to it. No rules here:
 * what to read and write is decided by the use cases.
 */
import { randomUUID } from 'node:crypto';
import type { BookingTravelerEntry } from '#shared/entities/index.ts';
import { selectTravellersToSave } from '#shared/rules/travellers.ts';
import type { Db, Trx } from '../../db/database.ts';
import { type Booking, toBooking } from './records.ts';
import { heldSeatsOf } from './seat-holds.ts';

/** Bookings with their departure (`periods`) and tour joined: where most reads of a booking start. */
export const bookingTrips = (db: Db | Trx) =>
  db.selectFrom('bookings').innerJoin('periods', 'periods.id', 'bookings.periodId').innerJoin('tours', 'tours.id', 'periods.tourId');

export async function findBooking(db: Db | Trx, id: string): Promise<Booking | undefined> {
  const row = await db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toBooking(row) : undefined;
}

export async function couponCodeOf(db: Db, couponId: string | null): Promise<string | null> {
  if (couponId === null) return null;
  const row = await db.selectFrom('coupons').select('code').where('id', '=', couponId).executeTakeFirst();
  return row?.code ?? null;
}

/** Seats left on a departure's rooms and activities, by `type:id`, counting those this booking holds as its own. */
export async function roomsAndActivitiesLeft(db: Db, { periodId, bookingId }: { periodId: string; bookingId: string }): Promise<Map<string, number>> {
  const [modes, activities, held] = await Promise.all([
    db.selectFrom('reservationModes').select(['id', 'availability']).where('periodId', '=', periodId).execute(),
    db.selectFrom('optionalActivities').select(['id', 'bookableAvailability']).where('periodId', '=', periodId).execute(),
    heldSeatsOf(db, bookingId),
  ]);
  const left = new Map<string, number>();
  for (const mode of modes) left.set(`reservation_mode:${mode.id}`, mode.availability);
  for (const activity of activities) left.set(`optional_activity:${activity.id}`, activity.bookableAvailability);
  for (const [key, quantity] of held) if (left.has(key)) left.set(key, left.get(key)! + quantity);
  return left;
}

/**
 * The traveller with this e-mail (compared case-insensitively), created when there is none, as the spec
 * does for visitors who book without an account. Safe against two bookings creating the same one at once.
 */
export async function findOrCreateTraveler(
  trx: Trx,
  { email, name, surname, phone, dni, now }: { email: string; name: string; surname: string; phone: string | null; dni: string | null; now: string },
): Promise<string> {
  const find = () =>
    trx
      .selectFrom('travelers')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .orderBy('createdAt')
      .executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  await trx
    .insertInto('travelers')
    .values({ id: randomUUID(), email, name, surname, phone, dni, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const created = await find();
  if (!created) throw new Error(`Traveler ${email} neither found nor created`);
  return created.id;
}

/** Links the travellers with a valid e-mail to the booking ("Only travellers with a valid email are saved as booking travelers"). */
export async function syncBookingTravelers(
  trx: Trx,
  { bookingId, travellers, now }: { bookingId: string; travellers: readonly BookingTravelerEntry[]; now: string },
) {
  const travelerIds: string[] = [];
  for (const entry of selectTravellersToSave(travellers)) {
    const fields = entry.reservationFields;
    const email = fields['email'] as string;
    const travelerId = await findOrCreateTraveler(trx, {
      email,
      name: fields['name'] ?? email.split('@')[0] ?? email,
      surname: fields['surname'] ?? '',
      phone: fields['phone'] ?? null,
      dni: fields['national_id'] ?? null,
      now,
    });
    if (travelerIds.includes(travelerId)) continue;
    travelerIds.push(travelerId);
    await trx
      .insertInto('bookingTravelers')
      .values({ id: randomUUID(), bookingId, travelerId, email, dni: fields['national_id'] ?? null })
      .onConflict((oc) => oc.columns(['bookingId', 'travelerId']).doUpdateSet({ email, dni: fields['national_id'] ?? null }))
      .execute();
  }
  let stale = trx.deleteFrom('bookingTravelers').where('bookingId', '=', bookingId);
  if (travelerIds.length > 0) stale = stale.where('travelerId', 'not in', travelerIds);
  await stale.execute();
}
