import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteDialectConfig, sql, type Transaction } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { TableVersions, trackTableVersions } from './table-versions.ts';
import type { Database } from './tables.ts';

export type Db = Kysely<Database>;
/** A transaction of the shop's database: what a write that must be whole runs in. */
export type Trx = Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; anything else is a path to an SQLite file (or `:memory:`). */
  url: string;
}

/** Which engine a database URL selects. */
export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/**
 * Opens the shop's database. Columns are snake_case in SQL and camelCase in code (CamelCasePlugin),
 * so the same queries run on both engines.
 */
export function openDatabase({ url }: DatabaseOptions): Db {
  // After the case plugin: the writes' tables are named as in SQL.
  const versions = new TableVersions();
  const plugins = [new CamelCasePlugin(), versions];
  if (dialectOf(url) === 'postgres') {
    // int8 (count(*), sum()) comes back as a string by default; our values fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    return trackTableVersions(
      new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) }), plugins }),
      versions,
    );
  }
  if (url !== ':memory:') mkdirSync(dirname(url), { recursive: true });
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return trackTableVersions(new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins }), versions);
}

/** What Kysely's driver runs for a rollback after SQLite has rolled back already. */
const NOTHING_TO_ROLL_BACK = { reader: false, run: () => ({ changes: 0, lastInsertRowid: 0 }) } as unknown as SQLite.Statement;

/** How many prepared statements an SQLite connection keeps; the shop's distinct queries are a few hundred. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs as much as running a small
 * query (the profile of the departures route, issue 15). Statements are kept by their SQL, least
 * recently used dropped first; one still being iterated (a streamed select) is never handed out twice.
 * SQLite itself re-prepares a kept statement after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDialectConfig['database'] {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      // Kysely opens every transaction with a plain (deferred) 'begin': one that reads and then writes
      // while another process has written meanwhile fails at once with "database is locked", the busy
      // timeout notwithstanding (SQLite's deadlock rule). Taking the write lock at 'begin' makes such a
      // transaction wait its turn instead: two instances on one file (bench/seat-writes.ts) lost a third
      // of their bookings before.
      // SQLite ends a transaction by itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY): Kysely's
      // rollback then fails with "no transaction is active", and that error replaces the one that says why
      // (a full disk becomes an unexplained 500). Rolling back nothing is then a no-op.
      if (text === 'rollback' && !sqlite.inTransaction) return NOTHING_TO_ROLL_BACK;
      const sql = text === 'begin' ? 'begin immediate' : text;
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (!kept) {
        statements.set(sql, statement);
        if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}

/** Runs every pending migration; throws with the failing migration's name if one fails. */
// biome-ignore lint/suspicious/noExplicitAny: Kysely's Migrator works on any schema, as migrations run before the typed one exists.
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  // SQLite changes a table's checks only by making the table again, which its foreign keys would refuse: they
  // are off while migrations run (SQLite's own recipe, outside any transaction) and checked whole after.
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  if (sqlite) await sql`pragma foreign_keys = off`.execute(db);
  const result = await migrator.migrateToLatest().finally(async () => {
    if (sqlite) await sql`pragma foreign_keys = on`.execute(db);
  });
  if (sqlite) {
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length) throw new Error(`Migrations left ${broken.rows.length} rows whose foreign keys point nowhere`);
  }
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}

/**
 * Whether a write failed on a unique index or primary key: the database refusing a second copy of
 * something that must happen once (SQLite's "UNIQUE constraint failed", PostgreSQL's "duplicate key").
 * Jobs and links that run twice catch it and move on.
 */
export const isUniqueViolation = (error: unknown): boolean => /unique|duplicate|primary key/i.test(String((error as { message?: string })?.message ?? error));
