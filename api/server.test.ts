import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from '#shared/routes.ts';
import { FAKE_BUNDLE, FAKE_BUNDLE_PATH, FAKE_MEDIA_PATH, FAKE_SHELL_HTML, writeFakeSite } from '../tests/integration/fake-site.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/databases.ts';
import { testConfig } from '../tests/support/test-config.ts';
import { MAX_BODY_BYTES } from './app.ts';
import { createShop, listen } from './server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-server-'));
const config = testConfig({ DATA_DIR: dataDir });
const shellHtml = FAKE_SHELL_HTML;
const bundle = FAKE_BUNDLE;

let t: TestDatabase;
let shop: ReturnType<typeof createShop>;
beforeAll(async () => {
  writeFakeSite(config.siteDir);
  mkdirSync(config.filesDir, { recursive: true });
  t = await createTestDatabase('sqlite');
  shop = createShop({ db: t.db, config: { ...config, databaseUrl: t.url } });
});
afterAll(async () => {
  await t.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => shop.request(path, { headers });

describe('the shop server', () => {
  it.each([
    ['/viajes-para-singles', '/tipo-de-viaje/single'],
    ['/tour/selva-negra-alsacia-diciembre', '/destino/suiza'],
    ['/tour/viaje-suiza-diciembre?utm_source=boletin', '/destino/suiza?utm_source=boletin'],
  ])('redirects %s permanently to %s', async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(to);
  });

  it('serves built pages, revalidated on every visit', async () => {
    const res = await get('/viajes');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe(CACHE_REVALIDATE);
    expect(res.headers.get('x-robots-tag')).toBeNull();
    expect(await res.text()).toBe('<h1>Todos los viajes</h1>');
  });

  it('serves bundles as immutable, precompressed when the browser accepts it', async () => {
    const res = await get(FAKE_BUNDLE_PATH, { 'accept-encoding': 'gzip, deflate' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(CACHE_IMMUTABLE);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(bundle);
    const plain = await get(FAKE_BUNDLE_PATH);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(bundle);
  });

  it('serves image variants from the shared media folder as immutable', async () => {
    const res = await get(FAKE_MEDIA_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(CACHE_IMMUTABLE);
    const missing = await get('/media/nope.webp');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe(CACHE_REVALIDATE);
  });

  it.each(['/tour/japon/pasajeros', '/tour/japon/pasajeros/8f3a', '/tour/japon/pasajeros/8f3a/'])(
    'answers %s with the shell of its route: 200, noindex, brotli when accepted',
    async (path) => {
      const res = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('cache-control')).toBe(CACHE_REVALIDATE);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(shellHtml);
    },
  );

  it('never serves a shell at its own address', async () => {
    expect((await get('/shells/booking-passengers')).status).toBe(404);
    expect((await get('/shells/booking-passengers/index.html')).status).toBe(404);
  });

  it.each(['/no-existe', '/tour/japon/otra-cosa', '/payment/solo-uno', '/perfil'])('answers %s with the Spanish 404 page', async (path) => {
    // /perfil is a shell route, but this build has no such shell: not found rather than a broken page.
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe(CACHE_REVALIDATE);
    expect(await res.text()).toContain('No encontramos esta página');
  });

  it('turns the no-JavaScript search form into the results address', async () => {
    const res = await get('/busqueda?q=Japón%20y%20Corea');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/busqueda/japon-y-corea');
    // Without a query, and for every /busqueda/{slug}, the results page the storefront built.
    for (const path of ['/busqueda', '/busqueda?q=', '/busqueda/japon']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('x-robots-tag'), path).toBe('noindex');
      expect(await page.text()).toBe('<h1>Buscar viajes</h1>');
    }
  });

  it('leaves the API to its own rules', async () => {
    const res = await get('/api/nada');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBeNull();
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('the shop server over a real connection', () => {
  /** One request on `agent`, answered with status, headers and body. */
  const send = (agent: Agent, port: number, { method, path, body }: { method: string; path: string; body?: string }) =>
    new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method, path, agent, headers: body ? { 'content-type': 'application/json', origin: config.publicUrl } : {} },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
        },
      );
      req.on('error', reject);
      if (body) req.write(body);
      req.end();
    });

  it('after refusing a body over 1 MiB with 413 it closes the connection, so the client’s next request goes on a fresh one', async () => {
    const server = await listen(shop, 0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    // One socket, kept alive: the second request reuses the first one's connection unless told to close it.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, port, { method: 'POST', path: '/api/contact', body: JSON.stringify({ question: 'a'.repeat(MAX_BODY_BYTES) }) });
      expect(refused.status).toBe(413);
      expect(refused.connection).toBe('close');
      expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
      const next = await send(agent, port, { method: 'GET', path: '/api/health' });
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
