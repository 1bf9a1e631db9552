import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { dialects, type TestDatabase, createTestDatabase } from '../../tests/support/databases.ts';
import { cachedReads, tableVersionsOf } from './table-versions.ts';

describe.each(dialects)('table versions on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await insertDeparture(t.db);
  });
  afterEach(async () => t.drop());

  const version = (options?: { ignoreSeatWrites: boolean }) => tableVersionsOf(t.db)?.version(['periods', 'flights'], options);

  it('a write that only moves seats changes the version, except for reads that ignore seat writes', async () => {
    const all = version();
    const rows = version({ ignoreSeatWrites: true });
    await t.db
      .updateTable('periods')
      .set((eb) => ({ bookableAvailability: eb('bookableAvailability', '-', 1) }))
      .where('id', '=', 'p1')
      .execute();
    expect(version()).not.toBe(all);
    expect(version({ ignoreSeatWrites: true })).toBe(rows);
  });

  it('a write that sets anything else beside the seats counts for every read', async () => {
    const rows = version({ ignoreSeatWrites: true });
    await t.db.updateTable('flights').set({ bookableAvailability: 3, guaranteedAvailability: 2 }).where('periodId', '=', 'p1').execute();
    expect(version({ ignoreSeatWrites: true })).not.toBe(rows);
    const again = version({ ignoreSeatWrites: true });
    await t.db.updateTable('periods').set({ webBookable: 1 }).where('id', '=', 'p1').execute();
    expect(version({ ignoreSeatWrites: true })).not.toBe(again);
  });

  it('a read that ignores seat writes is kept across holds and read again after a staff change', async () => {
    const kept = cachedReads<number>({ tables: ['periods'], ignoreSeatWrites: true, maxAgeMs: 60_000 });
    let reads = 0;
    const read = () => kept(t.db, 'p1', async () => ++reads);
    expect(await read()).toBe(1);
    await t.db
      .updateTable('periods')
      .set((eb) => ({ bookableAvailability: eb('bookableAvailability', '-', 2) }))
      .where('id', '=', 'p1')
      .execute();
    expect(await read()).toBe(1);
    await t.db.updateTable('periods').set({ publishWeb: 0 }).where('id', '=', 'p1').execute();
    expect(await read()).toBe(2);
  });
});
