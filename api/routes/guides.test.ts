import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../tests/support/test-config.ts';
import { TEST_ORIGIN } from '../../tests/support/auth-client.ts';
import { day, insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { type CallerName, seedCallers, signedInAs } from '../../tests/support/callers.ts';
import { insertGuidedDepartures } from '../../tests/support/guide-fixtures.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createBookingForPayment } from '../../tests/support/payment-fixtures.ts';
import { TRAVELER_SECRET } from '../../tests/support/traveler-fixtures.ts';
import { GUIDE_MISSING_LABELS } from '../services/guides/departures.ts';

/**
 * The guides' area: Marta (the guide caller) is assigned to departure p1 (two confirmed bookings: one
 * complete and paid, one with passengers missing and nothing paid; one booking still in the funnel) and
 * to a past departure; another guide, Kenji, to p-not-web.
 */
describe.each(portableDialects)('/api/guides on %s', (dialect) => {
  let t: TestDatabase;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
  let call: (who: CallerName, path: string) => Promise<{ status: number; headers: Headers; body: Record<string, any> }>;
  let paidId: string;
  let owingId: string;

  beforeEach(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = await createTestDatabase(dialect);
    const config = { ...testConfig({ AUTH_SECRET: TRAVELER_SECRET, NODE_ENV: 'test' }), databaseUrl: t.url };
    const { api, signIn } = signedInAs({ db: t.db, config });
    call = async (who, path) => {
      const res = await api.request(`/guides${path}`, { headers: { ...(await signIn(who)), origin: TEST_ORIGIN } });
      // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
      return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
    };
    await seedCallers(t.db);
    await insertDeparture(t.db);
    paidId = (await createBookingForPayment(api, t.db)).id;
    owingId = (await createBookingForPayment(api, t.db, { passengers: false })).id;
    await createBookingForPayment(api, t.db);
    await t.db.updateTable('bookings').set({ status: 'CONFIRMED', pollObservations: 'Ana es celíaca: sin gluten' }).where('id', '=', paidId).execute();
    await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', owingId).execute();
    const { priceCents } = await t.db.selectFrom('bookings').select('priceCents').where('id', '=', paidId).executeTakeFirstOrThrow();
    const stamp = '2026-02-01T10:00:00.000Z';
    await t.db
      .insertInto('payments')
      .values({
        id: 'pay-1',
        bookingId: paidId,
        orderNumber: '000000000001',
        amountCents: priceCents,
        paymentMethod: 'card',
        status: 'CONFIRMED',
        createdAt: stamp,
        updatedAt: stamp,
        confirmedAt: stamp,
      })
      .execute();
    // Kenji also leads p1 with Marta: she sees him as co-guide, not his own departures.
    await insertGuidedDepartures(t.db, { pastDayOne: -40, alsoAssigned: [{ guideId: 'guide-kenji', periodId: 'p1' }] });
    await t.db.insertInto('itineraries').values({ id: 'it1', tourId: 't1', name: 'Japón', status: 'ACTIVE' }).execute();
    await t.db
      .insertInto('itineraryDays')
      .values([
        { id: 'd2', itineraryId: 'it1', rank: 2, title: 'Kioto', description: 'Templos y jardines.', city: 'Kioto' },
        { id: 'd1', itineraryId: 'it1', rank: 1, title: 'Llegada a Tokio', description: null, city: 'Tokio' },
      ])
      .execute();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.drop();
  });

  it.each([
    ['visitor', 401],
    ['traveler', 403],
  ] as const)('answers a %s with %i on both routes', async (who, status) => {
    expect((await call(who, '/departures')).status).toBe(status);
    expect((await call(who, '/departures/p1')).status).toBe(status);
  });

  it("lists only the guide's own departures, upcoming first, uncached", async () => {
    const res = await call('guide', '/departures');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.viewer).toBe('guide');
    expect(res.body.guides.map((g: { id: string }) => g.id)).toEqual(['guide-marta']);
    expect(res.body.upcoming).toEqual([
      { periodId: 'p1', tourId: 't1', tourName: 'Japón esencial', dayOne: day(60), returnDate: day(69), guides: ['Kenji', 'Marta'], travellers: 6, owing: 1 },
    ]);
    expect(res.body.past.map((r: { periodId: string }) => r.periodId)).toEqual(['p-past']);
    // Asking for another guide's list changes nothing for a guide.
    expect((await call('guide', '/departures?guideId=guide-kenji')).body.upcoming.map((r: { periodId: string }) => r.periodId)).toEqual(['p1']);
  });

  it('lists every guide and their departures for an admin, filterable by guide', async () => {
    const all = await call('admin', '/departures');
    expect(all.body.viewer).toBe('admin');
    expect(all.body.guides.map((g: { id: string }) => g.id)).toEqual(['guide-kenji', 'guide-marta']);
    expect(all.body.upcoming.map((r: { periodId: string }) => r.periodId).sort()).toEqual(['p-not-web', 'p1']);
    expect((await call('admin', '/departures?guideId=')).status).toBe(422);
    expect((await call('admin', `/departures/${'x'.repeat(101)}`)).status).toBe(422);
    const kenji = await call('admin', '/departures?guideId=guide-kenji');
    expect(kenji.body.upcoming.map((r: { periodId: string }) => r.periodId).sort()).toEqual(['p-not-web', 'p1']);
    expect(kenji.body.past).toEqual([]);
  });

  it("answers 404 for another guide's departure or an unknown one, as for each other", async () => {
    const other = await call('guide', '/departures/p-not-web');
    const unknown = await call('guide', '/departures/no-such-period');
    expect([other.status, unknown.status]).toEqual([404, 404]);
    expect(other.body.error.message).toBe(unknown.body.error.message);
    expect((await call('admin', '/departures/p-not-web')).status).toBe(200);
    expect((await call('admin', '/departures/no-such-period')).status).toBe(404);
  });

  it('shows the departure as the guide needs it: days, travellers with phone, missing documents, notes, who owes', async () => {
    const res = await call('guide', '/departures/p1');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const d = res.body;
    expect(d.period).toMatchObject({ id: 'p1', tourName: 'Japón esencial', dayOne: day(60) });
    expect(d.days.map((x: { rank: number; date: string; title: string }) => [x.rank, x.date, x.title])).toEqual([
      [1, day(60), 'Llegada a Tokio'],
      [2, day(61), 'Kioto'],
    ]);
    expect(d.guides.map((g: { name: string }) => g.name)).toEqual(['Kenji', 'Marta']);
    // Only the two confirmed bookings; the one in the funnel is not on tour.
    expect(d.bookings.map((b: { bookingId: string }) => b.bookingId)).toEqual([paidId, owingId]);
    const [paid, owing] = d.bookings;
    expect(paid.remainingCents).toBe(0);
    expect(paid.paidCents).toBe(paid.totalCents);
    expect(paid.notes).toEqual(['Ana es celíaca: sin gluten']);
    expect(paid.travellers.map((x: { name: string }) => x.name)).toEqual(['Ana García López', 'Luis García López', 'Marta García López']);
    expect(paid.travellers[0]).toMatchObject({ lead: true, phone: '+34 600 123 456', missing: [] });
    expect(paid.travellers.every((x: { missing: string[] }) => x.missing.length === 0)).toBe(true);
    expect(owing.remainingCents).toBe(owing.totalCents);
    expect(owing.remainingCents).toBeGreaterThan(0);
    expect(owing.leadPhone).toBe('+34 600 123 456');
    // The lead gave contact details in the first step; the others nothing yet.
    expect(owing.travellers[0].missing).toEqual([GUIDE_MISSING_LABELS.birthdate, GUIDE_MISSING_LABELS.national_id]);
    expect(owing.travellers[1].missing).toEqual(expect.arrayContaining([GUIDE_MISSING_LABELS.name, GUIDE_MISSING_LABELS.national_id]));
  });
});
