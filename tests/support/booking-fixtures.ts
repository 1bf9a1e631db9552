/**
 * For the API's booking tests: one hand-built departure whose every price is known, so quotes can be checked
 * against figures computed by hand from the spec's rules, plus a test API with a chosen caller.
 */
import { createApi } from '#api/app.ts';
import type { AuthContext } from '#api/auth-context.ts';
import type { AppDeps } from '#api/app-deps.ts';
import { testConfig } from './test-config.ts';
import type { Db, Dialect } from '#api/db/database.ts';
import type { Database } from '#api/db/tables.ts';
import { cookieHeader, storeCookies, TEST_ORIGIN } from './auth-client.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { addDays } from '#shared/rules/dates.ts';

export const today = new Date().toISOString().slice(0, 10);
export const day = (days: number) => addDays({ date: today, days });
/** A birth date that makes someone `years` old (or one less) on any day the suite runs: a child stays a child. */
export const bornYearsAgo = (years: number) => `${Number(today.slice(0, 4)) - years}-06-15`;
const stamp = '2026-01-01T00:00:00.000Z';

let priceSeq = 0;
const price = (owner: Record<string, string>, ageGroupName: string, valueCents: number) => ({
  id: `price-${++priceSeq}`,
  tourId: null,
  periodId: null,
  flightId: null,
  optionalActivityId: null,
  activityPackId: null,
  reservationModeId: null,
  ...owner,
  ageGroupName,
  valueCents,
});

/**
 * Tour 't1' (Group), departure 'p1' in 60 days with `seats` seats:
 * - tour price: Adultos 1.000 €, Niños 800 €; period supplement: Adultos 150,50 € (children pay it too);
 * - flights: 'f1' from Madrid, own price (guaranteed 10): Adultos 300 €, Niños 250 €; 'f3' from Barcelona,
 *   guaranteed 0, cockpit 200 € + 10,50 € fee (rounded up: 211 €), 4 seats, fare 'FARE-BCN-NRT' whose
 *   verified agency price is the same 211 € (150 + 12 margin + 49 tax); 'f4' from Madrid, guaranteed 0,
 *   2 seats, cockpit Adultos 180 € + 12 €, Niños 150 € + 12 €, no fare; 'f2' 'Sin vuelo'. f1 and f3 have an
 *   outbound and an inbound journey (f3 outbound via Madrid: two segments);
 * - room 'DBL' (2 places, 5 rooms, +50 €), activity 'ACT1' (40 €, 3 seats), insurance 'SEG' (25 €),
 *   rental car 'CAR' (never offered), pack 'PACK' of ACT1 (60 €);
 * - campaign 100 € per pax in force, one expired; coupons VERANO10 (10 %), CADUCADO (expired), OTROTOUR.
 */
export async function insertDeparture(db: Db, { seats = 10, dayOne = day(60) }: { seats?: number; dayOne?: string } = {}) {
  await db
    .insertInto('tours')
    .values([
      { id: 't1', name: 'Japón esencial', webSlug: 'japon-esencial', tourType: 'Group', publishWeb: 1, createdAt: stamp, updatedAt: stamp },
      { id: 't2', name: 'Otro', webSlug: 'otro', tourType: 'Group', publishWeb: 1, createdAt: stamp, updatedAt: stamp },
    ])
    .execute();
  await db
    .insertInto('periods')
    .values([
      {
        id: 'p1',
        tourId: 't1',
        name: 'Salida p1',
        dayOne,
        returnDate: addDays({ date: dayOne, days: 9 }),
        numberOfDays: 10,
        bookableAvailability: seats,
        webBookable: 1,
        publishWeb: 1,
      },
      {
        id: 'p-not-web',
        tourId: 't1',
        name: 'Salida interna',
        dayOne,
        returnDate: addDays({ date: dayOne, days: 9 }),
        numberOfDays: 10,
        bookableAvailability: 10,
        webBookable: 0,
        publishWeb: 1,
      },
    ])
    .execute();
  await db
    .insertInto('flights')
    .values([
      { id: 'f1', periodId: 'p1', name: 'Madrid - Tokio', departureCity: 'Madrid', guaranteedAvailability: 10, bookableAvailability: 10 },
      { id: 'f2', periodId: 'p1', name: 'Sin vuelo', departureCity: null, guaranteedAvailability: 0, bookableAvailability: 0 },
      { id: 'f3', periodId: 'p1', name: 'Barcelona - Tokio', departureCity: 'Barcelona', guaranteedAvailability: 0, bookableAvailability: 4 },
      { id: 'f4', periodId: 'p1', name: 'Madrid - Osaka', departureCity: 'Madrid', guaranteedAvailability: 0, bookableAvailability: 2 },
    ])
    .execute();
  await db
    .insertInto('cockpitPrices')
    .values([
      { id: 'cp1', flightId: 'f3', ageGroupName: 'Adultos', flightCostCents: 20_000, feeCents: 1_050 },
      { id: 'cp4a', flightId: 'f4', ageGroupName: 'Adultos', flightCostCents: 18_000, feeCents: 1_200 },
      { id: 'cp4c', flightId: 'f4', ageGroupName: 'Niños', flightCostCents: 15_000, feeCents: 1_200 },
    ])
    .execute();
  await db
    .insertInto('cockpitFlights')
    .values({
      id: 'cf3',
      flightId: 'f3',
      fareId: 'FARE-BCN-NRT',
      purchasePriceCents: 15_000,
      agencyPurchasePriceCents: 14_550,
      agencyMarginCents: 1_200,
      totalTaxCents: 4_900,
      verifiedFareDate: '2026-01-01T00:00:00.000Z',
      bookable: 1,
      ticketTimeLimit: null,
    })
    .execute();
  const at = (date: string, time: string) => `${date}T${time}:00.000Z`;
  const back = addDays({ date: dayOne, days: 9 });
  await db
    .insertInto('flightJourneys')
    .values([
      { id: 'j1-out', flightId: 'f1', direction: 'outbound', position: 0 },
      { id: 'j1-in', flightId: 'f1', direction: 'inbound', position: 1 },
      { id: 'j3-out', flightId: 'f3', direction: 'outbound', position: 0 },
      { id: 'j3-in', flightId: 'f3', direction: 'inbound', position: 1 },
    ])
    .execute();
  const segment = (
    id: string,
    journeyId: string,
    position: number,
    from: [string, string],
    to: [string, string],
    departureAt: string,
    arrivalAt: string,
    flightNumber: string,
  ) => ({
    id,
    journeyId,
    position,
    provider: 'Iberia',
    departureAt,
    arrivalAt,
    departureIata: from[1],
    arrivalIata: to[1],
    departureCity: from[0],
    arrivalCity: to[0],
    flightNumber,
    goSegment: journeyId.endsWith('out') ? 1 : 0,
    nights: null,
  });
  await db
    .insertInto('flightSegments')
    .values([
      segment('s1-out', 'j1-out', 0, ['Madrid', 'MAD'], ['Tokio', 'NRT'], at(dayOne, '12:00'), at(addDays({ date: dayOne, days: 1 }), '08:00'), 'IB281'),
      segment('s1-in', 'j1-in', 0, ['Tokio', 'NRT'], ['Madrid', 'MAD'], at(back, '10:00'), at(back, '18:00'), 'IB282'),
      // Listed out of order on purpose: segments are shown by position.
      segment('s3-out-2', 'j3-out', 1, ['Madrid', 'MAD'], ['Tokio', 'NRT'], at(dayOne, '12:30'), at(addDays({ date: dayOne, days: 1 }), '09:00'), 'IB6801'),
      segment('s3-out-1', 'j3-out', 0, ['Barcelona', 'BCN'], ['Madrid', 'MAD'], at(dayOne, '09:00'), at(dayOne, '10:15'), 'IB3001'),
      segment('s3-in', 'j3-in', 0, ['Tokio', 'NRT'], ['Barcelona', 'BCN'], at(back, '11:00'), at(back, '19:30'), 'IB6802'),
    ])
    .execute();
  await db
    .insertInto('reservationModes')
    .values({ id: 'rm1', periodId: 'p1', activityId: 'DBL', name: 'Habitación doble', places: 2, availability: 5 })
    .execute();
  await db
    .insertInto('optionalActivities')
    .values([
      { id: 'oa1', periodId: 'p1', activityId: 'ACT1', name: 'Ceremonia del té', bookableAvailability: 3 },
      { id: 'oa2', periodId: 'p1', activityId: 'SEG', name: 'Seguro de cancelación', productType: 'Seguros', bookableAvailability: 100 },
      { id: 'oa3', periodId: 'p1', activityId: 'CAR', name: 'Coche de alquiler', subtype: 'Rental car', bookableAvailability: 5 },
    ])
    .execute();
  await db.insertInto('activityPacks').values({ id: 'ap1', periodId: 'p1', activityId: 'PACK', name: 'Pack cultural', multipleActivityIds: 'ACT1' }).execute();
  await db
    .insertInto('prices')
    .values([
      price({ tourId: 't1' }, 'Adultos', 100_000),
      price({ tourId: 't1' }, 'Niños', 80_000),
      price({ periodId: 'p1' }, 'Adultos', 15_050),
      price({ flightId: 'f1' }, 'Adultos', 30_000),
      price({ flightId: 'f1' }, 'Niños', 25_000),
      price({ reservationModeId: 'rm1' }, 'Adultos', 5_000),
      price({ optionalActivityId: 'oa1' }, 'Adultos', 4_000),
      price({ optionalActivityId: 'oa2' }, 'Adultos', 2_500),
      price({ optionalActivityId: 'oa3' }, 'Adultos', 9_000),
      price({ activityPackId: 'ap1' }, 'Adultos', 6_000),
    ])
    .execute();
  await db
    .insertInto('campaigns')
    .values([
      { id: 'c-now', periodId: 'p1', name: 'Otoño', valueCents: 10_000, validFromDate: day(-1), validUntilDate: day(10), discountAppliedPerTxt: 'PER_PAX' },
      { id: 'c-over', periodId: 'p1', name: 'Pasada', valueCents: 5_000, validFromDate: null, validUntilDate: day(-1), discountAppliedPerTxt: 'ONCE' },
    ])
    .execute();
  await db
    .insertInto('coupons')
    .values([
      { id: 'k1', code: 'VERANO10', couponCondition: 'PER_BOOKING', value: 10, uses: 5, type: 'percentage', status: 'active' },
      { id: 'k2', code: 'CADUCADO', couponCondition: 'PER_BOOKING', value: 5_000, uses: 5, type: 'fixed', status: 'active', endDate: day(-1) },
      { id: 'k3', code: 'OTROTOUR', couponCondition: 'PER_TRAVELER', value: 5_000, uses: 5, type: 'fixed', status: 'active', tourId: 't2' },
    ])
    .execute();
}

/** The API over `db`; the caller is whatever JSON the `x-test-auth` header carries (none: a visitor). */
export type TestApi = ReturnType<typeof createTestApi>;

/** How many rows a table holds. */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Seats left on the fixture departure (or another period). */
export async function seatsLeft(db: Db, periodId = 'p1'): Promise<number> {
  return (await db.selectFrom('periods').select('bookableAvailability').where('id', '=', periodId).executeTakeFirstOrThrow()).bookableAvailability;
}

/** A fresh test database with the fixture departure (`insertDeparture`) and the API over it. */
export async function openBookingApi(dialect: Dialect): Promise<{ t: TestDatabase; api: TestApi }> {
  const t = await createTestDatabase(dialect);
  await insertDeparture(t.db);
  return { t, api: createTestApi(t.db, t.url) };
}

/**
 * The API over `db` as one browser calls it: cookies the API sets (the funnel's, naming the bookings this
 * browser made) go back on later calls, as a browser sends them (`cookies`). `fromAnotherBrowser` calls the
 * same API without them, as someone who only has the booking's address. With `cookieSessions` the caller
 * is whoever the session cookies name (signed in through the API, as the running shop reads it), not the
 * `x-test-auth` header.
 */
export function createTestApi(
  db: Db,
  url: string,
  { config = { ...testConfig({}), databaseUrl: url }, cookieSessions = false, ...deps }: Partial<Omit<AppDeps, 'db'>> & { cookieSessions?: boolean } = {},
) {
  const app = createApi({
    ...deps,
    db,
    config,
    ...(cookieSessions
      ? {}
      : {
          resolveAuth: (c) => {
            const header = c.req.header('x-test-auth');
            return header ? (JSON.parse(header) as AuthContext) : null;
          },
        }),
  });
  const jar = new Map<string, string>();
  const fromAnotherBrowser = app.request;
  const request: typeof app.request = async (input, init, ...rest) => {
    const headers = new Headers(init?.headers);
    const sent = [headers.get('cookie'), cookieHeader(jar)].filter(Boolean);
    if (sent.length > 0) headers.set('cookie', sent.join('; '));
    // A browser's fetch names its page on every write; the API refuses a write with cookies and no origin.
    if (jar.size > 0 && !['GET', 'HEAD'].includes(init?.method ?? 'GET') && !headers.has('origin')) headers.set('origin', TEST_ORIGIN);
    const response = await fromAnotherBrowser(input, { ...init, headers }, ...rest);
    storeCookies(jar, response);
    return response;
  };
  return Object.assign(app, { request, fromAnotherBrowser, config, cookies: jar });
}

export const jsonRequest = (method: string, body: unknown, auth?: AuthContext): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(auth ? { 'x-test-auth': JSON.stringify(auth) } : {}) },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

export const validBooking = (overrides: Record<string, unknown> = {}) => ({
  periodId: 'p1',
  adults: 2,
  children: 1,
  lead: { name: 'Ana', surname: 'García López', email: 'ana.garcia@viajes.es', phone: '+34 600 123 456' },
  consents: { privacy: true },
  ...overrides,
});

/** Complete passengers-step fields for the fixture's travellers (adults first, then children), as PATCH entries. */
export function passengerFields(travellers: readonly { id: string; ageGroup: string }[]) {
  const names = ['Ana', 'Luis', 'Marta', 'Pablo', 'Lucía', 'Diego'];
  return travellers.map((t, i) => ({
    id: t.id,
    reservationFields:
      t.ageGroup === 'Niños'
        ? { name: names[i % names.length]!, surname: 'García López', birthdate: bornYearsAgo(7), passport: `PAB12345${i}` }
        : {
            name: names[i % names.length]!,
            surname: 'García López',
            birthdate: `198${i % 10}-02-1${i % 10}`,
            national_id: ['12345678Z', '87654321X', 'X1234567L', 'Y7654321G'][i % 4]!,
            email: i === 0 ? 'ana.garcia@viajes.es' : `viajero${i}@viajes.es`,
            phone: '+34 600 123 456',
          },
  }));
}

/**
 * Booking `b1` of `periodId`: 3 seats sold (a confirmed hold) and 1 held by a payment under way (until
 * tomorrow), the split the catalogue desks show as sold and held.
 */
export async function insertSoldAndHeldSeats(db: Db, { periodId = 'p1', stamp }: { periodId?: string; stamp: string }) {
  await db
    .insertInto('bookings')
    .values({ id: 'b1', differentId: '123456', periodId, status: 'CONFIRMED', travelersStringify: '[]', createdAt: stamp, updatedAt: stamp })
    .execute();
  const hold = { bookingId: 'b1', resourceType: 'period', resourceId: periodId, releasedAt: null, createdAt: stamp };
  await db
    .insertInto('seatHolds')
    .values([
      { ...hold, id: 'h1', quantity: 3, expiresAt: stamp, confirmedAt: stamp },
      { ...hold, id: 'h2', quantity: 1, expiresAt: day(1), confirmedAt: null },
    ])
    .execute();
}
