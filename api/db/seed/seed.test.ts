import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../database.ts';
import { verifyPassword } from '../../services/people/auth/password.ts';
import { createTestDatabase, postgresUrl } from '../../../tests/support/databases.ts';
import { suiteToday } from '../../../tests/support/test-today.ts';
import { cifFromNumber, dniFromNumber, nieFromNumber } from './identity.ts';
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemo, seedScale, type SeedSummary } from './index.ts';
import { createRandom } from './random.ts';

// The suite's day: `npm test` runs this file again with the demo seeded on other days (tests/support/test-today.ts).
const TODAY = suiteToday();
const WINDOW_END = `${Number(TODAY.slice(0, 4)) + 1}-12-31`;
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

// biome-ignore lint/suspicious/noExplicitAny: these checks walk every table by its SQL name, whatever its row type.
type AnyDb = Kysely<any>;

/** Every application table (migration bookkeeping excluded), as named in SQL. */
async function tableNames(db: AnyDb): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return (
    tables
      .map((t) => t.name)
      // The search index is each engine's own (SQLite's FTS5 table, PostgreSQL's stored column): not data.
      .filter((name) => !name.startsWith('kysely_') && !name.startsWith('travelers_search'))
      .sort()
  );
}

/** Each table's rows as canonical JSON, sorted: equal dumps mean equal databases, whatever the engine. */
async function dump(db: AnyDb): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await tableNames(db)) {
    const rows = await db.selectFrom(table).selectAll().execute();
    out[table] = rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(row)
              .filter(([key]) => key !== 'search_text' && key !== 'searchText')
              .sort(([a], [b]) => a.localeCompare(b)),
          ),
        ),
      )
      .sort();
  }
  return out;
}

function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'seed-test-'));
  dirs.push(dir);
  return dir;
}

async function freshSqlite(): Promise<{ db: Db; dir: string }> {
  const dir = freshDir();
  const db = openDatabase({ url: join(dir, 'shop.db') });
  await migrateToLatest(db);
  return { db, dir };
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('identity numbers', () => {
  it.each([
    [12345678, '12345678Z'],
    [0, '00000000T'],
    [99999999, '99999999R'],
  ])('DNI %i has check letter %s', (n, expected) => {
    expect(dniFromNumber(n)).toBe(expected);
  });
  it('builds NIE and CIF check characters', () => {
    expect(nieFromNumber('X', 1234567)).toBe('X1234567L');
    expect(nieFromNumber('Y', 1234567)).toBe('Y1234567X');
    expect(cifFromNumber('B', 1234567)).toBe('B12345674');
  });
});

describe('random', () => {
  it('repeats its sequence for the same seed and draws RFC 4122 v4 ids', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    expect(Array.from({ length: 5 }, () => a.uuid())).toEqual(Array.from({ length: 5 }, () => b.uuid()));
    expect(createRandom(1).uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const r = createRandom(3);
    for (let i = 0; i < 1000; i++) {
      const n = r.int(2, 5);
      expect(n >= 2 && n <= 5).toBe(true);
    }
  });
});

describe('demo seed on SQLite', () => {
  let db: Db;
  let dir: string;
  let summary: SeedSummary;

  beforeAll(async () => {
    ({ db, dir } = await freshSqlite());
    expect(await isDatabaseEmpty(db)).toBe(true);
    summary = await seedDemo(db, { today: TODAY, filesDir: join(dir, 'files') });
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('is no longer empty', async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(summary.counts.tours).toBeGreaterThanOrEqual(40);
  });

  it('fills every table', async () => {
    const kdb = db as AnyDb;
    for (const table of await tableNames(kdb)) {
      const row = await kdb
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBeGreaterThan(0);
    }
  });

  it('has 40+ tours over 15+ destinations on 5+ continents, with every tour type', async () => {
    const tours = await db.selectFrom('tours').select(['id', 'tourType', 'tagKeywords', 'rate', 'tagSeason']).execute();
    expect(tours.length).toBeGreaterThanOrEqual(40);
    expect(new Set(tours.map((t) => t.tourType))).toEqual(new Set(['Group', 'FIT', 'Private']));
    for (const t of tours) {
      expect(t.rate).toBeGreaterThanOrEqual(3.5);
      expect(t.rate).toBeLessThanOrEqual(5);
    }
    const used = await db
      .selectFrom('tourDestinations')
      .innerJoin('destinations', 'destinations.id', 'tourDestinations.destinationId')
      .select(['destinations.id', 'destinations.continentTxt'])
      .distinct()
      .execute();
    expect(used.length).toBeGreaterThanOrEqual(15);
    expect(new Set(used.map((d) => d.continentTxt)).size).toBeGreaterThanOrEqual(5);
    expect(await db.selectFrom('tourParentRegions').select('id').execute()).toHaveLength(tours.length);
    const christmas = await db.selectFrom('tours').select('id').where('webSlug', 'like', '%mercados-navidenos%').execute();
    expect(christmas.length).toBeGreaterThanOrEqual(1);
  });

  it('has exactly one hidden tour and exactly one tour without an adult price', async () => {
    const hidden = await db.selectFrom('tours').select('webSlug').where('tagKeywords', 'like', '%oculto%').execute();
    expect(hidden).toHaveLength(1);
    const withAdult = await db
      .selectFrom('prices')
      .select('tourId')
      .where('ageGroupName', '=', 'Adultos')
      .where('flightId', 'is', null)
      .where('tourId', 'is not', null)
      .where('valueCents', '>', 0)
      .execute();
    const tours = await db.selectFrom('tours').select('id').execute();
    expect(tours.length - new Set(withAdult.map((p) => p.tourId)).size).toBe(1);
    for (const p of await db
      .selectFrom('prices')
      .select('valueCents')
      .where('ageGroupName', '=', 'Adultos')
      .where('tourId', 'is not', null)
      .where('flightId', 'is', null)
      .execute()) {
      expect(p.valueCents).toBeGreaterThanOrEqual(99_000);
      expect(p.valueCents).toBeLessThanOrEqual(490_000);
    }
  });

  it('has past, in-window and beyond-window periods for every tour, with consistent lengths', async () => {
    const periods = await db.selectFrom('periods').selectAll().execute();
    const byTour = Map.groupBy(periods, (p) => p.tourId);
    for (const list of byTour.values()) {
      expect(list.some((p) => p.dayOne < TODAY)).toBe(true);
      expect(list.some((p) => p.dayOne >= TODAY && p.dayOne <= WINDOW_END && p.webBookable === 1 && p.publishWeb === 1)).toBe(true);
      expect(list.some((p) => p.dayOne > WINDOW_END)).toBe(true);
    }
    for (const p of periods) {
      const days = (Date.parse(p.returnDate) - Date.parse(p.dayOne)) / 86_400_000 + 1;
      expect(days).toBe(p.numberOfDays);
      expect(p.bookableAvailability).toBeLessThanOrEqual(40);
    }
    const tripTypes = new Set(periods.map((p) => p.tripType));
    expect(tripTypes).toContain('Single');
    expect(tripTypes).toContain('terceros');
    expect(periods.some((p) => p.webBookable === 0 || p.publishWeb === 0)).toBe(true);
    expect(periods.some((p) => p.bookableAvailability === 0 && p.dayOne > TODAY)).toBe(true);
    expect(new Set(periods.map((p) => p.source))).toEqual(new Set(['WEBDR', 'TOP', 'DRCAMPAIGN', 'DRLASTSEATS']));
  });

  it('has flights with journeys, a no-flight option, cockpit fares and varied guaranteed seats', async () => {
    const flights = await db.selectFrom('flights').select(['id', 'name', 'guaranteedAvailability']).execute();
    expect(flights.some((f) => f.name.includes('Sin vuelo'))).toBe(true);
    expect(flights.some((f) => f.name === 'Vuelo desde Madrid')).toBe(true);
    expect(flights.some((f) => f.guaranteedAvailability === 0)).toBe(true);
    const segments = await db.selectFrom('flightSegments').select(['departureIata', 'arrivalAt', 'departureAt']).execute();
    expect(new Set(segments.map((s) => s.departureIata))).toContain('BCN');
    for (const s of segments) expect(s.arrivalAt > s.departureAt).toBe(true);
    expect((await db.selectFrom('cockpitFlights').select('id').execute()).length).toBeGreaterThan(0);
  });

  it('has insurance, a rental car, activity packs and every room mode', async () => {
    const activities = await db.selectFrom('optionalActivities').select(['activityId', 'productType', 'subtype', 'name']).execute();
    expect(activities.some((a) => a.productType === 'Seguros' && a.name === 'Seguro de cancelación ampliado')).toBe(true);
    expect(activities.some((a) => a.subtype === 'Rental car')).toBe(true);
    const ids = new Set(activities.map((a) => a.activityId));
    const packs = await db.selectFrom('activityPacks').select('multipleActivityIds').execute();
    expect(packs.length).toBeGreaterThan(0);
    for (const pack of packs) for (const id of pack.multipleActivityIds.split(',')) expect(ids.has(id)).toBe(true);
    const modes = await db.selectFrom('reservationModes').select(['places', 'shareRoom']).execute();
    expect(new Set(modes.map((m) => m.places))).toEqual(new Set([1, 2, 3]));
    expect(modes.some((m) => m.shareRoom === 1)).toBe(true);
  });

  it('has coupons of every condition, type and validity state', async () => {
    const coupons = await db.selectFrom('coupons').selectAll().execute();
    expect(new Set(coupons.map((c) => c.couponCondition))).toEqual(new Set(['PER_TRAVELER', 'PER_BOOKING', 'PER_FOUR_TRAVELER']));
    expect(new Set(coupons.map((c) => c.type))).toEqual(new Set(['percentage', 'fixed']));
    expect(coupons.some((c) => c.tourId)).toBe(true);
    expect(coupons.some((c) => c.tourType)).toBe(true);
    expect(coupons.some((c) => c.periodId)).toBe(true);
    expect(coupons.some((c) => c.flightId)).toBe(true);
    expect(coupons.some((c) => c.endDate !== null && c.endDate < TODAY)).toBe(true);
    expect(coupons.some((c) => c.startDate !== null && c.startDate > TODAY)).toBe(true);
    expect(coupons.some((c) => c.uses === 0)).toBe(true);
    expect(coupons.some((c) => c.status === 'inactive')).toBe(true);
  });

  it('has reviews waiting for moderation, shown on the tour page once published', async () => {
    const pending = await db.selectFrom('travelerOpinions').selectAll().where('status', '=', 'DRAFT').execute();
    expect(pending.filter((o) => o.id.startsWith('opinion-pending-'))).toHaveLength(2);
    for (const o of pending) expect(o).toMatchObject({ tourViewable: 1, publishedMailAt: null });
    const published = await db.selectFrom('travelerOpinions').selectAll().where('status', '=', 'ACTIVE').execute();
    for (const o of published) expect(o.publishedMailAt).not.toBeNull();
  });

  it('has the home carousels, the offer sliders and the campaign grids', async () => {
    const sliders = await db.selectFrom('sliders').selectAll().execute();
    // One carousel for each home tab (the private trips' is the editor's FIT) and the family campaign's.
    for (const category of ['GROUP', 'SINGLE', 'FIT', 'FAMILY']) {
      expect(
        sliders.some((s) => s.category === category && s.status === 'ACTIVE' && s.website === 'WEBDR'),
        category,
      ).toBe(true);
    }
    expect(sliders.some((s) => s.status === 'DRAFT')).toBe(true);
    const bySlug = new Map(sliders.filter((s) => s.sliderSlug).map((s) => [s.sliderSlug, s]));
    expect(bySlug.get('ultimas-plazas')).toMatchObject({ title: 'Últimas Plazas', subtitle: 'Ofertas especiales de último minuto', status: 'ACTIVE' });
    expect(bySlug.get('ofertas')).toBeDefined();
    expect(bySlug.get('viaje-mercados-navidenos')).toMatchObject({ category: 'GRID', title: 'Viaje a mercados Navideños Europeos' });
    expect(bySlug.get('black-friday')?.category).toBe('GRID');
    const offers = await db.selectFrom('tourOffers').selectAll().execute();
    const cityCounts = new Set(offers.map((o) => Math.min(3, (JSON.parse(o.departureCities) as string[]).length)));
    expect(cityCounts).toEqual(new Set([0, 1, 2, 3]));
    for (const o of offers) for (const city of JSON.parse(o.departureCities) as string[]) expect(city).not.toMatch(/^Vuelo desde/);
    expect(new Set(offers.map((o) => o.status))).toEqual(new Set(['active', 'inactive']));
    const links = await db.selectFrom('tourSliders').select('tourOfferId').where('tourOfferId', 'is not', null).execute();
    expect(links).toHaveLength(offers.length);
    const codes = new Set((await db.selectFrom('coupons').select('code').execute()).map((c) => c.code));
    for (const o of offers) expect(codes.has(o.coupon)).toBe(true);
  });

  it('has landing contents of every kind the pages read, and their banner files', async () => {
    const contents = await db.selectFrom('landingContents').select(['slug', 'contentType', 'value1', 'value2']).execute();
    for (const slug of ['home', 'last-minute', 'ofertas', 'viaje-mercados-navidenos', 'black-friday', 'viajes-en-familia']) {
      expect(new Set(contents.filter((c) => c.slug === slug).map((c) => c.contentType))).toEqual(new Set(['TITLE', 'TEXT', 'IMAGE', 'ENRICHED_TEXT']));
    }
    for (const image of contents.filter((c) => c.contentType === 'IMAGE')) {
      expect(statSync(join(dir, 'files', image.value1 as string)).size).toBeGreaterThan(0);
      expect(statSync(join(dir, 'files', image.value2 as string)).size).toBeGreaterThan(0);
    }
  });

  it('writes a small thumbnail and a banner for every tour', async () => {
    for (const t of await db.selectFrom('tours').select(['id', 'thumbnail', 'banner']).execute()) {
      const thumb = readFileSync(join(dir, 'files', t.id, t.thumbnail as string));
      expect(thumb.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(thumb.length).toBeLessThan(40_000);
      expect(statSync(join(dir, 'files', t.id, t.banner as string)).size).toBeGreaterThan(0);
    }
  });

  it('has the demo accounts with their groups, guide and traveller links', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const user = await db.selectFrom('users').selectAll().where('email', '=', account.email).executeTakeFirstOrThrow();
      expect(user.emailVerifiedAt).not.toBeNull();
      expect(await verifyPassword(user.passwordHash as string, account.password)).toBe(true);
      const groups = await db.selectFrom('userGroups').select('groupName').where('userId', '=', user.id).execute();
      expect(groups.map((g) => g.groupName)).toEqual([...account.groups]);
      if (account.role === 'guide') {
        const guide = await db.selectFrom('guides').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
        expect((await db.selectFrom('guidePeriods').select('periodId').where('guideId', '=', guide.id).execute()).length).toBeGreaterThan(0);
        // An upcoming departure with confirmed travellers, for the guides' area.
        const upcoming = await db
          .selectFrom('guidePeriods')
          .innerJoin('periods', 'periods.id', 'guidePeriods.periodId')
          .innerJoin('bookings', 'bookings.periodId', 'periods.id')
          .select('periods.id')
          .where('guidePeriods.guideId', '=', guide.id)
          .where('periods.dayOne', '>=', TODAY)
          .where('bookings.status', '=', 'CONFIRMED')
          .execute();
        expect(upcoming.length).toBeGreaterThan(0);
      }
      if (account.role === 'traveler') {
        expect(user.travelerId).not.toBeNull();
        const confirmed = await db.selectFrom('bookings').select('id').where('travelerId', '=', user.travelerId).where('status', '=', 'CONFIRMED').execute();
        expect(confirmed.length).toBeGreaterThan(0);
      }
    }
  });

  it('uses valid DNI check letters and unique payment order numbers', async () => {
    const travelers = await db.selectFrom('travelers').select('dni').where('dni', 'is not', null).execute();
    let dnis = 0;
    for (const { dni } of travelers) {
      const m = /^(\d{8})([A-Z])$/.exec(dni as string);
      if (!m) continue;
      dnis++;
      expect(m[2]).toBe(DNI_LETTERS[Number(m[1]) % 23]);
    }
    expect(dnis).toBeGreaterThan(10);
    const statuses = await db.selectFrom('bookings').select('status').distinct().execute();
    expect(statuses.length).toBeGreaterThanOrEqual(4);
  });

  it('writes identical rows and identical image bytes for the same today and seed', async () => {
    const other = await freshSqlite();
    try {
      await seedDemo(other.db, { today: TODAY, filesDir: join(other.dir, 'files') });
      expect(await dump(other.db as AnyDb)).toEqual(await dump(db as AnyDb));
      expect(fileHashes(join(other.dir, 'files'))).toEqual(fileHashes(join(dir, 'files')));
    } finally {
      await other.db.destroy();
    }
  });
});

describe('scale seed', () => {
  it('writes N valid tours with 2–6 periods, prices, flights and a mode each', async () => {
    const { db } = await freshSqlite();
    try {
      const counts = await seedScale(db, { tours: 120, today: TODAY, seed: 3 });
      expect(counts.tours).toBe(120);
      const tours = await db.selectFrom('tours').select(['id', 'thumbnail']).execute();
      expect(tours.every((t) => t.thumbnail === null)).toBe(true);
      const periods = await db.selectFrom('periods').select(['id', 'tourId']).execute();
      for (const list of Map.groupBy(periods, (p) => p.tourId).values()) {
        expect(list.length).toBeGreaterThanOrEqual(2);
        expect(list.length).toBeLessThanOrEqual(6);
      }
      const flights = await db.selectFrom('flights').select('periodId').execute();
      expect(new Set(flights.map((f) => f.periodId)).size).toBe(periods.length);
      const modes = await db.selectFrom('reservationModes').select('periodId').execute();
      expect(new Set(modes.map((m) => m.periodId)).size).toBe(periods.length);
      expect(await db.selectFrom('tourDestinations').select('tourId').execute()).toHaveLength(120);
    } finally {
      await db.destroy();
    }
  });
});

// Runs when a PostgreSQL server is given (npm test and .ci/run start one).
describe.runIf(Boolean(postgresUrl))('seed on PostgreSQL', () => {
  it('writes the same demo rows as SQLite', async () => {
    const postgres = await createTestDatabase('postgres');
    const sqlite = await freshSqlite();
    try {
      await seedDemo(postgres.db, { today: TODAY, filesDir: join(freshDir(), 'files') });
      await seedDemo(sqlite.db, { today: TODAY, filesDir: join(sqlite.dir, 'files') });
      expect(await isDatabaseEmpty(postgres.db)).toBe(false);
      expect(await dump(postgres.db as AnyDb)).toEqual(await dump(sqlite.db as AnyDb));
    } finally {
      await postgres.drop();
      await sqlite.db.destroy();
    }
  });

  it('writes the scale catalogue in batches', async () => {
    const postgres = await createTestDatabase('postgres');
    try {
      const counts = await seedScale(postgres.db, { tours: 1500, today: TODAY });
      expect(counts.tours).toBe(1500);
      expect((await postgres.db.selectFrom('periods').select('id').execute()).length).toBeGreaterThanOrEqual(3000);
    } finally {
      await postgres.drop();
    }
  });
});
