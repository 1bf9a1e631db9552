/**
 * The security envelope as the running shop answers (api/server.ts): headers and the content security
 * policy on pages, files, redirects, 404s and the API; CORS closed by default; the contact form's rate
 * limit per client address.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES } from '#shared/schemas/challenge.ts';
import { testConfig } from '../support/test-config.ts';
import { API_CONTENT_SECURITY_POLICY } from '#api/middleware/security-headers.ts';
import { CSP_HASHES_FILE } from '#content-build/site-folder.ts';
import { createShop } from '#api/server.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../support/databases.ts';
import { FAKE_BUNDLE_PATH, writeFakeSite } from './fake-site.ts';

const HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

describe.each(portableDialects)('the shop on %s', (dialect) => {
  let t: TestDatabase;
  let dataDir: string;
  const shopFor = (env: Record<string, string> = {}) => createShop({ db: t.db, config: { ...testConfig({ DATA_DIR: dataDir, ...env }), databaseUrl: t.url } });
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-security-'));
    const config = testConfig({ DATA_DIR: dataDir });
    writeFakeSite(config.siteDir);
    writeFileSync(join(config.siteDir, 'current', CSP_HASHES_FILE), JSON.stringify({ scripts: [HASH] }));
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['a page', '/viajes', 200],
    ['a bundle', FAKE_BUNDLE_PATH, 200],
    ['a shell route', '/tour/japon/pasajeros', 200],
    ['a redirect', '/viajes-para-singles', 301],
    ['the 404 page', '/no-existe', 404],
  ])("puts the headers and the pages' policy, with the build's script hashes, on %s", async (_, path, status) => {
    const res = await shopFor().request(path);
    expect(res.status).toBe(status);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' ${HASH};`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toBeTruthy();
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('gives the API its own policy, which loads nothing, and the same headers', async () => {
    const res = await shopFor().request('/api/nada');
    expect(res.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends HSTS in production only, on pages and API alike', async () => {
    const shop = shopFor({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) });
    for (const path of ['/viajes', '/api/nada']) {
      expect((await shop.request(path)).headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('lets forms go to the configured social sign-in providers only', async () => {
    const csp = async (shop: ReturnType<typeof shopFor>) => (await shop.request('/viajes')).headers.get('content-security-policy') ?? '';
    expect(await csp(shopFor())).toContain("form-action 'self';");
    const configured = shopFor({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secreto', FACEBOOK_CLIENT_ID: 'id', FACEBOOK_CLIENT_SECRET: 'secreto' });
    expect(await csp(configured)).toContain("form-action 'self' https://accounts.google.com https://www.facebook.com;");
  });

  it('keeps CORS closed unless CORS_ORIGINS names an origin', async () => {
    const ask = (shop: ReturnType<typeof shopFor>) => shop.request('/api/nada', { headers: { origin: 'https://agencia.example' } });
    expect((await ask(shopFor())).headers.get('access-control-allow-origin')).toBeNull();
    expect((await ask(shopFor({ CORS_ORIGINS: 'https://agencia.example' }))).headers.get('access-control-allow-origin')).toBe('https://agencia.example');
  });

  it('refuses a cross-site write to the API', async () => {
    const res = await shopFor().request('/api/contact', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'Petición de origen no permitido.' } });
  });

  it('lets a client address send the contact form 5 times in 10 minutes, then answers 429 with Retry-After', async () => {
    const shop = shopFor();
    const body = JSON.stringify({ question: '¿Quedan plazas en la salida de marzo?', name: 'Ana', email: 'ana@correo.es' });
    const send = (remoteAddress: string) =>
      shop.request(
        '/api/contact',
        { method: 'POST', headers: { origin: 'http://localhost:4321', 'content-type': 'application/json' }, body },
        { incoming: { socket: { remoteAddress } } },
      );
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send('203.0.113.9')).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await send('203.0.113.9');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Over the rate, a person's browser may still send it with a solved challenge (ADR 038); this caller has none.
    expect(await refused.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: CHALLENGE_MESSAGES.overRate, fields: { altcha: CHALLENGE_MESSAGES.overRate } },
    });
    expect(await t.db.selectFrom('contactTours').select('id').execute()).toHaveLength(5);
    expect((await send('203.0.113.10')).status).toBe(201);
  });
});
