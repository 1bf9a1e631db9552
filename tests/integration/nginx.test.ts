import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../support/test-config.ts';
import { createShop, listen } from '#api/server.ts';
import { pageSecurityHeaders } from '#api/middleware/security-headers.ts';
import { generateNginxConfig, pageHeaderInputs } from '#api/services/platform/nginx-config.ts';
import { type NginxProcess, nginxAvailable, startNginx } from '#api/services/platform/nginx-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { FAKE_BUNDLE_PATH, FAKE_LARGE_PAGE, FAKE_LARGE_PAGE_PATH, FAKE_MEDIA_PATH, writeFakeSite } from './fake-site.ts';

// The generated nginx config and the Node server must answer every path alike, security headers
// included. Runs where nginx and its brotli_static module are installed (apt-get install nginx-light
// libnginx-mod-http-brotli-static).
const nginx = nginxAvailable();
/** The ETag nginx gives a file it sends from disk: its modification time and size in hex. */
const NGINX_ETAG = /^(?:W\/)?"[0-9a-f]+-[0-9a-f]+"$/;

const nodePort = 4900 + (process.pid % 50);
const nginxPort = 4950 + (process.pid % 50);
const dir = mkdtempSync(join(tmpdir(), 'shop-nginx-'));
// nginx's workers run as an unprivileged user: the site must be readable by others.
chmodSync(dir, 0o755);
// Production (HSTS), a sign-in provider and a real terminal, so every header and every part of the
// policy has something to compare; the fake build lists an inline-script hash.
const config = {
  ...testConfig({
    DATA_DIR: join(dir, 'data'),
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 'secreto',
    REDSYS_URL: 'https://sis-t.redsys.es:25443/sis/realizarPago',
  }),
  env: 'production' as const,
};
/** Every header `pageSecurityHeaders` lists, read from the production list so none is left out. */
const SECURITY_HEADERS = pageSecurityHeaders({ production: true, contentSecurityPolicy: '' }).map(([name]) => name.toLowerCase());
let t: TestDatabase;
let server: Server;
let proxy: NginxProcess;

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

describe.runIf(nginx)('nginx with deploy/nginx.conf and the Node server', () => {
  beforeAll(async () => {
    writeFakeSite(config.siteDir);
    mkdirSync(config.filesDir, { recursive: true });
    t = await createTestDatabase('sqlite');
    server = (await listen(createShop({ db: t.db, config: { ...config, databaseUrl: t.url } }), nodePort, '127.0.0.1')) as Server;
    // The policy's inputs as `npm run deploy:nginx` reads them: the live build's hashes, the config's form actions.
    const inputs = await pageHeaderInputs({ siteDir: config.siteDir, config });
    expect(inputs.scriptHashes).toHaveLength(1);
    expect(inputs.formActions).toEqual(['https://accounts.google.com', 'https://sis-t.redsys.es:25443']);
    const site = generateNginxConfig({ siteDir: config.siteDir, upstreams: [`127.0.0.1:${nodePort}`], serverName: 'localhost', ...inputs })
      .replace('listen 80;', `listen 127.0.0.1:${nginxPort};`)
      .replace('    listen [::]:80;\n', '');
    proxy = startNginx({ workDir: dir, siteConf: site });
    await waitFor(`http://127.0.0.1:${nginxPort}/`);
  }, 30_000);

  afterAll(async () => {
    await proxy?.stop();
    server?.close();
    await t?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const answer = async (port: number, path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual', headers: { 'accept-encoding': 'br, gzip' } });
    await res.arrayBuffer();
    return {
      status: res.status,
      location: res.headers.get('location'),
      cacheControl: res.headers.get('cache-control'),
      robots: res.headers.get('x-robots-tag'),
      encoding: res.status === 200 ? res.headers.get('content-encoding') : 'n/a',
      // A header sent twice (nginx's and the proxied Node app's) reads as two values joined by a comma.
      security: Object.fromEntries(SECURITY_HEADERS.map((name) => [name, res.headers.get(name)])),
    };
  };

  it.each([
    '/',
    '/viajes',
    '/viajes/',
    '/login',
    '/viajes-para-singles',
    '/tour/viaje-suiza-diciembre?utm_source=boletin',
    '/tour/japon/pasajeros',
    '/tour/japon/pasajeros/b-1/',
    '/tour/japon/otra-cosa',
    '/shells/booking-passengers/index.html',
    '/payment/solo-uno',
    '/no-existe',
    FAKE_BUNDLE_PATH,
    '/_astro/falta.js',
    FAKE_MEDIA_PATH,
    '/media/falta.webp',
    '/busqueda?q=Jap%C3%B3n',
    '/busqueda',
    '/busqueda/japon',
    '/busqueda/index.html',
    '/api/nada',
  ])('%s', async (path) => {
    const node = await answer(nodePort, path);
    // Node sends every header on every answer: a missing one on either side fails here, not only a difference.
    for (const name of SECURITY_HEADERS) expect(node.security[name], name).toBeTruthy();
    expect(await answer(nginxPort, path)).toEqual(node);
  });

  it('passes a page without its brotli copy to the Node server, which writes it; nginx sends it from then on', async () => {
    const page = join(config.siteDir, 'current', FAKE_LARGE_PAGE_PATH, 'index.html');
    rmSync(`${page}.br`, { force: true });
    const get = async (headers: Record<string, string>) => {
      const res = await fetch(`http://127.0.0.1:${nginxPort}${FAKE_LARGE_PAGE_PATH}`, { headers });
      // fetch decodes the body: the page's text whatever the encoding.
      return { encoding: res.headers.get('content-encoding'), etag: res.headers.get('etag'), body: await res.text() };
    };
    // A client without brotli does not make the copy: nginx gzips the page itself.
    expect((await get({ 'accept-encoding': 'gzip' })).encoding).toBe('gzip');
    expect(existsSync(`${page}.br`)).toBe(false);

    const first = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(first.encoding).toBe('br');
    expect(first.body).toBe(FAKE_LARGE_PAGE);
    expect(brotliDecompressSync(readFileSync(`${page}.br`)).toString()).toBe(FAKE_LARGE_PAGE);
    // Readable by nginx's workers, which do not run as the shop's user.
    expect(statSync(`${page}.br`).mode & 0o004).toBe(0o004);
    // nginx's own ETag for a file on disk (its time and size in hex), no longer the Node server's hash.
    expect(first.etag).not.toMatch(NGINX_ETAG);
    const next = await get({ 'accept-encoding': 'br' });
    expect(next.encoding).toBe('br');
    expect(next.etag).toMatch(NGINX_ETAG);
    expect(next.body).toBe(FAKE_LARGE_PAGE);

    // The same page asked for by its file's name.
    rmSync(`${page}.br`);
    const byName = await fetch(`http://127.0.0.1:${nginxPort}${FAKE_LARGE_PAGE_PATH}/index.html`, { headers: { 'accept-encoding': 'br' } });
    expect(byName.headers.get('content-encoding')).toBe('br');
    expect(await byName.text()).toBe(FAKE_LARGE_PAGE);
    expect(brotliDecompressSync(readFileSync(`${page}.br`)).toString()).toBe(FAKE_LARGE_PAGE);
  });

  // A client without brotli: the bundle's gzip is the build's, a page's is made for it (nginx per request,
  // Node once, kept), a small page goes as it is.
  it.each([
    [FAKE_LARGE_PAGE_PATH, 'gzip'],
    [FAKE_BUNDLE_PATH, 'gzip'],
    ['/viajes/', null],
  ])('%s to a client without brotli', async (path, encoding) => {
    const get = async (port: number) => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      return { status: res.status, encoding: res.headers.get('content-encoding'), body: await res.text() };
    };
    const node = await get(nodePort);
    expect(node.status).toBe(200);
    expect(node.encoding).toBe(encoding);
    expect(await get(nginxPort)).toEqual(node);
  });
});
