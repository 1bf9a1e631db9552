import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CreateBookingSchema } from '#shared/schemas/bookings.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../../tests/support/databases.ts';
import { createBooking } from './bookings.ts';
import { holdSeats, releaseExpiredHolds } from './seat-holds.ts';
import { insertDeparture, validBooking } from '../../../tests/support/booking-fixtures.ts';
import { joinWaitingList, OFFER_WINDOW_HOURS, offerReleasedSeats } from './waiting-list.ts';

const publicUrl = 'https://tienda.test';

describe.each(dialects)('offering released seats to the waiting list on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await insertDeparture(t.db, { seats: 3 });
  });
  afterEach(async () => t.drop());

  const minutes = (n: number) => new Date(Date.now() + n * 60_000);
  const join = (email: string, travellers: number, at: Date) =>
    joinWaitingList(t.db, { periodId: 'p1', name: email.split('@')[0] as string, email, travellers, now: at });
  const setSeats = (seats: number) => t.db.updateTable('periods').set({ bookableAvailability: seats }).where('id', '=', 'p1').execute();
  const statuses = async () =>
    Object.fromEntries((await t.db.selectFrom('waitingListEntries').select(['email', 'status']).execute()).map((e) => [e.email, e.status]));
  const mails = () => t.db.selectFrom('mails').selectAll().orderBy('toAddress').execute();

  it('mails the waiting party once the seats of an expired hold are back, and only once', async () => {
    // A party of three holds every seat at the pay step and never pays.
    const { id } = await createBooking(t.db, { request: CreateBookingSchema.parse(validBooking()), by: null, now: minutes(0) });
    await holdSeats(t.db, id, { minutes: 20, now: minutes(0) });
    await join('lucia@correo.es', 2, minutes(1));
    expect(await offerReleasedSeats(t.db, minutes(2), { publicUrl })).toBe(0);

    expect(await releaseExpiredHolds(t.db, minutes(25))).toBeGreaterThan(0);
    expect(await offerReleasedSeats(t.db, minutes(25), { publicUrl })).toBe(1);
    expect(await statuses()).toEqual({ 'lucia@correo.es': 'OFFERED' });
    const [mail, ...others] = await mails();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ type: 'WAITING_LIST', toAddress: 'lucia@correo.es', bookingId: null, subject: 'Hay plazas libres en «Japón esencial»' });
    expect(mail?.text).toContain('Reservar ahora: https://tienda.test/booking/japon-esencial?periodo=p1');
    expect(mail?.text).toContain('hay plaza para los 2 viajeros que buscabas');

    expect(await offerReleasedSeats(t.db, minutes(26), { publicUrl })).toBe(0);
    expect(await mails()).toHaveLength(1);
  });

  it('offers the oldest parties that fit, skipping one too big, and never more seats than are free', async () => {
    await setSeats(0);
    await join('ana@correo.es', 3, minutes(0));
    await join('bea@correo.es', 1, minutes(1));
    await join('carlos@correo.es', 2, minutes(2));
    await join('dani@correo.es', 1, minutes(3));
    await setSeats(2);
    expect(await offerReleasedSeats(t.db, minutes(5), { publicUrl })).toBe(2);
    expect(await statuses()).toEqual({ 'ana@correo.es': 'WAITING', 'bea@correo.es': 'OFFERED', 'carlos@correo.es': 'WAITING', 'dani@correo.es': 'OFFERED' });
    expect((await mails()).map((m) => m.toAddress)).toEqual(['bea@correo.es', 'dani@correo.es']);

    // The two offered seats count as promised for a day: of three free, the one left fits nobody still waiting.
    await setSeats(3);
    expect(await offerReleasedSeats(t.db, minutes(10), { publicUrl })).toBe(0);
    // After the window, the seats nobody booked are offered again, oldest party first.
    expect(await offerReleasedSeats(t.db, minutes(OFFER_WINDOW_HOURS * 60 + 10), { publicUrl })).toBe(1);
    expect((await statuses())['ana@correo.es']).toBe('OFFERED');
  });

  it('offers each entry exactly once when two sweeps run at the same time', async () => {
    await setSeats(0);
    await join('ana@correo.es', 1, minutes(0));
    await join('bea@correo.es', 1, minutes(1));
    await setSeats(1);
    const [a, b] = await Promise.all([offerReleasedSeats(t.db, minutes(2), { publicUrl }), offerReleasedSeats(t.db, minutes(2), { publicUrl })]);
    expect(a + b).toBe(1);
    expect((await mails()).map((m) => m.toAddress)).toEqual(['ana@correo.es']);
  });

  it('offers nothing for a departure that is no longer sold on the web', async () => {
    await setSeats(0);
    await join('ana@correo.es', 1, minutes(0));
    await t.db.updateTable('periods').set({ bookableAvailability: 5, webBookable: 0 }).where('id', '=', 'p1').execute();
    expect(await offerReleasedSeats(t.db, minutes(1), { publicUrl })).toBe(0);
    expect(await statuses()).toEqual({ 'ana@correo.es': 'WAITING' });
  });

  it('keeps one entry per departure and e-mail in the database itself', async () => {
    const row = { periodId: 'p1', name: 'Ana', travellers: 1, status: 'WAITING' as const, createdAt: 'x', updatedAt: 'x' };
    await t.db
      .insertInto('waitingListEntries')
      .values({ ...row, id: 'w1', email: 'ana@correo.es' })
      .execute();
    await expect(
      t.db
        .insertInto('waitingListEntries')
        .values({ ...row, id: 'w2', email: 'ANA@correo.es' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .insertInto('waitingListEntries')
        .values({ ...row, id: 'w3', email: 'bea@correo.es', status: 'OFFERED' })
        .execute(),
    ).rejects.toThrow();
  });
});
