import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '#shared/rules/dates.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createApi } from '../app.ts';
import { testConfig } from '../../tests/support/test-config.ts';

const today = new Date().toISOString().slice(0, 10);
const day = (days: number) => addDays({ date: today, days });
const stamp = '2026-01-01T00:00:00.000Z';

async function insertTour(db: TestDatabase['db'], { id, slug, publishWeb = 1 }: { id: string; slug: string; publishWeb?: number }) {
  await db
    .insertInto('tours')
    .values({ id, name: `Tour ${id}`, webSlug: slug, tourType: 'Group', publishWeb, createdAt: stamp, updatedAt: stamp })
    .execute();
}

async function insertPeriod(
  db: TestDatabase['db'],
  p: { id: string; tourId: string; dayOne: string; availability?: number; webBookable?: number; publishWeb?: number },
) {
  await db
    .insertInto('periods')
    .values({
      id: p.id,
      tourId: p.tourId,
      name: `Salida ${p.id}`,
      dayOne: p.dayOne,
      returnDate: addDays({ date: p.dayOne, days: 7 }),
      numberOfDays: 8,
      bookableAvailability: p.availability ?? 20,
      webBookable: p.webBookable ?? 1,
      publishWeb: p.publishWeb ?? 1,
    })
    .execute();
}

let priceId = 0;
const price = (owner: { tourId?: string; periodId?: string }, ageGroupName: string, valueCents: number) => ({
  id: `price-${++priceId}`,
  tourId: owner.tourId ?? null,
  periodId: owner.periodId ?? null,
  ageGroupName,
  valueCents,
});

describe.each(portableDialects)('GET /api/tours/:slug/departures on %s', (dialect) => {
  let t: TestDatabase;
  let api: ReturnType<typeof createApi>;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createApi({ db: t.db, config: { ...testConfig({}), databaseUrl: t.url } });
    await insertTour(t.db, { id: 't1', slug: 'japon-esencial' });
    await insertPeriod(t.db, { id: 'p-soon', tourId: 't1', dayOne: day(30), availability: 12 });
    await insertPeriod(t.db, { id: 'p-later', tourId: 't1', dayOne: day(60), availability: 3 });
    await insertPeriod(t.db, { id: 'p-past', tourId: 't1', dayOne: day(-5) });
    await insertPeriod(t.db, { id: 'p-not-web', tourId: 't1', dayOne: day(40), webBookable: 0 });
    await insertPeriod(t.db, { id: 'p-unpublished', tourId: 't1', dayOne: day(45), publishWeb: 0 });
    await insertPeriod(t.db, { id: 'p-too-far', tourId: 't1', dayOne: `${Number(today.slice(0, 4)) + 2}-01-15` });
    await t.db
      .insertInto('prices')
      .values([
        price({ tourId: 't1' }, 'Adultos', 100_000),
        price({ tourId: 't1' }, 'Niños', 80_000),
        // A supplement without a child price: children pay the adult supplement.
        price({ periodId: 'p-soon' }, 'Adultos', 15_050),
      ])
      .execute();
    await t.db
      .insertInto('campaigns')
      .values([
        {
          id: 'c-now',
          periodId: 'p-soon',
          name: 'Descuento otoño',
          valueCents: 10_000,
          validFromDate: day(-1),
          validUntilDate: day(10),
          discountAppliedPerTxt: 'PER_PAX',
        },
        {
          id: 'c-over',
          periodId: 'p-soon',
          name: 'Ya terminó',
          valueCents: 5_000,
          validFromDate: null,
          validUntilDate: day(-1),
          discountAppliedPerTxt: 'PER_PAX',
        },
      ])
      .execute();
    await insertTour(t.db, { id: 't2', slug: 'borrador', publishWeb: 0 });
    await insertPeriod(t.db, { id: 'p-draft', tourId: 't2', dayOne: day(30) });
    await insertTour(t.db, { id: 't3', slug: 'sin-salidas' });
    await insertTour(t.db, { id: 't4', slug: 'escondido' });
    await t.db.updateTable('tours').set({ tagKeywords: 'japón, Oculto' }).where('id', '=', 't4').execute();
  });
  afterEach(async () => t.drop());

  it('answers the live seats and prices of the listed departures, by date, never cached', async () => {
    const res = await api.request('/tours/japon-esencial/departures');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual([
      {
        periodId: 'p-soon',
        dayOne: day(30),
        returnDate: day(37),
        bookableAvailability: 12,
        // 1.000 € + 150,50 € supplement, rounded up to the euro as the quote does.
        adultPriceCents: 115_100,
        childPriceCents: 95_100,
        // Only the campaign in force today.
        campaignDiscountCents: 10_000,
        fromPriceCents: 105_100,
      },
      {
        periodId: 'p-later',
        dayOne: day(60),
        returnDate: day(67),
        bookableAvailability: 3,
        adultPriceCents: 100_000,
        childPriceCents: 80_000,
        campaignDiscountCents: 0,
        fromPriceCents: 100_000,
      },
    ]);
  });

  it('reflects a seat change at once (the static page may be an hour old)', async () => {
    await t.db.updateTable('periods').set({ bookableAvailability: 0 }).where('id', '=', 'p-later').execute();
    const body = (await (await api.request('/tours/japon-esencial/departures')).json()) as { periodId: string; bookableAvailability: number }[];
    expect(body.find((d) => d.periodId === 'p-later')?.bookableAvailability).toBe(0);
  });

  it('keeps its answer only until a period, price, campaign or the tour is written, also inside a transaction', async () => {
    const seats = async () =>
      ((await (await api.request('/tours/japon-esencial/departures')).json()) as { periodId: string; bookableAvailability: number }[]).map(
        (d) => `${d.periodId}:${d.bookableAvailability}`,
      );
    expect(await seats()).toEqual(['p-soon:12', 'p-later:3']);
    await t.db.updateTable('periods').set({ bookableAvailability: 2 }).where('id', '=', 'p-later').execute();
    expect(await seats()).toEqual(['p-soon:12', 'p-later:2']);
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('periods').set({ bookableAvailability: 1 }).where('id', '=', 'p-later').execute();
    });
    expect(await seats()).toEqual(['p-soon:12', 'p-later:1']);
    // A raw write names no table the cache can tell: it counts as a write to all of them.
    await sql`update periods set bookable_availability = 9 where id = 'p-soon'`.execute(t.db);
    expect(await seats()).toEqual(['p-soon:9', 'p-later:1']);
    await t.db.deleteFrom('campaigns').where('id', '=', 'c-now').execute();
    const prices = (await (await api.request('/tours/japon-esencial/departures')).json()) as { campaignDiscountCents: number }[];
    expect(prices[0]?.campaignDiscountCents).toBe(0);
    await t.db.updateTable('tours').set({ publishWeb: 0 }).where('id', '=', 't1').execute();
    expect((await api.request('/tours/japon-esencial/departures')).status).toBe(404);
  });

  it('answers an empty list for a published tour with nothing to book', async () => {
    const res = await api.request('/tours/sin-salidas/departures');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it.each([['no-existe'], ['borrador'], ['escondido'], ['x'.repeat(201)]])('answers 404 in the error shape for %s', async (slug) => {
    const res = await api.request(`/tours/${slug}/departures`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'No encontramos ese viaje. Puede que ya no esté a la venta.' } });
  });

  it('GET /:slug/booking gives the booking start the tour and the same departures', async () => {
    const res = await api.request('/tours/japon-esencial/booking');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.tour).toMatchObject({ slug: 'japon-esencial' });
    expect(body.departures).toEqual(await (await api.request('/tours/japon-esencial/departures')).json());
    expect((await api.request('/tours/escondido/booking')).status).toBe(404);
  });
});
