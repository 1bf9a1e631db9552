import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CmsEvent } from '#shared/schemas/cms.ts';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../../../tests/support/databases.ts';
import { type Db, openDatabase } from '../../db/database.ts';
import { cachedReads } from '../../db/table-versions.ts';
import { type InstanceBus, startInstanceBus } from './instance-bus.ts';

const stamp = '2026-01-01T00:00:00.000Z';
// A kept read trusted for a minute: what drops it within the test is the other instance's commit, not age.
const tourNames = cachedReads<string>({ tables: ['tours'], maxAgeMs: 60_000 });
const readName = (db: Db) =>
  tourNames(db, 't1', async () => (await db.selectFrom('tours').select('name').where('id', '=', 't1').executeTakeFirstOrThrow()).name);

describe.runIf(postgresUrl)('instances on one PostgreSQL tell each other their commits and staff events', () => {
  let t: TestDatabase;
  const opened: Db[] = [];
  const buses: InstanceBus[] = [];
  /** Another instance: its own connections to the same database, and its bus when it has one. */
  const instance = async ({ bus = true, onEvent = (_: CmsEvent) => {} } = {}) => {
    const db = openDatabase({ url: t.url });
    opened.push(db);
    if (bus) buses.push(await startInstanceBus({ db, url: t.url, onEvent, log: { warn: () => {} } }));
    return { db, bus: buses.at(-1) };
  };
  const databaseWithATour = async () => {
    t = await createTestDatabase('postgres');
    await t.db
      .insertInto('tours')
      .values({ id: 't1', name: 'Japón esencial', webSlug: 'japon', tourType: 'Group', createdAt: stamp, updatedAt: stamp })
      .execute();
  };
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.stop();
    for (const db of opened.splice(0)) await db.destroy();
    await t?.drop();
  });

  it('a read kept by one instance is dropped at another instance’s commit, not before it', async () => {
    await databaseWithATour();
    const a = await instance();
    const b = await instance();
    const deaf = await instance({ bus: false });
    expect(await readName(b.db)).toBe('Japón esencial');
    expect(await readName(deaf.db)).toBe('Japón esencial');

    await a.db.transaction().execute(async (trx) => {
      await trx.updateTable('tours').set({ name: 'Japón a fondo' }).where('id', '=', 't1').execute();
      // Not committed: the other instance keeps the name it read, which is still the database's.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await readName(b.db)).toBe('Japón esencial');
    });
    await vi.waitFor(async () => expect(await readName(b.db)).toBe('Japón a fondo'), { timeout: 10_000 });
    // Without the bus the old name is kept for as long as the cache trusts it.
    expect(await readName(deaf.db)).toBe('Japón esencial');
  });

  it('every table tells its writes, raw SQL and deletes included', async () => {
    t = await createTestDatabase('postgres');
    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    listener.on('notification', ({ payload }) => heard.push(payload ?? ''));
    await listener.query('listen shop_writes');
    try {
      await t.db.insertInto('tours').values({ id: 't1', name: 'Perú', webSlug: 'peru', tourType: 'FIT', createdAt: stamp, updatedAt: stamp }).execute();
      await sql`update periods set name = name`.execute(t.db);
      await t.db.deleteFrom('rateLimits').execute();
      await vi.waitFor(() => expect(heard).toEqual(['tours', 'periods', 'rate_limits']), { timeout: 10_000 });
    } finally {
      await listener.end();
    }
  });

  it('a staff event published on one instance reaches the others, not itself again', async () => {
    t = await createTestDatabase('postgres');
    const toA: CmsEvent[] = [];
    const toB: CmsEvent[] = [];
    const a = await instance({ onEvent: (event) => toA.push(event) });
    await instance({ onEvent: (event) => toB.push(event) });
    const event: CmsEvent = { type: 'tour', id: 't1', name: 'Japón esencial', status: 'UPDATING' };
    // Something else on the channel is skipped, and the instances go on listening.
    await sql`select pg_notify('shop_events', 'no es un evento')`.execute(t.db);
    a.bus?.publish(event);
    await vi.waitFor(() => expect(toB).toEqual([event]), { timeout: 10_000 });
    expect(toA).toEqual([]);
  });

  it('after losing its connection it listens again, and drops what it kept (writes may have been missed)', async () => {
    await databaseWithATour();
    const b = await instance();
    expect(await readName(b.db)).toBe('Japón esencial');
    const listening = async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and query like 'listen shop_writes%'`.execute(t.db)
      ).rows.map((r) => r.pid);
    const [pid] = await listening();
    expect(pid).toBeDefined();
    // The listener's connection is cut, and a write happens while nobody listens.
    await sql`select pg_terminate_backend(${pid})`.execute(t.db);
    await t.db.updateTable('tours').set({ name: 'Japón a fondo' }).where('id', '=', 't1').execute();
    // The killed backend may still be listed for a moment: wait for one listener, and a new one. It
    // reconnects from the lost connection's 'end', which first dropped every kept read.
    await vi.waitFor(
      async () => {
        const now = await listening();
        expect(now).toHaveLength(1);
        expect(now).not.toContain(pid);
      },
      { timeout: 10_000 },
    );
    expect(await readName(b.db)).toBe('Japón a fondo');
    // And it hears the next commit.
    await t.db.updateTable('tours').set({ name: 'Japón en primavera' }).where('id', '=', 't1').execute();
    await vi.waitFor(async () => expect(await readName(b.db)).toBe('Japón en primavera'), { timeout: 10_000 });
  });
});
