import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '#shared/schemas/auth.ts';
import { ERASE_REASON_REQUIRED, TRAVELER_ACTION_MESSAGES } from '#shared/schemas/travelers.ts';
import { createBrowser } from '../../tests/support/auth-client.ts';
import { day } from '../../tests/support/booking-fixtures.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { ANA, pressId, seedAna, travelerDesk } from '../../tests/support/traveler-fixtures.ts';
import { parseTravellers } from '../services/bookings/records.ts';
import { PERSONAL_DATA_FORMAT } from '../services/people/personal-data.ts';

describe.each(portableDialects)('/api/admin/travelers personal data (GDPR) on %s', (dialect) => {
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
  const erase = (reason = 'Lo pidió por correo el 20/11/2026', requestId = pressId()) => call('admin', 'POST', `/${ana.anaId}/erase`, { requestId, reason });
  const booking = (id: string) => t.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('exports everything personal about her as a JSON download, only her own passenger entries, and records who took it', async () => {
    await t.db
      .insertInto('contactTours')
      .values({
        id: 'q1',
        question: '¿Hay plazas en abril?',
        tourName: 'Japón esencial',
        tourId: 't1',
        travelerId: null,
        name: 'Ana',
        email: ANA.email,
        createdAt: '2026-02-02',
      })
      .execute();
    const res = await call('admin', 'GET', `/${ana.anaId}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="datos-personales-${ana.anaId}.json"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = res.body;
    expect(data).toMatchObject({
      format: PERSONAL_DATA_FORMAT,
      traveler: { id: ana.anaId, name: 'Ana', email: ANA.email, dni: ANA.dni, pointsBalance: 1250 },
      account: { email: ANA.email, signsInWithPassword: true, groups: [] },
    });
    expect(JSON.stringify(data)).not.toMatch(/argon2|passwordHash|tokenHash/);
    const held = data.bookings.find((b: { role: string; passengerEntries: unknown[] }) => b.role === 'titular' && b.passengerEntries.length > 0);
    expect(held.passengerEntries).toEqual([expect.objectContaining({ lead: true, reservationFields: expect.objectContaining({ email: ANA.email }) })]);
    expect(JSON.stringify(data.bookings)).not.toContain('viajero1@viajes.es');
    expect(data.bookings.map((b: { budgetName: string | null }) => b.budgetName)).toContain('Con mamá a Japón');
    expect(data.favourites.map((f: { url: string }) => f.url).sort()).toEqual(['/tour/japon-esencial', '/tour/otro']);
    expect(data.transactions.map((x: { type: string; amount: number }) => [x.type, x.amount])).toEqual([
      ['CREDIT', 1500],
      ['DEBIT', 250],
    ]);
    expect(data.mails).toEqual([expect.objectContaining({ type: 'BONO_RESERVA', text: 'Hola, Ana: aquí tienes tu bono.' })]);
    expect(data.contactQuestions).toEqual([expect.objectContaining({ question: '¿Hay plazas en abril?' })]);
    const actions = await t.db.selectFrom('staffActions').select(['action', 'actorEmail']).execute();
    expect(actions).toEqual([{ action: 'export', actorEmail: 'equipo@different.demo' }]);

    // A passenger of her booking gets only their own entry.
    const luis = await t.db.selectFrom('travelers').select('id').where('email', '=', 'viajero1@viajes.es').executeTakeFirstOrThrow();
    const theirs = (await call('admin', 'GET', `/${luis.id}/export`)).body;
    expect(theirs.account).toBeNull();
    expect(theirs.bookings).toEqual([
      expect.objectContaining({ role: 'pasajero', priceCents: null, payments: [], passengerEntries: [expect.objectContaining({ lead: false })] }),
    ]);
    expect(JSON.stringify(theirs)).not.toContain(ANA.email);
    expect((await call('admin', 'GET', '/no-existe/export')).status).toBe(404);
  });

  it('erases her personal data, keeps the bookings and payments, and ends her account', async () => {
    const browser = createBrowser(desk.api);
    expect((await browser.post('/auth/signin', { email: ANA.email, password: ANA.password })).status).toBe(200);
    await call('admin', 'PUT', `/${ana.anaId}`, {
      requestId: pressId(),
      version: 1,
      traveler: { name: 'Ana', surname: 'García López', email: ANA.email, phone: '611 222 333', dni: ANA.dni, birthdate: '1984-02-11' },
    });
    await t.db
      .insertInto('payments')
      .values({
        id: 'pay-1',
        bookingId: ana.bookingId,
        orderNumber: '0001ABC',
        amountCents: 50_000,
        paymentMethod: 'card',
        status: 'CONFIRMED',
        createdAt: '2026-02-01',
        updatedAt: '2026-02-01',
      })
      .execute();
    const before = await booking(ana.bookingId);
    const counts = async () => ({
      bookings: (await t.db.selectFrom('bookings').select('id').execute()).length,
      payments: (await t.db.selectFrom('payments').select('id').execute()).length,
      links: (await t.db.selectFrom('bookingTravelers').select('id').execute()).length,
    });
    const kept = await counts();

    const requestId = pressId();
    const res = await erase('Lo pidió por correo el 20/11/2026', requestId);
    expect(res.status).toBe(200);
    expect(res.body.applied).toBe(true);
    const { traveler, account, bookings, budgets, favourites, points } = res.body.detail;
    expect(traveler).toMatchObject({ name: 'Anónimo', surname: '', email: null, phone: null, dni: null, passportId: null, birthdate: null, sex: null });
    expect(traveler.erasedAt).not.toBeNull();
    expect(account).toMatchObject({ state: 'disabled', hasPassword: false, activeSessions: 0, email: `borrado-${ana.accountId}@anonimo.invalid` });
    expect(favourites).toEqual([]);
    expect(points).toMatchObject({ balance: 0 });
    expect(budgets).toEqual([expect.objectContaining({ id: ana.budgetId, budgetName: 'Presupuesto' })]);
    expect(bookings).toEqual([expect.objectContaining({ id: ana.bookingId, role: 'holder', paidCents: 50_000 })]);

    // Bookings, payments and the links stay; only her passenger entry is anonymised.
    expect(await counts()).toEqual(kept);
    const after = await booking(ana.bookingId);
    expect({ ...after, travelersStringify: '', updatedAt: '' }).toEqual({ ...before, travelersStringify: '', updatedAt: '' });
    const entries = parseTravellers(after.travelersStringify);
    const beforeEntries = parseTravellers(before.travelersStringify);
    expect(entries[0]?.reservationFields).toEqual({ name: 'Anónimo' });
    expect(entries.slice(1)).toEqual(beforeEntries.slice(1));
    expect(JSON.stringify(after)).not.toContain(ANA.dni);
    const link = await t.db.selectFrom('bookingTravelers').selectAll().where('travelerId', '=', ana.anaId).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ email: `borrado-${ana.anaId}@anonimo.invalid`, dni: null });

    // Her sessions are over and the account can no longer be signed into.
    expect((await browser.post('/auth/refresh')).status).toBe(401);
    const signIn = await createBrowser(desk.api).post('/auth/signin', { email: ANA.email, password: ANA.password });
    expect(signIn.status).toBe(401);
    expect(await signIn.json()).toMatchObject({ error: { message: AUTH_MESSAGES.wrongCredentials } });

    // The booking's mail stays as a record that it was sent, without its text.
    const mail = await t.db.selectFrom('mails').selectAll().where('id', '=', 'mail-ana').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ type: 'BONO_RESERVA', toAddress: `borrado-${ana.anaId}@anonimo.invalid`, status: 'SENT' });
    expect(mail.text).not.toContain('Ana');

    // The points are forfeited with a DEBIT, so the ledger still adds up.
    const forfeited = await t.db
      .selectFrom('transactions')
      .selectAll()
      .where('travelerId', '=', ana.anaId)
      .where('status', '=', 'ERASED')
      .executeTakeFirstOrThrow();
    expect(forfeited).toMatchObject({ type: 'DEBIT', kind: 'POINTS', amount: 1250 });

    // The record of the edit keeps what changed, not the values; the erasure is recorded with its reason.
    const records = await t.db.selectFrom('staffActions').selectAll().where('entityId', '=', ana.anaId).orderBy('createdAt').execute();
    expect(records.map((r) => r.action)).toEqual(['update', 'erase']);
    expect(records[0]?.before).not.toContain(ANA.dni);
    expect(JSON.parse(records[0]?.after ?? '{}')).toMatchObject({ dni: '(borrado)' });
    expect(records[1]).toMatchObject({ requestId, reason: 'Lo pidió por correo el 20/11/2026', before: null });
    expect(JSON.parse(records[1]?.after ?? '{}')).toMatchObject({ account: true, passengerEntries: 2, budgets: 1, favourites: 2, pointsForfeited: 1250 });

    // Nothing findable by her name, e-mail or document any more.
    for (const q of ['garcía', ANA.email, ANA.dni]) {
      const found = (await call('admin', 'GET', `?q=${encodeURIComponent(q)}`)).body.rows.map((r: { id: string }) => r.id);
      expect(found, q).not.toContain(ana.anaId);
    }
  });

  it('is harmless twice, and refuses other actions once erased', async () => {
    const requestId = pressId();
    expect((await erase(undefined, requestId)).body.applied).toBe(true);
    expect((await erase(undefined, requestId)).body.applied).toBe(false);
    expect((await erase()).body.applied).toBe(false);
    expect(await t.db.selectFrom('staffActions').select('action').execute()).toEqual([{ action: 'erase' }]);
    const edit = await call('admin', 'PUT', `/${ana.anaId}`, { requestId: pressId(), version: 2, traveler: { name: 'Ana' } });
    expect(edit.status).toBe(409);
    expect(edit.body.error.message).toBe(TRAVELER_ACTION_MESSAGES.erased);
    const force = await call('admin', 'POST', `/${ana.anaId}/force-password-change`, { requestId: pressId() });
    expect(force.status).toBe(409);
  });

  it('needs a reason, and waits for a trip still to come and for staff to lose their access', async () => {
    const noReason = await call('admin', 'POST', `/${ana.anaId}/erase`, { requestId: pressId(), reason: '  ' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.error.fields).toEqual({ reason: ERASE_REASON_REQUIRED });
    expect((await call('admin', 'POST', `/${ana.anaId}/erase`, { requestId: pressId() })).body.error.fields).toEqual({ reason: ERASE_REASON_REQUIRED });

    await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', ana.bookingId).execute();
    const pending = await erase();
    expect(pending.status).toBe(409);
    expect(pending.body.error.message).toBe(TRAVELER_ACTION_MESSAGES.tripPending((await booking(ana.bookingId)).differentId));
    // Once back home, the trip's data is no longer needed to travel.
    await t.db
      .updateTable('periods')
      .set({ dayOne: day(-20), returnDate: day(-10) })
      .where('id', '=', 'p1')
      .execute();
    await t.db.insertInto('userGroups').values({ userId: ana.accountId, groupName: 'guides' }).execute();
    const staff = await erase();
    expect(staff.status).toBe(409);
    expect(staff.body.error.message).toBe(TRAVELER_ACTION_MESSAGES.staffAccount);
    expect((await t.db.selectFrom('travelers').select('email').where('id', '=', ana.anaId).executeTakeFirstOrThrow()).email).toBe(ANA.email);
    await t.db.deleteFrom('userGroups').where('userId', '=', ana.accountId).execute();
    expect((await erase()).body.applied).toBe(true);
    expect(await t.db.selectFrom('staffActions').select('action').execute()).toEqual([{ action: 'erase' }]);
  });
});
