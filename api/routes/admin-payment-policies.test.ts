/**
 * The office's payment policies (docs/decisions/042) through the real API: a type's policy saved from the
 * version it was read at and followed by the bookings made after it; a tour's and a departure's own over it,
 * and back; bad policies refused in Spanish with nothing written; a press sent twice applied once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '#shared/rules/dates.ts';
import { PAYMENT_POLICY_MESSAGES } from '#shared/schemas/tour-editor-texts.ts';
import { createTestApi, day, insertDeparture, jsonRequest, type TestApi } from '../../tests/support/booking-fixtures.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { createBookingForPayment } from '../../tests/support/payment-fixtures.ts';
import { POLICY_CHANGED_MESSAGE } from '../services/payments/policies.ts';

const admin = CALLERS.admin;
const DEPARTURE = day(150);
const tenPercent = { deposit: { kind: 'percent', percent: 10 }, instalments: [], balanceDaysBefore: 40 };

describe.each(portableDialects)('/api/admin/payment-policies on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db, { dayOne: DEPARTURE });
    await seedCallers(t.db);
  });
  afterEach(async () => t.drop());

  const call = async (method: string, path: string, body?: unknown) => {
    const request = body === undefined ? { method } : jsonRequest(method, body);
    const res = await api.request(path, { ...request, headers: { ...(request.headers as Record<string, string>), 'x-test-auth': JSON.stringify(admin) } });
    return { status: res.status, body: await res.json() };
  };
  const firstDeadline = async (id: string) =>
    JSON.parse((await t.db.selectFrom('bookings').select('deadlinesStringify').where('id', '=', id).executeTakeFirstOrThrow()).deadlinesStringify)[0];
  const actions = () => t.db.selectFrom('staffActions').select(['entityType', 'entityId', 'action']).execute();

  it('lists each tour type’s policy, saves one from its version, and bookings made after follow it', async () => {
    const listed = await call('GET', '/admin/payment-policies');
    expect(listed.body.policies.map((p: { tourType: string }) => p.tourType)).toEqual(['Group', 'FIT', 'Private']);
    expect(listed.body.policies[2].policy).toEqual({ deposit: { kind: 'percent', percent: 40 }, instalments: [], balanceDaysBefore: 45 });
    // The migration's rows, or none in a database emptied for reuse: the shop's defaults either way.
    const { version } = listed.body.policies[0];
    const before = await createBookingForPayment(api, t.db);

    const press = { policy: tenPercent, version, requestId: 'press-policy-1' };
    const [one, two] = await Promise.all([call('PUT', '/admin/payment-policies/Group', press), call('PUT', '/admin/payment-policies/Group', press)]);
    expect([one.body.applied, two.body.applied].sort()).toEqual([false, true]);
    expect(one.body.policies[0]).toEqual({ tourType: 'Group', policy: tenPercent, version: version + 1 });
    expect(await actions()).toEqual([{ entityType: 'payment-policy', entityId: 'Group', action: 'update' }]);

    const after = await createBookingForPayment(api, t.db);
    expect((await firstDeadline(after.id)).amountCents).toBe(29_600);
    // A booking made before keeps its schedule.
    expect((await firstDeadline(before.id)).amountCents).toBe(88_600);
  });

  it('refuses a save from an old version, and bad policies in Spanish, writing nothing', async () => {
    const { version } = (await call('GET', '/admin/payment-policies')).body.policies[0];
    const stale = await call('PUT', '/admin/payment-policies/Group', { policy: tenPercent, version: version + 1, requestId: 'press-policy-2' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(POLICY_CHANGED_MESSAGE);

    const tooMuch = { deposit: { kind: 'percent', percent: 60 }, instalments: [{ percent: 50, daysBefore: 90 }], balanceDaysBefore: 30 };
    const refused = await call('PUT', '/admin/payment-policies/Group', { policy: tooMuch, version, requestId: 'press-policy-3' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields['policy.instalments']).toBe(PAYMENT_POLICY_MESSAGES.total);

    const late = { deposit: { kind: 'percent', percent: 20 }, instalments: [{ percent: 30, daysBefore: 10 }], balanceDaysBefore: 30 };
    const misplaced = await call('PUT', '/admin/payment-policies/Group', { policy: late, version, requestId: 'press-policy-4' });
    expect(misplaced.body.error.fields['policy.instalments']).toBe(PAYMENT_POLICY_MESSAGES.order);

    const percent = await call('PUT', '/admin/payment-policies/Group', {
      policy: { ...tenPercent, deposit: { kind: 'percent', percent: 120 } },
      version,
      requestId: 'press-policy-5',
    });
    expect(percent.body.error.fields['policy.deposit.percent']).toBe(PAYMENT_POLICY_MESSAGES.percent);

    expect((await call('PUT', '/admin/payment-policies/Cruise', { policy: tenPercent, version, requestId: 'press-policy-6' })).status).toBe(404);
    expect((await call('GET', '/admin/payment-policies')).body.policies[0].version).toBe(version);
    expect(await actions()).toEqual([]);
  });

  it('gives a tour and a departure policies of their own, and takes them back', async () => {
    const perTraveller = { deposit: { kind: 'perTraveller', amountCents: 20_000 }, instalments: [], balanceDaysBefore: 60 };
    const tour = await call('PUT', '/admin/tours/t1/payment-policy', { policy: perTraveller, requestId: 'press-tour-policy' });
    expect(tour.status).toBe(200);
    expect(tour.body).toMatchObject({ applied: true, publication: null, message: PAYMENT_POLICY_MESSAGES.tourSaved });
    expect((await firstDeadline((await createBookingForPayment(api, t.db)).id)).amountCents).toBe(60_000);

    const period = await call('PUT', '/admin/tours/t1/periods/p1/payment-policy', { policy: tenPercent, requestId: 'press-period-policy' });
    expect(period.body.message).toBe(PAYMENT_POLICY_MESSAGES.periodSaved);
    const booked = await createBookingForPayment(api, t.db);
    expect(await firstDeadline(booked.id)).toEqual({ date: addDays({ date: new Date().toISOString().slice(0, 10), days: 7 }), amountCents: 29_600 });

    await call('PUT', '/admin/tours/t1/periods/p1/payment-policy', { policy: null, requestId: 'press-period-back' });
    await call('PUT', '/admin/tours/t1/payment-policy', { policy: null, requestId: 'press-tour-back' });
    expect((await firstDeadline((await createBookingForPayment(api, t.db)).id)).amountCents).toBe(88_600);
    expect((await call('PUT', '/admin/tours/t1/periods/p-otro/payment-policy', { policy: null, requestId: 'press-period-none' })).status).toBe(404);
  });
});
