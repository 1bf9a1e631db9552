// Frozen migration: never edit after it has run anywhere; add a new one instead.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Several instances on one PostgreSQL keep reads in memory until their tables are written (ADR 028,
 * 032). Each table tells every instance when a statement has written it: `pg_notify('shop_writes',
 * table)`, delivered at commit, which the instances listen for (api/services/instance-bus.ts). SQLite
 * has one process: nothing to tell.
 *
 * A table added by a later migration gets the same trigger there:
 *   create trigger shop_notify_write after insert or update or delete or truncate on "t"
 *     for each statement execute function shop_notify_write()
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create function shop_notify_write() returns trigger language plpgsql as $$
    begin
      perform pg_notify('shop_writes', tg_table_name);
      return null;
    end
  $$`.execute(db);
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema() and tablename not like 'kysely_migration%'`.execute(db);
  for (const { name } of rows) {
    await sql`create trigger shop_notify_write after insert or update or delete or truncate on ${sql.id(name)} for each statement execute function shop_notify_write()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'shop_notify_write'`.execute(db);
  for (const { name } of rows) await sql`drop trigger shop_notify_write on ${sql.id(name)}`.execute(db);
  await sql`drop function shop_notify_write()`.execute(db);
}
