/**
 * Fresh, real databases for tests: an SQLite file in a temporary folder always, and a PostgreSQL database
 * of its own (new, or reused emptied) when TEST_DATABASE_URL points at a server (npm test and .ci/run
 * start a throwaway one).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { type Db, type Dialect, migrateToLatest, openDatabase } from '#api/db/database.ts';
import { DEFAULT_PAYMENT_POLICIES } from '#shared/rules/payment-schedule.ts';

export interface TestDatabase {
  dialect: Dialect;
  url: string;
  db: Db;
  /** Closes the connection and deletes the database (a reused PostgreSQL one is handed back instead). */
  drop(): Promise<void>;
}

export const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Every engine this run can test against, for `describe.each`: the files whose behaviour depends on the
 * engine (queries written for it, migrations, locks, the instance bus, presses and seats at the same time,
 * backups) run on each. docs/decisions/040-test-groups.md lists them.
 */
export const dialects: Dialect[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * The engines for behaviour written once in portable Kysely (most routes): SQLite, which is quicker, unless
 * `TEST_ENGINES=all` asks for every engine everywhere (a change to the query layer, before a release).
 */
export const portableDialects: Dialect[] = process.env.TEST_ENGINES === 'all' ? dialects : ['sqlite'];

let counter = 0;

/**
 * Running every migration costs ~0.1 s on SQLite and ~0.3 s on PostgreSQL, and most tests start from a
 * fresh database: a migrated template per engine is copied instead (the file, or PostgreSQL's
 * `create database … template`). Vitest's global setup makes the templates once for the whole run and
 * names them in the environment; a script outside Vitest makes its own on first use. The migration
 * tests ask for `migrate: false` and run the migrations for real.
 */
const TEMPLATE_ENV: Record<Dialect, string> = { sqlite: 'TEST_SQLITE_TEMPLATE', postgres: 'TEST_POSTGRES_TEMPLATE' };
const templates = new Map<Dialect, Promise<string>>();

function migratedTemplate(dialect: Dialect): Promise<string> {
  let template = templates.get(dialect);
  if (!template) {
    const named = process.env[TEMPLATE_ENV[dialect]];
    template = named
      ? Promise.resolve(named)
      : createTemplate(dialect).then((url) => {
          if (dialect === 'sqlite') process.once('exit', () => rmSync(dirname(url), { recursive: true, force: true }));
          return url;
        });
    templates.set(dialect, template);
  }
  return template;
}

/** A migrated database to copy: an SQLite file's path or a PostgreSQL URL. */
async function createTemplate(dialect: Dialect): Promise<string> {
  const url =
    dialect === 'sqlite'
      ? join(mkdtempSync(join(tmpdir(), 'shop-template-')), 'shop.db')
      : await createPostgresDatabase(`shop_template_${process.pid}_${counter++}`);
  const db = openDatabase({ url });
  await migrateToLatest(db);
  // Closed, the SQLite file holds everything (WAL checkpointed), and PostgreSQL copies only a database
  // nobody is connected to.
  await db.destroy();
  if (dialect === 'postgres') await untilUnused(new URL(url).pathname.slice(1));
  return url;
}

/**
 * Vitest's global setup: the templates for every engine of this run, named in the environment the test
 * workers inherit; the function it returns removes them.
 */
export async function setupTemplates(): Promise<() => Promise<void>> {
  const made = await Promise.all(dialects.map(async (dialect) => [dialect, await createTemplate(dialect)] as const));
  for (const [dialect, url] of made) process.env[TEMPLATE_ENV[dialect]] = url;
  // Names this run's reused databases: two runs on one server (two terminals) keep apart.
  process.env.TEST_DATABASE_RUN = String(process.pid);
  return async () => {
    for (const [dialect, url] of made) {
      if (dialect === 'sqlite') rmSync(dirname(url), { recursive: true, force: true });
      else {
        await dropPostgresDatabase(new URL(url).pathname.slice(1));
        const c = new pg.Client({ connectionString: postgresUrl });
        await c.connect();
        const { rows } = await c.query<{ name: string }>(`select datname as name from pg_database where datname like 'shop\\_w${process.pid}\\_%'`);
        await c.end();
        for (const { name } of rows) await dropPostgresDatabase(name);
      }
    }
  };
}

/** Waits until no connection is open on the database `name` (pg's pool.end() resolves before its sockets close). */
async function untilUnused(name: string, client?: pg.Client): Promise<void> {
  const c = client ?? new pg.Client({ connectionString: postgresUrl });
  if (!client) await c.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0]?.n === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    if (!client) await c.end();
  }
}

async function dropPostgresDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: postgresUrl });
  await c.connect();
  // Dropping with (force) while a socket is still closing makes the server kill it, and that error
  // surfaces as an unhandled rejection: wait for the connections to go first.
  await untilUnused(name, c);
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}

/** Creates a PostgreSQL database on the test server, empty or as a copy of `template`, and gives its URL. */
async function createPostgresDatabase(name: string, template?: string): Promise<string> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  return urlOf(name);
}

/**
 * Even copied from a template, a PostgreSQL database costs ~0.2 s to create and ~0.03 s to drop, more
 * than most tests. Inside Vitest each worker keeps its own migrated databases (`shop_w{run}_{worker}_{n}`)
 * and hands one out again once its test has closed it, emptied: every table but the migrations' own. A
 * test file runs whole in one worker, so at a file's start every database of its worker is free. One
 * whose schema a test changed (a trigger, a function) is made again from the template.
 */
const inUse = new Set<number>();
const SCHEMA_SHAPE = `select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public')
  || ':' || (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped)
  || ':' || (select count(*) from pg_trigger where not tgisinternal)
  || ':' || (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public') as shape`;
let templateShape: Promise<string> | undefined;

async function queryOne<T>(url: string, text: string): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows[0] as T;
  } finally {
    await c.end();
  }
}

function urlOf(name: string): string {
  const u = new URL(postgresUrl ?? '');
  u.pathname = `/${name}`;
  return u.toString();
}

/** A migrated PostgreSQL database for this worker's test; `release` hands it back. */
async function claimPostgresDatabase(template: string): Promise<{ name: string; release: () => void }> {
  let n = 0;
  while (inUse.has(n)) n++;
  inUse.add(n);
  const name = `shop_w${process.env.TEST_DATABASE_RUN}_${process.env.VITEST_POOL_ID}_${n}`;
  const release = () => void inUse.delete(n);
  try {
    templateShape ??= queryOne<{ shape: string }>(template, SCHEMA_SHAPE).then((r) => r.shape);
    if (!(await emptiedIfSameShape(urlOf(name), await templateShape))) {
      await dropPostgresDatabase(name);
      await createPostgresDatabase(name, new URL(template).pathname.slice(1));
    }
    return { name, release };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Deletes every row but the migrations' records (foreign keys unchecked meanwhile: the replica role)
 * when the database exists with the template's schema; false when it does not exist or differs.
 */
async function emptiedIfSameShape(url: string, shape: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
  } catch (error) {
    if ((error as { code?: string }).code === '3D000') return false; // no such database yet
    throw error;
  }
  try {
    if ((await c.query<{ shape: string }>(SCHEMA_SHAPE)).rows[0]?.shape !== shape) return false;
    const { rows } = await c.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' and tablename not like 'kysely_migration%'`,
    );
    try {
      await c.query(`set session_replication_role = replica; ${rows.map((r) => `delete from "${r.name}";`).join(' ')} set session_replication_role = default;`);
      // Rows the migrations themselves write are part of "as migrated": the payment policies' defaults
      // (2026-12-02T10-payment-schedules), written back as that migration wrote them.
      for (const [tourType, policy] of Object.entries(DEFAULT_PAYMENT_POLICIES))
        await c.query('insert into payment_policies (tour_type, policy, version, updated_at) values ($1, $2, 1, $3)', [
          tourType,
          JSON.stringify(policy),
          '2026-12-02T10:00:00.000Z',
        ]);
    } catch (error) {
      // A TEST_DATABASE_URL whose user may not set the replica role: the database is made again instead.
      if ((error as { code?: string }).code === '42501') return false;
      throw error;
    }
    return true;
  } finally {
    await c.end();
  }
}

/** A new database of the given engine, with every migration run (`migrate: false`: empty). */
export async function createTestDatabase(dialect: Dialect, { migrate = true } = {}): Promise<TestDatabase> {
  let url: string;
  let cleanup: () => Promise<void>;
  const template = migrate ? await migratedTemplate(dialect) : undefined;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'shop-test-'));
    url = join(dir, 'shop.db');
    if (template) copyFileSync(template, url);
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else if (template && process.env.VITEST_POOL_ID && process.env.TEST_DATABASE_RUN) {
    const { name, release } = await claimPostgresDatabase(template);
    url = urlOf(name);
    cleanup = async () => release();
  } else {
    const name = `shop_test_${process.pid}_${Date.now()}_${counter++}`;
    url = await createPostgresDatabase(name, template && new URL(template).pathname.slice(1));
    cleanup = () => dropPostgresDatabase(name);
  }
  const db = openDatabase({ url });
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
