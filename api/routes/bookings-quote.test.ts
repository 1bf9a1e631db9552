import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { jsonRequest, openBookingApi, type TestApi } from '../../tests/support/booking-fixtures.ts';

const adult = (extra: Record<string, unknown> = {}) => ({ ageGroup: 'Adultos', ...extra });
const child = (extra: Record<string, unknown> = {}) => ({ ageGroup: 'Niños', ...extra });

describe.each(dialects)('POST /api/bookings/quote on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    ({ t, api } = await openBookingApi(dialect));
  });
  afterEach(async () => t.drop());

  const quote = (body: unknown) => api.request('/bookings/quote', jsonRequest('POST', body));

  it('prices every line type as computed by hand from the spec', async () => {
    const res = await quote({
      periodId: 'p1',
      flightId: 'f1',
      couponCode: ' verano10 ',
      travellers: [
        adult({ reservationMode: 'DBL', optionalActivities: ['ACT1', 'SEG'] }),
        adult({ reservationMode: 'DBL', optionalActivities: ['SEG'] }),
        child({ optionalActivities: ['SEG'] }),
      ],
    });
    expect(res.status).toBe(200);
    // base 2×1.000 + 800; supplement 3×150,50; flight 2×300 + 250; room 2×50; activity 40; insurance 3×25;
    // campaign 3×100 per pax; 10 % of 4.016,50 = 401,65; 3.614,85 rounded up to 3.615 €.
    expect(await res.json()).toEqual({
      lines: [
        { label: 'Precio base', amountCents: 280_000 },
        { label: 'Suplemento de periodo', amountCents: 45_150 },
        { label: 'Vuelos', amountCents: 85_000 },
        { label: 'Modo de reserva', amountCents: 10_000 },
        { label: 'Actividades opcionales', amountCents: 4_000 },
        { label: 'Seguro', amountCents: 7_500 },
        { label: 'Descuento', amountCents: -30_000 },
        { label: 'Código de descuento', amountCents: -40_165 },
      ],
      totalCents: 361_500,
      insuranceCents: 7_500,
      coupon: { code: 'VERANO10', applied: true, couponId: 'k1' },
    });
  });

  it.each([
    ['own price while guaranteed seats exceed travellers', 'f1', 30_000],
    ['cockpit cost plus fee, rounded up, otherwise', 'f3', 21_100],
    ['nothing for the no-flight option', 'f2', 0],
    ['nothing without a flight', null, 0],
  ])('the flight line is the %s', async (_, flightId, flightCents) => {
    const res = await quote({ periodId: 'p1', flightId, travellers: [adult()] });
    const body = await res.json();
    expect(body.lines.find((l: { label: string }) => l.label === 'Vuelos')?.amountCents ?? 0).toBe(flightCents);
    expect(body.totalCents).toBe(100_000 + 15_100 - 10_000 + flightCents);
  });

  it('prices a change of price, flight cost or campaign at once, though the offer is kept between quotes', async () => {
    const total = async (flightId: string | null = null) =>
      ((await (await quote({ periodId: 'p1', flightId, travellers: [adult()] })).json()) as { totalCents: number }).totalCents;
    expect(await total()).toBe(105_100);
    await t.db.updateTable('prices').set({ valueCents: 110_000 }).where('tourId', '=', 't1').where('ageGroupName', '=', 'Adultos').execute();
    expect(await total()).toBe(115_100);
    expect(await total('f3')).toBe(115_100 + 21_100);
    await t.db.updateTable('cockpitPrices').set({ feeCents: 0 }).execute();
    expect(await total('f3')).toBeLessThan(115_100 + 21_100);
    await t.db.deleteFrom('campaigns').where('periodId', '=', 'p1').execute();
    expect(await total()).toBe(125_100);
  });

  it('a pack is priced as one option', async () => {
    const body = await (await quote({ periodId: 'p1', travellers: [adult({ optionalActivities: ['PACK'] })] })).json();
    expect(body.lines).toContainEqual({ label: 'Actividades opcionales', amountCents: 6_000 });
  });

  it.each([
    ['CADUCADO', 'El cupón ha caducado'],
    ['OTROTOUR', 'El cupón no es válido para este viaje'],
    ['NOEXISTE', 'No existe ningún cupón con ese código'],
  ])('coupon %s does not apply: the reason, and no discount', async (code, reason) => {
    const body = await (await quote({ periodId: 'p1', couponCode: code, travellers: [adult()] })).json();
    expect(body.coupon).toEqual({ code, applied: false, reason });
    expect(body.lines.map((l: { label: string }) => l.label)).not.toContain('Código de descuento');
    expect(body.totalCents).toBe(105_100);
  });

  it.each([
    ['a room the period does not offer', { travellers: [adult({ reservationMode: 'SUITE' })] }, 'travellers.0.reservationMode'],
    ['an activity it does not offer', { travellers: [adult(), adult({ optionalActivities: ['BUCEO'] })] }, 'travellers.1.optionalActivities'],
    ['a rental car (never offered)', { travellers: [adult({ optionalActivities: ['CAR'] })] }, 'travellers.0.optionalActivities'],
    ['a flight of another period', { flightId: 'f-x', travellers: [adult()] }, 'flightId'],
    ['no adult', { travellers: [child()] }, 'travellers'],
    ['an unknown age group', { travellers: [{ ageGroup: 'Bebés' }] }, 'travellers.0.ageGroup'],
    ['no travellers', { travellers: [] }, 'travellers'],
    ['an unknown field', { travellers: [adult()], total: 1 }, 'total'],
  ])('refuses %s with a 422 naming the field', async (_, choices, field) => {
    const res = await quote({ periodId: 'p1', ...choices });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION');
    expect(Object.keys(body.error.fields)).toContain(field);
  });

  it('answers 404 for a period that does not exist', async () => {
    const res = await quote({ periodId: 'nope', travellers: [adult()] });
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toMatch(/salida/);
  });
});
