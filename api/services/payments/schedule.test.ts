/**
 * Payment schedules written on the booking (docs/decisions/042), through the real API on both engines: at
 * creation from the tour type's policy, a tour's or a departure's own when set, rewritten while the funnel
 * changes the price, and after a deposit only in what is still owed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '#shared/rules/dates.ts';
import { createTestApi, day, insertDeparture, type TestApi } from '../../../tests/support/booking-fixtures.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../../tests/support/databases.ts';
import { createBookingForPayment, postNotification, signedNotification, startPaymentRequest } from '../../../tests/support/payment-fixtures.ts';
import { testConfig } from '../../../tests/support/test-config.ts';
import { remindDeadlines } from '../jobs/payment-reminders.ts';
import { writeSchedule } from './schedule.ts';

// The booking of every test: 2 adults and 1 child on p1, no flight, 2.952 € (api/routes/payments.test.ts).
const TOTAL = 295_200;
const DEPARTURE = day(150);
const today = () => new Date().toISOString().slice(0, 10);
// Booked 150 days ahead, 1 € holds the seats and the deposit falls due a week later (docs/decisions/042).
const depositDay = () => addDays({ date: today(), days: 7 });

describe.each(dialects)('payment schedules on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db, { dayOne: DEPARTURE });
  });
  afterEach(async () => t.drop());

  const deadlinesOf = async (id: string) =>
    JSON.parse((await t.db.selectFrom('bookings').select('deadlinesStringify').where('id', '=', id).executeTakeFirstOrThrow()).deadlinesStringify);

  it('writes the group policy at creation: 30 % a week later, the balance 30 days before departure, to the cent', async () => {
    const { id, owner } = await createBookingForPayment(api, t.db);
    expect(await deadlinesOf(id)).toEqual([
      { date: depositDay(), amountCents: 88_600 },
      { date: addDays({ date: DEPARTURE, days: -30 }), amountCents: TOTAL - 88_600 },
    ]);
    // The pay step says it in one line: the 1 € that holds the seats today, then what each deadline still owes.
    const options = await (await api.request(`/payments/booking/${id}`, { headers: { 'x-test-auth': JSON.stringify(owner) } })).json();
    expect(options.dueNowCents).toBe(100);
    expect(options.paymentPlan).toMatch(
      /^Hoy pagas 1 € · El resto, 2\.951 €, en 2 plazos: 885 € antes del \d+ de \p{L}+( de \d{4})? y 2\.066 € antes del \d+ de \p{L}+( de \d{4})?$/u,
    );
  });

  it('takes the departure’s own policy over the tour’s, and the tour’s over its type’s', async () => {
    const tourPolicy = { deposit: { kind: 'perTraveller', amountCents: 20_000 }, instalments: [], balanceDaysBefore: 60 };
    await t.db
      .updateTable('tours')
      .set({ paymentPolicy: JSON.stringify(tourPolicy) })
      .where('id', '=', 't1')
      .execute();
    const first = await createBookingForPayment(api, t.db);
    expect(await deadlinesOf(first.id)).toEqual([
      { date: depositDay(), amountCents: 60_000 },
      { date: addDays({ date: DEPARTURE, days: -60 }), amountCents: TOTAL - 60_000 },
    ]);

    const periodPolicy = { deposit: { kind: 'percent', percent: 10 }, instalments: [{ percent: 40, daysBefore: 90 }], balanceDaysBefore: 20 };
    await t.db
      .updateTable('periods')
      .set({ paymentPolicy: JSON.stringify(periodPolicy) })
      .where('id', '=', 'p1')
      .execute();
    const second = await createBookingForPayment(api, t.db);
    expect(await deadlinesOf(second.id)).toEqual([
      { date: depositDay(), amountCents: 29_600 },
      { date: addDays({ date: DEPARTURE, days: -90 }), amountCents: 118_100 },
      { date: addDays({ date: DEPARTURE, days: -20 }), amountCents: TOTAL - 29_600 - 118_100 },
    ]);
  });

  it('the balance reminder picks a web booking: the deposit a few days before it falls due, once', async () => {
    const { id, owner } = await createBookingForPayment(api, t.db);
    await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' }, owner);
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    expect((await postNotification(api, signedNotification(testConfig({}), { order: payment.orderNumber, amountCents: payment.amountCents }))).status).toBe(
      200,
    );
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
    expect(await remindDeadlines(t.db, testConfig({}), inThreeDays)).toEqual({ reminded: [{ bookingId: id, deadline: depositDay() }] });
    expect(await remindDeadlines(t.db, testConfig({}), inThreeDays)).toEqual({ reminded: [] });
    const reminder = await t.db.selectFrom('paymentReminders').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    // What the deposit still owes after the 1 € that held the seats.
    expect(reminder.amountCents).toBe(88_500);
  });

  it('keeps the type’s policy when a stored one is not a policy', async () => {
    await t.db.updateTable('tours').set({ paymentPolicy: '{"deposit":"mucho"}' }).where('id', '=', 't1').execute();
    const { id } = await createBookingForPayment(api, t.db);
    expect((await deadlinesOf(id))[0]).toEqual({ date: depositDay(), amountCents: 88_600 });
  });

  it('after the deposit is paid, a higher price goes to the balance and the deposit stays as paid', async () => {
    const { id, owner } = await createBookingForPayment(api, t.db);
    const started = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' }, owner);
    expect(started.res.status).toBe(201);
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    // More than 30 days ahead, the first payment is the 1 € pre-booking; the deposit is then owed less that euro.
    expect(payment.amountCents).toBe(100);
    expect((await postNotification(api, signedNotification(testConfig({}), { order: payment.orderNumber, amountCents: 100 }))).status).toBe(200);
    const paidDeposit = await t.db.transaction().execute(async (trx) => {
      await writeSchedule(trx, { bookingId: id, totalCents: TOTAL + 8_000, insuranceCents: 0, now: new Date() });
      return JSON.parse((await trx.selectFrom('bookings').select('deadlinesStringify').where('id', '=', id).executeTakeFirstOrThrow()).deadlinesStringify);
    });
    expect(paidDeposit).toEqual([
      { date: depositDay(), amountCents: 88_600 },
      { date: addDays({ date: DEPARTURE, days: -30 }), amountCents: TOTAL - 88_600 + 8_000 },
    ]);
    const options = await (await api.request(`/payments/booking/${id}`, { headers: { 'x-test-auth': JSON.stringify(owner) } })).json();
    expect(options.dueNowCents).toBe(88_500);
    // The back office shows the whole schedule, each deadline with what is left of it.
    const admin = { userId: 'u-admin', email: 'equipo@different.demo', travelerId: null, groups: ['drAdmin'] };
    const detail = await (await api.request(`/admin/bookings/${id}`, { headers: { 'x-test-auth': JSON.stringify(admin) } })).json();
    expect(detail.booking.deadlines).toEqual([
      { date: depositDay(), amountCents: 88_600, owedCents: 88_500 },
      { date: addDays({ date: DEPARTURE, days: -30 }), amountCents: TOTAL - 88_600 + 8_000, owedCents: TOTAL - 88_600 + 8_000 },
    ]);
  });
});
