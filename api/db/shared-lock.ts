/**
 * Work that one instance of the shop does at a time (issue 16): the scheduled jobs and the site's builds.
 * On PostgreSQL, a session advisory lock named after the work, held on a connection of its own while the
 * work runs on the pool: every instance on the same database sees it, and a process that dies releases
 * it with its connection. SQLite is one process's database, so there the work just runs.
 *
 * @example
 * // Skipped when another instance is already on it (the hourly jobs):
 * await withSharedLock(db, 'job:points', () => creditTripPoints(db, new Date()), { wait: false });
 * // Waits its turn (a build must not run beside another one on the shared site folder):
 * await withSharedLock(db, 'site-build', () => site.build(), { wait: true });
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.ts';

export type SharedLockResult<T> = { ran: true; value: T } | { ran: false };

export async function withSharedLock<T>(db: Db, name: string, work: () => Promise<T>, { wait }: { wait: boolean }): Promise<SharedLockResult<T>> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return { ran: true, value: await work() };
  return db.connection().execute(async (connection) => {
    if (wait) {
      await sql`select pg_advisory_lock(hashtext(${name}))`.execute(connection);
    } else {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${name})) as locked`.execute(connection);
      if (!rows[0]?.locked) return { ran: false } as const;
    }
    try {
      return { ran: true, value: await work() } as const;
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(connection);
    }
  });
}
