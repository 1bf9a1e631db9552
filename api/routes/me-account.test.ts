import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '#shared/schemas/auth.ts';
import { ACCOUNT_MESSAGES } from '#shared/schemas/me-account.ts';
import { TRAVELER_FORM_MESSAGES } from '#shared/schemas/travelers.ts';
import { createBrowser, type TestBrowser } from '../../tests/support/auth-client.ts';
import { day } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, signedInAs } from '../../tests/support/callers.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { ANA, pressId, seedAna, travelerDesk } from '../../tests/support/traveler-fixtures.ts';
import { PERSONAL_DATA_FORMAT } from '../services/people/personal-data.ts';

const PROFILE = {
  name: 'Ana',
  surname: 'García López',
  phone: '611 222 333',
  dni: '12345678-z',
  passportId: 'paa 123456',
  birthdate: '1984-02-11',
  sex: 'F',
  countryId: '',
  cityId: 'Zaragoza',
};

describe.each(portableDialects)('/api/me/account (the traveller’s own personal data) on %s', (dialect) => {
  let t: TestDatabase;
  let desk: ReturnType<typeof travelerDesk>;
  let ana: Awaited<ReturnType<typeof seedAna>>;
  let browser: TestBrowser;
  beforeEach(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = await createTestDatabase(dialect);
    desk = travelerDesk(t);
    ana = await seedAna(t.db, desk.api);
    await t.db.insertInto('countries').values({ id: 'es', iso: 'ES', name: 'España', nationality: 'española' }).execute();
    browser = createBrowser(desk.api);
    expect((await browser.post('/auth/signin', { email: ANA.email, password: ANA.password })).status).toBe(200);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.drop();
  });

  // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
  const json = async (res: Response) => ({ status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> });
  const account = async (who: TestBrowser = browser) => json(await who.get('/me/account'));
  const save = async (body: unknown, who: TestBrowser = browser) => json(await who.request('/me/account', { method: 'PUT', json: body }));
  const erase = async (body: unknown, who: TestBrowser = browser) => json(await who.post('/me/account/erase', body));
  const traveler = () => t.db.selectFrom('travelers').selectAll().where('id', '=', ana.anaId).executeTakeFirstOrThrow();

  it('shows only the caller’s own data, and nothing to a visitor', async () => {
    const mine = await account();
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.body).toMatchObject({ email: ANA.email, version: 1, hasPassword: true, erasureBlocker: null });
    expect(mine.body.profile).toMatchObject({ name: 'Ana', surname: 'García López', dni: ANA.dni, cityId: '' });
    expect(mine.body.countries).toEqual([{ id: 'es', name: 'España' }]);
    expect((await account(createBrowser(desk.api))).status).toBe(401);
    // Someone else signed in reads their own traveller, never Ana's.
    const other = await json(await desk.api.request('/me/account', { headers: await signedInAs({ db: t.db, config: desk.config }).signIn('traveler') }));
    expect(other.status).toBe(200);
    expect(other.body.email).toBe(CALLERS.traveler.email);
    expect(JSON.stringify(other.body)).not.toContain(ANA.dni);
  });

  it('saves the fields a traveller may change, checked as the desk checks them, and records who did it', async () => {
    const country = await t.db.selectFrom('countries').select('id').executeTakeFirstOrThrow();
    const requestId = pressId();
    const saved = await save({ requestId, version: 1, profile: { ...PROFILE, countryId: country.id } });
    expect(saved.status).toBe(200);
    expect(saved.body.applied).toBe(true);
    expect(saved.body.account.version).toBe(2);
    expect(await traveler()).toMatchObject({
      dni: '12345678Z',
      passportId: 'PAA123456',
      phone: '611 222 333',
      birthdate: '1984-02-11',
      sex: 'F',
      countryId: country.id,
      cityId: 'Zaragoza',
      email: ANA.email,
    });
    // The same press again (a double click, a retry) changes nothing and says so.
    const again = await save({ requestId, version: 1, profile: { ...PROFILE, countryId: country.id } });
    expect(again.body.applied).toBe(false);
    expect((await traveler()).version).toBe(2);
    const records = await t.db.selectFrom('staffActions').selectAll().where('entityId', '=', ana.anaId).execute();
    expect(records).toEqual([expect.objectContaining({ action: 'self-update', actorEmail: ANA.email, requestId })]);
    expect(JSON.parse(records[0]?.after ?? '{}')).toMatchObject({ cityId: 'Zaragoza' });
  });

  it('refuses bad input field by field, an e-mail change, and a form opened before another save', async () => {
    const bad = await save({ requestId: pressId(), version: 1, profile: { ...PROFILE, dni: '12345678A', phone: '12', birthdate: '2200-01-01' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({ 'profile.dni': TRAVELER_FORM_MESSAGES.dni, 'profile.phone': TRAVELER_FORM_MESSAGES.phone });
    const future = await save({ requestId: pressId(), version: 1, profile: { ...PROFILE, birthdate: day(30) } });
    expect(future.status).toBe(422);
    expect(future.body.error.fields).toEqual({ 'profile.birthdate': TRAVELER_FORM_MESSAGES.birthdate });
    const country = await save({ requestId: pressId(), version: 1, profile: { ...PROFILE, countryId: 'atlantida' } });
    expect(country.body.error.fields).toEqual({ 'profile.countryId': TRAVELER_FORM_MESSAGES.country });
    // The e-mail is the account's sign-in: not a field of this form.
    expect((await save({ requestId: pressId(), version: 1, profile: { ...PROFILE, email: 'otra@viajes.es' } })).status).toBe(422);
    expect((await save({ requestId: pressId(), version: 1, profile: { ...PROFILE, name: '  ' } })).body.error.fields).toEqual({
      'profile.name': TRAVELER_FORM_MESSAGES.name,
    });
    expect((await traveler()).version).toBe(1);

    expect((await save({ requestId: pressId(), version: 1, profile: PROFILE })).status).toBe(200);
    const stale = await save({ requestId: pressId(), version: 1, profile: { ...PROFILE, cityId: 'Huesca' } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(ACCOUNT_MESSAGES.changedMeanwhile);
    expect((await traveler()).cityId).toBe('Zaragoza');
  });

  it('downloads everything kept about her, and the download is recorded', async () => {
    // A review of an excursion she wrote through a feedback link is hers too.
    await t.db
      .insertInto('optionalActivityOpinions')
      .values({
        id: 'aop-1',
        optionalActivityId: 'oa1',
        bookingId: ana.bookingId,
        travelerId: ana.anaId,
        rate: 5,
        opinion: 'Precioso',
        createdAt: '2026-02-03',
      })
      .execute();
    const res = await browser.get('/me/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="mis-datos-different-roads.json"');
    const data = (await res.json()) as Record<string, unknown>;
    expect(data).toMatchObject({ format: PERSONAL_DATA_FORMAT, traveler: { id: ana.anaId, email: ANA.email, dni: ANA.dni } });
    expect(data['activityReviews']).toEqual([expect.objectContaining({ activityName: 'Ceremonia del té', rate: 5, opinion: 'Precioso' })]);
    expect(JSON.stringify(data)).not.toMatch(/argon2|passwordHash|tokenHash/);
    expect(await t.db.selectFrom('staffActions').select(['action', 'actorEmail']).execute()).toEqual([{ action: 'self-export', actorEmail: ANA.email }]);
    expect((await createBrowser(desk.api).get('/me/account/export')).status).toBe(401);
  });

  it('deletes the account with the password, signs her out, keeps the bookings, and is harmless twice', async () => {
    const noConfirm = await erase({ requestId: pressId(), password: ANA.password });
    expect(noConfirm.status).toBe(422);
    expect(noConfirm.body.error.fields).toEqual({ confirm: ACCOUNT_MESSAGES.confirmRequired });
    const wrong = await erase({ requestId: pressId(), password: 'no-es-esta', confirm: true });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toEqual({ password: ACCOUNT_MESSAGES.passwordWrong });
    expect((await erase({ requestId: pressId(), confirm: true })).body.error.fields).toEqual({ password: ACCOUNT_MESSAGES.passwordRequired });
    expect((await traveler()).erasedAt).toBeNull();

    const requestId = pressId();
    const done = await erase({ requestId, password: ANA.password, confirm: true });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ erased: true });
    expect(browser.cookies.size).toBe(0);
    expect(await traveler()).toMatchObject({ name: 'Anónimo', dni: null, email: null });
    expect((await t.db.selectFrom('bookings').select('id').where('id', '=', ana.bookingId).executeTakeFirst())?.id).toBe(ana.bookingId);
    const records = await t.db.selectFrom('staffActions').selectAll().where('entityId', '=', ana.anaId).execute();
    expect(records).toEqual([expect.objectContaining({ action: 'erase', actorEmail: ANA.email, requestId })]);
    // Her password no longer signs in; the old session cookie was dropped.
    const signIn = await createBrowser(desk.api).post('/auth/signin', { email: ANA.email, password: ANA.password });
    expect(signIn.status).toBe(401);
    expect(((await signIn.json()) as { error: { message: string } }).error.message).toBe(AUTH_MESSAGES.wrongCredentials);
    expect((await account()).status).toBe(401);
  });

  it('waits for a trip still to come, in the traveller’s own words', async () => {
    await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', ana.bookingId).execute();
    const { differentId } = await t.db.selectFrom('bookings').select('differentId').where('id', '=', ana.bookingId).executeTakeFirstOrThrow();
    expect((await account()).body.erasureBlocker).toBe(ACCOUNT_MESSAGES.tripPending(differentId));
    const refused = await erase({ requestId: pressId(), password: ANA.password, confirm: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(ACCOUNT_MESSAGES.tripPending(differentId));
    expect((await traveler()).erasedAt).toBeNull();
    expect(browser.cookies.size).toBeGreaterThan(0);
  });
});
