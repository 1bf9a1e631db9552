import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '#shared/schemas/auth.ts';
import { VERSION_CONFLICT_MESSAGE } from '#shared/schemas/cms.ts';
import { TRAVELER_ACTION_MESSAGES, TRAVELER_FORM_MESSAGES } from '#shared/schemas/travelers.ts';
import { createBrowser, mailsTo } from '../../tests/support/auth-client.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { ANA, pressId, seedAna, travelerDesk } from '../../tests/support/traveler-fixtures.ts';

describe.each(dialects)('/api/admin/travelers on %s', (dialect) => {
  let t: TestDatabase;
  let desk: ReturnType<typeof travelerDesk>;
  let ana: Awaited<ReturnType<typeof seedAna>>;
  beforeEach(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = await createTestDatabase(dialect);
    desk = travelerDesk(t);
    ana = await seedAna(t.db, desk.api);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.drop();
  });

  const call = (...args: Parameters<ReturnType<typeof travelerDesk>['call']>) => desk.call(...args);
  const form = (extra: Record<string, unknown> = {}) => ({
    name: 'Ana',
    surname: 'García López',
    email: ANA.email,
    phone: ANA.phone,
    dni: ANA.dni,
    passportId: '',
    birthdate: '1984-02-11',
    sex: 'F',
    countryId: '',
    ...extra,
  });
  const anaRow = () => t.db.selectFrom('travelers').selectAll().where('id', '=', ana.anaId).executeTakeFirstOrThrow();
  const staffActions = () => t.db.selectFrom('staffActions').selectAll().orderBy('createdAt').execute();

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('answers %s with %i on every route and writes nothing', async (who, status) => {
    const before = await anaRow();
    const users = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
    const answers = [
      await call(who, 'GET', '?q=ana'),
      await call(who, 'GET', `/${ana.anaId}`),
      await call(who, 'PUT', `/${ana.anaId}`, { requestId: pressId(), version: 1, traveler: form({ name: 'Intrusa' }) }),
      await call(who, 'POST', `/${ana.anaId}/force-password-change`, { requestId: pressId(), sendMail: true }),
      await call(who, 'GET', `/${ana.anaId}/export`),
      await call(who, 'POST', `/${ana.anaId}/erase`, { requestId: pressId(), reason: 'Lo pide ella por correo' }),
    ];
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => status));
    expect(await anaRow()).toEqual(before);
    expect(await t.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(users);
    expect(await staffActions()).toEqual([]);
    expect(await mailsTo(t.db, ANA.email)).toHaveLength(1);
  });

  describe('search', () => {
    const found = async (q: string) => (await call('admin', 'GET', `?q=${encodeURIComponent(q)}`)).body.rows.map((r: { id: string }) => r.id);

    it('finds by any part of the name, e-mail, phone, DNI/NIE or passport, accents and case aside', async () => {
      await t.db.updateTable('travelers').set({ passportId: 'PA123456', name: 'Ána', phone: '+34 (611) 222-333' }).where('id', '=', ana.anaId).execute();
      for (const q of ['ana garcia', 'lópez ÁNA', 'garcia ana', 'ana.garcia@viajes', '611 222 333', '+34611222333', '12345678-z', 'pa123456']) {
        expect(await found(q), q).toEqual([ana.anaId]);
      }
      expect(await found('Pérez')).toEqual([]);
      // A wildcard typed is a character searched for.
      expect(await found('a%a')).toEqual([]);
    });

    it('pages on the server, sorts by surname, and says how many match', async () => {
      const stamp = '2026-03-01T00:00:00.000Z';
      await t.db
        .insertInto('travelers')
        .values(
          Array.from({ length: 30 }, (_, i) => ({
            id: `trav-lote-${i}`,
            name: `Lote ${String(i).padStart(2, '0')}`,
            surname: `Zubiri ${String(i).padStart(2, '0')}`,
            email: `lote${i}@correo.es`,
            createdAt: stamp,
            updatedAt: stamp,
          })),
        )
        .execute();
      const first = await call('admin', 'GET', '?q=zubiri');
      expect(first.body).toMatchObject({ total: 30, page: 1, pageSize: 25 });
      expect(first.body.rows).toHaveLength(25);
      expect(first.body.rows[0]).toMatchObject({ surname: 'Zubiri 00', account: 'none', bookings: 0, points: 0 });
      const second = await call('admin', 'GET', '?q=zubiri&page=2&dir=desc');
      expect(second.body.rows.map((r: { surname: string }) => r.surname)).toEqual(['Zubiri 04', 'Zubiri 03', 'Zubiri 02', 'Zubiri 01', 'Zubiri 00']);
      const all = await call('admin', 'GET', '');
      // The lot, the two callers who travel, Ana and the adult passenger of her booking.
      expect(all.body.total).toBe(30 + 2 + 2);
      const row = all.body.rows.find((r: { id: string }) => r.id === ana.anaId);
      expect(row).toMatchObject({ email: ANA.email, document: ANA.dni, account: 'active', bookings: 2, points: 1250 });
    });

    it('names a search too short or a page that cannot be', async () => {
      const short = await call('admin', 'GET', '?q=a');
      expect(short.status).toBe(422);
      expect(short.body.error.fields).toEqual({ q: 'Escribe al menos 2 caracteres.' });
      expect((await call('admin', 'GET', '?page=0')).status).toBe(422);
      expect((await call('admin', 'GET', '?sort=email')).status).toBe(422);
    });
  });

  it('shows one traveller: account, bookings held and travelled on, budget, favourites and the points ledger', async () => {
    const res = await call('admin', 'GET', `/${ana.anaId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const detail = res.body;
    expect(detail.traveler).toMatchObject({ name: 'Ana', surname: 'García López', email: ANA.email, dni: ANA.dni, version: 1, erasedAt: null });
    expect(detail.account).toMatchObject({ id: ana.accountId, email: ANA.email, state: 'active', hasPassword: true, groups: [], activeSessions: 0 });
    expect(detail.bookings).toEqual([
      expect.objectContaining({ id: ana.bookingId, role: 'holder', status: 'IN_PROGRESS', tourName: 'Japón esencial', travellers: 3, paidCents: 0 }),
    ]);
    expect(detail.budgets).toEqual([expect.objectContaining({ id: ana.budgetId, budgetName: 'Con mamá a Japón', travellers: 3 })]);
    expect(detail.favourites.map((f: { webSlug: string }) => f.webSlug).sort()).toEqual(['japon-esencial', 'otro']);
    expect(detail.points).toMatchObject({ balance: 1250, valueCents: 1200 });
    expect(detail.points.movements).toHaveLength(2);

    // A passenger of her booking sees it as one they travel on.
    const luis = await t.db.selectFrom('travelers').select('id').where('email', '=', 'viajero1@viajes.es').executeTakeFirstOrThrow();
    const passenger = (await call('admin', 'GET', `/${luis.id}`)).body;
    expect(passenger.account).toBeNull();
    expect(passenger.bookings).toEqual([expect.objectContaining({ id: ana.bookingId, role: 'passenger' })]);
    expect(passenger.budgets).toEqual([]);

    expect((await call('admin', 'GET', '/no-existe')).status).toBe(404);
  });

  describe('edit', () => {
    const save = (traveler: Record<string, unknown>, { version = 1, requestId = pressId() } = {}) =>
      call('admin', 'PUT', `/${ana.anaId}`, { requestId, version, traveler });

    it('saves from the version it opened, records before and after, and the account follows the e-mail', async () => {
      const country = await t.db
        .insertInto('countries')
        .values({ id: 'es', iso: 'ES', name: 'España', nationality: 'española' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const requestId = pressId();
      const res = await save(form({ email: 'Ana.Nueva@Correo.es', dni: 'x1234567-l', passportId: 'xd 123456', countryId: country.id, phone: '600 999 888' }), {
        requestId,
      });
      expect(res.status).toBe(200);
      expect(res.body.applied).toBe(true);
      expect(res.body.detail.traveler).toMatchObject({
        email: 'ana.nueva@correo.es',
        dni: 'X1234567L',
        passportId: 'XD123456',
        countryName: 'España',
        phone: '600 999 888',
        birthdate: '1984-02-11',
        sex: 'F',
        version: 2,
      });
      expect(res.body.detail.account.email).toBe('ana.nueva@correo.es');
      const [action] = await staffActions();
      expect(action).toMatchObject({ entityType: 'traveler', entityId: ana.anaId, action: 'update', actorEmail: 'equipo@different.demo', requestId });
      expect(JSON.parse(action?.before ?? '{}')).toMatchObject({ email: ANA.email, dni: ANA.dni, birthdate: null });
      expect(JSON.parse(action?.after ?? '{}')).toMatchObject({ email: 'ana.nueva@correo.es', dni: 'X1234567L', birthdate: '1984-02-11' });

      // The same press again: answered as done, applied once.
      const replay = await save(form({ name: 'Otra' }), { requestId });
      expect(replay.body.applied).toBe(false);
      expect(replay.body.detail.traveler).toMatchObject({ name: 'Ana', version: 2 });
      expect(await staffActions()).toHaveLength(1);

      // Signed in with the new e-mail.
      expect((await createBrowser(desk.api).post('/auth/signin', { email: 'ana.nueva@correo.es', password: ANA.password })).status).toBe(200);
    });

    it('refuses an edit over a newer version with 409 and the Spanish message', async () => {
      expect((await save(form({ phone: '611 222 333' }))).status).toBe(200);
      const stale = await save(form({ phone: '699 000 111' }));
      expect(stale.status).toBe(409);
      expect(stale.body.error.message).toBe(VERSION_CONFLICT_MESSAGE);
      expect((await anaRow()).phone).toBe('611 222 333');
    });

    it.each([
      ['name', { name: '  ' }, 'traveler.name', TRAVELER_FORM_MESSAGES.name],
      ['email', { email: 'ana@' }, 'traveler.email', TRAVELER_FORM_MESSAGES.email],
      ['phone', { phone: '12ab' }, 'traveler.phone', TRAVELER_FORM_MESSAGES.phone],
      ['DNI letter', { dni: '12345678A' }, 'traveler.dni', TRAVELER_FORM_MESSAGES.dni],
      ['passport', { passportId: 'P-1' }, 'traveler.passportId', TRAVELER_FORM_MESSAGES.passport],
      ['birth date', { birthdate: '1984-02-30' }, 'traveler.birthdate', TRAVELER_FORM_MESSAGES.birthdate],
      ['birth date in the future', { birthdate: '2999-01-01' }, 'traveler.birthdate', TRAVELER_FORM_MESSAGES.birthdate],
      ['sex', { sex: 'X' }, 'traveler.sex', expect.any(String)],
      ['country', { countryId: 'atlantida' }, 'traveler.countryId', TRAVELER_FORM_MESSAGES.country],
      ['e-mail of another traveller', { email: 'viajero1@viajes.es' }, 'traveler.email', TRAVELER_FORM_MESSAGES.emailTaken],
      ['e-mail of another account', { email: 'luis@correo.es' }, 'traveler.email', TRAVELER_FORM_MESSAGES.emailTaken],
      ['no e-mail for an account', { email: '' }, 'traveler.email', TRAVELER_FORM_MESSAGES.emailRequired],
      ['a field the form has not', { points: 99999 }, 'traveler.points', 'Este campo no se admite.'],
    ])('names a wrong %s and writes nothing', async (_, extra, field, message) => {
      const before = await anaRow();
      const res = await save(form(extra));
      expect(res.status).toBe(422);
      expect(res.body.error.fields).toEqual({ [field]: message });
      expect(await anaRow()).toEqual(before);
      expect(await staffActions()).toEqual([]);
    });

    it('tells an e-mail taken by an account that has no traveller of its own', async () => {
      await t.db.insertInto('users').values({ id: 'user-solo', email: 'solo@correo.es', createdAt: '2026-01-01', updatedAt: '2026-01-01' }).execute();
      const res = await save(form({ email: 'solo@correo.es' }));
      expect(res.body.error.fields).toEqual({ 'traveler.email': TRAVELER_FORM_MESSAGES.accountEmailTaken });
    });

    it('needs a request id and a version', async () => {
      const res = await call('admin', 'PUT', `/${ana.anaId}`, { traveler: form() });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.error.fields).sort()).toEqual(['requestId', 'version']);
      expect((await call('admin', 'PUT', '/no-existe', { requestId: pressId(), version: 1, traveler: form() })).status).toBe(404);
    });
  });

  describe('force a password change', () => {
    const force = (body: Record<string, unknown> = {}) => call('admin', 'POST', `/${ana.anaId}/force-password-change`, { requestId: pressId(), ...body });

    it('ends her sessions; her next sign-in must choose a new password; recorded, and the mail sent', async () => {
      const browser = createBrowser(desk.api);
      expect((await browser.post('/auth/signin', { email: ANA.email, password: ANA.password })).status).toBe(200);
      const requestId = pressId();
      const res = await force({ requestId, sendMail: true });
      expect(res.status).toBe(200);
      expect(res.body.applied).toBe(true);
      expect(res.body.detail.account).toMatchObject({ state: 'must-change-password', activeSessions: 0 });
      expect((await browser.post('/auth/refresh')).status).toBe(401);

      const signIn = await createBrowser(desk.api).post('/auth/signin', { email: ANA.email, password: ANA.password });
      expect(signIn.status).toBe(403);
      expect(await signIn.json()).toMatchObject({ error: { message: AUTH_MESSAGES.passwordChangeRequired } });
      const mails = await mailsTo(t.db, ANA.email);
      expect(mails.map((m) => m.type)).toEqual(['BONO_RESERVA', 'PASSWORD_RESET']);

      const [action] = await staffActions();
      expect(action).toMatchObject({ action: 'force-password-change', requestId, actorEmail: 'equipo@different.demo' });
      // The same press twice: nothing more happens.
      expect((await force({ requestId, sendMail: true })).body.applied).toBe(false);
      expect(await staffActions()).toHaveLength(1);
      expect(await mailsTo(t.db, ANA.email)).toHaveLength(2);

      const fresh = createBrowser(desk.api);
      const changed = await fresh.post('/auth/signin/new-password', {
        email: ANA.email,
        password: ANA.password,
        newPassword: 'una contraseña nueva de verdad',
      });
      expect(changed.status).toBe(200);
      expect((await call('admin', 'GET', `/${ana.anaId}`)).body.account).toMatchObject({ state: 'active', activeSessions: 1 });
    });

    it('can leave the mail out, and refuses a traveller without an account', async () => {
      expect((await force({ sendMail: false })).body.applied).toBe(true);
      expect(await mailsTo(t.db, ANA.email)).toHaveLength(1);
      const luis = await t.db.selectFrom('travelers').select('id').where('email', '=', 'viajero1@viajes.es').executeTakeFirstOrThrow();
      const none = await call('admin', 'POST', `/${luis.id}/force-password-change`, { requestId: pressId() });
      expect(none.status).toBe(409);
      expect(none.body.error.message).toBe(TRAVELER_ACTION_MESSAGES.noAccount);
      const bad = await call('admin', 'POST', `/${ana.anaId}/force-password-change`, { requestId: 'corto', sendMail: 'sí' });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.error.fields).sort()).toEqual(['requestId', 'sendMail']);
      expect(await staffActions()).toHaveLength(1);
    });
  });
});
