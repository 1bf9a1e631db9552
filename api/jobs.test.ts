import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatEuros } from '#shared/rules/money.ts';
import { testConfig } from '../tests/support/test-config.ts';
import { createTestApi, day, insertDeparture } from '../tests/support/booking-fixtures.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../tests/support/databases.ts';
import { createBookingForPayment, postNotification, signedNotification, startPaymentRequest } from '../tests/support/payment-fixtures.ts';
import { claveFromLink, feedbackApi, feedbackConfig, TEA_CEREMONY, tripBackHome } from '../tests/support/feedback-fixtures.ts';
import { remindDeadlines } from './services/jobs/payment-reminders.ts';
import { PRACTICAL_INFO_DAYS_BEFORE, sendPracticalInfo } from './services/jobs/practical-info.ts';
import { sendFeedbackMails } from './services/jobs/trip-feedback.ts';
import { creditTripPoints } from './services/jobs/trip-points.ts';

describe.each(dialects)('the trip points job on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await insertDeparture(t.db);
  });
  afterEach(async () => t.drop());

  const apiOf = () => createTestApi(t.db, t.url);
  const paidByCard = async () => {
    const api = apiOf();
    const { id } = await createBookingForPayment(api, t.db);
    expect((await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method: 'card' })).res.status).toBe(201);
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    expect((await postNotification(api, signedNotification(testConfig({}), { order: payment.orderNumber, amountCents: payment.amountCents }))).status).toBe(
      200,
    );
    const { travelerId } = await t.db.selectFrom('bookings').select('travelerId').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, payment, travelerId: travelerId as string };
  };
  const balance = async (travelerId: string) =>
    (await t.db.selectFrom('travelers').select('accumulatedReward').where('id', '=', travelerId).executeTakeFirstOrThrow()).accumulatedReward;
  /** The departure moved into the past: back `daysAgo` days ago. */
  const backHome = (daysAgo: number) =>
    t.db
      .updateTable('periods')
      .set({ dayOne: day(-daysAgo - 12), returnDate: day(-daysAgo) })
      .where('id', '=', 'p1')
      .execute();

  it('credits a confirmed trip the day after it comes back, on its money net of refunds, once however often it runs', async () => {
    const { id, payment, travelerId } = await paidByCard();
    await t.db.updateTable('payments').set({ refundedCents: 10_000 }).where('id', '=', payment.id).execute();
    const start = await balance(travelerId);

    await backHome(0);
    expect((await creditTripPoints(t.db, new Date())).credited).toEqual([]);

    await backHome(1);
    const [first, second] = await Promise.all([creditTripPoints(t.db, new Date()), creditTripPoints(t.db, new Date())]);
    const points = Math.floor((payment.amountCents - 10_000) / 100);
    expect([...first.credited, ...second.credited]).toEqual([{ bookingId: id, travelerId, points }]);
    expect(await balance(travelerId)).toBe(start + points);
    expect((await creditTripPoints(t.db, new Date())).credited).toEqual([]);
    const credits = await t.db
      .selectFrom('transactions')
      .selectAll()
      .where('bookingId', '=', id)
      .where('type', '=', 'CREDIT')
      .where('kind', '=', 'POINTS')
      .execute();
    expect(credits).toHaveLength(1);
  });

  it('credits nothing for a canceled trip', async () => {
    const { id, travelerId } = await paidByCard();
    await t.db.updateTable('bookings').set({ status: 'CANCELED' }).where('id', '=', id).execute();
    await backHome(3);
    const start = await balance(travelerId);
    expect((await creditTripPoints(t.db, new Date())).credited).toEqual([]);
    expect(await balance(travelerId)).toBe(start);
  });

  it('sends the practical information of a confirmed trip ten days before departure, once, with its documentation', async () => {
    const { id } = await paidByCard();
    const config = testConfig({});
    const infoMails = () => t.db.selectFrom('mails').selectAll().where('bookingId', '=', id).where('type', '=', 'INFO_PRACTICA').execute();
    const departIn = (days: number) =>
      t.db
        .updateTable('periods')
        .set({ dayOne: day(days), returnDate: day(days + 12) })
        .where('id', '=', 'p1')
        .execute();

    await departIn(PRACTICAL_INFO_DAYS_BEFORE + 1);
    expect((await sendPracticalInfo(t.db, config, new Date())).sent).toEqual([]);

    await departIn(PRACTICAL_INFO_DAYS_BEFORE);
    const [first, second] = await Promise.all([sendPracticalInfo(t.db, config, new Date()), sendPracticalInfo(t.db, config, new Date())]);
    expect([...first.sent, ...second.sent].map((s) => s.bookingId)).toEqual([id]);
    expect((await sendPracticalInfo(t.db, config, new Date())).sent).toEqual([]);
    const mails = await infoMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Información práctica para tu viaje «Japón esencial»');
    expect(JSON.parse(mails[0]!.attachments ?? '[]')).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);
    expect(mails[0]!.text).toMatch(new RegExp(`/perfil/reserva/${id}/`));
  });

  it('sends no practical information to a canceled booking nor to a trip already left', async () => {
    const { id } = await paidByCard();
    await t.db
      .updateTable('periods')
      .set({ dayOne: day(-1), returnDate: day(10) })
      .where('id', '=', 'p1')
      .execute();
    expect((await sendPracticalInfo(t.db, testConfig({}), new Date())).sent).toEqual([]);
    await t.db
      .updateTable('periods')
      .set({ dayOne: day(3), returnDate: day(10) })
      .where('id', '=', 'p1')
      .execute();
    await t.db.updateTable('bookings').set({ status: 'CANCELED' }).where('id', '=', id).execute();
    expect((await sendPracticalInfo(t.db, testConfig({}), new Date())).sent).toEqual([]);
  });

  it('reminds the next deadline still owed a week before it, once, with what is left of it and the pay link', async () => {
    const api = apiOf();
    const { id } = await createBookingForPayment(api, t.db);
    expect((await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' })).res.status).toBe(201);
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    expect((await postNotification(api, signedNotification(testConfig({}), { order: payment.orderNumber, amountCents: payment.amountCents }))).status).toBe(
      200,
    );
    const { priceCents } = await t.db.selectFrom('bookings').select('priceCents').where('id', '=', id).executeTakeFirstOrThrow();
    const paid = payment.amountCents;
    const setDeadlines = (deadlines: { date: string; amountCents: number }[]) =>
      t.db
        .updateTable('bookings')
        .set({ deadlinesStringify: JSON.stringify(deadlines) })
        .where('id', '=', id)
        .execute();
    const reminders = () => t.db.selectFrom('mails').select(['toAddress', 'text']).where('bookingId', '=', id).where('type', '=', 'REMINDER_PAYMENT').execute();

    // The next one owed is a month away: nothing yet.
    await setDeadlines([
      { date: day(-10), amountCents: paid },
      { date: day(30), amountCents: priceCents - paid },
    ]);
    expect((await remindDeadlines(t.db, testConfig({}), new Date())).reminded).toEqual([]);

    // Five days away: reminded once, however often the job runs.
    await setDeadlines([
      { date: day(-10), amountCents: paid },
      { date: day(5), amountCents: priceCents - paid - 1_000 },
      { date: day(40), amountCents: 1_000 },
    ]);
    const [a, b] = await Promise.all([remindDeadlines(t.db, testConfig({}), new Date()), remindDeadlines(t.db, testConfig({}), new Date())]);
    expect([...a.reminded, ...b.reminded]).toEqual([{ bookingId: id, deadline: day(5) }]);
    expect((await remindDeadlines(t.db, testConfig({}), new Date())).reminded).toEqual([]);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.toAddress).toBe('ana.garcia@viajes.es');
    expect(sent[0]!.text).toContain(`Importe pendiente: ${formatEuros(priceCents - paid - 1_000)}.`);
    expect(sent[0]!.text).toContain('Fecha límite:');
    expect(sent[0]!.text).toMatch(new RegExp(`/paga-tu-reserva/${id}/`));
  });

  it('mails the feedback links the day after the return, with the points just credited, once however often it runs', async () => {
    const config = feedbackConfig(t.url);
    const api = feedbackApi(t.db, config);
    const { id, payment } = await tripBackHome(api, t.db, config, { daysAgo: 0 });
    const feedbackMails = () => t.db.selectFrom('mails').selectAll().where('bookingId', '=', id).where('type', '=', 'FEEDBACK').execute();

    // Back today: neither points nor mail yet.
    await creditTripPoints(t.db, new Date());
    expect((await sendFeedbackMails(t.db, config, new Date())).mailed).toEqual([]);

    // The day after, as the server runs them: the points, then the mail that says so; twice at once sends one.
    await backHome(1);
    const { credited } = await creditTripPoints(t.db, new Date());
    const [a, b] = await Promise.all([sendFeedbackMails(t.db, config, new Date()), sendFeedbackMails(t.db, config, new Date())]);
    expect([...a.mailed, ...b.mailed]).toEqual([{ bookingId: id, activities: 1 }]);
    expect((await sendFeedbackMails(t.db, config, new Date())).mailed).toEqual([]);
    const sent = await feedbackMails();
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.toAddress).toBe('ana.garcia@viajes.es');
    expect(mail.subject).toBe('¿Qué tal tu viaje «Japón esencial»?');
    const points = Math.floor(payment.amountCents / 100);
    expect(credited).toEqual([expect.objectContaining({ bookingId: id, points })]);
    expect(mail.text).toContain(`Ya tienes en tu cuenta los ${points.toLocaleString('es-ES')} puntos que te ha dado este viaje`);
    expect(await t.db.selectFrom('feedbackRequests').select(['bookingId', 'mailId']).execute()).toEqual([{ bookingId: id, mailId: mail.id }]);

    // One link for the tour and one for the tea ceremony (not for the insurance), each good for the feedback screen.
    const links = [...mail.text.matchAll(/https?:\/\/\S+\/feedback\/\S+/g)].map((m) => m[0]);
    expect(links).toHaveLength(2);
    expect(links[0]).toMatch(new RegExp(`^${config.publicUrl}/feedback/tour/p1/${id}\\?clave=`));
    expect(links[1]).toMatch(new RegExp(`/feedback/activity/p1/${TEA_CEREMONY.id}/${id}\\?clave=`));
    expect(mail.text).toContain(`- ${TEA_CEREMONY.name}: ${links[1]}`);
    expect(mail.html).toContain(`href="${links[0]}"`);
    for (const [link, kind] of [
      [links[0], 'tour'],
      [links[1], 'activity'],
    ] as const) {
      const res = await api.request(`/feedback/link?clave=${encodeURIComponent(claveFromLink(link as string))}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { kind: string }).kind).toBe(kind);
    }
  });

  it('mails no feedback for a canceled trip, nor for one back more than a month ago', async () => {
    const config = feedbackConfig(t.url);
    const api = feedbackApi(t.db, config);
    const { id } = await tripBackHome(api, t.db, config, { daysAgo: 31 });
    expect((await sendFeedbackMails(t.db, config, new Date())).mailed).toEqual([]);
    await backHome(30);
    await t.db.updateTable('bookings').set({ status: 'CANCELED' }).where('id', '=', id).execute();
    expect((await sendFeedbackMails(t.db, config, new Date())).mailed).toEqual([]);
    await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', id).execute();
    expect((await sendFeedbackMails(t.db, config, new Date())).mailed).toEqual([{ bookingId: id, activities: 1 }]);
  });
});
