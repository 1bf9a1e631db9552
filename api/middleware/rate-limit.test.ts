import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { errorResponse } from '../errors.ts';
import type { RateLimit } from '../services/platform/rate-limits.ts';
import { clientAddress, rateLimit, rateLimitMessage } from './rate-limit.ts';

const limit: RateLimit = { name: 'prueba', max: 3, windowSeconds: 600 };

describe('the 429 message', () => {
  it.each([
    [1, 'Demasiados intentos. Inténtalo de nuevo en 1 minuto.'],
    [60, 'Demasiados intentos. Inténtalo de nuevo en 1 minuto.'],
    [61, 'Demasiados intentos. Inténtalo de nuevo en 2 minutos.'],
    [600, 'Demasiados intentos. Inténtalo de nuevo en 10 minutos.'],
  ])('after %i s reads "%s"', (seconds, message) => {
    expect(rateLimitMessage(seconds)).toBe(message);
  });
});

describe('the client address', () => {
  const addressOf = async (trustProxy: boolean, headers: Record<string, string>, remoteAddress?: string) => {
    const app = new Hono().get('/', (c) => c.text(clientAddress(c, { trustProxy })));
    const env = remoteAddress ? { incoming: { socket: { remoteAddress } } } : undefined;
    return (await app.request('/', { headers }, env)).text();
  };

  it.each([
    ['the socket peer', false, {}, '203.0.113.7', '203.0.113.7'],
    ['the socket peer, not a forwarded header nobody vouches for', false, { 'x-forwarded-for': '1.1.1.1' }, '203.0.113.7', '203.0.113.7'],
    ['behind our proxy, the entry it appended (the last)', true, { 'x-forwarded-for': '1.1.1.1, 198.51.100.4' }, '10.0.0.2', '198.51.100.4'],
    ['behind our proxy without the header, the socket peer', true, {}, '10.0.0.2', '10.0.0.2'],
    ['an IPv4-mapped IPv6 peer as IPv4', false, {}, '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv6 peer by its /64', false, {}, '2001:db8:0:12:a:b:c:d', '2001:db8:0:12::/64'],
    ['a compressed IPv6 peer by its /64', false, {}, '2001:db8::1', '2001:db8:0:0::/64'],
    ['no socket at all (in-process requests)', false, {}, undefined, 'unknown'],
  ])('is %s', async (_, trustProxy, headers, remote, expected) => {
    expect(await addressOf(trustProxy, headers, remote)).toBe(expected);
  });
});

describe.each(portableDialects)('the rate-limit middleware on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
  });
  afterEach(async () => t.drop());

  it('answers 429 in the error shape with Retry-After, without running the handler', async () => {
    let ran = 0;
    const app = new Hono()
      .use(async (c, next) => {
        c.set('requestId' as never, 'req-1' as never);
        await next();
      })
      .post('/', rateLimit({ db: t.db, config: { trustProxy: true }, limit }), (c) => {
        ran++;
        return c.json({ ok: true }, 201);
      });
    app.onError(errorResponse);
    const post = (ip: string) => app.request('/', { method: 'POST', headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i++) expect((await post('198.51.100.4')).status).toBe(201);
    const refused = await post('198.51.100.4');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: rateLimitMessage(retryAfter), requestId: 'req-1' },
    });
    expect(ran).toBe(3);
    // Another client is not held back by the first.
    expect((await post('198.51.100.5')).status).toBe(201);
  });
});
