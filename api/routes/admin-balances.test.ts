/**
 * Balances collected (docs/decisions/042) through the real API: a booking whose deadline passed unpaid is on
 * the overdue list with what it owes and since when, leaves it when paid; 'remind again' mails the lead once
 * per press; 'extend' moves the deadline for a reason, refusing a date in the past; the dashboard's money due.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BALANCE_MESSAGES } from '#shared/schemas/balances.ts';
import { createTestApi, day, insertDeparture, jsonRequest, type TestApi } from '../../tests/support/booking-fixtures.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { createBookingForPayment, overdueBooking, postNotification, signedNotification, startPaymentRequest } from '../../tests/support/payment-fixtures.ts';
import { testConfig } from '../../tests/support/test-config.ts';

const DEPARTURE = day(150);

describe.each(portableDialects)('/api/admin/balances on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db, { dayOne: DEPARTURE });
    await seedCallers(t.db);
  });
  afterEach(async () => t.drop());

  const call = async (method: string, path: string, body?: unknown, who: object = CALLERS.admin) => {
    const request = body === undefined ? { method } : jsonRequest(method, body);
    const res = await api.request(path, { ...request, headers: { ...(request.headers as Record<string, string>), 'x-test-auth': JSON.stringify(who) } });
    return { status: res.status, body: await res.json() };
  };

  const overdue = () => overdueBooking(api, t.db);

  it('lists a booking whose deadline passed unpaid with what it owes and since when, and not once it is paid', async () => {
    expect((await call('GET', '/admin/balances/overdue')).body).toMatchObject({ rows: [], total: 0 });
    const { id, deadlines, paidCents } = await overdue();
    const listed = await call('GET', '/admin/balances/overdue');
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(1);
    const row = listed.body.rows[0];
    const total = deadlines.reduce((sum, d) => sum + d.amountCents, 0);
    expect(row).toMatchObject({ id, lastRemindedAt: null, paidCents });
    // The 1 € paid covers part of the deposit: it is owed since its deadline, less what was paid.
    expect(row.owedSince).toBe(day(-20));
    expect(row.overdueCents).toBe((deadlines[0]?.amountCents ?? 0) - paidCents);
    expect(row.remainingCents).toBe(total - paidCents);

    const dashboard = await call('GET', '/admin/dashboard');
    const figure = (label: string) => dashboard.body.figures.find((f: { label: string }) => f.label === label)?.value;
    expect(figure('Vencido sin cobrar')).toBe(row.overdueCents);

    // Paid in full: off the list.
    const { tkId } = await t.db.selectFrom('bookings').select('tkId').where('id', '=', id).executeTakeFirstOrThrow();
    const rest = await startPaymentRequest(api, `/payments/link/${id}/${tkId}`, { amount: 'full', method: 'card' });
    expect(rest.res.status).toBe(201);
    const second = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).where('status', '=', 'PENDING').executeTakeFirstOrThrow();
    await postNotification(api, signedNotification(testConfig({}), { order: second.orderNumber, amountCents: second.amountCents }));
    expect((await call('GET', '/admin/balances/overdue')).body.total).toBe(0);
  });

  it('reminds the lead again once however often pressed, and says when a booking owes nothing overdue', async () => {
    const { id } = await overdue();
    const press = { requestId: 'remind-press-1' };
    const [one, two] = await Promise.all([call('POST', `/admin/balances/${id}/remind`, press), call('POST', `/admin/balances/${id}/remind`, press)]);
    expect([one.body.applied, two.body.applied].sort()).toEqual([false, true]);
    const mails = await t.db.selectFrom('mails').select(['type', 'toAddress']).where('bookingId', '=', id).where('type', '=', 'REMINDER_PAYMENT').execute();
    expect(mails).toEqual([{ type: 'REMINDER_PAYMENT', toAddress: 'ana.garcia@viajes.es' }]);
    expect((await call('GET', '/admin/balances/overdue')).body.rows[0].lastRemindedAt).not.toBeNull();
    const log = await t.db.selectFrom('staffActions').select(['entityType', 'entityId', 'action']).where('action', '=', 'remind-balance').execute();
    expect(log).toEqual([{ entityType: 'booking', entityId: id, action: 'remind-balance' }]);

    const { id: fresh } = await createBookingForPayment(api, t.db);
    const refused = await call('POST', `/admin/balances/${fresh}/remind`, { requestId: 'remind-press-2' });
    expect(refused).toMatchObject({ status: 409, body: { error: { message: BALANCE_MESSAGES.nothingOverdue } } });
    // A traveller cannot press it.
    expect((await call('POST', `/admin/balances/${id}/remind`, { requestId: 'remind-press-3' }, CALLERS.traveler)).status).toBe(403);
  });

  it('extends the deadline owed for a reason, refusing a date in the past or after departure, writing nothing', async () => {
    const { id, deadlines } = await overdue();
    const deadlinesNow = async () =>
      JSON.parse((await t.db.selectFrom('bookings').select('deadlinesStringify').where('id', '=', id).executeTakeFirstOrThrow()).deadlinesStringify);
    const past = await call('POST', `/admin/balances/${id}/extend`, { requestId: 'extend-1', date: day(-1), reason: 'Lo pide el cliente' });
    expect(past).toMatchObject({ status: 422, body: { error: { fields: { date: BALANCE_MESSAGES.datePast } } } });
    const late = await call('POST', `/admin/balances/${id}/extend`, { requestId: 'extend-2', date: DEPARTURE, reason: 'Lo pide el cliente' });
    expect(late).toMatchObject({ status: 422, body: { error: { fields: { date: BALANCE_MESSAGES.dateAfterDeparture } } } });
    const noReason = await call('POST', `/admin/balances/${id}/extend`, { requestId: 'extend-3', date: day(5), reason: ' ' });
    expect(noReason).toMatchObject({ status: 422, body: { error: { fields: { reason: BALANCE_MESSAGES.reason } } } });
    expect(await deadlinesNow()).toEqual(deadlines);

    const press = { requestId: 'extend-4', date: day(5), reason: 'Cobra la nómina el día 1' };
    const [one, two] = await Promise.all([call('POST', `/admin/balances/${id}/extend`, press), call('POST', `/admin/balances/${id}/extend`, press)]);
    expect([one.body.applied, two.body.applied].sort()).toEqual([false, true]);
    expect((await deadlinesNow()).map((d: { date: string }) => d.date)).toEqual([day(5), ...deadlines.slice(1).map((d) => d.date)]);
    expect((await call('GET', '/admin/balances/overdue')).body.total).toBe(0);
    const log = await t.db.selectFrom('staffActions').select(['action', 'reason']).where('action', '=', 'extend-deadline').execute();
    expect(log).toEqual([{ action: 'extend-deadline', reason: 'Cobra la nómina el día 1' }]);
  });
});
