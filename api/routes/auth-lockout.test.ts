/**
 * Issue 29, hole 5, performed as the probe did: ten wrong passwords for one e-mail kept its owner out of
 * every address for a quarter of an hour. Now failures count per e-mail and address together; per e-mail
 * alone they only ask for a proof-of-work challenge, which the owner's browser solves.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '#shared/schemas/auth.ts';
import { CHALLENGE_MESSAGES } from '#shared/schemas/challenge.ts';
import { createApi } from '../app.ts';
import { createAccount } from '../../tests/support/auth-client.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { testConfig } from '../../tests/support/test-config.ts';

const EMAIL = 'direccion@viajes-reales.es';

describe.each(portableDialects)('sign-in failures cannot lock an owner out, on %s', (dialect) => {
  let t: TestDatabase;
  let api: ReturnType<typeof createApi>;
  let password: string;
  beforeEach(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = await createTestDatabase(dialect);
    api = createApi({
      db: t.db,
      config: { ...testConfig({ NODE_ENV: 'test', TRUST_PROXY: '1', AUTH_SECRET: 'lockout-secret-with-32-or-more-chars!!' }), databaseUrl: t.url },
    });
    ({ password } = await createAccount(t.db, { email: EMAIL, groups: ['drAdmin'] }));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.drop();
  });

  const signIn = (from: string, body: Record<string, unknown>) =>
    api.request('/auth/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': from },
      body: JSON.stringify({ email: EMAIL, ...body }),
    });
  /** What the owner's browser does when asked: fetch a challenge, solve it, send it with the form. */
  const solved = async (from: string) => {
    const res = await api.request('/auth/captcha', { method: 'POST', headers: { origin: 'http://localhost', 'x-forwarded-for': from } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = await res.json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  it('ten wrong passwords from one address hold back that address, and the owner elsewhere signs in after the challenge', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn('203.0.113.66', { password: `no-es-la-${i}-buena` })).status).toBe(401);
    // The attacker's address waits, even with the right password.
    const held = await signIn('203.0.113.66', { password });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, from an address that has not been failing: asked for the challenge, never refused for good.
    const asked = await signIn('198.51.100.20', { password });
    expect(asked.status).toBe(403);
    expect(await asked.json()).toMatchObject({ error: { message: AUTH_MESSAGES.challengeRequired, fields: { altcha: AUTH_MESSAGES.challengeRequired } } });
    const altcha = await solved('198.51.100.20');
    const entered = await signIn('198.51.100.20', { password, altcha });
    expect(entered.status).toBe(200);
    expect(await entered.json()).toMatchObject({ user: { email: EMAIL, groups: ['drAdmin'] } });
    // A solution counts once; a made-up one never.
    expect((await signIn('198.51.100.20', { password, altcha })).status).toBe(403);
    expect((await signIn('198.51.100.20', { password, altcha: Buffer.from('{"challenge":{}}').toString('base64') })).status).toBe(403);
  });

  it('failures spread over many addresses still never refuse the owner, and a guess with a solved challenge is still just a guess', async () => {
    // Ten guesses are answered; from then on a guess without a solved challenge is not even tried.
    for (let i = 0; i < 25; i++) expect((await signIn(`203.0.113.${100 + i}`, { password: `intento-${i}-malo` })).status).toBe(i < 10 ? 401 : 403);
    expect((await signIn('198.51.100.21', { password, altcha: await solved('198.51.100.21') })).status).toBe(200);
    expect((await signIn('203.0.113.200', { password: 'otro intento malo', altcha: await solved('203.0.113.200') })).status).toBe(401);
  });

  it('signs in at once while the e-mail has not been failing', async () => {
    expect((await signIn('198.51.100.22', { password: 'uno que falla una vez' })).status).toBe(401);
    expect((await signIn('198.51.100.22', { password })).status).toBe(200);
  });
});

describe.each(portableDialects)('forms over their rate take a solved challenge instead, on %s', (dialect) => {
  let t: TestDatabase;
  let api: ReturnType<typeof createApi>;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createApi({
      db: t.db,
      config: { ...testConfig({ NODE_ENV: 'test', TRUST_PROXY: '1', AUTH_SECRET: 'challenge-secret-with-32-or-more-chars!!' }), databaseUrl: t.url },
    });
  });
  afterEach(() => t.drop());

  const from = { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': '203.0.113.77' };
  const ask = (extra: Record<string, unknown> = {}) =>
    api.request('/contact', {
      method: 'POST',
      headers: from,
      body: JSON.stringify({ question: '¿Quedan plazas en la salida de marzo?', name: 'Ana', email: 'ana@correo.es', ...extra }),
    });
  const solved = async () => {
    const challenge = await (await api.request('/auth/captcha', { method: 'POST', headers: from })).json();
    return Buffer.from(JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) })).toString('base64');
  };
  const questions = async () => (await t.db.selectFrom('contactTours').select('id').execute()).length;

  it('the contact form: five questions, then a sixth only with a solved challenge, each solution once', async () => {
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(201);
    const over = await ask();
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ error: { fields: { altcha: CHALLENGE_MESSAGES.overRate } } });
    const altcha = await solved();
    expect((await ask({ altcha })).status).toBe(201);
    expect((await ask({ altcha })).status).toBe(429);
    expect(await questions()).toBe(6);
  });
});
