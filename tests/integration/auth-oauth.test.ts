/**
 * Social sign-in against a real OpenID provider (oidc-provider) listening on loopback: the API sends
 * the browser there, the test signs in and consents through the provider's own forms with fetch, and
 * the provider's redirect comes back to the API's callback.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '#api/app.ts';
import type { Config } from '#api/config.ts';
import { testConfig } from '../support/test-config.ts';
import { cookieHeader, createAccount, createBrowser, storeCookies } from '../support/auth-client.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../support/databases.ts';

const REDIRECT_BASE = 'http://localhost:4321';
const CLIENT = { client_id: 'different-shop', client_secret: 'a-client-secret-for-tests' };
const PEOPLE: Record<string, { email: string; email_verified: boolean; name?: string }> = {
  marta: { email: 'Marta.Ruiz@example.com', email_verified: true, name: 'Marta' },
  anon: { email: 'anon@example.com', email_verified: true },
  unverified: { email: 'nadie@example.com', email_verified: false, name: 'Nadie' },
};

let server: Server;
let issuer: string;

beforeAll(async () => {
  // The issuer names the port, so listen first on a free one and hand the requests to the provider after.
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Its warnings about development keys and devInteractions are what a test provider is for.
  const quiet = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [`${REDIRECT_BASE}/api/auth/oauth/google/callback`, `${REDIRECT_BASE}/api/auth/oauth/facebook/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_ctx, id) => (PEOPLE[id] ? { accountId: id, claims: async () => ({ sub: id, ...PEOPLE[id] }) } : undefined),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['cookie-key-for-tests'] },
  });
  server.on('request', provider.callback());
  quiet.mockRestore();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/**
 * The person at the provider: follows its redirects with its own cookies, fills the login form as
 * `login` and consents, until the provider redirects to the shop. Returns that redirect. `abort`
 * leaves at the login form instead.
 */
async function signInAtProvider(authorizationUrl: string, login: string, { abort = false } = {}): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(REDIRECT_BASE)) return new URL(url);
    const res = await fetch(url, { method, body, redirect: 'manual', headers: jar.size ? { cookie: cookieHeader(jar) } : {} });
    storeCookies(jar, res);
    method = 'GET';
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page (${res.status}):\n${html.slice(0, 500)}`);
    method = 'POST';
    if (abort) {
      url = new URL(`${new URL(action, url).pathname}/abort`, url).href;
      method = 'GET';
      continue;
    }
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'cualquiera' } : { prompt });
  }
  throw new Error('the provider never redirected back');
}

describe.each(portableDialects)('social sign-in with a real OpenID provider on %s', (dialect) => {
  let t: TestDatabase;
  let config: Config;
  let api: ReturnType<typeof createApi>;
  beforeEach(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = await createTestDatabase(dialect);
    const base = testConfig({
      NODE_ENV: 'test',
      AUTH_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
      OAUTH_REDIRECT_BASE: REDIRECT_BASE,
      GOOGLE_CLIENT_ID: CLIENT.client_id,
      GOOGLE_CLIENT_SECRET: CLIENT.client_secret,
      GOOGLE_ISSUER: issuer,
    });
    // Facebook as plain OAuth 2.0 (fixed endpoints, a profile call), pointed at the same provider.
    const facebook = {
      clientId: CLIENT.client_id,
      clientSecret: CLIENT.client_secret,
      issuer: null,
      endpoints: { authorization: `${issuer}/auth`, token: `${issuer}/token`, userinfo: `${issuer}/me` },
      scope: 'openid email profile',
    };
    config = { ...base, databaseUrl: t.url, oauthProviders: { ...base.oauthProviders, facebook } };
    api = createApi({ db: t.db, config });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.drop();
  });

  /** Start → provider → callback, in one browser; returns the browser and the callback's answer. */
  async function socialSignIn(provider: 'google' | 'facebook', login: string, { next, abort }: { next?: string; abort?: boolean } = {}) {
    const browser = createBrowser(api);
    const start = await browser.get(`/auth/oauth/${provider}/start${next ? `?next=${encodeURIComponent(next)}` : ''}`);
    expect(start.status).toBe(302);
    const authorization = new URL(start.headers.get('location') ?? '');
    const back = await signInAtProvider(authorization.href, login, { abort });
    expect(back.pathname).toBe(`/api/auth/oauth/${provider}/callback`);
    const callback = await browser.get(`${back.pathname.replace(/^\/api/, '')}${back.search}`);
    return { browser, authorization, callback };
  }

  it('Google (OpenID Connect): PKCE, state and nonce; creates the account and its traveller, signs in, goes to next', async () => {
    const { browser, authorization, callback } = await socialSignIn('google', 'marta', { next: '/perfil/viajes' });
    expect(authorization.origin).toBe(issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: CLIENT.client_id,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      redirect_uri: `${REDIRECT_BASE}/api/auth/oauth/google/callback`,
    });
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/perfil/viajes');
    expect(browser.cookies.has('dr_oauth')).toBe(false);
    const me = (await (await browser.get('/auth/me')).json()) as { user: { id: string; email: string; traveler: unknown } };
    expect(me.user).toMatchObject({ email: 'marta.ruiz@example.com', groups: [], traveler: { name: 'Marta', surname: '' } });
    const user = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'marta.ruiz@example.com', passwordHash: null });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await t.db.selectFrom('travelers').select(['cognitoId', 'email']).execute()).toEqual([{ cognitoId: user.id, email: 'marta.ruiz@example.com' }]);
  });

  it('Facebook (OAuth 2.0 with fixed endpoints): the name defaults to the part before the @, and /perfil', async () => {
    const { browser, authorization, callback } = await socialSignIn('facebook', 'anon');
    expect(authorization.searchParams.get('nonce')).toBeNull();
    expect(authorization.searchParams.get('code_challenge')).toBeTruthy();
    expect(callback.headers.get('location')).toBe('/perfil');
    expect(await (await browser.get('/auth/me')).json()).toMatchObject({ user: { email: 'anon@example.com', traveler: { name: 'anon' } } });
  });

  it('takes over an unverified password account with that e-mail and drops its password', async () => {
    const squatter = await createAccount(t.db, { email: 'marta.ruiz@example.com', verified: false });
    await socialSignIn('google', 'marta');
    const user = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user).toMatchObject({ id: squatter.id, passwordHash: null });
    const res = await createBrowser(api).post('/auth/signin', { email: squatter.email, password: squatter.password });
    expect(res.status).toBe(401);
  });

  it('signs an existing verified account in without touching its password', async () => {
    const account = await createAccount(t.db, { email: 'marta.ruiz@example.com', groups: ['drAdmin'] });
    const { browser } = await socialSignIn('google', 'marta');
    expect(await (await browser.get('/auth/me')).json()).toMatchObject({ user: { id: account.id, groups: ['drAdmin'] } });
    expect((await createBrowser(api).post('/auth/signin', { email: account.email, password: account.password })).status).toBe(200);
  });

  it('refuses an e-mail the provider does not vouch for', async () => {
    const { browser, callback } = await socialSignIn('google', 'unverified');
    expect(callback.headers.get('location')).toBe('/login?error=social-email');
    expect(browser.cookies.has('dr_access')).toBe(false);
    expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('sends a person who cancels at the provider back to /login', async () => {
    const { callback } = await socialSignIn('google', 'marta', { abort: true });
    expect(callback.headers.get('location')).toBe('/login?error=social-cancelled');
  });

  it('refuses a callback with another state, or from a browser that did not start it', async () => {
    const browser = createBrowser(api);
    const start = await browser.get('/auth/oauth/google/start');
    const back = await signInAtProvider(start.headers.get('location') ?? '', 'marta');
    const path = back.pathname.replace(/^\/api/, '');
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'someone-elses-state');
    expect((await browser.get(`${path}?${forged}`)).headers.get('location')).toBe('/login?error=social-failed');

    // The real answer, but in a browser without the attempt's cookie (login CSRF): refused too.
    const other = createBrowser(api);
    expect((await other.get(`${path}${back.search}`)).headers.get('location')).toBe('/login?error=social-failed');
    expect(other.cookies.has('dr_access')).toBe(false);
    expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('never redirects off the site after sign-in', async () => {
    const { callback } = await socialSignIn('google', 'marta', { next: '//evil.example/perfil' });
    expect(callback.headers.get('location')).toBe('/perfil');
  });

  it('sets the attempt cookie httpOnly, SameSite=Lax, on the OAuth path only, for 10 minutes', async () => {
    const start = await createBrowser(api).get('/auth/oauth/google/start');
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith('dr_oauth='));
    expect(cookie).toMatch(/Max-Age=600; Path=\/api\/auth\/oauth; HttpOnly; SameSite=Lax$/);
  });
});
