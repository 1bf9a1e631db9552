/**
 * For the travellers desk's API tests: the API as the shop runs it (session cookies, the origin check),
 * the five callers signed in with real access tokens, and Ana García, a traveller with an account, a
 * booking she holds (with two other passengers), a saved budget, favourites, points and a mail.
 */
import { testConfig } from './test-config.ts';
import type { Db } from '#api/db/database.ts';
import { createAccount, TEST_ORIGIN } from './auth-client.ts';
import { insertDeparture } from './booking-fixtures.ts';
import { type CallerName, seedCallers, signedInAs } from './callers.ts';
import type { TestDatabase } from './databases.ts';
import { createBookingForPayment } from './payment-fixtures.ts';
import { creditPoints } from '#api/services/payments/ledger.ts';

export const TRAVELER_SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
export const ANA = { email: 'ana.garcia@viajes.es', password: 'un-viaje-largo-2026', dni: '12345678Z', phone: '+34 600 123 456' };

export function travelerDesk(t: TestDatabase) {
  const config = { ...testConfig({ AUTH_SECRET: TRAVELER_SECRET, NODE_ENV: 'test' }), databaseUrl: t.url };
  const { api, signIn } = signedInAs({ db: t.db, config });
  const call = async (who: CallerName, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { ...(await signIn(who)), origin: TEST_ORIGIN };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await api.request(`/admin/travelers${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
  };
  return { api, config, call };
}

/** The API of `travelerDesk` as `createBookingForPayment` wants it (visitor requests without cookies). */
type DeskApi = ReturnType<typeof travelerDesk>['api'];

let press = 0;
/** A fresh request id, as the screen makes one per confirmation. */
export const pressId = () => `press-${Date.now()}-${++press}`;

/**
 * The departure fixture, the callers, and Ana: her booking (2 adults and a child, passengers complete)
 * made through the API, an account linked to her traveller, her DNI and phone, a budget, two favourite
 * tours, 1.250 points with their ledger and a mail sent to her.
 */
export async function seedAna(db: Db, api: DeskApi) {
  await seedCallers(db);
  await insertDeparture(db);
  const { id: bookingId } = await createBookingForPayment(api, db);
  const { travelerId } = await db.selectFrom('bookings').select('travelerId').where('id', '=', bookingId).executeTakeFirstOrThrow();
  const anaId = travelerId as string;
  const account = await createAccount(db, { email: ANA.email, password: ANA.password });
  await db.updateTable('users').set({ travelerId: anaId }).where('id', '=', account.id).execute();
  const stamp = '2026-02-01T10:00:00.000Z';
  // Her 1.250 points are the sum of her ledger rows below (the database keeps the balance).
  await db.updateTable('travelers').set({ dni: ANA.dni, surname: 'García López' }).where('id', '=', anaId).execute();

  // A second booking of hers, saved as a budget.
  const { id: budgetId } = await createBookingForPayment(api, db, { passengers: false });
  await db
    .updateTable('bookings')
    .set({ budgetName: 'Con mamá a Japón', budgetPath: `/tour/japon-esencial/personaliza/${budgetId}` })
    .where('id', '=', budgetId)
    .execute();

  await db
    .insertInto('favoriteTours')
    .values([
      { travelerId: anaId, tourId: 't1', createdAt: stamp },
      { travelerId: anaId, tourId: 't2', createdAt: stamp },
    ])
    .execute();
  await db
    .insertInto('transactions')
    .values([
      { id: 'tx-credit', travelerId: anaId, bookingId, amount: 1500, status: 'COMPLETED', type: 'CREDIT', kind: 'POINTS', createdAt: stamp, paymentId: null },
      { id: 'tx-debit', travelerId: anaId, bookingId, amount: 250, status: 'COMPLETED', type: 'DEBIT', kind: 'POINTS', createdAt: stamp, paymentId: null },
    ])
    .execute();
  await db
    .insertInto('mails')
    .values({
      id: 'mail-ana',
      type: 'BONO_RESERVA',
      bookingId,
      toAddress: ANA.email,
      subject: 'Bono de tu reserva · Japón esencial',
      html: '<p>Hola, Ana</p>',
      text: 'Hola, Ana: aquí tienes tu bono.',
      status: 'SENT',
      nextAttemptAt: stamp,
      createdAt: stamp,
      sentAt: stamp,
    })
    .execute();
  return { anaId, accountId: account.id, bookingId, budgetId };
}

/**
 * Gives a traveller `points` as staff would (a compensation through the ledger): the only way a balance
 * moves, so tests that need points to spend get them that way.
 */
export async function givePoints(db: Db, travelerId: string, points: number): Promise<void> {
  await db.transaction().execute((trx) => creditPoints(trx, { travelerId, bookingId: null, points, status: 'COMPENSATION', now: new Date() }));
}
