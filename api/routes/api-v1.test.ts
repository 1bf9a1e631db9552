/**
 * API keys (issue 33, part 4) on both engines: staff create a key (shown once, kept hashed) with scopes; a
 * server reads bookings and travellers with it, each call within its key's scopes; a revoked or made-up key is
 * refused; the catalogue importer's check-then-apply works with a key that may import, once per request id.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '#shared/schemas/integration.ts';
import { createTestApi, insertDeparture, jsonRequest, type TestApi } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createBookingForPayment } from '../../tests/support/payment-fixtures.ts';
import { exportTours } from '../services/catalogue/import/export.ts';
import { tampered } from '../../tests/support/tampered.ts';

describe.each(portableDialects)('/api/v1 with API keys on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db);
    await seedCallers(t.db);
  });
  afterEach(async () => t.drop());

  const admin = async (method: string, path: string, body: unknown) => {
    const res = await api.request(`/admin/integrations${path}`, {
      ...jsonRequest(method, body),
      headers: { 'content-type': 'application/json', 'x-test-auth': JSON.stringify(CALLERS.admin) },
    });
    return { status: res.status, body: await res.json() };
  };
  const server = async (key: string | null, path: string, init: RequestInit = {}) => {
    const res = await api.request(`/v1${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...(key ? { authorization: `Bearer ${key}` } : {}) },
    });
    return { status: res.status, body: await res.json() };
  };

  it('reads bookings with a key that may, is refused without one, beyond its scopes, or once revoked', async () => {
    const press = { requestId: 'key-press-1', name: 'ERP contable', scopes: ['bookings:read'] };
    const [one, two] = await Promise.all([admin('POST', '/keys', press), admin('POST', '/keys', press)]);
    const key = [one, two].find((a) => a.body.applied)?.body.secret as string;
    expect(key).toMatch(/^drk_[0-9a-f]{12}_/);
    expect([one, two].find((a) => !a.body.applied)?.body.secret).toBeNull();
    const [stored] = await t.db.selectFrom('apiKeys').selectAll().execute();
    // Only its hash is kept.
    expect(stored?.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key.slice(17));

    const { id } = await createBookingForPayment(api, t.db);
    expect(await server(null, '/bookings')).toMatchObject({ status: 401, body: { error: { message: INTEGRATION_MESSAGES.apiKeyMissing } } });
    expect((await server(tampered(key), '/bookings')).status).toBe(401);
    const listed = await server(key, '/bookings');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, page: 1, rows: [{ id, status: 'IN_PROGRESS', tour: { id: 't1' }, paidCents: 0 }] });
    expect((await server(key, `/bookings?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body.total).toBe(0);
    // Reading on from the last row seen: that row again is not in it, a booking made after is.
    const last = listed.body.rows[0] as { id: string; updatedAt: string };
    const second = await createBookingForPayment(api, t.db);
    const onwards = await server(key, `/bookings?since=${encodeURIComponent(last.updatedAt)}&after=${last.id}`);
    expect(onwards.body.rows.map((r: { id: string }) => r.id)).toEqual([second.id]);
    const one_ = await server(key, `/bookings/${id}`);
    expect(one_.body.travellers.length).toBeGreaterThan(0);
    expect(await server(key, '/travelers')).toMatchObject({ status: 403, body: { error: { message: INTEGRATION_MESSAGES.apiScope } } });
    expect((await t.db.selectFrom('apiKeys').select('lastUsedAt').executeTakeFirstOrThrow()).lastUsedAt).not.toBeNull();

    const revoked = await admin('POST', `/keys/${stored?.id}/revoke`, { requestId: 'key-press-2' });
    expect(revoked.body.keys[0].revokedAt).not.toBeNull();
    expect(await server(key, '/bookings')).toMatchObject({ status: 401, body: { error: { message: INTEGRATION_MESSAGES.apiKeyInvalid } } });
    const records = await t.db.selectFrom('staffActions').select(['entityType', 'action']).execute();
    expect(records.map((r) => `${r.entityType} ${r.action}`).sort()).toEqual(['api-key create', 'api-key revoke']);
  });

  it('checks and then applies a catalogue file with a key that may import, once per request id', async () => {
    const created = await admin('POST', '/keys', { requestId: 'key-press-1', name: 'ERP catálogo', scopes: ['catalogue:import', 'travelers:read'] });
    const key = created.body.secret as string;
    const file = await exportTours(t.db, { slugs: ['japon-esencial'] });
    const tour = (file as { tours: { name: string }[] }).tours[0];
    if (tour) tour.name = 'Japón esencial, importado';
    const body = JSON.stringify(file);
    const headers = { 'content-type': 'application/json' };
    const checked = await server(key, '/catalogue/check', { method: 'POST', headers, body });
    expect(checked.status).toBe(200);
    expect(checked.body.applied).toBe(false);
    expect((await t.db.selectFrom('tours').select('name').where('id', '=', 't1').executeTakeFirstOrThrow()).name).toBe('Japón esencial');
    const [a, b] = await Promise.all([
      server(key, '/catalogue/apply?requestId=import-press-1', { method: 'POST', headers, body }),
      server(key, '/catalogue/apply?requestId=import-press-1', { method: 'POST', headers, body }),
    ]);
    expect([a.body.applied, b.body.applied].sort()).toEqual([false, true]);
    expect((await t.db.selectFrom('tours').select('name').where('id', '=', 't1').executeTakeFirstOrThrow()).name).toBe('Japón esencial, importado');
    expect((await server(key, '/travelers')).body.total).toBeGreaterThan(0);
    expect((await server(key, '/bookings')).status).toBe(403);
  });
});
