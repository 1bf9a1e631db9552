import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../support/test-config.ts';
import { createShop, listen, type Shop } from '#api/server.ts';
import { createRebuildQueue } from '#api/services/content/rebuilds.ts';
import { insertDeparture, seatsLeft } from '../support/booking-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { FAKE_BUNDLE_PATH, FAKE_MEDIA_PATH, writeFakeSite } from './fake-site.ts';

// A page or shell answered from memory by `listen`'s fast path must be the answer Hono gives for it: same
// status, bytes and headers (issue 15 kept the behaviour and the security headers identical).
const dir = mkdtempSync(join(tmpdir(), 'shop-fast-path-'));
const config = testConfig({ DATA_DIR: join(dir, 'data'), NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://tienda.example.es' });
let t: TestDatabase;
let shop: Shop;
let server: Server;
let base: string;
/** The same shop through Hono alone, as `serve` runs it without the fast path. */
let honoServer: ServerType;
let honoBase: string;
let build = 0;
const rebuilds = createRebuildQueue({
  // A "build" that changes the home page in place, as a targeted rebuild renames a new page over the old one.
  run: async () => {
    build += 1;
    const page = `<h1>Portada, versión ${build}</h1>`;
    writeFileSync(join(config.siteDir, 'current', 'index.html.tmp'), page);
    writeFileSync(join(config.siteDir, 'current', 'index.html.br'), brotliCompressSync(page));
    renameSync(join(config.siteDir, 'current', 'index.html.tmp'), join(config.siteDir, 'current', 'index.html'));
    return { info: { hash: `b${build}`, builtAt: new Date().toISOString(), pages: 1, tours: 0 }, skipped: false };
  },
  debounceMs: 0,
  intervalMs: 0,
  log: () => {},
});

beforeAll(async () => {
  writeFakeSite(config.siteDir);
  t = await createTestDatabase('sqlite');
  await insertDeparture(t.db);
  shop = createShop({ db: t.db, config: { ...config, databaseUrl: t.url }, rebuilds });
  server = (await listen(shop, 0, '127.0.0.1')) as Server;
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  honoServer = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: shop.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  honoBase = `http://127.0.0.1:${(honoServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  rebuilds.stop();
  server?.close();
  honoServer?.close();
  await t?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const ALWAYS_DIFFERENT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const answer = async (res: Response) => ({
  status: res.status,
  body: Buffer.from(await res.arrayBuffer()).toString('base64'),
  headers: Object.fromEntries([...res.headers].filter(([name]) => !ALWAYS_DIFFERENT.has(name)).sort(([a], [b]) => a.localeCompare(b))),
});

describe('the fast path and Hono answer alike', () => {
  it.each([
    ['/', {}],
    ['/', { 'accept-encoding': 'br, gzip' }],
    ['/viajes', {}],
    ['/viajes/', { 'accept-encoding': 'gzip' }],
    ['/login', {}],
    ['/tour/japon/pasajeros', { 'accept-encoding': 'br' }],
    ['/tour/japon/pasajeros/b-1/', { 'accept-encoding': 'gzip' }],
    [FAKE_BUNDLE_PATH, { 'accept-encoding': 'br' }],
    ['/viajes', { range: 'bytes=0-3' }],
    ['/viajes', { range: 'bytes=900-' }],
    ['/no-existe', {}],
    ['/viajes-para-singles', {}],
    [FAKE_MEDIA_PATH, {}],
    ['/shells/booking-passengers/index.html', {}],
  ])('GET %s %j', async (path, headers) => {
    const get = (at: string) => fetch(`${at}${path}`, { headers: headers as Record<string, string>, redirect: 'manual' });
    const fast = await answer(await get(base));
    const hono = await answer(await get(honoBase));
    expect(fast).toEqual(hono);
    expect(fast.headers['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
    expect(fast.headers['strict-transport-security']).toBeDefined();
  });

  it('answers a tour’s departures as the API does, while they are still the database’s', async () => {
    const path = '/api/tours/japon-esencial/departures';
    const withoutId = ({ headers, ...rest }: Awaited<ReturnType<typeof answer>>) => {
      expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const { 'x-request-id': _, ...others } = headers;
      return { ...rest, headers: others };
    };
    const hono = withoutId(await answer(await fetch(`${honoBase}${path}`)));
    // Read once by the API, then kept: the fast path answers it.
    const fast = withoutId(await answer(await fetch(`${base}${path}`)));
    expect(fast).toEqual(hono);
    expect(fast.headers['cache-control']).toBe('no-store');
    const seats = async () => ((await (await fetch(`${base}${path}`)).json()) as { bookableAvailability: number }[])[0]?.bookableAvailability;
    expect(await seats()).toBe(await seatsLeft(t.db));
    await t.db.updateTable('periods').set({ bookableAvailability: 3 }).where('id', '=', 'p1').execute();
    expect(await seats()).toBe(3);
    expect(await seats()).toBe(3);
    expect((await fetch(`${base}/api/tours/no-existe/departures`)).status).toBe(404);
  });

  /** An answer without what differs on every call: the request id, in the headers and in an error's body. */
  const withoutRequestId = ({ headers, body, ...rest }: Awaited<ReturnType<typeof answer>>) => {
    const { 'x-request-id': id, ...others } = headers;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    return {
      ...rest,
      headers: others,
      body: Buffer.from(body, 'base64')
        .toString('utf8')
        .replaceAll(id as string, 'ID'),
    };
  };

  it.each([
    '/api/nonexistent',
    '/api/a/b/c.json',
    '/api/health/',
    '/api/bookings/quote',
    '/api/me',
    '/api/admin/tours/x',
    '/api/guide-tools/expenses',
    '/api/tours/japon-esencial',
    '/api/x%20y',
  ])('answers GET %s as the API does: a 404 of an address no route has, the route’s own answer otherwise', async (path) => {
    const fast = withoutRequestId(await answer(await fetch(`${base}${path}`)));
    const hono = withoutRequestId(await answer(await fetch(`${honoBase}${path}`)));
    expect(fast).toEqual(hono);
  });

  it.each(['/api/health', '/api/health/live'])('answers GET %s as the API does, and the same report to everyone for a second', async (path) => {
    const read = async (at: string) => {
      const { body, ...rest } = withoutRequestId(await answer(await fetch(`${at}${path}`)));
      const parsed = JSON.parse(body) as { storage?: { freeBytes?: number } };
      if (parsed.storage) parsed.storage.freeBytes = 0;
      return { ...rest, body: parsed };
    };
    const hono = await read(honoBase);
    const fast = await read(base);
    expect(fast).toEqual(hono);
    expect(fast.status).toBe(200);
    expect(fast.headers['cache-control']).toBe('no-store');
    if (path.endsWith('/live')) expect(fast.body).toEqual({ status: 'ok' });
    else expect(fast.body).toMatchObject({ status: 'ok', database: { ok: true, dialect: 'sqlite' }, build: { ok: true } });
  });

  it('answers an unknown API address with the API’s 404, its policy and its message', async () => {
    const res = await fetch(`${base}/api/no-existe`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    const body = (await res.json()) as { error: { code: string; message: string; requestId: string } };
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'No existe esa dirección de la API.', requestId: res.headers.get('x-request-id') });
  });

  const quote = (at: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${at}/api/bookings/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const adults = [{ ageGroup: 'Adultos' }, { ageGroup: 'Adultos' }];

  it.each([
    ['a plain quote', { periodId: 'p1', travellers: adults }, {}],
    ['a quote with a flight', { periodId: 'p1', travellers: adults, flightId: 'f3' }, {}],
    ['a quote from the shop’s own page', { periodId: 'p1', travellers: adults }, { origin: 'https://tienda.example.es' }],
    ['a coupon (counted per address)', { periodId: 'p1', travellers: adults, couponCode: 'VERANO10' }, {}],
    ['an unknown departure', { periodId: 'no-existe', travellers: adults }, {}],
    ['a departure not sold on the web', { periodId: 'p-not-web', travellers: adults }, {}],
    ['no adult', { periodId: 'p1', travellers: [{ ageGroup: 'Niños' }] }, {}],
    ['an unknown field', { periodId: 'p1', travellers: adults, precio: 1 }, {}],
    ['broken JSON', '{"periodId":', {}],
    ['another site’s page', { periodId: 'p1', travellers: adults }, { origin: 'https://otra.example.com' }],
    ['cookies and no origin', { periodId: 'p1', travellers: adults }, { cookie: 'dr_visit=x' }],
    ['a referer of another site', { periodId: 'p1', travellers: adults }, { referer: 'https://otra.example.com/x' }],
  ])('prices %s as the API does', async (_, body, headers) => {
    const fast = withoutRequestId(await answer(await quote(base, body, headers)));
    const hono = withoutRequestId(await answer(await quote(honoBase, body, headers)));
    expect(fast).toEqual(hono);
  });

  it('prices the departure as it is now: a price written is in the next quote', async () => {
    const total = async () => ((await (await quote(base, { periodId: 'p1', travellers: adults })).json()) as { totalCents: number }).totalCents;
    const before = await total();
    expect(before).toBeGreaterThan(0);
    await t.db
      .updateTable('prices')
      .set((eb) => ({ valueCents: eb('valueCents', '+', 10_000) }))
      .where('periodId', '=', 'p1')
      .where('ageGroupName', '=', 'Adultos')
      .execute();
    expect(await total()).toBe(before + 2 * 10_000);
  });

  it('answers HEAD with the GET’s headers and no body, and 304 to a browser that has the page', async () => {
    const get = await fetch(`${base}/viajes`);
    const etag = get.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const head = await fetch(`${base}/viajes`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(await head.text()).toBe('');
    const again = await fetch(`${base}/viajes`, { headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(again.headers.get('content-security-policy')).toBe(get.headers.get('content-security-policy'));
    const since = await fetch(`${base}/viajes`, { headers: { 'if-modified-since': get.headers.get('last-modified') as string } });
    expect(since.status).toBe(304);
    expect((await fetch(`${base}/viajes`, { headers: { 'if-none-match': '"otra"' } })).status).toBe(200);
  });

  it('serves a publication of this process at once, though pages are kept in memory', async () => {
    const home = () => fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } }).then((r) => r.text());
    expect(await home()).toContain('Portada');
    for (const version of [1, 2]) {
      rebuilds.request('prueba');
      await rebuilds.whenIdle();
      expect(await home()).toBe(`<h1>Portada, versión ${version}</h1>`);
      expect(await (await fetch(`${base}/`)).text()).toBe(`<h1>Portada, versión ${version}</h1>`);
    }
  });
});
