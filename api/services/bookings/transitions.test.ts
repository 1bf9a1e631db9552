import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, type BookingStatus } from '#shared/enums.ts';
import { BOOKING_TRANSITIONS } from '#shared/rules/booking-states.ts';
import { CreateBookingSchema } from '#shared/schemas/bookings.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../../tests/support/databases.ts';
import { createBooking } from './bookings.ts';
import { holdSeats } from './seat-holds.ts';
import { insertDeparture, validBooking } from '../../../tests/support/booking-fixtures.ts';
import { transitionBooking } from './transitions.ts';

// The table itself is checked against DESIGN.md in shared/rules/booking-states.test.ts; here, that the database follows it.
const ALLOWED = Object.entries(BOOKING_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => [from, to] as [BookingStatus, BookingStatus]));
const isAllowed = (from: BookingStatus, to: BookingStatus) => ALLOWED.some(([f, t]) => f === from && t === to);
const FORBIDDEN = BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.map((to) => [from, to] as [BookingStatus, BookingStatus])).filter(
  ([from, to]) => !isAllowed(from, to) && !(from === 'CONFIRMED' && to === 'CONFIRMED'),
);

describe.each(dialects)('transitionBooking on %s', (dialect) => {
  let t: TestDatabase;
  let bookingId: string;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await insertDeparture(t.db);
    const request = CreateBookingSchema.parse(validBooking());
    bookingId = (await createBooking(t.db, { request, by: null, now: new Date() })).id;
  });
  afterEach(async () => t.drop());

  const setStatus = (status: BookingStatus) => t.db.updateTable('bookings').set({ status }).where('id', '=', bookingId).execute();
  const status = async () => (await t.db.selectFrom('bookings').select('status').where('id', '=', bookingId).executeTakeFirstOrThrow()).status;
  const periodSeats = async () =>
    (await t.db.selectFrom('periods').select('bookableAvailability').where('id', '=', 'p1').executeTakeFirstOrThrow()).bookableAvailability;
  const changes = () =>
    t.db
      .selectFrom('bookingStatusChanges')
      .select(['fromStatus', 'toStatus', 'changedBy', 'reason'])
      .where('bookingId', '=', bookingId)
      .where('fromStatus', 'is not', null)
      .execute();

  it.each(ALLOWED)('%s → %s is allowed and recorded with who and why', async (from, to) => {
    await setStatus(from);
    const result = await t.db.transaction().execute((trx) => transitionBooking(trx, bookingId, to, { by: 'u-admin', reason: 'prueba' }));
    expect(result).toEqual({ from, to, changed: true });
    expect(await status()).toBe(to);
    expect(await changes()).toEqual([{ fromStatus: from, toStatus: to, changedBy: 'u-admin', reason: 'prueba' }]);
  });

  it.each(FORBIDDEN)('%s → %s is refused with 409 and changes nothing', async (from, to) => {
    await setStatus(from);
    await expect(t.db.transaction().execute((trx) => transitionBooking(trx, bookingId, to, { by: 'u-admin', reason: 'prueba' }))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await status()).toBe(from);
    expect(await changes()).toEqual([]);
  });

  it('a further payment keeps a CONFIRMED booking CONFIRMED without recording a change', async () => {
    await setStatus('CONFIRMED');
    const result = await t.db.transaction().execute((trx) => transitionBooking(trx, bookingId, 'CONFIRMED', { by: null, reason: 'segundo pago' }));
    expect(result.changed).toBe(false);
    expect(await changes()).toEqual([]);
  });

  it('confirming keeps the held seats; canceling a confirmed booking gives them back', async () => {
    await holdSeats(t.db, bookingId);
    expect(await periodSeats()).toBe(7);
    await t.db.transaction().execute((trx) => transitionBooking(trx, bookingId, 'CONFIRMED', { by: null, reason: 'Pago confirmado' }));
    expect(await periodSeats()).toBe(7);
    await t.db.transaction().execute((trx) => transitionBooking(trx, bookingId, 'CANCELED', { by: 'u-admin', reason: 'Cancelada por el cliente' }));
    expect(await periodSeats()).toBe(10);
  });

  it('canceling during payment releases the hold', async () => {
    await holdSeats(t.db, bookingId);
    await t.db.transaction().execute((trx) => transitionBooking(trx, bookingId, 'CANCELED', { by: 'u-admin', reason: 'Duplicada' }));
    expect(await periodSeats()).toBe(10);
  });
});
