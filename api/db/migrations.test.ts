import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { migrateToLatest } from './database.ts';
import { generateTableTypes } from './codegen.ts';
import { migrations } from './migrations/index.ts';
import { readFileSync } from 'node:fs';

const now = '2026-11-22T10:00:00.000Z';

describe.each(dialects)('migrations on %s', (dialect) => {
  let t: TestDatabase;
  afterEach(async () => t?.drop());

  it('run up from empty, then are a no-op the second time', async () => {
    t = await createTestDatabase(dialect, { migrate: false });
    const first = await migrateToLatest(t.db);
    expect(first.results?.map((r) => r.migrationName)).toEqual(Object.keys(migrations));
    const second = await migrateToLatest(t.db);
    expect(second.results).toEqual([]);
  });

  it.runIf(dialect === 'postgres')('give every table the trigger that tells the other instances of its writes', async () => {
    t = await createTestDatabase(dialect);
    const { rows } = await sql<{ name: string }>`
      select tablename as name from pg_tables
      where schemaname = current_schema() and tablename not like 'kysely_migration%'
        and tablename not in (select c.relname from pg_trigger tr join pg_class c on c.oid = tr.tgrelid where tr.tgname = 'shop_notify_write')`.execute(t.db);
    // A new table needs it in its migration: see 2026-11-29T10-write-notifications.ts.
    expect(rows.map((r) => r.name)).toEqual([]);
  });

  it('enforce foreign keys', async () => {
    t = await createTestDatabase(dialect);
    await expect(
      t.db.insertInto('periods').values({ id: 'p1', tourId: 'missing', name: 'x', dayOne: '2027-01-01', returnDate: '2027-01-08', numberOfDays: 8 }).execute(),
    ).rejects.toThrow();
  });

  it('refuse availability below zero and unknown enumeration values', async () => {
    t = await createTestDatabase(dialect);
    await t.db.insertInto('tours').values({ id: 't1', name: 'Japón', webSlug: 'japon', tourType: 'Group', createdAt: now, updatedAt: now }).execute();
    await t.db
      .insertInto('periods')
      .values({ id: 'p1', tourId: 't1', name: 'Abril', dayOne: '2027-04-01', returnDate: '2027-04-10', numberOfDays: 10, bookableAvailability: 1 })
      .execute();
    // The conditional seat update the booking service relies on: the CHECK turns an oversell into an error.
    await expect(
      t.db
        .updateTable('periods')
        .set((eb) => ({ bookableAvailability: eb('bookableAvailability', '-', 2) }))
        .where('id', '=', 'p1')
        .execute(),
    ).rejects.toThrow();
    await expect(
      // @ts-expect-error: the generated types refuse an unknown tour type too; here the database must.
      t.db.insertInto('tours').values({ id: 't2', name: 'x', webSlug: 'x', tourType: 'Cruise', createdAt: now, updatedAt: now }).execute(),
    ).rejects.toThrow();
    await expect(
      // @ts-expect-error: the generated types refuse an unknown status too; here the database must.
      t.db.insertInto('bookings').values({ id: 'b1', differentId: '123456', periodId: 'p1', status: 'PAID', createdAt: now, updatedAt: now }).execute(),
    ).rejects.toThrow();
    const period = await t.db.selectFrom('periods').select('bookableAvailability').where('id', '=', 'p1').executeTakeFirstOrThrow();
    expect(period.bookableAvailability).toBe(1);
  });

  it('keep money as integer cents and flags as 0/1', async () => {
    t = await createTestDatabase(dialect);
    await t.db
      .insertInto('tours')
      .values({ id: 't1', name: 'Perú', webSlug: 'peru', tourType: 'FIT', publishWeb: 1, createdAt: now, updatedAt: now })
      .execute();
    await t.db.insertInto('prices').values({ id: 'pr1', tourId: 't1', ageGroupName: 'Adultos', valueCents: 129_050 }).execute();
    const row = await t.db
      .selectFrom('prices')
      .innerJoin('tours', 'tours.id', 'prices.tourId')
      .select(['prices.valueCents', 'tours.publishWeb', 'prices.categoryName', sql<number>`count(*) over ()`.as('n')])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ valueCents: 129_050, publishWeb: 1, categoryName: 'Standard category', n: 1 });
    await expect(
      t.db.insertInto('tours').values({ id: 't3', name: 'x', webSlug: 'y', tourType: 'FIT', publishWeb: 2, createdAt: now, updatedAt: now }).execute(),
    ).rejects.toThrow();
  });

  it('keep the outbox whole through the feedback mail type: its mails and logs kept, FEEDBACK allowed, unknown types and orphan logs refused', async () => {
    t = await createTestDatabase(dialect, { migrate: false });
    const mail = (id: string, type: string) => ({
      id,
      type,
      to_address: 'ana@viajes.es',
      subject: 's',
      html: 'h',
      text: 't',
      next_attempt_at: now,
      created_at: now,
    });
    // A mail and its log written before the migration survive it.
    await new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } }).migrateTo('2026-11-25T27-payment-reminders');
    const raw = t.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await raw.insertInto('mails').values(mail('m0', 'BONO_RESERVA')).execute();
    await raw.insertInto('mail_logs').values({ id: 'l0', mail_id: 'm0', type: 'BONO_RESERVA', status: 'SENT', created_at: now }).execute();
    await migrateToLatest(t.db);
    expect(await t.db.selectFrom('mails').select(['id', 'type', 'toAddress']).execute()).toEqual([
      { id: 'm0', type: 'BONO_RESERVA', toAddress: 'ana@viajes.es' },
    ]);
    expect(await t.db.selectFrom('mailLogs').select(['id', 'mailId']).execute()).toEqual([{ id: 'l0', mailId: 'm0' }]);

    await raw.insertInto('mails').values(mail('m1', 'FEEDBACK')).execute();
    await expect(raw.insertInto('mails').values(mail('m2', 'OPINION')).execute()).rejects.toThrow();
    // mail_logs still points at the rebuilt table: a log of a missing mail is refused, a mail's logs go with it.
    await t.db.insertInto('mailLogs').values({ id: 'l1', mailId: 'm1', type: 'FEEDBACK', status: 'SENT', createdAt: now }).execute();
    await expect(
      t.db.insertInto('mailLogs').values({ id: 'l2', mailId: 'missing', type: 'FEEDBACK', status: 'SENT', createdAt: now }).execute(),
    ).rejects.toThrow();
    await t.db.deleteFrom('mails').where('id', '=', 'm1').execute();
    expect(await t.db.selectFrom('mailLogs').select('id').execute()).toEqual([{ id: 'l0' }]);
  });
});

describe('table types', () => {
  it('match the migrations (run `npm run db:types` after adding one)', async () => {
    const onDisk = readFileSync(new URL('./tables.ts', import.meta.url), 'utf8');
    expect(onDisk).toBe(await generateTableTypes());
  });
});
