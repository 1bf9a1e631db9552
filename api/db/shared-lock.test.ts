import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { openDatabase } from './database.ts';
import { withSharedLock } from './shared-lock.ts';

/** A promise and the function that settles it, to hold work open while another instance tries. */
const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

describe.each(dialects)('work one instance does at a time, on %s', (dialect) => {
  let t: TestDatabase;
  afterEach(async () => t?.drop());

  it('runs the work and answers its value', async () => {
    t = await createTestDatabase(dialect, { migrate: false });
    expect(await withSharedLock(t.db, 'job:points', async () => 42, { wait: false })).toEqual({ ran: true, value: 42 });
    // Released after a failure: the next round runs.
    await expect(withSharedLock(t.db, 'job:points', () => Promise.reject(new Error('falla')), { wait: false })).rejects.toThrow('falla');
    expect(await withSharedLock(t.db, 'job:points', async () => 'otra vez', { wait: false })).toEqual({ ran: true, value: 'otra vez' });
  });

  if (dialect !== 'postgres') return;

  it('skips the work while another instance holds it, and waits its turn when asked to', async () => {
    t = await createTestDatabase(dialect, { migrate: false });
    const other = openDatabase({ url: t.url });
    try {
      const held = gate();
      const started = gate();
      const first = withSharedLock(
        other,
        'site-build',
        async () => {
          started.open();
          await held.opened;
          return 'primera';
        },
        { wait: true },
      );
      await started.opened;
      expect(await withSharedLock(t.db, 'site-build', async () => 'saltada', { wait: false })).toEqual({ ran: false });
      // Another name is another lock.
      expect(await withSharedLock(t.db, 'job:reminders', async () => 'libre', { wait: false })).toEqual({ ran: true, value: 'libre' });
      const order: string[] = [];
      const second = withSharedLock(
        t.db,
        'site-build',
        async () => {
          order.push('segunda');
        },
        { wait: true },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      order.push('suelta la primera');
      held.open();
      expect(await first).toEqual({ ran: true, value: 'primera' });
      await second;
      expect(order).toEqual(['suelta la primera', 'segunda']);
    } finally {
      await other.destroy();
    }
  });

  it('is released when the instance holding it dies (its connection ends)', async () => {
    t = await createTestDatabase(dialect, { migrate: false });
    // Another instance's connection, holding the job's lock as `withSharedLock` does.
    const other = new pg.Client({ connectionString: t.url });
    other.on('error', () => {});
    await other.connect();
    const { rows } = await other.query<{ pid: number }>("select pg_backend_pid() as pid, pg_advisory_lock(hashtext('job:points'))");
    expect(await withSharedLock(t.db, 'job:points', async () => 'no', { wait: false })).toEqual({ ran: false });
    // Its process is killed: the server ends its session, and the lock with it.
    await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(t.db);
    await other.end().catch(() => {});
    // pg_terminate_backend only signals: the lock goes when that backend has exited, a moment later.
    for (let i = 0; i < 100; i++) {
      const alive = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pid = ${rows[0]!.pid}`.execute(t.db);
      if (alive.rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await withSharedLock(t.db, 'job:points', async () => 'sí', { wait: false })).toEqual({ ran: true, value: 'sí' });
  });
});
