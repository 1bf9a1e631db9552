import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_LINK_PARAMS, AUTH_MESSAGES } from '#shared/schemas/auth.ts';
import { codeIn, createAccount, createBrowser, lastMailTo, linkTokenIn, type TestAccount, type TestBrowser } from '../../tests/support/auth-client.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createApi } from '../app.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { forcePasswordReset } from '../services/people/auth/accounts.ts';
import { tampered } from '../../tests/support/tampered.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const EMAIL = 'viajera@example.com';
const NEW_PASSWORD = 'un velero por las Galápagos';

describe.each(dialects)('sessions and passwords API on %s', (dialect) => {
  let t: TestDatabase;
  let api: ReturnType<typeof createApi>;
  let account: TestAccount;
  const config = () => ({ ...testConfig({ AUTH_SECRET: SECRET, NODE_ENV: 'test' }), databaseUrl: t.url });
  beforeEach(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = await createTestDatabase(dialect);
    api = createApi({ db: t.db, config: config() });
    account = await createAccount(t.db, { email: EMAIL });
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    await t.drop();
  });

  const signIn = async (password = account.password) => {
    const browser = createBrowser(api);
    const res = await browser.post('/auth/signin', { email: EMAIL, password });
    expect(res.status).toBe(200);
    return browser;
  };
  const sessions = () => t.db.selectFrom('sessions').selectAll().orderBy('createdAt').execute();
  const advance = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ms);
  };
  const meStatus = async (browser: TestBrowser) => (await browser.get('/auth/me')).status;

  describe('refresh', () => {
    it('rotates: a new refresh token in the same family, the old one marked rotated', async () => {
      const browser = await signIn();
      const before = browser.cookies.get('dr_refresh');
      const res = await browser.post('/auth/refresh');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ user: { id: account.id, email: EMAIL }, session: { valid: true } });
      expect(browser.cookies.get('dr_refresh')).not.toBe(before);
      const rows = await sessions();
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
      expect(rows[0]?.rotatedAt).not.toBeNull();
      expect(rows[1]).toMatchObject({ rotatedAt: null, revokedAt: null });
      expect(await meStatus(browser)).toBe(200);
    });

    it('keeps a visitor signed in past the access token by refreshing', async () => {
      const browser = await signIn();
      advance(16 * 60_000);
      expect(await meStatus(browser)).toBe(401);
      expect((await browser.post('/auth/refresh')).status).toBe(200);
      expect(await meStatus(browser)).toBe(200);
    });

    it('revokes the whole family when a rotated token is replayed', async () => {
      const browser = await signIn();
      const stolen = browser.cookies.get('dr_refresh') ?? '';
      expect((await browser.post('/auth/refresh')).status).toBe(200);
      advance(60_000);
      const thief = createBrowser(api);
      thief.cookies.set('dr_refresh', stolen);
      const replay = await thief.post('/auth/refresh');
      expect(replay.status).toBe(401);
      expect(await replay.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.sessionExpired } });
      expect((await sessions()).every((row) => row.revokedAt !== null)).toBe(true);
      // The legitimate browser's newer token is revoked with its family.
      expect((await browser.post('/auth/refresh')).status).toBe(401);
      expect(browser.cookies.has('dr_refresh')).toBe(false);
    });

    it('lets two tabs refresh at once: the late one gets an access token, the family stays', async () => {
      const browser = await signIn();
      const shared = browser.cookies.get('dr_refresh') ?? '';
      const otherTab = createBrowser(api);
      otherTab.cookies.set('dr_refresh', shared);
      expect((await browser.post('/auth/refresh')).status).toBe(200);
      const late = await otherTab.post('/auth/refresh');
      expect(late.status).toBe(200);
      expect(late.headers.getSetCookie().some((c) => c.startsWith('dr_refresh='))).toBe(false);
      expect((await sessions()).every((row) => row.revokedAt === null)).toBe(true);
    });

    it('refuses an expired, unknown or tampered refresh token, and no cookie at all', async () => {
      const browser = await signIn();
      const token = browser.cookies.get('dr_refresh') ?? '';
      for (const value of [tampered(token), 'not-a-token']) {
        const tampered = createBrowser(api);
        tampered.cookies.set('dr_refresh', value);
        expect((await tampered.post('/auth/refresh')).status).toBe(401);
      }
      expect((await createBrowser(api).post('/auth/refresh')).status).toBe(401);
      advance(30 * 24 * 60 * 60_000 + 1000);
      expect((await browser.post('/auth/refresh')).status).toBe(401);
    });

    it('counts a change of groups from the next request, and carries it into the next access token', async () => {
      const browser = await signIn();
      expect(await (await browser.get('/auth/me')).json()).toMatchObject({ user: { groups: [] } });
      await t.db.insertInto('userGroups').values({ userId: account.id, groupName: 'drAdmin' }).execute();
      expect(await (await browser.get('/auth/me')).json()).toMatchObject({ user: { groups: ['drAdmin'] } });
      expect(await (await browser.post('/auth/refresh')).json()).toMatchObject({ user: { groups: ['drAdmin'] } });
      expect(await (await browser.get('/auth/me')).json()).toMatchObject({ user: { groups: ['drAdmin'] } });
      await t.db.deleteFrom('userGroups').where('userId', '=', account.id).execute();
      await browser.post('/auth/refresh');
      expect(await (await browser.get('/auth/me')).json()).toMatchObject({ user: { groups: [] } });
    });

    it('refuses a disabled account at its next refresh', async () => {
      const browser = await signIn();
      await t.db.updateTable('users').set({ disabledAt: new Date().toISOString() }).where('id', '=', account.id).execute();
      const res = await browser.post('/auth/refresh');
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { message: AUTH_MESSAGES.disabled } });
    });
  });

  describe('sign-out', () => {
    it('revokes the family and clears both cookies; other browsers stay signed in', async () => {
      const browser = await signIn();
      const other = await signIn();
      const res = await browser.post('/auth/signout');
      expect(res.status).toBe(204);
      const cleared = res.headers.getSetCookie();
      expect(cleared.find((c) => c.startsWith('dr_access='))).toMatch(/Max-Age=0; Path=\//);
      expect(cleared.find((c) => c.startsWith('dr_refresh='))).toMatch(/Max-Age=0; Path=\/api/);
      expect(browser.cookies.size).toBe(0);
      expect((await sessions()).filter((row) => row.revokedAt !== null)).toHaveLength(1);
      expect((await other.post('/auth/refresh')).status).toBe(200);
    });

    it('answers 204 to a visitor too', async () => {
      expect((await createBrowser(api).post('/auth/signout')).status).toBe(204);
    });

    it('refuses a cross-site sign-out (CSRF origin check)', async () => {
      const browser = await signIn();
      const res = await browser.request('/auth/signout', { method: 'POST', headers: { origin: 'https://evil.example' } });
      expect(res.status).toBe(403);
      expect((await sessions()).every((row) => row.revokedAt === null)).toBe(true);
    });
  });

  describe('a copied access cookie (issue 16: a session ends at once, not when its token expires)', () => {
    /** Another browser carrying a copy of the access cookie only, as someone who copied it would. */
    const copyOf = (browser: TestBrowser) => {
      const copy = createBrowser(api);
      copy.cookies.set('dr_access', browser.cookies.get('dr_access') as string);
      return copy;
    };

    it('is refused right after sign-out; another sign-in’s copy still works', async () => {
      const browser = await signIn();
      const other = await signIn();
      const copied = copyOf(browser);
      const otherCopied = copyOf(other);
      expect(await meStatus(copied)).toBe(200);
      expect((await browser.post('/auth/signout')).status).toBe(204);
      expect(await meStatus(copied)).toBe(401);
      expect(await meStatus(otherCopied)).toBe(200);
    });

    it('is refused after a password reset and after staff force one', async () => {
      const copied = copyOf(await signIn());
      await createBrowser(api).post('/auth/forgot', { email: EMAIL });
      const reset = await createBrowser(api).post('/auth/reset', { email: EMAIL, code: codeIn(await lastMailTo(t.db, EMAIL)), password: NEW_PASSWORD });
      expect(reset.status).toBe(200);
      expect(await meStatus(copied)).toBe(401);

      const again = copyOf(await signIn(NEW_PASSWORD));
      expect(await meStatus(again)).toBe(200);
      await forcePasswordReset(t.db, account.id, { config: config(), mail: false });
      expect(await meStatus(again)).toBe(401);
    });

    it('is refused once the account is disabled', async () => {
      const copied = copyOf(await signIn());
      await t.db.updateTable('users').set({ disabledAt: new Date().toISOString() }).where('id', '=', account.id).execute();
      expect(await meStatus(copied)).toBe(401);
    });

    it('loses staff rights on the next request once the account loses the group', async () => {
      const admin = await createAccount(t.db, { email: 'jefa@example.com', groups: ['drAdmin'] });
      const browser = createBrowser(api);
      expect((await browser.post('/auth/signin', { email: admin.email, password: admin.password })).status).toBe(200);
      const copied = copyOf(browser);
      expect((await copied.get('/admin/travelers')).status).toBe(200);
      await t.db.deleteFrom('userGroups').where('userId', '=', admin.id).execute();
      expect((await copied.get('/admin/travelers')).status).toBe(403);
      expect((await browser.get('/admin/travelers')).status).toBe(403);
    });
  });

  describe('forgot and reset', () => {
    it('always answers 202; mails a single-use reset code and link only to an existing account', async () => {
      for (const email of [EMAIL, 'nadie@example.com']) {
        const res = await createBrowser(api).post('/auth/forgot', { email });
        expect(res.status).toBe(202);
        expect(await res.json()).toEqual({ email });
      }
      const mail = await lastMailTo(t.db, EMAIL);
      expect(mail).toMatchObject({ type: 'PASSWORD_RESET', subject: 'Restablece tu contraseña' });
      expect(mail.text).toContain('caducan en 60 minutos');
      expect(await t.db.selectFrom('mails').selectAll().where('toAddress', '=', 'nadie@example.com').execute()).toEqual([]);
    });

    it('resets with the code, revokes every session and signs in with the new password', async () => {
      const before = await signIn();
      await createBrowser(api).post('/auth/forgot', { email: EMAIL });
      const browser = createBrowser(api);
      const res = await browser.post('/auth/reset', { email: EMAIL, code: codeIn(await lastMailTo(t.db, EMAIL)), password: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ user: { id: account.id } });
      expect((await before.post('/auth/refresh')).status).toBe(401);
      expect(await meStatus(browser)).toBe(200);
      expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: account.password })).status).toBe(401);
      expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('resets with the link once; a replay and an expired link are refused', async () => {
      await createBrowser(api).post('/auth/forgot', { email: EMAIL });
      const token = linkTokenIn(await lastMailTo(t.db, EMAIL), AUTH_LINK_PARAMS.reset);
      expect((await createBrowser(api).post('/auth/reset', { token, password: NEW_PASSWORD })).status).toBe(200);
      const replay = await createBrowser(api).post('/auth/reset', { token, password: 'y otra más para el replay' });
      expect(replay.status).toBe(422);
      expect(await replay.json()).toMatchObject({ error: { fields: { token: AUTH_MESSAGES.linkExpired } } });

      advance(2 * 60_000);
      await createBrowser(api).post('/auth/forgot', { email: EMAIL });
      const late = linkTokenIn(await lastMailTo(t.db, EMAIL), AUTH_LINK_PARAMS.reset);
      advance(61 * 60_000);
      expect((await createBrowser(api).post('/auth/reset', { token: late, password: 'demasiado tarde ya' })).status).toBe(422);
      expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('refuses a common or short new password before using the code', async () => {
      await createBrowser(api).post('/auth/forgot', { email: EMAIL });
      const code = codeIn(await lastMailTo(t.db, EMAIL));
      const common = await createBrowser(api).post('/auth/reset', { email: EMAIL, code, password: 'iloveyou' });
      expect(await common.json()).toMatchObject({ error: { fields: { password: AUTH_MESSAGES.passwordCommon } } });
      const short = await createBrowser(api).post('/auth/reset', { email: EMAIL, code, password: 'corta' });
      expect(await short.json()).toMatchObject({ error: { fields: { password: AUTH_MESSAGES.password } } });
      expect((await createBrowser(api).post('/auth/reset', { email: EMAIL, code, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('staff-forced change: sessions revoked, the old password opens only the new-password form, a reset mail sent', async () => {
      const browser = await signIn();
      await forcePasswordReset(t.db, account.id, { config: config() });
      expect((await browser.post('/auth/refresh')).status).toBe(401);
      const refused = await createBrowser(api).post('/auth/signin', { email: EMAIL, password: account.password });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        error: { code: 'FORBIDDEN', message: AUTH_MESSAGES.passwordChangeRequired, fields: { newPassword: AUTH_MESSAGES.newPasswordRequired } },
      });
      expect(refused.headers.getSetCookie()).toEqual([]);
      const mail = await lastMailTo(t.db, EMAIL);
      expect(mail.text).toContain('nuestro equipo ha pedido que elijas una contraseña nueva');
      expect(mail.text).toContain('caducan en 24 horas');
      // The mailed code works as any reset does, and lifts the demand.
      const res = await createBrowser(api).post('/auth/reset', { email: EMAIL, code: codeIn(mail), password: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('staff-forced change: the traveller signs in with a new, different password, once', async () => {
      const browser = await signIn();
      await forcePasswordReset(t.db, account.id, { config: config(), mail: false });
      expect(await lastMailTo(t.db, EMAIL).catch(() => null)).toBeNull();
      const change = (body: Record<string, string>) => createBrowser(api).post('/auth/signin/new-password', { email: EMAIL, ...body });

      const wrong = await change({ password: 'no-es-la-buena', newPassword: NEW_PASSWORD });
      expect(wrong.status).toBe(401);
      const same = await change({ password: account.password, newPassword: account.password });
      expect(same.status).toBe(422);
      expect(await same.json()).toMatchObject({ error: { fields: { newPassword: AUTH_MESSAGES.passwordUnchanged } } });
      const short = await change({ password: account.password, newPassword: 'corta' });
      expect(await short.json()).toMatchObject({ error: { fields: { newPassword: AUTH_MESSAGES.password } } });
      const common = await change({ password: account.password, newPassword: 'qwerty123' });
      expect(await common.json()).toMatchObject({ error: { fields: { newPassword: AUTH_MESSAGES.passwordCommon } } });

      const fresh = createBrowser(api);
      const res = await fresh.post('/auth/signin/new-password', { email: EMAIL, password: account.password, newPassword: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ user: { id: account.id, email: EMAIL } });
      expect(await meStatus(fresh)).toBe(200);
      expect((await browser.post('/auth/refresh')).status).toBe(401);
      const user = await t.db.selectFrom('users').select('passwordChangeRequiredAt').where('id', '=', account.id).executeTakeFirstOrThrow();
      expect(user.passwordChangeRequiredAt).toBeNull();

      // Pressed again: the old password is wrong now; the new one signs in as usual.
      expect((await change({ password: account.password, newPassword: NEW_PASSWORD })).status).toBe(401);
      const pending = await change({ password: NEW_PASSWORD, newPassword: 'y otra distinta más' });
      expect(pending.status).toBe(409);
      expect(await pending.json()).toMatchObject({ error: { message: AUTH_MESSAGES.noPasswordChangePending } });
      expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('a forced change ends the open session at once: the profile cannot change the password, the sign-in asks for it', async () => {
      const browser = await signIn();
      await forcePasswordReset(t.db, account.id, { config: config(), mail: false });
      expect((await browser.post('/auth/change-password', { currentPassword: account.password, newPassword: NEW_PASSWORD })).status).toBe(401);
      expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: NEW_PASSWORD })).status).toBe(401);
    });
  });

  describe('change password', () => {
    it('needs the current password; keeps this session and revokes the others', async () => {
      const browser = await signIn();
      const other = await signIn();
      const wrong = await browser.post('/auth/change-password', { currentPassword: 'no-es-la-actual', newPassword: NEW_PASSWORD });
      expect(wrong.status).toBe(422);
      expect(await wrong.json()).toMatchObject({ error: { fields: { currentPassword: AUTH_MESSAGES.currentPasswordWrong } } });
      const common = await browser.post('/auth/change-password', { currentPassword: account.password, newPassword: 'qwerty123' });
      expect(await common.json()).toMatchObject({ error: { fields: { newPassword: AUTH_MESSAGES.passwordCommon } } });

      const res = await browser.post('/auth/change-password', { currentPassword: account.password, newPassword: NEW_PASSWORD });
      expect(res.status).toBe(204);
      expect((await other.post('/auth/refresh')).status).toBe(401);
      expect((await browser.post('/auth/refresh')).status).toBe(200);
      expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('is for signed-in accounts only', async () => {
      const res = await createBrowser(api).post('/auth/change-password', { currentPassword: account.password, newPassword: NEW_PASSWORD });
      expect(res.status).toBe(401);
    });
  });
});
