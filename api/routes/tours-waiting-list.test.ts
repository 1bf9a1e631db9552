import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createTestApi, day, insertDeparture, jsonRequest } from '../../tests/support/booking-fixtures.ts';

const signUp = (overrides: Record<string, unknown> = {}) => ({ name: 'Lucía Pérez', email: 'lucia@correo.es', travellers: 3, privacy: true, ...overrides });

describe.each(portableDialects)('POST /tours/periods/:periodId/waiting-list on %s', (dialect) => {
  let t: TestDatabase;
  let api: ReturnType<typeof createTestApi>;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    // Two seats left: a party of three waits, a party of two books.
    await insertDeparture(t.db, { seats: 2 });
  });
  afterEach(async () => t.drop());

  const post = (periodId: string, body: unknown) => api.request(`/tours/periods/${periodId}/waiting-list`, jsonRequest('POST', body));
  const entries = () => t.db.selectFrom('waitingListEntries').selectAll().orderBy('createdAt').execute();

  it('puts a party on the list of a departure without the seats it needs', async () => {
    const res = await post('p1', signUp());
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(await entries()).toEqual([
      expect.objectContaining({ periodId: 'p1', name: 'Lucía Pérez', email: 'lucia@correo.es', travellers: 3, status: 'WAITING', offeredAt: null }),
    ]);
  });

  it('keeps one entry per e-mail and departure, whatever the case, with the latest details', async () => {
    await post('p1', signUp());
    expect((await post('p1', signUp({ email: 'LUCIA@correo.es', travellers: 4, name: 'Lucía' }))).status).toBe(201);
    expect(await entries()).toEqual([expect.objectContaining({ name: 'Lucía', email: 'LUCIA@correo.es', travellers: 4, status: 'WAITING' })]);
  });

  it('waits again, from now, once it was offered seats that went before it booked', async () => {
    await post('p1', signUp());
    const old = '2026-01-01T00:00:00.000Z';
    await t.db.updateTable('waitingListEntries').set({ status: 'OFFERED', offeredAt: old, createdAt: old }).execute();
    await post('p1', signUp());
    const [entry] = await entries();
    expect(entry).toMatchObject({ status: 'WAITING', offeredAt: null });
    expect(entry?.createdAt).not.toBe(old);
  });

  it('answers 409 when the departure has the seats asked for: it can be booked', async () => {
    const res = await post('p1', signUp({ travellers: 2 }));
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toMatch(/puedes reservarla ahora/);
    expect(await entries()).toEqual([]);
  });

  it.each([
    ['an unknown departure', 'nope'],
    ['a departure not sold on the web', 'p-not-web'],
  ])('answers 404 for %s', async (_, periodId) => {
    expect((await post(periodId, signUp())).status).toBe(404);
    expect(await entries()).toEqual([]);
  });

  it('answers 404 for a departure that already left', async () => {
    await t.db
      .updateTable('periods')
      .set({ dayOne: day(-3), returnDate: day(5) })
      .where('id', '=', 'p1')
      .execute();
    expect((await post('p1', signUp())).status).toBe(404);
  });

  it.each([
    ['a bad e-mail', { email: 'lucia@' }, 'email'],
    ['privacy not accepted', { privacy: false }, 'privacy'],
    ['no travellers', { travellers: 0 }, 'travellers'],
    ['too many travellers', { travellers: 21 }, 'travellers'],
    ['no name', { name: ' ' }, 'name'],
    ['an unknown field', { phone: '600123456' }, 'phone'],
  ])('refuses %s with a Spanish field message and writes nothing', async (_, overrides, field) => {
    const res = await post('p1', signUp(overrides));
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields[field]).toMatch(/[a-zá-ú]/i);
    expect(await entries()).toEqual([]);
  });

  it('limits sign-ups per client', async () => {
    for (let i = 0; i < 10; i++) expect((await post('p1', signUp({ email: `persona${i}@correo.es` }))).status).toBe(201);
    expect((await post('p1', signUp({ email: 'otra@correo.es' }))).status).toBe(429);
    expect(await entries()).toHaveLength(10);
  });
});
