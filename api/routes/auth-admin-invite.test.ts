import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_LINK_PARAMS } from '#shared/schemas/auth.ts';
import { createApi } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { codeIn, createAccount, createBrowser, lastMailTo, linkTokenIn } from '../../tests/support/auth-client.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { temporaryDataDir, testConfig } from '../../tests/support/test-config.ts';
import { inviteAdministrator } from '../services/people/auth/accounts.ts';

const EMAIL = 'direccion@viajes-reales.es';

describe.each(portableDialects)('the first administrator of a real shop (npm run admin:create) on %s', (dialect) => {
  let t: TestDatabase;
  afterEach(() => t.drop());
  const setup = async () => {
    t = await createTestDatabase(dialect);
    const config = { ...testConfig({ NODE_ENV: 'test', AUTH_SECRET: 'admin-invite-secret-with-32-or-more-chars' }), databaseUrl: t.url };
    return { config, api: createApi({ db: t.db, config }) };
  };
  const groupsOf = async (email: string) =>
    (await t.db.selectFrom('userGroups').innerJoin('users', 'users.id', 'userGroups.userId').select('groupName').where('email', '=', email).execute()).map(
      (g) => g.groupName,
    );

  it('creates the account without a password and mails a link to choose one, which signs in to the back office', async () => {
    const { config, api } = await setup();
    expect(await inviteAdministrator({ db: t.db, config }, { email: ` ${EMAIL.toUpperCase()} `, now: new Date() })).toEqual({ created: true });
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', EMAIL).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ passwordHash: null, emailVerifiedAt: null, disabledAt: null });
    expect(await groupsOf(EMAIL)).toEqual(['drAdmin']);
    const mail = await lastMailTo(t.db, EMAIL);
    expect(mail.subject).toBe('Tu acceso a la administración de Different Roads');
    expect(mail.text).toContain('caducan en 24 horas');
    // Nothing signs in before the link is used.
    expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: 'cualquier cosa larga' })).status).toBe(401);
    const browser = createBrowser(api);
    const res = await browser.post('/auth/reset', { token: linkTokenIn(mail, AUTH_LINK_PARAMS.reset), password: 'la contraseña de la jefa' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email: EMAIL, groups: ['drAdmin'] } });
    expect((await browser.get('/admin/bookings')).status).toBe(200);
    const record = await t.db.selectFrom('staffActions').selectAll().where('action', '=', 'admin-create').executeTakeFirstOrThrow();
    expect(record).toMatchObject({ entityType: 'user', entityId: user.id, actorEmail: 'línea de comandos', actorId: null });
  });

  it('makes an existing traveller an administrator, keeping the password until they choose another with the code', async () => {
    const { config, api } = await setup();
    const account = await createAccount(t.db, { email: EMAIL });
    expect(await inviteAdministrator({ db: t.db, config }, { email: EMAIL, now: new Date() })).toEqual({ created: false });
    // Twice is the same administrator, with one group row, and a newer link.
    await inviteAdministrator({ db: t.db, config }, { email: EMAIL, now: new Date() });
    expect(await groupsOf(EMAIL)).toEqual(['drAdmin']);
    expect((await createBrowser(api).post('/auth/signin', { email: EMAIL, password: account.password })).status).toBe(200);
    const code = codeIn(await lastMailTo(t.db, EMAIL));
    expect((await createBrowser(api).post('/auth/reset', { email: EMAIL, code, password: 'la contraseña de la jefa' })).status).toBe(200);
  });
});

describe('npm run admin:create', () => {
  const run = (args: string[], dataDir: string) => {
    const { DATABASE_URL: _, ...inherited } = process.env;
    return spawnSync(process.execPath, ['api/admin-create.ts', ...args], { env: { ...inherited, DATA_DIR: dataDir, NODE_ENV: 'test' }, encoding: 'utf8' });
  };

  it('creates the administrator in the data folder’s database and says where the mail goes; refuses a bad address', async () => {
    const dataDir = temporaryDataDir();
    const done = run([EMAIL], dataDir);
    expect(done.status).toBe(0);
    expect(done.stdout).toContain(`Cuenta creada: ${EMAIL} es administrador`);
    expect(done.stdout).toContain(join(dataDir, 'mail'));
    const db = openDatabase({ url: join(dataDir, 'shop.db') });
    try {
      const mails = await db.selectFrom('mails').select(['toAddress', 'type']).execute();
      expect(mails).toEqual([{ toAddress: EMAIL, type: 'PASSWORD_RESET' }]);
    } finally {
      await db.destroy();
    }
    const refused = run(['no-es-un-correo'], dataDir);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Uso: npm run admin:create -- correo@empresa.es');
  });
});
