/**
 * One writer of the points ledger (api/services/payments/ledger.ts), and the invariant the database keeps
 * on both engines: a traveller's balance is the sum of their POINTS rows, never below zero, and a row never
 * changes. Every way points move is run here (a trip's points, a compensation, a spend the balance covers
 * and one it does not, an erasure) and the balance is read against the rows after each; the ways around
 * the module are tried and refused; and no other code of the API writes either table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db, Trx } from '#api/db/database.ts';
import { creditPoints, forfeitPoints, recordPayment, recordRefund, spendPoints } from '#api/services/payments/ledger.ts';
import { createTestApi, insertDeparture } from '../support/booking-fixtures.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../support/databases.ts';
import { createBookingForPayment } from '../support/payment-fixtures.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every traveller whose balance is not the sum of their points rows (none, when the invariant holds). */
async function mismatches(db: Db) {
  const travelers = await db.selectFrom('travelers').select(['id', 'accumulatedReward']).execute();
  const rows = await db.selectFrom('transactions').select(['travelerId', 'type', 'amount']).where('kind', '=', 'POINTS').execute();
  return travelers.filter(
    (t) => t.accumulatedReward !== rows.filter((r) => r.travelerId === t.id).reduce((sum, r) => sum + (r.type === 'CREDIT' ? r.amount : -r.amount), 0),
  );
}

describe.each(dialects)('the points ledger on %s', (dialect) => {
  let t: TestDatabase;
  let travelerId: string;
  let bookingId: string;
  let paymentId: string;
  const now = new Date('2026-03-01T10:00:00.000Z');
  const balance = async () =>
    (await t.db.selectFrom('travelers').select('accumulatedReward').where('id', '=', travelerId).executeTakeFirstOrThrow()).accumulatedReward;
  const inTrx = <T>(write: (trx: Trx) => Promise<T>) => t.db.transaction().execute(write);

  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await insertDeparture(t.db);
    const booking = await createBookingForPayment(createTestApi(t.db, t.url), t.db);
    bookingId = booking.id;
    travelerId = booking.owner.travelerId as string;
    paymentId = 'pay-points';
    const stamp = now.toISOString();
    await t.db
      .insertInto('payments')
      .values({
        id: paymentId,
        bookingId,
        orderNumber: '0001POINTS',
        type: 'PUNTOS',
        amountCents: 300,
        paymentMethod: 'points',
        status: 'CONFIRMED',
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
  });
  afterEach(() => t.drop());

  it('moves the balance with every writer, and never lets it disagree with the rows', async () => {
    expect(await balance()).toBe(0);
    await inTrx((trx) => creditPoints(trx, { travelerId, bookingId, points: 500, status: 'COMPLETED', now }));
    expect(await balance()).toBe(500);
    await inTrx((trx) => creditPoints(trx, { travelerId, bookingId, points: 120, status: 'COMPENSATION', now }));
    expect(await balance()).toBe(620);
    expect(await inTrx((trx) => spendPoints(trx, { travelerId, bookingId, paymentId, points: 300, now }))).toBe(true);
    expect(await balance()).toBe(320);
    // More than the balance has: nothing written, nothing moved.
    expect(await inTrx((trx) => spendPoints(trx, { travelerId, bookingId, paymentId, points: 321, now }))).toBe(false);
    expect(await balance()).toBe(320);
    // Euros are the traveller's history, not points: the balance stays.
    await inTrx((trx) => recordRefund(trx, { travelerId, bookingId, amountCents: 5000, now }));
    expect(await balance()).toBe(320);
    expect(await inTrx((trx) => forfeitPoints(trx, { travelerId, now }))).toBe(320);
    expect(await balance()).toBe(0);
    expect(await mismatches(t.db)).toEqual([]);
    const rows = await t.db.selectFrom('transactions').select(['type', 'kind', 'status', 'amount']).orderBy('createdAt').orderBy('amount').execute();
    expect(rows).toHaveLength(5);
  });

  it('refuses a balance written around the ledger, below zero, or a row changed afterwards', async () => {
    await inTrx((trx) => creditPoints(trx, { travelerId, bookingId, points: 100, status: 'COMPLETED', now }));
    await expect(t.db.updateTable('travelers').set({ accumulatedReward: 5000 }).where('id', '=', travelerId).execute()).rejects.toThrow();
    await expect(
      t.db
        .insertInto('transactions')
        .values({
          id: 'too-much',
          travelerId,
          bookingId: null,
          paymentId: null,
          amount: 101,
          status: 'COMPLETED',
          type: 'DEBIT',
          kind: 'POINTS',
          createdAt: now.toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
    await expect(t.db.updateTable('transactions').set({ amount: 999 }).where('travelerId', '=', travelerId).execute()).rejects.toThrow();
    await expect(
      t.db
        .insertInto('travelers')
        .values({ id: 'rich', name: 'Rico', accumulatedReward: 10, createdAt: now.toISOString(), updatedAt: now.toISOString() })
        .execute(),
    ).rejects.toThrow();
    expect(await balance()).toBe(100);
    expect(await mismatches(t.db)).toEqual([]);
  });

  it('writes a payment’s one DEBIT in euros without touching the points', async () => {
    await inTrx((trx) => recordPayment(trx, { travelerId, bookingId, paymentId, amountCents: 300, now }));
    await expect(inTrx((trx) => recordPayment(trx, { travelerId, bookingId, paymentId, amountCents: 300, now }))).rejects.toThrow();
    expect(await balance()).toBe(0);
  });
});

describe('who writes the ledger', () => {
  it('is api/services/payments/ledger.ts alone, for the rows and for the balance', () => {
    const writers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !path.includes('/migrations/')) {
          const text = readFileSync(join(root, path), 'utf8');
          // A new traveller starts at 0 (the seed, the sign-up): anything else written to the balance is a writer.
          if (/(insertInto|updateTable|deleteFrom)\('transactions'\)|accumulatedReward: (?!0,|Generated)|'accumulatedReward', '[+-]'/.test(text))
            writers.push(path);
        }
      }
    };
    walk('api');
    expect(writers).toEqual(['api/services/payments/ledger.ts']);
  });
});
