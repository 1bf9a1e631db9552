/**
 * Seats held for a booking at the pay step (DESIGN.md, Seats): taken atomically with conditional updates
 * ("… set availability = availability - n where id = ? and availability >= n", affected rows checked, never
 * read-then-write), held for a limited time, confirmed by a confirmed payment, released on failure, expiry
 * or cancellation. No sequence of concurrent requests can take more seats than exist.
 */
import { randomUUID } from 'node:crypto';
import { computeSeatNeeds, inSeatOrder, type SeatNeed, type SeatResourceType, seatShortage } from '#shared/rules/seats.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { loadPeriodOffer, periodOfferForSeats, seatOfferOf } from './quote.ts';
import { bookingLocked, parseTravellers } from './records.ts';
import type { Trx } from '../../db/database.ts';

/** How long seats stay held while the visitor pays, unless the route is told otherwise. */
export const DEFAULT_HOLD_MINUTES = 20;

/**
 * Moves `delta` seats in or out of a resource. Taking (delta < 0) only succeeds when enough are left: the
 * check and the decrement are one statement, so the database, not this process, arbitrates a race.
 */
async function moveSeats(trx: Trx, { resourceType, resourceId, quantity }: SeatNeed, direction: 'take' | 'give back'): Promise<boolean> {
  const delta = direction === 'take' ? -quantity : quantity;
  const minimum = direction === 'take' ? quantity : 0;
  let result: { numUpdatedRows: bigint };
  if (resourceType === 'reservation_mode') {
    result = await trx
      .updateTable('reservationModes')
      .set((eb) => ({ availability: eb('availability', '+', delta) }))
      .where('id', '=', resourceId)
      .where('availability', '>=', minimum)
      .executeTakeFirst();
  } else {
    const table = resourceType === 'period' ? 'periods' : resourceType === 'flight' ? 'flights' : 'optionalActivities';
    result = await trx
      .updateTable(table)
      .set((eb) => ({ bookableAvailability: eb('bookableAvailability', '+', delta) }))
      .where('id', '=', resourceId)
      .where('bookableAvailability', '>=', minimum)
      .executeTakeFirst();
  }
  return result.numUpdatedRows === 1n;
}

/** Live holds: neither confirmed nor released (an expired one still has its seats until it is released). */
const liveHolds = (db: Db | Trx, bookingId: string) =>
  db.selectFrom('seatHolds').selectAll().where('bookingId', '=', bookingId).where('releasedAt', 'is', null).where('confirmedAt', 'is', null).orderBy('id');

/**
 * Gives one hold's seats back, once: the hold is marked released first and only the marking call returns
 * them. Confirmed (paid) holds are only given back when `confirmed` says so: a canceled booking.
 */
async function releaseHold(
  trx: Trx,
  hold: { id: string; resourceType: string; resourceId: string; quantity: number },
  now: Date,
  { confirmed = false }: { confirmed?: boolean } = {},
): Promise<boolean> {
  const marked = await trx
    .updateTable('seatHolds')
    .set({ releasedAt: now.toISOString() })
    .where('id', '=', hold.id)
    .where('releasedAt', 'is', null)
    .$if(!confirmed, (qb) => qb.where('confirmedAt', 'is', null))
    .executeTakeFirst();
  if (marked.numUpdatedRows !== 1n) return false;
  await moveSeats(trx, { resourceType: hold.resourceType as SeatResourceType, resourceId: hold.resourceId, quantity: hold.quantity }, 'give back');
  return true;
}

/**
 * Releases a booking's live holds (choices changed, payment failed); with `confirmed`, its paid seats too
 * (booking canceled). Returns how many holds it released.
 */
export async function releaseHolds(trx: Trx, bookingId: string, now: Date, { confirmed = false }: { confirmed?: boolean } = {}): Promise<number> {
  let released = 0;
  const rows = await trx
    .selectFrom('seatHolds')
    .selectAll()
    .where('bookingId', '=', bookingId)
    .where('releasedAt', 'is', null)
    .$if(!confirmed, (qb) => qb.where('confirmedAt', 'is', null))
    .execute();
  // In the same resource order as taking, so a release and a hold running together cannot deadlock.
  const holds = inSeatOrder(rows);
  for (const hold of holds) if (await releaseHold(trx, hold, now, { confirmed })) released += 1;
  return released;
}

/** The name people know a seat resource by, for the message that says which option ran out. */
export async function seatResourceName(db: Db | Trx, { resourceType, resourceId }: SeatNeed): Promise<string | null> {
  const named = (table: 'flights' | 'optionalActivities' | 'reservationModes') =>
    db.selectFrom(table).select('name').where('id', '=', resourceId).executeTakeFirst();
  const row =
    resourceType === 'flight'
      ? await named('flights')
      : resourceType === 'optional_activity'
        ? await named('optionalActivities')
        : resourceType === 'reservation_mode'
          ? await named('reservationModes')
          : undefined;
  return row?.name ?? null;
}

/** A shortage as the 409 a person reads: which option ran out, and under `fields` the choice to change. */
export async function shortageError(db: Db | Trx, need: SeatNeed): Promise<AppError> {
  const { message, field } = seatShortage({ resourceType: need.resourceType, name: await seatResourceName(db, need) });
  return new AppError('CONFLICT', message, { [field]: message });
}

/** Takes every seat a booking needs and records the holds; any shortfall throws and the caller's transaction rolls back. */
async function takeSeats(
  trx: Trx,
  {
    bookingId,
    needs,
    expiresAt,
    confirmedAt,
    clientKey = null,
    now,
  }: { bookingId: string; needs: SeatNeed[]; expiresAt: string; confirmedAt: string | null; clientKey?: string | null; now: Date },
) {
  for (const need of needs) {
    if (!(await moveSeats(trx, need, 'take'))) throw await shortageError(trx, need);
  }
  if (needs.length === 0) return;
  await trx
    .insertInto('seatHolds')
    .values(needs.map((need) => ({ id: randomUUID(), bookingId, ...need, expiresAt, releasedAt: null, confirmedAt, clientKey, createdAt: now.toISOString() })))
    .execute();
}

/**
 * Takes seats for good for a booking that is already paid for (an activity added after booking): held
 * and confirmed at once, given back like its other seats if the booking is canceled.
 */
export async function takeConfirmedSeats(trx: Trx, { bookingId, needs, now }: { bookingId: string; needs: SeatNeed[]; now: Date }): Promise<void> {
  const stamp = now.toISOString();
  await takeSeats(trx, { bookingId, needs, expiresAt: stamp, confirmedAt: stamp, now });
}

/**
 * Claims an IN_PROGRESS booking for a seat operation. It is the transaction's first statement and a
 * write: on SQLite that takes the database's write lock before anything is read (no stale snapshot to
 * upgrade), on PostgreSQL it locks the booking row so two holds of one booking queue up.
 */
async function claimBooking(db: Db, trx: Trx, bookingId: string, now: Date) {
  const claimed = await trx
    .updateTable('bookings')
    .set({ updatedAt: now.toISOString() })
    .where('id', '=', bookingId)
    .where('status', '=', 'IN_PROGRESS')
    .executeTakeFirst();
  if (claimed.numUpdatedRows !== 1n) throw bookingLocked();
  const row = await trx.selectFrom('bookings').select(['periodId', 'flightId', 'travelersStringify']).where('id', '=', bookingId).executeTakeFirstOrThrow();
  const offer = await periodOfferForSeats(db, trx, row.periodId);
  if (!offer) throw bookingLocked();
  return computeSeatNeeds(seatOfferOf(offer), { travellers: parseTravellers(row.travelersStringify), flightId: row.flightId });
}

/**
 * The pay step: holds every seat of an IN_PROGRESS booking for `minutes`, all or nothing, in one
 * transaction. Holding again replaces the booking's earlier holds (their seats are given back first), so a
 * visitor who returns to the pay step gets seats matching the current choices, and a fresh deadline unless
 * told to keep the live one (`until`).
 * Throws 409 'Ya no quedan plazas suficientes para esta salida.' when anything is short.
 */
export async function holdSeats(
  db: Db,
  bookingId: string,
  {
    minutes = DEFAULT_HOLD_MINUTES,
    now = new Date(),
    until,
    clientKey = null,
    guard,
  }: {
    minutes?: number;
    now?: Date;
    /** Keep this deadline instead of a new one: the pay step renewing a hold that is still live. */
    until?: string | null;
    /** Whose address took the hold, hashed (`clientKeyOf`): what one address holds is limited. */
    clientKey?: string | null;
    /** Runs in the hold's transaction once the seats needed are known, before any is taken; throws to refuse. */
    guard?: (trx: Trx, needs: SeatNeed[]) => Promise<void>;
  } = {},
): Promise<{ expiresAt: string }> {
  const expiresAt = until ?? new Date(now.getTime() + minutes * 60_000).toISOString();
  await db.transaction().execute(async (trx) => {
    const needs = await claimBooking(db, trx, bookingId, now);
    await guard?.(trx, needs);
    await releaseHolds(trx, bookingId, now);
    await takeSeats(trx, { bookingId, needs, expiresAt, confirmedAt: null, clientKey, now });
  });
  return { expiresAt };
}

/**
 * A confirmed payment keeps the seats for good. When the holds were already released (the payment came
 * after expiry), the seats are taken again, or 409 if they are gone: the payment then needs staff.
 */
export async function confirmHolds(trx: Trx, bookingId: string, now: Date): Promise<void> {
  const stamp = now.toISOString();
  const confirmed = await trx
    .updateTable('seatHolds')
    .set({ confirmedAt: stamp })
    .where('bookingId', '=', bookingId)
    .where('releasedAt', 'is', null)
    .where('confirmedAt', 'is', null)
    .executeTakeFirst();
  if (confirmed.numUpdatedRows > 0n) return;
  const already = await trx
    .selectFrom('seatHolds')
    .select('id')
    .where('bookingId', '=', bookingId)
    .where('confirmedAt', 'is not', null)
    .where('releasedAt', 'is', null)
    .executeTakeFirst();
  if (already) return;
  const row = await trx.selectFrom('bookings').select(['periodId', 'flightId', 'travelersStringify']).where('id', '=', bookingId).executeTakeFirstOrThrow();
  const offer = await loadPeriodOffer(trx, row.periodId);
  if (!offer) throw await shortageError(trx, { resourceType: 'period', resourceId: row.periodId, quantity: 0 });
  const needs = computeSeatNeeds(seatOfferOf(offer), { travellers: parseTravellers(row.travelersStringify), flightId: row.flightId });
  await takeSeats(trx, { bookingId, needs, expiresAt: stamp, confirmedAt: stamp, now });
}

/**
 * Gives back the seats of holds whose time is up and that were neither confirmed nor released. Idempotent
 * and safe to run from several processes: each hold is marked released by exactly one of them. Each hold
 * has its own short transaction. Returns how many holds it released.
 */
export async function releaseExpiredHolds(db: Db, now: Date = new Date()): Promise<number> {
  const expired = await db
    .selectFrom('seatHolds')
    .select(['id', 'resourceType', 'resourceId', 'quantity'])
    .where('expiresAt', '<=', now.toISOString())
    .where('releasedAt', 'is', null)
    .where('confirmedAt', 'is', null)
    .orderBy('id')
    .execute();
  let released = 0;
  for (const hold of expired) {
    if (await db.transaction().execute((trx) => releaseHold(trx, hold, now))) released += 1;
  }
  return released;
}

/** When a booking's live, unexpired holds end; null when it holds nothing now. */
export async function activeHoldExpiry(db: Db, bookingId: string, now: Date): Promise<string | null> {
  const holds = await liveHolds(db, bookingId).where('expiresAt', '>', now.toISOString()).execute();
  return holds.length === 0 ? null : holds.map((h) => h.expiresAt).sort()[0]!;
}

/** The seats a booking's live holds keep aside, by `type:id`: its own, so what it may choose counts them as free. */
export async function heldSeatsOf(db: Db | Trx, bookingId: string): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  for (const hold of await liveHolds(db, bookingId).execute()) {
    const key = `${hold.resourceType}:${hold.resourceId}`;
    held.set(key, (held.get(key) ?? 0) + hold.quantity);
  }
  return held;
}

/**
 * Seats of each resource of a kind taken for good (confirmed holds not released), as a subquery `sold`
 * with `resourceId` and `sold`: the desks join it to show seats sold against capacity.
 */
export function seatsSoldBy(db: Db, resourceType: SeatResourceType) {
  return db
    .selectFrom('seatHolds')
    .select(['resourceId', (e) => e.fn.sum<number>('quantity').as('sold')])
    .where('resourceType', '=', resourceType)
    .where('releasedAt', 'is', null)
    .where('confirmedAt', 'is not', null)
    .groupBy('resourceId')
    .as('sold');
}

/** `seatsSoldBy` the departures (resourceId is the period). */
export const seatsSoldByPeriod = (db: Db) => seatsSoldBy(db, 'period');
