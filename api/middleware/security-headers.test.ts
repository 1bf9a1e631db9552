import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { corsPolicy, liveBuildScriptHashes, pageContentSecurityPolicy, securityHeaders } from './security-headers.ts';

const appWith = (production: boolean) =>
  new Hono()
    .use(securityHeaders({ production, contentSecurityPolicy: () => "default-src 'self'" }))
    .get('/', (c) => c.text('hola'))
    .get('/propia', (c) => {
      c.header('Content-Security-Policy', "default-src 'none'");
      return c.text('hola');
    });

describe('security headers', () => {
  it('are on every answer', async () => {
    const res = await appWith(false).request('/');
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'permissions-policy': expect.stringContaining('camera=()'),
      'content-security-policy': "default-src 'self'",
    });
    // Not found is an answer too.
    expect((await appWith(false).request('/nada')).headers.get('x-frame-options')).toBe('DENY');
  });

  it('send HSTS in production only', async () => {
    expect((await appWith(false).request('/')).headers.get('strict-transport-security')).toBeNull();
    expect((await appWith(true).request('/')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it("keep a route's own policy", async () => {
    expect((await appWith(false).request('/propia')).headers.get('content-security-policy')).toBe("default-src 'none'");
  });
});

describe("the pages' content security policy", () => {
  it('allows only the shop itself, the build’s inline scripts by hash, and the configured sign-in providers for forms', () => {
    expect(pageContentSecurityPolicy({ scriptHashes: ["'sha256-AAA='"], formActions: ['https://accounts.google.com'] })).toBe(
      [
        "default-src 'self'",
        "img-src 'self' data:",
        "script-src 'self' 'wasm-unsafe-eval' 'sha256-AAA='",
        "style-src 'self' 'unsafe-inline'",
        "connect-src 'self'",
        "font-src 'self'",
        "form-action 'self' https://accounts.google.com",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
      ].join('; '),
    );
    expect(pageContentSecurityPolicy()).not.toContain("'unsafe-inline' ;");
    expect(pageContentSecurityPolicy()).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  const siteDir = mkdtempSync(join(tmpdir(), 'shop-csp-'));
  afterAll(() => rmSync(siteDir, { recursive: true, force: true }));
  const build = (name: string, scripts: string[] | null) => {
    mkdirSync(join(siteDir, 'builds', name), { recursive: true });
    if (scripts) writeFileSync(join(siteDir, 'builds', name, 'csp-hashes.json'), JSON.stringify({ scripts }));
    rmSync(join(siteDir, 'current'), { force: true });
    symlinkSync(join('builds', name), join(siteDir, 'current'));
  };

  it("takes the live build's inline-script hashes, and the next build's once it is swapped in", async () => {
    const hashes = liveBuildScriptHashes(siteDir);
    expect(await hashes()).toEqual([]);
    build('a', ["'sha256-AAA='", 'https://evil.example']);
    expect(await hashes()).toEqual(["'sha256-AAA='"]);
    build('b', ["'sha256-BBB='"]);
    expect(await hashes()).toEqual(["'sha256-BBB='"]);
    build('c', null);
    expect(await hashes()).toEqual([]);
  });

  it('sees a new list renamed over the live one in place (a targeted rebuild)', async () => {
    const hashes = liveBuildScriptHashes(siteDir);
    build('d', ["'sha256-DDD='"]);
    expect(await hashes()).toEqual(["'sha256-DDD='"]);
    const live = join(siteDir, 'builds', 'd', 'csp-hashes.json');
    writeFileSync(`${live}.tmp`, JSON.stringify({ scripts: ["'sha256-DDD='", "'sha256-EEE='"] }));
    renameSync(`${live}.tmp`, live);
    expect(await hashes()).toEqual(["'sha256-DDD='", "'sha256-EEE='"]);
  });
});

describe('CORS', () => {
  const corsApp = (corsOrigins: string[]) => new Hono().use(corsPolicy({ corsOrigins })).get('/', (c) => c.json({ ok: true }));
  const preflight = { method: 'OPTIONS', headers: { origin: 'https://agencia.example', 'access-control-request-method': 'POST' } };

  it('is closed by default: no answer lets another origin read it', async () => {
    const res = await corsApp([]).request('/', { headers: { origin: 'https://agencia.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect((await corsApp([]).request('/', preflight)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('opens to the configured origins only, with credentials', async () => {
    const app = corsApp(['https://agencia.example']);
    const res = await app.request('/', { headers: { origin: 'https://agencia.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://agencia.example');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect((await app.request('/', preflight)).status).toBe(204);
    const other = await app.request('/', { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
