import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiEnv, AuthContext } from '../auth-context.ts';
import { errorResponse } from '../errors.ts';
import { cookieHeader, TEST_ORIGIN } from '../../tests/support/auth-client.ts';
import { portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { holdSeats } from '../services/bookings/seat-holds.ts';
import { jsonRequest, today, validBooking, openBookingApi, type TestApi } from '../../tests/support/booking-fixtures.ts';
import type { FlightsProvider } from '../services/bookings/flights/provider.ts';
import { createStoredFlightsProvider } from '../services/bookings/flights/stored-provider.ts';
import { addFlight, removeFlight } from '../services/catalogue/tour-flights.ts';
import { flightHasBookingsMessage } from '#shared/schemas/tour-editor-texts.ts';
import { bookingRoutes } from './bookings.ts';

const admin: AuthContext = { userId: 'u-admin', email: 'admin@example.es', travelerId: null, groups: ['drAdmin'] };

/**
 * Figures by hand for the fixture's 2 adults and 1 child (tests/support/booking-fixtures.ts):
 * - f3 Barcelona, cockpit 200 + 10,50 → 211 € each (the child pays the adult fare): 633 €;
 * - f1 Madrid, own price (10 guaranteed > 3): 2 × 300 + 250 = 850 €;
 * - f4 Madrid, cockpit 192 € adults, 162 € children: 2 × 192 + 162 = 546 €, but only 2 seats;
 * - f2 'Sin vuelo': 0 €.
 * Booking without flight: 2 × (1.000 + 150,50) + (800 + 150,50) − 3 × 100 = 2.951,50 → 2.952 €.
 */
const WITHOUT_FLIGHT = 295_200;
const total = (flightsCents: number) => Math.ceil((280_000 + 45_150 + flightsCents - 30_000) / 100) * 100;

describe.each(portableDialects)('the flights step on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    ({ t, api } = await openBookingApi(dialect));
  });
  afterEach(async () => t.drop());

  const createdId = async () => ((await (await api.request('/bookings', jsonRequest('POST', validBooking()))).json()) as { id: string }).id;
  const list = async (id: string, auth?: AuthContext) =>
    api.request(`/bookings/${id}/flights`, auth ? { headers: { 'x-test-auth': JSON.stringify(auth) } } : {});
  const choose = (id: string, body: unknown, auth?: AuthContext) => api.request(`/bookings/${id}/flight`, jsonRequest('POST', body, auth));
  const booking = (id: string) => t.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const preBookings = () => t.db.selectFrom('cockpitPreBookings').selectAll().execute();

  describe('GET /:id/flights', () => {
    it('groups the options by departure city, what can be booked first, then cheapest, and no flight last', async () => {
      const id = await createdId();
      const res = await list(id);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.json();
      expect(body.selectedFlightId).toBeNull();
      expect(
        body.options.map((o: { id: string; departureCity: string | null; noFlight: boolean; totalCents: number; available: boolean }) => [
          o.id,
          o.departureCity,
          o.noFlight,
          o.totalCents,
          o.available,
        ]),
      ).toEqual([
        ['f3', 'Barcelona', false, 63_300, true],
        ['f1', 'Madrid', false, 85_000, true],
        ['f4', 'Madrid', false, 54_600, false],
        ['f2', null, true, 0, true],
      ]);
      const byId = Object.fromEntries(body.options.map((o: { id: string }) => [o.id, o]));
      expect(byId.f1.prices).toEqual([
        { ageGroupName: 'Adultos', valueCents: 30_000 },
        { ageGroupName: 'Niños', valueCents: 25_000 },
      ]);
      expect(byId.f3.prices).toEqual([
        { ageGroupName: 'Adultos', valueCents: 21_100 },
        { ageGroupName: 'Niños', valueCents: 21_100 },
      ]);
      expect(byId.f4.prices).toEqual([
        { ageGroupName: 'Adultos', valueCents: 19_200 },
        { ageGroupName: 'Niños', valueCents: 16_200 },
      ]);
      expect(byId.f2.journeys).toEqual([]);
      expect(
        byId.f3.journeys.map((j: { direction: string; segments: { flightNumber: string }[] }) => [j.direction, j.segments.map((s) => s.flightNumber)]),
      ).toEqual([
        ['outbound', ['IB3001', 'IB6801']],
        ['inbound', ['IB6802']],
      ]);
      expect(byId.f3.journeys[0].segments[0]).toMatchObject({
        departureIata: 'BCN',
        arrivalIata: 'MAD',
        departureCity: 'Barcelona',
        arrivalCity: 'Madrid',
        provider: 'Iberia',
      });
    });

    it('prices by what each traveller set pays: one adult flies f1 at its own price and fits on f4', async () => {
      const id = ((await (await api.request('/bookings', jsonRequest('POST', validBooking({ adults: 1, children: 0 })))).json()) as { id: string }).id;
      const options = (await (await list(id)).json()).options as { id: string; totalCents: number; available: boolean }[];
      expect(options.map((o) => [o.id, o.totalCents, o.available])).toEqual([
        ['f3', 21_100, true],
        ['f4', 19_200, true],
        ['f1', 30_000, true],
        ['f2', 0, true],
      ]);
    });

    it('looks fares up only for departures in the future with seats (§5): otherwise only travelling without flight', async () => {
      const id = await createdId();
      await t.db.updateTable('periods').set({ bookableAvailability: 0 }).where('id', '=', 'p1').execute();
      expect((await (await list(id)).json()).options.map((o: { id: string }) => o.id)).toEqual(['f2']);
      await t.db.updateTable('periods').set({ bookableAvailability: 10, dayOne: today }).where('id', '=', 'p1').execute();
      expect((await (await list(id)).json()).options.map((o: { id: string }) => o.id)).toEqual(['f2']);
      const res = await choose(id, { flightId: 'f3' });
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toMatch(/ya no se pueden reservar/);
    });

    it("counts the booking's own held seats as its own when it comes back from the pay step", async () => {
      await t.db.updateTable('periods').set({ bookableAvailability: 3 }).where('id', '=', 'p1').execute();
      const id = await createdId();
      expect((await choose(id, { flightId: 'f3' })).status).toBe(200);
      await holdSeats(t.db, id);
      expect((await t.db.selectFrom('periods').select('bookableAvailability').where('id', '=', 'p1').executeTakeFirstOrThrow()).bookableAvailability).toBe(0);
      const options = (await (await list(id)).json()).options as { id: string; available: boolean }[];
      expect(options.map((o) => [o.id, o.available])).toEqual([
        ['f3', true],
        ['f1', true],
        ['f4', false],
        ['f2', true],
      ]);
      expect((await choose(id, { flightId: 'f3' })).status).toBe(200);
    });

    it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000'])('answers 404 for %s', async (id) => {
      expect((await list(id)).status).toBe(404);
    });

    it('shows a confirmed booking only to its owner and admins', async () => {
      const id = await createdId();
      await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', id).execute();
      expect((await list(id)).status).toBe(404);
      expect((await list(id, admin)).status).toBe(200);
    });
  });

  it('lists a flight added in the tour editor like a seeded one, at the price staff set for any number of travellers, and it can be chosen', async () => {
    const period = await t.db.selectFrom('periods').select(['dayOne', 'returnDate']).where('id', '=', 'p1').executeTakeFirstOrThrow();
    const press = { tourId: 't1', periodId: 'p1', actor: { userId: '', email: admin.email }, now: new Date() };
    const { flightId } = await addFlight(t.db, {
      ...press,
      requestId: 'editor-add-flight',
      input: {
        name: 'Vuelo desde Valencia',
        departureCity: 'Valencia',
        seats: 3,
        prices: [
          { ageGroupName: 'Adultos', valueCents: 41_000 },
          { ageGroupName: 'Niños', valueCents: 35_000 },
        ],
        journeys: [
          {
            direction: 'outbound',
            segments: [
              { flightNumber: 'VY8100', departureIata: 'VLC', arrivalIata: 'NRT', departureAt: `${period.dayOne}T09:30`, arrivalAt: `${period.dayOne}T23:00` },
            ],
          },
          {
            direction: 'inbound',
            segments: [
              {
                flightNumber: 'VY8101',
                departureIata: 'NRT',
                arrivalIata: 'VLC',
                departureAt: `${period.returnDate}T08:00`,
                arrivalAt: `${period.returnDate}T20:00`,
              },
            ],
          },
        ],
      },
    });
    // 2 adults and 1 child: 2 × 410 + 350 = 1.170 €, though only 3 seats are guaranteed (the cockpit prices say the same).
    const id = await createdId();
    const options = (await (await list(id)).json()).options as {
      id: string;
      departureCity: string;
      totalCents: number;
      available: boolean;
      journeys: { direction: string; segments: { flightNumber: string; departureCity: string | null }[] }[];
    }[];
    const added = options.find((o) => o.id === flightId);
    expect(added).toMatchObject({ departureCity: 'Valencia', totalCents: 117_000, available: true });
    expect(added?.journeys.map((j) => [j.direction, j.segments.map((s) => s.flightNumber)])).toEqual([
      ['outbound', ['VY8100']],
      ['inbound', ['VY8101']],
    ]);
    const res = await choose(id, { flightId });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', flightId, quote: { totalCents: total(117_000) } });
    // Chosen by a booking, the editor can no longer remove it.
    await expect(removeFlight(t.db, { ...press, flightId: flightId ?? '', requestId: 'editor-remove-flight' })).rejects.toThrow(flightHasBookingsMessage(1));
  });

  describe('POST /:id/flight', () => {
    it('saves a fare-service flight, reprices and pre-books it with the fare per traveller and its itineraries', async () => {
      const id = await createdId();
      const res = await choose(id, { flightId: 'f3' });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ status: 'ok', flightId: 'f3', quote: { totalCents: total(63_300) } });
      expect(body.quote.lines).toContainEqual({ label: 'Vuelos', amountCents: 63_300 });
      const row = await booking(id);
      expect(row).toMatchObject({ flightId: 'f3', priceCents: total(63_300) });
      const [pre, ...others] = await preBookings();
      expect(others).toEqual([]);
      expect(pre).toMatchObject({
        bookingId: id,
        fareCents: 21_100,
        fareId: 'FARE-BCN-NRT',
        outboundItineraryId: 'j3-out',
        inboundItineraryId: 'j3-in',
        cockpitFlightId: 'cf3',
        flightId: 'f3',
      });
      expect(row.cockpitPreBookingId).toBe(pre?.id);
      expect((await (await list(id)).json()).selectedFlightId).toBe('f3');
    });

    it('replaces the pre-booking when the flight is chosen again, and drops it for a flight without fare or no flight', async () => {
      const id = await createdId();
      await choose(id, { flightId: 'f3' });
      const first = (await preBookings())[0];
      await choose(id, { flightId: 'f3' });
      const again = await preBookings();
      expect(again).toHaveLength(1);
      expect(again[0]?.id).not.toBe(first?.id);
      expect((await booking(id)).cockpitPreBookingId).toBe(again[0]?.id);

      const own = await (await choose(id, { flightId: 'f1' })).json();
      expect(own).toMatchObject({ status: 'ok', flightId: 'f1', quote: { totalCents: total(85_000) } });
      expect(await preBookings()).toEqual([]);
      expect(await booking(id)).toMatchObject({ flightId: 'f1', cockpitPreBookingId: null });

      await choose(id, { flightId: 'f3' });
      const none = await (await choose(id, { flightId: null })).json();
      expect(none).toMatchObject({ status: 'ok', flightId: null, quote: { totalCents: WITHOUT_FLIGHT } });
      expect(await booking(id)).toMatchObject({ flightId: null, cockpitPreBookingId: null, priceCents: WITHOUT_FLIGHT });
      expect(await preBookings()).toEqual([]);

      expect(await (await choose(id, { flightId: 'f2' })).json()).toMatchObject({ status: 'ok', flightId: 'f2', quote: { totalCents: WITHOUT_FLIGHT } });
    });

    it('shows a fare that moved since the listing, saves nothing, and saves the accepted new price', async () => {
      const id = await createdId();
      expect((await (await list(id)).json()).options[0]).toMatchObject({ id: 'f3', totalCents: 63_300 });
      // The fare service verified the fare again at 30 € more: 150 + 12 + 79 = 241 € per seat.
      await t.db.updateTable('cockpitFlights').set({ totalTaxCents: 7_900, verifiedFareDate: new Date().toISOString() }).where('id', '=', 'cf3').execute();

      const changed = await choose(id, { flightId: 'f3' });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toEqual({ status: 'price-changed', flightId: 'f3', previousTotalCents: 63_300, newTotalCents: 72_300 });
      expect(await booking(id)).toMatchObject({ flightId: null, priceCents: WITHOUT_FLIGHT, cockpitPreBookingId: null });
      expect(await preBookings()).toEqual([]);
      // Accepting another figure is no acceptance.
      expect((await (await choose(id, { flightId: 'f3', acceptedPriceCents: 63_300 })).json()).status).toBe('price-changed');

      const accepted = await (await choose(id, { flightId: 'f3', acceptedPriceCents: 72_300 })).json();
      expect(accepted).toMatchObject({ status: 'ok', flightId: 'f3', quote: { totalCents: total(72_300) } });
      expect(accepted.quote.lines).toContainEqual({ label: 'Vuelos', amountCents: 72_300 });
      expect((await preBookings())[0]).toMatchObject({ fareCents: 24_100, fareId: 'FARE-BCN-NRT' });
      // The accepted fare is now the listed one, for this visitor and the next.
      expect(await t.db.selectFrom('cockpitPrices').select(['flightCostCents', 'feeCents']).where('id', '=', 'cp1').executeTakeFirstOrThrow()).toEqual({
        flightCostCents: 23_050,
        feeCents: 1_050,
      });
      expect((await (await list(id)).json()).options[0]).toMatchObject({ id: 'f3', totalCents: 72_300 });
      expect((await (await choose(id, { flightId: 'f3' })).json()).status).toBe('ok');
    });

    it('compares with the total the funnel says it showed, when it sends one', async () => {
      const id = await createdId();
      const changed = await (await choose(id, { flightId: 'f1', shownTotalCents: 80_000 })).json();
      expect(changed).toEqual({ status: 'price-changed', flightId: 'f1', previousTotalCents: 80_000, newTotalCents: 85_000 });
      expect((await booking(id)).flightId).toBeNull();
      expect((await (await choose(id, { flightId: 'f1', shownTotalCents: 80_000, acceptedPriceCents: 85_000 })).json()).status).toBe('ok');
    });

    it('refuses a full flight and a fare no longer sold (409), and writes nothing', async () => {
      const id = await createdId();
      const full = await choose(id, { flightId: 'f4' });
      expect(full.status).toBe(409);
      expect((await full.json()).error.fields.flightId).toMatch(/plazas/);
      await t.db.updateTable('cockpitFlights').set({ bookable: 0 }).where('id', '=', 'cf3').execute();
      expect((await (await list(id)).json()).options[0]).toMatchObject({ id: 'f3', available: false });
      expect((await choose(id, { flightId: 'f3' })).status).toBe(409);
      expect(await booking(id)).toMatchObject({ flightId: null, priceCents: WITHOUT_FLIGHT });
      expect(await preBookings()).toEqual([]);
    });

    it.each([
      ['an unknown flight', { flightId: 'nope' }, 'flightId'],
      ['no flight field', {}, 'flightId'],
      ['a number for the flight', { flightId: 5 }, 'flightId'],
      ['a negative accepted price', { flightId: 'f3', acceptedPriceCents: -1 }, 'acceptedPriceCents'],
      ['an unknown field', { flightId: 'f3', price: 1 }, 'price'],
    ])('refuses %s with 422 and writes nothing', async (_, body, field) => {
      const id = await createdId();
      const res = await choose(id, body);
      expect(res.status).toBe(422);
      expect((await res.json()).error.fields[field]).toMatch(/[a-zá-ú]/i);
      expect(await booking(id)).toMatchObject({ flightId: null, priceCents: WITHOUT_FLIGHT });
      expect(await preBookings()).toEqual([]);
    });

    it('answers 404 for a booking that does not exist or is not yours, 409 once it is no longer in progress', async () => {
      expect((await choose('00000000-0000-4000-8000-000000000000', { flightId: 'f3' })).status).toBe(404);
      const id = await createdId();
      await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', id).execute();
      expect((await choose(id, { flightId: 'f3' })).status).toBe(404);
      const locked = await choose(id, { flightId: 'f3' }, admin);
      expect(locked.status).toBe(409);
      expect((await locked.json()).error.message).toBe('Esta reserva ya no se puede modificar.');
      expect(await booking(id)).toMatchObject({ flightId: null });
      expect(await preBookings()).toEqual([]);
    });
  });

  describe('with another flights provider', () => {
    /** A provider whose fare service re-prices f3 on verification: adults 261 €, children 200 €. */
    function repricingProvider(): FlightsProvider {
      const stored = createStoredFlightsProvider(t.db);
      return {
        name: 'repricing',
        listFares: (query) => stored.listFares(query),
        preBook: (request) => stored.preBook(request),
        async verifyFare(query) {
          const fare = await stored.verifyFare(query);
          if (fare?.flightId !== 'f3') return fare;
          const perAgeGroup = [
            { ageGroupName: 'Adultos', valueCents: 26_100 },
            { ageGroupName: 'Niños', valueCents: 20_000 },
          ];
          return { ...fare, perAgeGroup, totalCents: 72_200, changed: true };
        },
      };
    }

    it('stores the accepted fare per age group so that the quote charges exactly it', async () => {
      const id = await createdId();
      const app = new Hono<ApiEnv>().route('/bookings', bookingRoutes({ db: t.db, config: api.config }, { flights: repricingProvider() }));
      app.onError(errorResponse);
      // As the browser that made the booking.
      const asMaker = { 'content-type': 'application/json', cookie: cookieHeader(api.cookies), origin: TEST_ORIGIN };
      const post = (body: unknown) => app.request(`/bookings/${id}/flight`, { method: 'POST', headers: asMaker, body: JSON.stringify(body) });
      expect(await (await post({ flightId: 'f3' })).json()).toEqual({
        status: 'price-changed',
        flightId: 'f3',
        previousTotalCents: 63_300,
        newTotalCents: 72_200,
      });
      const accepted = await (await post({ flightId: 'f3', acceptedPriceCents: 72_200 })).json();
      expect(accepted.quote.lines).toContainEqual({ label: 'Vuelos', amountCents: 72_200 });
      expect(accepted.quote.totalCents).toBe(total(72_200));
      expect((await preBookings())[0]?.fareCents).toBe(24_067);
      const prices = await t.db
        .selectFrom('cockpitPrices')
        .select(['ageGroupName', 'flightCostCents', 'feeCents'])
        .where('flightId', '=', 'f3')
        .orderBy('ageGroupName')
        .execute();
      expect(prices).toEqual([
        { ageGroupName: 'Adultos', flightCostCents: 25_050, feeCents: 1_050 },
        { ageGroupName: 'Niños', flightCostCents: 20_000, feeCents: 0 },
      ]);
    });
  });
});
