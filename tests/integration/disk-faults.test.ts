/**
 * A data folder that fills up or turns read-only while the shop runs (issue 16): writes are refused with a
 * clear Spanish 503, nothing is half-written, /api/health says degraded and why, and once there is room
 * again the shop takes bookings as before. Real filesystems: small tmpfs mounts, where this machine may
 * mount them (root, as in CI).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../support/test-config.ts';
import { migrateToLatest, openDatabase, type Db } from '#api/db/database.ts';
import { STORAGE_FAULT_MESSAGE } from '#api/errors.ts';
import { storageHealth } from '#api/services/platform/storage-health.ts';
import { createTestApi, insertDeparture, jsonRequest, validBooking } from '../support/booking-fixtures.ts';

const root = mkdtempSync(join(tmpdir(), 'shop-disk-'));
const mount = (dir: string, options: string) => {
  mkdirSync(dir, { recursive: true });
  return spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]).status === 0;
};
const unmount = (dir: string) => spawnSync('umount', [dir]);
const canMount = mount(join(root, 'probe'), 'size=1m') && unmount(join(root, 'probe')).status === 0;

/** Writes 1 MB blocks into `file` until the filesystem refuses. */
function fillUp(file: string): void {
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(1024 * 1024, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

describe.runIf(canMount)('a data folder that fills up while the shop runs', () => {
  const dataDir = join(root, 'data');
  const url = join(dataDir, 'shop.db');
  let db: Db;
  const apiNow = () => createTestApi(db, url, { config: { ...testConfig({ DATA_DIR: dataDir }), databaseUrl: url } });
  const bookings = async () =>
    Number(
      (
        await db
          .selectFrom('bookings')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    // Roomier than the point where health warns (64 MB), so "full" means the disk, not the warning.
    expect(mount(dataDir, 'size=80m')).toBe(true);
    db = openDatabase({ url });
    await migrateToLatest(db);
    await insertDeparture(db, { seats: 1000 });
  });
  afterAll(async () => {
    await db?.destroy();
    unmount(dataDir);
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses writes with a Spanish 503 and saves nothing, reports it on /api/health, and works again once there is room', async () => {
    const before = apiNow();
    expect((await before.request('/bookings', jsonRequest('POST', validBooking()))).status).toBe(201);
    expect(((await (await before.request('/health')).json()) as { storage: { ok: boolean } }).storage.ok).toBe(true);
    const count = await bookings();

    // A write that fits in space the database already has (a long write-ahead log, reused after a
    // checkpoint: the migrations leave one) succeeds on a full disk, rightly. Emptied, the log must grow.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    fillUp(join(dataDir, 'relleno'));
    const full = apiNow();
    const refused = await full.request('/bookings', jsonRequest('POST', validBooking()));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await refused.json()).error).toMatchObject({ code: 'UNAVAILABLE', message: STORAGE_FAULT_MESSAGE });
    const health = await full.request('/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', storage: { ok: false, reason: 'full' } });
    expect(await bookings()).toBe(count);

    rmSync(join(dataDir, 'relleno'));
    const check = new SQLite(url, { readonly: true });
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      check.close();
    }
    const again = apiNow();
    expect((await again.request('/bookings', jsonRequest('POST', validBooking()))).status).toBe(201);
    expect(await bookings()).toBe(count + 1);
    expect(((await (await again.request('/health')).json()) as { storage: { ok: boolean } }).storage.ok).toBe(true);
  });
});

describe.runIf(canMount)('a read-only data folder', () => {
  const dir = join(root, 'solo-lectura');
  afterAll(() => unmount(dir));

  it('is reported as read-only by the health check', async () => {
    expect(mount(dir, 'size=1m,ro')).toBe(true);
    expect(await storageHealth(dir).check()).toEqual({ ok: false, reason: 'read-only', freeBytes: expect.any(Number) });
  });
});
