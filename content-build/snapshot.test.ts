import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '#api/db/seed/index.ts';
import { catalogueWindow } from '#shared/rules/catalogue.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../tests/support/databases.ts';
import { readCatalogueSnapshot, readTourBatches, readTourSnapshot } from './snapshot.ts';
import { readContentSnapshot } from './snapshot-content.ts';
import { ContentDeltaSchema } from './page-renderer.ts';

const today = '2026-11-22';
const now = new Date(`${today}T12:00:00Z`);

describe.each(dialects)('catalogue snapshot from the demo seed on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    filesDir = mkdtempSync(join(tmpdir(), 'shop-files-'));
    await seedDemo(t.db, { today, filesDir });
  });
  afterAll(async () => {
    await t.drop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('lists only published tours and periods inside the window that are web-bookable', async () => {
    const snapshot = await readCatalogueSnapshot(t.db, { now });
    const { from, to } = catalogueWindow(now);
    const published = await t.db.selectFrom('tours').select('id').where('publishWeb', '=', 1).execute();
    expect(snapshot.tours.map((x) => x.id).sort()).toEqual(published.map((x) => x.id).sort());
    const periods = snapshot.tours.flatMap((x) => x.periods);
    expect(periods.length).toBeGreaterThan(0);
    for (const p of periods) {
      expect(p.webBookable && p.publishWeb).toBe(true);
      expect(p.dayOne >= from && p.dayOne <= to).toBe(true);
    }
    const past = await t.db.selectFrom('periods').select('id').where('dayOne', '<', from).execute();
    const beyond = await t.db.selectFrom('periods').select('id').where('dayOne', '>', to).execute();
    expect(past.length).toBeGreaterThan(0);
    expect(beyond.length).toBeGreaterThan(0);
    const listed = new Set(periods.map((p) => p.id));
    for (const p of [...past, ...beyond]) expect(listed.has(p.id)).toBe(false);
  });

  // An offer's coupon code is public on purpose: the offer cards tell visitors to type it at payment.
  it('carries no purchase prices, margins, bookings or personal data', async () => {
    const snapshot = await readCatalogueSnapshot(t.db, { now });
    const keys = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          keys.add(k);
          walk(v);
        }
      }
    };
    walk(snapshot);
    for (const secret of [
      'purchasePriceCents',
      'agencyPurchasePriceCents',
      'agencyMarginCents',
      'totalTaxCents',
      'fareId',
      'bookings',
      'travelers',
      'dni',
      'passwordHash',
      'couponCondition',
      'uses',
    ]) {
      expect(keys.has(secret), secret).toBe(false);
    }
    const json = JSON.stringify(snapshot);
    const travelers = await t.db.selectFrom('travelers').select(['email', 'dni']).execute();
    expect(travelers.length).toBeGreaterThan(0);
    for (const traveler of travelers) {
      if (traveler.email) expect(json).not.toContain(traveler.email);
      if (traveler.dni) expect(json).not.toContain(traveler.dni);
    }
  });

  it('gives the same bytes for the same data', async () => {
    const a = JSON.stringify(await readCatalogueSnapshot(t.db, { now }));
    const b = JSON.stringify(await readCatalogueSnapshot(t.db, { now }));
    expect(a).toBe(b);
  });

  // The tour editor's targeted rebuild sends one tour read alone: it must be the full snapshot's tour, byte for byte.
  it('hands the page renderer every part of the content it reads: a targeted publication replaces each', async () => {
    const content = await readContentSnapshot(t.db);
    expect(Object.keys(content).sort()).toEqual(Object.keys(ContentDeltaSchema.shape).sort());
    expect(content.homeOpinions.length).toBeGreaterThan(0);
    expect(content.travellerPhotos.length).toBeGreaterThan(0);
  });

  it('reads the tours in batches of any size with the same bytes, in the catalogue’s order', async () => {
    const read = async (size: number) => {
      const tours = [];
      for await (const batch of readTourBatches(t.db, { now, size })) tours.push(...batch);
      return JSON.stringify(tours);
    };
    const whole = await read(10_000);
    expect(JSON.parse(whole).length).toBeGreaterThan(20);
    expect(await read(1)).toBe(whole);
    expect(await read(7)).toBe(whole);
  });

  it('reads one tour alone exactly as the whole catalogue carries it', async () => {
    const snapshot = await readCatalogueSnapshot(t.db, { now });
    for (const tour of snapshot.tours) expect(JSON.stringify(await readTourSnapshot(t.db, tour.id, { now }))).toBe(JSON.stringify(tour));
    const hidden = await t.db.selectFrom('tours').select('id').where('publishWeb', '=', 0).executeTakeFirst();
    if (hidden) expect(await readTourSnapshot(t.db, hidden.id, { now })).toBeNull();
    expect(await readTourSnapshot(t.db, 'no-such-tour', { now })).toBeNull();
  });

  // The one check of the tours a build reads: its renderer takes the summaries the writer made of them
  // (snapshot-file.ts). A REAL in an INTEGER column is SQLite's to keep; PostgreSQL would round it.
  it.runIf(dialect === 'sqlite')('refuses a tour its schema refuses, so the build fails rather than its page', async () => {
    const tour = await t.db.selectFrom('tours').select(['id', 'sortTour']).where('publishWeb', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('tours').set({ sortTour: 1.5 }).where('id', '=', tour.id).execute();
    try {
      const readAll = async () => {
        for await (const batch of readTourBatches(t.db, { now, size: 5 })) expect(batch.length).toBeGreaterThan(0);
      };
      await expect(readAll()).rejects.toThrow(/sortTour/);
    } finally {
      await t.db.updateTable('tours').set({ sortTour: tour.sortTour }).where('id', '=', tour.id).execute();
    }
  });
});
