/**
 * Fresh, real databases for tests: an SQLite file in a temporary folder always, and a new PostgreSQL
 * database when TEST_DATABASE_URL points at a server (npm test and .ci/run start a throwaway one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Db, type Dialect, migrateToLatest, openDatabase } from '#api/db/database.ts';

export interface TestDatabase {
  dialect: Dialect;
  url: string;
  db: Db;
  /** Closes the connection and deletes the database. */
  drop(): Promise<void>;
}

export const postgresUrl = process.env.TEST_DATABASE_URL;

/** The engines this run can test against, for `describe.each`. */
export const dialects: Dialect[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

let counter = 0;

/** A new empty database of the given engine; `migrate` runs every migration first. */
export async function createTestDatabase(dialect: Dialect, { migrate = true } = {}): Promise<TestDatabase> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'shop-test-'));
    url = join(dir, 'shop.db');
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `shop_test_${process.pid}_${Date.now()}_${counter++}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(postgresUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    cleanup = async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      // pg's pool.end() resolves before its sockets close; dropping with (force) while one is still
      // closing makes the server kill it, and that error surfaces as an unhandled rejection.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const db = openDatabase({ url });
  if (migrate) await migrateToLatest(db);
  return {
    dialect,
    url,
    db,
    drop: async () => {
      await db.destroy();
      await cleanup();
    },
  };
}
