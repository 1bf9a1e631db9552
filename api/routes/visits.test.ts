import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../tests/support/test-config.ts';
import { countRows, insertDeparture, jsonRequest, validBooking, createTestApi } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { postNotification, signedNotification, startPaymentRequest } from '../../tests/support/payment-fixtures.ts';

const VISIT = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
/** What a browser on the shop's pages names as the origin of its writes. */
const ORIGIN = new URL(testConfig({}).publicUrl).origin;
const CAMPAIGN = { source: 'boletin', medium: 'email', campaign: 'black-friday' };

describe.each(portableDialects)('campaign attribution on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
  });
  afterEach(async () => t.drop());

  const apiOf = () => createTestApi(t.db, t.url);
  const visit = (body: unknown, cookie: string | null = `dr_visit=${VISIT}`) =>
    apiOf().request('/visits', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const logs = () =>
    t.db
      .selectFrom('visitorLogs')
      .select(['hash', 'path', 'utmSource', 'utmMedium', 'utmCampaign', 'type', 'bookingId', 'passengers'])
      .orderBy('createdAt')
      .execute();

  it('keeps nothing for a browser that did not agree (no visit cookie)', async () => {
    expect((await visit({ path: '/', utm: CAMPAIGN }, null)).status).toBe(204);
    expect((await visit({ path: '/viajes', event: 'time' }, null)).status).toBe(204);
    expect((await visit({ path: '/', utm: CAMPAIGN }, 'dr_visit=no-es-un-id')).status).toBe(204);
    expect(await countRows(t.db, 'visitorLogs')).toBe(0);
    expect((await visit({ path: 'sin-barra' })).status).toBe(422);
    expect((await visit({ path: '/', utm: { source: 'x'.repeat(101) } })).status).toBe(422);
    expect((await visit({ path: '/', event: 'scroll' })).status).toBe(422);
  });

  it('counts the pages of a browser that agreed without a campaign, and each page read for 30 seconds; /admin shows them per page', async () => {
    expect((await visit({ path: '/viajes' })).status).toBe(201);
    expect((await visit({ path: '/viajes', event: 'time' })).status).toBe(201);
    expect((await visit({ path: '/tour/japon-esencial' })).status).toBe(201);
    expect(await logs()).toEqual([
      expect.objectContaining({ path: '/viajes', utmSource: null, type: 'page' }),
      expect.objectContaining({ path: '/viajes', utmSource: null, type: 'time' }),
      expect.objectContaining({ path: '/tour/japon-esencial', utmSource: null, type: 'page' }),
    ]);
    const dashboard = await apiOf().request('/admin/dashboard', { headers: { 'x-test-auth': JSON.stringify(CALLERS.admin) } });
    const { pages, campaigns } = (await dashboard.json()) as { pages: unknown[]; campaigns: unknown[] };
    expect(pages).toEqual([
      { path: '/tour/japon-esencial', visitors: 1, views: 1, read: 0 },
      { path: '/viajes', visitors: 1, views: 1, read: 1 },
    ]);
    // Pages without a campaign are no campaign's.
    expect(campaigns).toEqual([]);
  });

  it('logs the campaign a visitor arrives with and the pages seen in the next 15 days, then stops', async () => {
    expect((await visit({ path: '/', utm: CAMPAIGN })).status).toBe(201);
    expect((await visit({ path: '/tour/japon-esencial' })).status).toBe(201);
    expect(await logs()).toEqual([
      expect.objectContaining({ hash: VISIT, path: '/', utmSource: 'boletin', utmMedium: 'email', utmCampaign: 'black-friday', type: 'campaign' }),
      expect.objectContaining({ hash: VISIT, path: '/tour/japon-esencial', utmSource: 'boletin', utmCampaign: 'black-friday', type: 'page' }),
    ]);
    // Sixteen days later the campaign is over for this visitor.
    await t.db
      .updateTable('visitorLogs')
      .set({ createdAt: new Date(Date.now() - 16 * 86_400_000).toISOString() })
      .execute();
    // The page still counts (the browser agreed), for no campaign.
    expect((await visit({ path: '/viajes' })).status).toBe(201);
    expect((await logs()).at(-1)).toMatchObject({ path: '/viajes', utmSource: null, utmCampaign: null, type: 'page' });
  });

  it('credits a booking made meanwhile to the campaign, and /admin shows visits, bookings and money per campaign', async () => {
    const api = apiOf();
    await visit({ path: '/', utm: CAMPAIGN });
    await visit({ path: '/tour/japon-esencial' });
    await visit({ path: '/tour/japon-esencial', event: 'time' });
    await apiOf().request('/visits', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: 'dr_visit=9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b' },
      body: JSON.stringify({ path: '/', utm: { source: 'instagram' } }),
    });
    const res = await api.request('/bookings', {
      ...jsonRequest('POST', validBooking()),
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: `dr_visit=${VISIT}` },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const booking = await t.db.selectFrom('bookings').select('visitedSourceId').where('id', '=', id).executeTakeFirstOrThrow();
    const credited = await t.db.selectFrom('visitorLogs').selectAll().where('id', '=', booking.visitedSourceId).executeTakeFirstOrThrow();
    expect(credited).toMatchObject({ bookingId: id, passengers: 3, type: 'booking', utmCampaign: 'black-friday' });

    // Paid: its money counts for the campaign.
    const { passengerFields } = await import('../../tests/support/booking-fixtures.ts');
    const state = (await (await api.request(`/bookings/${id}`)).json()) as { travellers: { id: string; ageGroup: string }[] };
    expect((await api.request(`/bookings/${id}`, jsonRequest('PATCH', { travellers: passengerFields(state.travellers) }))).status).toBe(200);
    expect((await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method: 'card' })).res.status).toBe(201);
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    expect((await postNotification(api, signedNotification(testConfig({}), { order: payment.orderNumber, amountCents: payment.amountCents }))).status).toBe(
      200,
    );

    const dashboard = await api.request('/admin/dashboard', { headers: { 'x-test-auth': JSON.stringify(CALLERS.admin) } });
    const { campaigns } = (await dashboard.json()) as { campaigns: unknown[] };
    expect(campaigns).toEqual([
      { source: 'boletin', medium: 'email', campaign: 'black-friday', visitors: 1, pages: 2, read: 1, bookings: 1, revenueCents: payment.amountCents },
      { source: 'instagram', medium: null, campaign: null, visitors: 1, pages: 1, read: 0, bookings: 0, revenueCents: 0 },
    ]);
    // Without the cookie, a booking is nobody's campaign.
    const plain = await api.request('/bookings', jsonRequest('POST', validBooking()));
    const plainId = ((await plain.json()) as { id: string }).id;
    expect((await t.db.selectFrom('bookings').select('visitedSourceId').where('id', '=', plainId).executeTakeFirstOrThrow()).visitedSourceId).toBeNull();
  });
});
