import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backupShop, restoreShop } from '#api/db/backup.ts';
import { type Db, openDatabase } from '#api/db/database.ts';
import { seedDemo } from '#api/db/seed/index.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../support/databases.ts';
import { suiteToday } from '../support/test-today.ts';

const hasPgTools = (() => {
  try {
    execFileSync('pg_dump', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

/** What a restored shop must serve again: its bookings, payments and page content. */
async function contents(db: Db) {
  return {
    bookings: await db.selectFrom('bookings').selectAll().orderBy('id').execute(),
    payments: await db.selectFrom('payments').selectAll().orderBy('id').execute(),
    landingContents: await db.selectFrom('landingContents').selectAll().orderBy('id').execute(),
  };
}

const listFiles = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

describe.each(dialects.filter((dialect) => dialect === 'sqlite' || hasPgTools))('backup and restore on %s', (dialect) => {
  let t: TestDatabase;
  let dir: string;
  afterEach(async () => {
    await t?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = async () => {
    dir = mkdtempSync(join(tmpdir(), 'shop-backup-'));
    t = await createTestDatabase(dialect);
    const config = { databaseUrl: t.url, filesDir: join(dir, 'files'), dataDir: dir };
    await seedDemo(t.db, { today: suiteToday(), filesDir: config.filesDir });
    writeFileSync(join(dir, 'auth-secret'), 'el-secreto-de-la-tienda');
    return config;
  };

  it('a copy taken in the middle of another connection’s write restores the same bookings, payments, content, files and secret', async () => {
    const config = await open();
    const before = await contents(t.db);
    expect(before.bookings.length).toBeGreaterThan(0);
    expect(before.payments.length).toBeGreaterThan(0);
    const filesBefore = listFiles(config.filesDir);
    expect(filesBefore.length).toBeGreaterThan(0);

    const to = join(dir, 'backups', 'uno');
    // On SQLite another connection is in the middle of a write transaction too: the copy has what was committed.
    const pending = dialect === 'sqlite' ? new SQLite(t.url) : null;
    pending?.exec('begin immediate; update bookings set price_cents = 2 where id = (select min(id) from bookings)');
    const manifest = await backupShop(config, { to });
    pending?.exec('commit');
    pending?.close();
    expect(manifest).toMatchObject({ engine: dialect, files: true, secret: true });
    // Every traveller's personal data: the copy is for the shop's user alone (issue 29).
    expect(statSync(to).mode & 0o777).toBe(0o700);

    // After the copy: the pending write committed, a booking repriced, a payment removed, a file lost, the secret changed.
    const [booking] = before.bookings;
    await t.db.updateTable('bookings').set({ priceCents: 1 }).where('id', '=', booking!.id).execute();
    await t.db.deleteFrom('paymentNotifications').execute();
    await t.db.deleteFrom('paymentVouchers').execute();
    // Whichever payment has no refund and no invoice (an invoice is never deleted, so it keeps its payment): which
    // ones the demo refunds and invoices depends on the day it is seeded.
    const refunded = new Set((await t.db.selectFrom('refunds').select('paymentId').execute()).map((r) => r.paymentId));
    const invoiced = new Set((await t.db.selectFrom('invoices').select('paymentId').execute()).map((r) => r.paymentId));
    const unrefunded = before.payments.find((p) => !refunded.has(p.id) && !invoiced.has(p.id));
    expect(unrefunded).toBeDefined();
    await t.db.deleteFrom('payments').where('id', '=', unrefunded!.id).execute();
    rmSync(join(config.filesDir, filesBefore.find((f) => existsSync(join(config.filesDir, f)) && f.includes('.'))!));
    writeFileSync(join(dir, 'auth-secret'), 'otro');
    expect(await contents(t.db)).not.toEqual(before);

    // A restore wants the shop stopped: its connections closed.
    await t.db.destroy();
    await restoreShop(config, { from: to });
    const restored = openDatabase({ url: t.url });
    try {
      expect(await contents(restored)).toEqual(before);
    } finally {
      await restored.destroy();
    }
    expect(listFiles(config.filesDir)).toEqual(filesBefore);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8')).toBe('el-secreto-de-la-tienda');
  });

  it('refuses an unfinished or corrupt copy, and a second copy into the same folder, leaving the shop as it was', async () => {
    const config = await open();
    const before = await contents(t.db);
    const to = join(dir, 'backups', 'uno');
    await backupShop(config, { to });
    await expect(backupShop(config, { to })).rejects.toThrow(/Ya hay una copia/);
    await expect(restoreShop(config, { from: join(dir, 'backups') })).rejects.toThrow(/no es una copia terminada/);
    if (dialect === 'sqlite') {
      writeFileSync(join(to, 'shop.db'), Buffer.alloc(8192, 7));
      await t.db.destroy();
      await expect(restoreShop(config, { from: to })).rejects.toThrow();
      const again = openDatabase({ url: t.url });
      try {
        expect(await contents(again)).toEqual(before);
      } finally {
        await again.destroy();
      }
    }
  });
});
