import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { AUTH_LINK_PARAMS, AUTH_MESSAGES } from '#shared/schemas/auth.ts';
import { codeIn, createAccount, createBrowser, lastMailTo, linkTokenIn, mailsTo } from '../../tests/support/auth-client.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createApi } from '../app.ts';
import { testConfig } from '../../tests/support/test-config.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const EMAIL = 'lucia.martin@correo.es';
const PASSWORD = 'Japón en primavera 2027';

describe.each(portableDialects)('accounts API (sign-up, verification, sign-in, me) on %s', (dialect) => {
  let t: TestDatabase;
  let api: ReturnType<typeof createApi>;
  let warn: MockInstance<typeof console.warn>;
  beforeEach(async () => {
    // Failed sign-ins are logged as warnings; kept quiet here and read where a test checks them.
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = await createTestDatabase(dialect);
    api = createApi({ db: t.db, config: { ...testConfig({ AUTH_SECRET: SECRET, NODE_ENV: 'test' }), databaseUrl: t.url } });
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    await t.drop();
  });

  const users = () => t.db.selectFrom('users').selectAll().execute();
  const signUp = async (browser = createBrowser(api), email = EMAIL) => {
    const res = await browser.post('/auth/signup', { email, password: PASSWORD });
    expect(res.status).toBe(201);
    return browser;
  };

  describe('sign-up', () => {
    it('creates an unverified account and queues a Spanish verification mail with a code and a link', async () => {
      const res = await createBrowser(api).post('/auth/signup', { email: '  Lucia.Martin@Correo.ES ', password: PASSWORD });
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ email: EMAIL });
      expect(res.headers.getSetCookie()).toEqual([]);
      const [user] = await users();
      expect(user).toMatchObject({ email: EMAIL, emailVerifiedAt: null, travelerId: null });
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      const mail = await lastMailTo(t.db, EMAIL);
      expect(mail).toMatchObject({ type: 'ACCOUNT_VERIFICATION', subject: 'Confirma tu correo electrónico', status: 'PENDING' });
      expect(codeIn(mail)).toMatch(/^\d{6}$/);
      expect(mail.html).toContain(codeIn(mail));
      expect(mail.text).toContain(`http://localhost:4321/login?${AUTH_LINK_PARAMS.verify}=`);
      // Only hashes are stored.
      const [token] = await t.db.selectFrom('authTokens').selectAll().execute();
      expect(token).toMatchObject({ purpose: 'VERIFY', usedAt: null, attempts: 0 });
      expect(JSON.stringify(token)).not.toContain(codeIn(mail));
      expect(JSON.stringify(token)).not.toContain(linkTokenIn(mail, AUTH_LINK_PARAMS.verify));
    });

    it('answers an existing e-mail exactly alike, and mails "you already have an account" instead', async () => {
      await createAccount(t.db, { email: EMAIL });
      const res = await createBrowser(api).post('/auth/signup', { email: EMAIL, password: PASSWORD });
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ email: EMAIL });
      const mail = await lastMailTo(t.db, EMAIL);
      expect(mail.subject).toBe('Ya tienes una cuenta en Different Roads');
      expect(mail.text).toContain('http://localhost:4321/login?olvidada=1');
      expect(await users()).toHaveLength(1);
      expect(await t.db.selectFrom('authTokens').selectAll().execute()).toEqual([]);
    });

    // The takeover an outside probe performed: a second sign-up of a pending e-mail replaced its password.
    it('never lets a second sign-up of a pending e-mail choose its password: the owner verifies with every code they got, the attacker is out', async () => {
      const OWNER = PASSWORD;
      const ATTACKER = 'la del atacante 9876';
      await signUp();
      // The attacker signs up a minute later (another code reaches the owner's mailbox) and again at once.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 2 * 60_000);
      for (let i = 0; i < 2; i++) {
        const res = await createBrowser(api).post('/auth/signup', { email: EMAIL, password: ATTACKER });
        expect(res.status).toBe(201);
        expect(await res.json()).toEqual({ email: EMAIL });
      }
      const codes = (await mailsTo(t.db, EMAIL)).map(codeIn);
      expect(codes).toHaveLength(2);
      // The owner tries every code in their inbox, newest first, with their own password.
      const answers = [];
      for (const code of codes.reverse()) answers.push((await createBrowser(api).post('/auth/verify', { email: EMAIL, code, password: OWNER })).status);
      expect(answers).toContain(200);
      expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: ATTACKER })).status).toBe(401);
      expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: OWNER })).status).toBe(200);
      expect(await users()).toHaveLength(1);
    });

    it('lets the mailbox’s owner confirm their own password when someone else signed up with their e-mail first', async () => {
      const ATTACKER = 'la del atacante 9876';
      expect((await createBrowser(api).post('/auth/signup', { email: EMAIL, password: ATTACKER })).status).toBe(201);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 2 * 60_000);
      await signUp();
      const code = codeIn(await lastMailTo(t.db, EMAIL));
      expect((await createBrowser(api).post('/auth/verify', { email: EMAIL, code, password: PASSWORD })).status).toBe(200);
      expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: ATTACKER })).status).toBe(401);
      expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: PASSWORD })).status).toBe(200);
    });

    it('mails no second code within a minute of the first, answering alike', async () => {
      await signUp();
      expect((await createBrowser(api).post('/auth/signup', { email: EMAIL, password: 'otra contraseña distinta' })).status).toBe(201);
      expect(await mailsTo(t.db, EMAIL)).toHaveLength(1);
    });

    it.each([
      ['a short password', { email: EMAIL, password: 'corta' }, { password: AUTH_MESSAGES.password }],
      ['a password over 256 characters', { email: EMAIL, password: 'x'.repeat(257) }, { password: AUTH_MESSAGES.passwordTooLong }],
      ['a common password', { email: EMAIL, password: 'Password1' }, { password: AUTH_MESSAGES.passwordCommon }],
      ['a Spanish common password', { email: EMAIL, password: 'contraseña' }, { password: AUTH_MESSAGES.passwordCommon }],
      ['an invalid e-mail', { email: 'lucia@correo', password: PASSWORD }, { email: AUTH_MESSAGES.email }],
      ['a missing e-mail', { password: PASSWORD }, { email: AUTH_MESSAGES.email }],
      ['an unknown field', { email: EMAIL, password: PASSWORD, groups: ['drAdmin'] }, { groups: 'Este campo no se admite.' }],
    ])('refuses %s with 422 and a Spanish message per field, writing nothing', async (_, body, fields) => {
      const res = await createBrowser(api).post('/auth/signup', body);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION', fields } });
      expect(await users()).toEqual([]);
      expect(await t.db.selectFrom('mails').selectAll().execute()).toEqual([]);
    });

    it('accepts 8 characters of any kind, counted as characters ("no class rules")', async () => {
      expect((await createBrowser(api).post('/auth/signup', { email: EMAIL, password: 'ñandúñañ' })).status).toBe(201);
    });
  });

  describe('verification', () => {
    it('by code: marks the account verified, creates its traveller as the spec says and signs in', async () => {
      const browser = await signUp();
      const res = await browser.post('/auth/verify', { email: EMAIL, code: codeIn(await lastMailTo(t.db, EMAIL)), password: PASSWORD });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { user: { id: string; travelerId: string }; session: { valid: boolean; accessTokenExpiresAt: string } };
      expect(body.user).toMatchObject({ email: EMAIL, groups: [], traveler: { name: 'lucia.martin', surname: '' } });
      expect(body.session.valid).toBe(true);
      expect(Date.parse(body.session.accessTokenExpiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(browser.cookies.has('dr_access') && browser.cookies.has('dr_refresh')).toBe(true);
      const traveler = await t.db.selectFrom('travelers').selectAll().where('id', '=', body.user.travelerId).executeTakeFirstOrThrow();
      expect(traveler).toMatchObject({ name: 'lucia.martin', surname: '', dni: '', birthdate: '', sex: '', phone: '', email: EMAIL, cognitoId: body.user.id });
      const [user] = await users();
      expect(user?.emailVerifiedAt).not.toBeNull();
      expect(user?.travelerId).toBe(traveler.id);
    });

    it('by link token, once: the same link again is refused', async () => {
      await signUp();
      const token = linkTokenIn(await lastMailTo(t.db, EMAIL), AUTH_LINK_PARAMS.verify);
      expect((await createBrowser(api).post('/auth/verify', { token, password: PASSWORD })).status).toBe(200);
      const again = await createBrowser(api).post('/auth/verify', { token, password: PASSWORD });
      expect(again.status).toBe(422);
      expect(await again.json()).toMatchObject({ error: { fields: { token: AUTH_MESSAGES.linkExpired } } });
    });

    it('refuses a reused code, a wrong code and an expired code', async () => {
      await signUp();
      const code = codeIn(await lastMailTo(t.db, EMAIL));
      const wrong = code === '000000' ? '000001' : '000000';
      const res = await createBrowser(api).post('/auth/verify', { email: EMAIL, code: wrong, password: PASSWORD });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ error: { fields: { code: AUTH_MESSAGES.codeWrong } } });
      expect((await createBrowser(api).post('/auth/verify', { email: EMAIL, code, password: PASSWORD })).status).toBe(200);
      const reused = await createBrowser(api).post('/auth/verify', { email: EMAIL, code, password: PASSWORD });
      expect(await reused.json()).toMatchObject({ error: { fields: { code: AUTH_MESSAGES.codeExpired } } });

      await signUp(createBrowser(api), 'pablo@example.com');
      const pabloCode = codeIn(await lastMailTo(t.db, 'pablo@example.com'));
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 24 * 60 * 60_000 + 1000);
      const expired = await createBrowser(api).post('/auth/verify', { email: 'pablo@example.com', code: pabloCode, password: PASSWORD });
      expect(expired.status).toBe(422);
      expect(await expired.json()).toMatchObject({ error: { fields: { code: AUTH_MESSAGES.codeExpired } } });
    });

    it('burns a code after five wrong tries, so six digits cannot be walked through', async () => {
      await signUp();
      const code = codeIn(await lastMailTo(t.db, EMAIL));
      const wrong = ['111111', '222222', '333333', '444444', '555555', '666666'].filter((c) => c !== code).slice(0, 5);
      for (const guess of wrong) await createBrowser(api).post('/auth/verify', { email: EMAIL, code: guess, password: PASSWORD });
      const res = await createBrowser(api).post('/auth/verify', { email: EMAIL, code, password: PASSWORD });
      expect(await res.json()).toMatchObject({ error: { fields: { code: AUTH_MESSAGES.codeExpired } } });
    });

    it('needs the token, or the e-mail and the code, and the password', async () => {
      const res = await createBrowser(api).post('/auth/verify', {});
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ error: { fields: { email: AUTH_MESSAGES.email, code: AUTH_MESSAGES.code, password: AUTH_MESSAGES.password } } });
      await signUp();
      const code = codeIn(await lastMailTo(t.db, EMAIL));
      const common = await createBrowser(api).post('/auth/verify', { email: EMAIL, code, password: 'Password1' });
      expect(await common.json()).toMatchObject({ error: { fields: { password: AUTH_MESSAGES.passwordCommon } } });
      // A refused password leaves the code usable.
      expect((await createBrowser(api).post('/auth/verify', { email: EMAIL, code, password: PASSWORD })).status).toBe(200);
      const badCode = await createBrowser(api).post('/auth/verify', { email: EMAIL, code: '12a456', password: PASSWORD });
      expect(await badCode.json()).toMatchObject({ error: { fields: { code: AUTH_MESSAGES.code } } });
    });

    it('re-sends a code on request, silently for unknown e-mails', async () => {
      await signUp();
      expect((await createBrowser(api).post('/auth/verify/resend', { email: 'nadie@example.com' })).status).toBe(202);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 2 * 60_000);
      expect((await createBrowser(api).post('/auth/verify/resend', { email: EMAIL })).status).toBe(202);
      expect(await mailsTo(t.db, EMAIL)).toHaveLength(2);
      expect(await mailsTo(t.db, 'nadie@example.com')).toEqual([]);
    });
  });

  describe('sign-in', () => {
    it('signs a verified account in, linking the traveller with its e-mail that a booking created', async () => {
      const account = await createAccount(t.db, { email: EMAIL, groups: ['guides'] });
      const at = new Date().toISOString();
      await t.db.insertInto('travelers').values({ id: 'tr-old', name: 'Lucía', surname: 'Martín', email: EMAIL, createdAt: at, updatedAt: at }).execute();
      const browser = createBrowser(api);
      const res = await browser.post('/auth/signin', { email: 'LUCIA.martin@correo.es', password: account.password });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        user: { id: account.id, email: EMAIL, groups: ['guides'], travelerId: 'tr-old', traveler: { name: 'Lucía', surname: 'Martín' } },
      });
      const traveler = await t.db.selectFrom('travelers').select('cognitoId').where('id', '=', 'tr-old').executeTakeFirstOrThrow();
      expect(traveler.cognitoId).toBe(account.id);
      expect(await t.db.selectFrom('travelers').selectAll().execute()).toHaveLength(1);
      const cookies = res.headers.getSetCookie();
      expect(cookies.find((c) => c.startsWith('dr_access='))).toMatch(/Max-Age=900; Path=\/; HttpOnly; SameSite=Lax$/);
      expect(cookies.find((c) => c.startsWith('dr_refresh='))).toMatch(/Max-Age=2592000; Path=\/api; HttpOnly; SameSite=Lax$/);
    });

    it('refuses a wrong password and an unknown e-mail with the same 401, logging neither password', async () => {
      const account = await createAccount(t.db, { email: EMAIL });
      for (const body of [
        { email: EMAIL, password: 'no-es-esta-123' },
        { email: 'nadie@example.com', password: 'no-es-esta-456' },
      ]) {
        const res = await createBrowser(api).post('/auth/signin', body);
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.wrongCredentials } });
        expect(res.headers.getSetCookie()).toEqual([]);
      }
      const lines = warn.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
      expect(lines.map((l) => [l.event, l.reason])).toEqual([
        ['auth.sign_in_failed', 'wrong-password'],
        ['auth.sign_in_failed', 'unknown-email'],
      ]);
      expect(JSON.stringify(lines)).not.toMatch(/no-es-esta|correo\.es/);
      expect(account).toBeDefined();
    });

    it('refuses an unverified account with the Spanish message and mails a new code', async () => {
      await signUp();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 2 * 60_000);
      const res = await createBrowser(api).post('/auth/signin', { email: EMAIL, password: PASSWORD });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: AUTH_MESSAGES.unverified, fields: { code: AUTH_MESSAGES.code } } });
      const mails = await mailsTo(t.db, EMAIL);
      expect(mails).toHaveLength(2);
      // The new code works; the earlier one was replaced.
      expect((await createBrowser(api).post('/auth/verify', { email: EMAIL, code: codeIn(mails[1]!), password: PASSWORD })).status).toBe(200);
    });

    it('refuses a disabled account', async () => {
      const account = await createAccount(t.db, { email: EMAIL, disabled: true });
      const res = await createBrowser(api).post('/auth/signin', { email: EMAIL, password: account.password });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { message: AUTH_MESSAGES.disabled } });
    });

    it('is rate-limited per e-mail with 429 and Retry-After', async () => {
      let res: Response | undefined;
      for (let i = 0; i < 11; i++) res = await createBrowser(api).post('/auth/signin', { email: EMAIL, password: `intento-${i}-malo` });
      expect(res?.status).toBe(429);
      expect(Number(res?.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('me and providers', () => {
    it('answers the signed-in account, and 401 UNAUTHENTICATED to a visitor', async () => {
      const account = await createAccount(t.db, { email: EMAIL, groups: ['drAdmin'] });
      const visitor = await createBrowser(api).get('/auth/me');
      expect(visitor.status).toBe(401);
      expect(await visitor.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });

      const browser = createBrowser(api);
      await browser.post('/auth/signin', { email: EMAIL, password: account.password });
      const res = await browser.get('/auth/me');
      expect(res.status).toBe(200);
      const body = (await res.json()) as { user: Record<string, unknown>; session: { valid: boolean } };
      expect(body.user).toEqual({
        id: account.id,
        email: EMAIL,
        groups: ['drAdmin'],
        travelerId: expect.any(String),
        traveler: { name: 'lucia.martin', surname: '' },
      });
      expect(body.session.valid).toBe(true);
    });

    it('treats an expired or tampered access cookie as no session', async () => {
      const account = await createAccount(t.db, { email: EMAIL });
      const browser = createBrowser(api);
      await browser.post('/auth/signin', { email: EMAIL, password: account.password });
      const token = browser.cookies.get('dr_access') ?? '';
      const [header, payload, signature] = token.split('.');
      const forged = JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), groups: ['drAdmin'] });
      browser.cookies.set('dr_access', `${header}.${Buffer.from(forged).toString('base64url')}.${signature}`);
      expect((await browser.get('/auth/me')).status).toBe(401);
      browser.cookies.set('dr_access', token);
      expect((await browser.get('/auth/me')).status).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
      expect((await browser.get('/auth/me')).status).toBe(401);
    });

    it('lists only the configured social providers', async () => {
      expect(await (await createBrowser(api).get('/auth/providers')).json()).toEqual({ providers: [] });
      const withGoogle = createApi({
        db: t.db,
        config: { ...testConfig({ AUTH_SECRET: SECRET, NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }), databaseUrl: t.url },
      });
      expect(await (await withGoogle.request('/auth/providers')).json()).toEqual({
        providers: [{ id: 'google', name: 'Google', startUrl: '/api/auth/oauth/google/start' }],
      });
      expect((await withGoogle.request('/auth/oauth/facebook/start')).status).toBe(404);
      expect((await withGoogle.request('/auth/oauth/twitter/start')).status).toBe(404);
    });
  });
});
