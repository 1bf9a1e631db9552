/**
 * Signed webhooks (issue 33, part 4) on both engines, against a real receiver on this machine: staff add an
 * endpoint (its secret answered once); a booking and its payment queue their events in their own
 * transactions; the worker posts them signed (the receiver checks the HMAC over "{t}.{body}"); a failing
 * receiver gets retries with backoff until the attempts run out; a replay pressed twice sends once.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApi, insertDeparture, jsonRequest, type TestApi } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createBookingForPayment, postNotification, signedNotification, startPaymentRequest } from '../../tests/support/payment-fixtures.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { eventOfPress, processWebhookQueue } from '../services/integration/webhooks.ts';

interface Received {
  event: string;
  delivery: string;
  signature: string;
  body: string;
}

/** A receiver as an ERP would run it: it answers `status` and keeps what it was sent. */
let receiver: Server;
let url = '';
let status = 200;
const received: Received[] = [];
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({
        event: String(req.headers['x-dr-event']),
        delivery: String(req.headers['x-dr-delivery']),
        signature: String(req.headers['x-dr-signature']),
        body,
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** What the receiver does with a delivery: the signature over "{t}.{body}" with the endpoint's secret. */
function verified(secret: string, r: Received): boolean {
  const parts = Object.fromEntries(r.signature.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${r.body}`).digest('hex');
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

describe.each(portableDialects)('webhooks on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db);
    await seedCallers(t.db);
    received.length = 0;
    status = 200;
  });
  afterEach(async () => t.drop());

  const as = async (who: object | null, method: string, path: string, body?: unknown) => {
    const request = body === undefined ? { method } : jsonRequest(method, body);
    const res = await api.request(`/admin/integrations${path}`, {
      ...request,
      headers: { ...(request.headers as Record<string, string>), ...(who ? { 'x-test-auth': JSON.stringify(who) } : {}) },
    });
    return { status: res.status, body: await res.json() };
  };
  const deliveries = () => t.db.selectFrom('webhookDeliveries').selectAll().orderBy('createdAt').orderBy('eventType').execute();

  it.each([
    ['a visitor', null, 401],
    ['a traveller', CALLERS.traveler, 403],
    ['a guide', CALLERS.guide, 403],
  ])('answers %s with %s and adds no endpoint', async (_, who, code) => {
    expect((await as(who, 'GET', '')).status).toBe(code);
    expect((await as(who, 'POST', '/endpoints', { requestId: 'hook-press-1', url, events: ['booking.created'] })).status).toBe(code);
    expect(await t.db.selectFrom('webhookEndpoints').select('id').execute()).toEqual([]);
  });

  it('signs each event of a booking and its payment, sent once each, in the order they happened', async () => {
    const press = { requestId: 'hook-press-1', url, description: 'ERP', events: ['booking.created', 'booking.confirmed', 'payment.received'] };
    const [one, two] = await Promise.all([as(CALLERS.admin, 'POST', '/endpoints', press), as(CALLERS.admin, 'POST', '/endpoints', press)]);
    const made = [one, two].find((a) => a.body.applied);
    const replayed = [one, two].find((a) => !a.body.applied);
    expect(made?.body.secret).toMatch(/^whsec_/);
    expect(replayed?.body.secret).toBeNull();
    expect(made?.body.endpoints).toMatchObject([{ url, events: press.events, active: true }]);
    const secret = made?.body.secret as string;

    const { id } = await createBookingForPayment(api, t.db);
    const { res } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method: 'card' });
    expect(res.status).toBe(201);
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    expect((await postNotification(api, signedNotification(testConfig({}), { order: payment.orderNumber, amountCents: payment.amountCents }))).status).toBe(
      200,
    );
    expect((await deliveries()).map((d) => d.eventType).sort()).toEqual(['booking.confirmed', 'booking.created', 'payment.received']);

    expect(await processWebhookQueue(t.db)).toEqual({ delivered: 3, retried: 0, failed: 0 });
    expect(received).toHaveLength(3);
    for (const r of received) expect(verified(secret, r)).toBe(true);
    // A tampered body or another secret does not verify.
    expect(verified('whsec_otro', received[0] as Received)).toBe(false);
    expect(verified(secret, { ...(received[0] as Received), body: `${received[0]?.body} ` })).toBe(false);
    const events = received.map((r) => JSON.parse(r.body) as { type: string; data: { bookingId: string } });
    expect(events.map((e) => e.type).sort()).toEqual(['booking.confirmed', 'booking.created', 'payment.received']);
    for (const e of events) expect(e.data.bookingId).toBe(id);
    expect((await deliveries()).every((d) => d.status === 'DELIVERED')).toBe(true);
    // Nothing is sent twice.
    expect(await processWebhookQueue(t.db)).toEqual({ delivered: 0, retried: 0, failed: 0 });
  });

  it('retries a failing receiver with growing waits until it gives up; a replay pressed twice sends once', async () => {
    await as(CALLERS.admin, 'POST', '/endpoints', { requestId: 'hook-press-1', url, events: ['booking.created'] });
    await createBookingForPayment(api, t.db);
    status = 500;
    const start = Date.now();
    expect(await processWebhookQueue(t.db, { now: new Date(start), maxAttempts: 3 })).toEqual({ delivered: 0, retried: 1, failed: 0 });
    const [first] = await deliveries();
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: 500 });
    // Not yet due: nothing is sent.
    expect(await processWebhookQueue(t.db, { now: new Date(start + 30_000), maxAttempts: 3 })).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(Date.parse(first?.nextAttemptAt ?? '') - start).toBe(60_000);
    expect(await processWebhookQueue(t.db, { now: new Date(start + 61_000), maxAttempts: 3 })).toEqual({ delivered: 0, retried: 1, failed: 0 });
    const [second] = await deliveries();
    expect(Date.parse(second?.nextAttemptAt ?? '') - (start + 61_000)).toBe(120_000);
    expect(await processWebhookQueue(t.db, { now: new Date(start + 200_000), maxAttempts: 3 })).toEqual({ delivered: 0, retried: 0, failed: 1 });
    expect((await deliveries())[0]).toMatchObject({ status: 'FAILED', attempts: 3, lastError: 'El receptor respondió 500' });
    expect(received).toHaveLength(3);

    status = 200;
    const failed = (await deliveries())[0]?.id ?? '';
    const replay = { requestId: 'hook-replay-1' };
    const [a, b] = await Promise.all([
      as(CALLERS.admin, 'POST', `/deliveries/${failed}/replay`, replay),
      as(CALLERS.admin, 'POST', `/deliveries/${failed}/replay`, replay),
    ]);
    expect([a.body.applied, b.body.applied].sort()).toEqual([false, true]);
    expect(await deliveries()).toHaveLength(2);
    expect(await processWebhookQueue(t.db)).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(received).toHaveLength(4);
    // The replay carries the same event: its id lets the receiver see it already had it.
    expect(JSON.parse(received[3]?.body ?? '{}').id).toBe(JSON.parse(received[0]?.body ?? '{}').id);
    expect(await t.db.selectFrom('staffActions').select(['entityType', 'action']).where('action', '=', 'replay').execute()).toEqual([
      { entityType: 'webhook', action: 'replay' },
    ]);
  });

  it('sends nothing to a paused endpoint, and refuses an address that is not a web address', async () => {
    const made = await as(CALLERS.admin, 'POST', '/endpoints', { requestId: 'hook-press-1', url, events: ['booking.created'] });
    const endpoint = made.body.endpoints[0].id;
    expect((await as(CALLERS.admin, 'POST', `/endpoints/${endpoint}/pause`, { requestId: 'hook-press-2' })).body.endpoints[0].active).toBe(false);
    await createBookingForPayment(api, t.db);
    expect(await deliveries()).toEqual([]);
    const wrong = await as(CALLERS.admin, 'POST', '/endpoints', { requestId: 'hook-press-3', url: 'ftp://erp.example/hooks', events: ['booking.created'] });
    expect(wrong.status).toBe(422);
    expect((await as(CALLERS.admin, 'POST', '/endpoints', { requestId: 'hook-press-4', url, events: [] })).body.error.fields.events).toBe(
      'Elige al menos un aviso.',
    );
  });

  it('names what each recorded press tells', () => {
    expect(eventOfPress('booking', 'b1', 'extend-deadline')).toEqual({ type: 'booking.changed', data: { bookingId: 'b1', change: 'extend-deadline' } });
    expect(eventOfPress('traveler', 't1', 'self-update')).toEqual({ type: 'traveler.changed', data: { travelerId: 't1', change: 'self-update' } });
    expect(eventOfPress('booking', 'b1', 'mail:voucher')).toBeNull();
    expect(eventOfPress('booking', 'b1', 'cancel')).toBeNull();
    expect(eventOfPress('coupon', 'c1', 'update')).toBeNull();
  });
});
