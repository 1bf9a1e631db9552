/**
 * Agency sales (docs/decisions/042) through the real API: a booking made for an agency from the back office
 * is priced by the funnel's own quote, confirmed with its seats and tkId, and mailed to the agency, once per
 * press; a commission outside 0–100 % is refused with nothing written; an existing booking is handed to an
 * agency (never a canceled one), whose confirmation then mails the agency; the agency's figures and its
 * monthly statement (CSV and XLSX) add up.
 */
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGENCY_SALE_MESSAGES } from '#shared/schemas/labels.ts';
import { createTestApi, insertDeparture, jsonRequest, type TestApi, validBooking } from '../../tests/support/booking-fixtures.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { cookieHeader, storeCookies, TEST_ORIGIN } from '../../tests/support/auth-client.ts';
import { createBookingForPayment, paidBooking } from '../../tests/support/payment-fixtures.ts';

describe.each(portableDialects)('agency sales on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db);
    await seedCallers(t.db);
    await t.db
      .insertInto('retailers')
      .values({ id: 'r1', cif: 'B12345678', name: 'Viajes Levante', email: 'reservas@levante.example', documentationEmail: 'bonos@levante.example' })
      .execute();
  });
  afterEach(async () => t.drop());

  const call = async (method: string, path: string, body?: unknown, who: object = CALLERS.admin) => {
    const request = body === undefined ? { method } : jsonRequest(method, body);
    const res = await api.request(path, { ...request, headers: { ...(request.headers as Record<string, string>), 'x-test-auth': JSON.stringify(who) } });
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, body: type.includes('json') ? await res.json() : null, res };
  };
  const sale = (requestId: string, extra: Record<string, unknown> = {}) => {
    const { consents: _, ...booking } = validBooking();
    return { ...booking, requestId, flightId: null, reference: 'LEV-0042', commissionPercent: '12,5', ...extra };
  };
  const seatsOnSale = async () =>
    (await t.db.selectFrom('periods').select('bookableAvailability').where('id', '=', 'p1').executeTakeFirstOrThrow()).bookableAvailability;

  it('makes a booking for the agency priced as the funnel prices it, confirmed and mailed to the agency, once per press', async () => {
    const funnel = await createBookingForPayment(api, t.db);
    const { priceCents: funnelPrice } = await t.db.selectFrom('bookings').select('priceCents').where('id', '=', funnel.id).executeTakeFirstOrThrow();
    const before = await seatsOnSale();

    const [one, two] = await Promise.all([
      call('POST', '/admin/retailers/r1/bookings', sale('agency-sale-1')),
      call('POST', '/admin/retailers/r1/bookings', sale('agency-sale-1')),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect(one.body.bookingId).toBe(two.body.bookingId);
    const id = one.body.bookingId as string;
    const booking = await t.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(booking).toMatchObject({
      status: 'CONFIRMED',
      retailerId: 'r1',
      retailerReference: 'LEV-0042',
      retailerCommissionPercent: 12.5,
      priceCents: funnelPrice,
    });
    expect(booking.tkId).toMatch(/^DR-/);
    expect(await seatsOnSale()).toBe(before - 3);
    // The agency mail is stored as the spec's voucher mail (BONO_RESERVA), to the agency's documentation address.
    const mails = await t.db.selectFrom('mails').select(['type', 'toAddress']).where('bookingId', '=', id).execute();
    expect(mails).toEqual([{ type: 'BONO_RESERVA', toAddress: 'bonos@levante.example' }]);
    expect(await t.db.selectFrom('bookings').select('id').where('retailerId', '=', 'r1').execute()).toHaveLength(1);

    const detail = (await call('GET', `/admin/bookings/${id}`)).body;
    expect(detail.booking).toMatchObject({ retailerName: 'Viajes Levante', retailerReference: 'LEV-0042', retailerCommissionPercent: 12.5 });
  });

  it('prices a flight, a room and an activity for every traveller as the funnel prices the same choices', async () => {
    const created = await api.request('/bookings', jsonRequest('POST', validBooking({ adults: 2, children: 0 })));
    const jar = new Map<string, string>();
    storeCookies(jar, created);
    const { id: funnelId } = (await created.json()) as { id: string };
    const maker = { cookie: cookieHeader(jar), origin: TEST_ORIGIN };
    const view = (await (await api.request(`/bookings/${funnelId}`, { headers: maker })).json()) as { travellers: { id: string }[] };
    const patch = jsonRequest('PATCH', {
      flightId: 'f1',
      travellers: view.travellers.map((t) => ({ id: t.id, reservationMode: 'DBL', optionalActivities: ['ACT1'] })),
    });
    const patched = await api.request(`/bookings/${funnelId}`, { ...patch, headers: { ...(patch.headers as Record<string, string>), ...maker } });
    expect(patched.status).toBe(200);
    const funnel = await t.db.selectFrom('bookings').select('priceCents').where('id', '=', funnelId).executeTakeFirstOrThrow();

    const options = (await call('GET', '/admin/periods/p1/sale-options')).body;
    expect(options.rooms).toEqual([{ activityId: 'DBL', name: 'Habitación doble' }]);
    expect(options.activities.map((a: { activityId: string }) => a.activityId)).toContain('ACT1');
    const made = await call(
      'POST',
      '/admin/retailers/r1/bookings',
      sale('agency-sale-8', { adults: 2, children: 0, flightId: 'f1', roomId: 'DBL', activityIds: ['ACT1'] }),
    );
    expect(made.status).toBe(201);
    const agency = await t.db
      .selectFrom('bookings')
      .select(['priceCents', 'flightId', 'travelersStringify'])
      .where('id', '=', made.body.bookingId)
      .executeTakeFirstOrThrow();
    expect(agency.priceCents).toBe(funnel.priceCents);
    expect(agency.flightId).toBe('f1');
    expect(
      JSON.parse(agency.travelersStringify).map((t: { reservation_mode: string; optional_activities: string[] }) => [
        t.reservation_mode,
        t.optional_activities,
      ]),
    ).toEqual([
      ['DBL', ['ACT1']],
      ['DBL', ['ACT1']],
    ]);
  });

  it('refuses a commission outside 0–100 %, an unknown agency and a flight of another departure, writing nothing', async () => {
    const refused = await call('POST', '/admin/retailers/r1/bookings', sale('agency-sale-2', { commissionPercent: 120 }));
    expect(refused).toMatchObject({ status: 422, body: { error: { fields: { commissionPercent: AGENCY_SALE_MESSAGES.commission } } } });
    expect((await call('POST', '/admin/retailers/r1/bookings', sale('agency-sale-3', { commissionPercent: '-1' }))).status).toBe(422);
    expect((await call('POST', '/admin/retailers/nadie/bookings', sale('agency-sale-4'))).status).toBe(404);
    const flight = await call('POST', '/admin/retailers/r1/bookings', sale('agency-sale-5', { flightId: 'no-es-de-aqui' }));
    expect(flight).toMatchObject({ status: 422, body: { error: { fields: { flightId: 'Ese vuelo no está disponible para esta salida' } } } });
    const room = await call('POST', '/admin/retailers/r1/bookings', sale('agency-sale-5b', { roomId: 'no-hay' }));
    expect(room).toMatchObject({ status: 422, body: { error: { fields: { roomId: 'Ese tipo de habitación no está disponible para esta salida' } } } });
    expect(await t.db.selectFrom('bookings').select('id').execute()).toHaveLength(0);
    expect((await call('POST', '/admin/retailers/r1/bookings', sale('agency-sale-6'), CALLERS.traveler)).status).toBe(403);
  });

  it('hands an existing booking to the agency, whose confirmation then mails the agency; never a canceled one', async () => {
    const { id } = await createBookingForPayment(api, t.db);
    const handed = await call('PUT', `/admin/bookings/${id}/agency`, {
      requestId: 'agency-attach-1',
      retailerId: 'r1',
      reference: 'LEV-7',
      commissionPercent: 10,
    });
    expect(handed.status).toBe(200);
    expect(handed.body.detail.booking).toMatchObject({ retailerId: 'r1', retailerReference: 'LEV-7', retailerCommissionPercent: 10 });
    const bad = await call('PUT', `/admin/bookings/${id}/agency`, { requestId: 'agency-attach-2', retailerId: 'r1', reference: null, commissionPercent: 101 });
    expect(bad).toMatchObject({ status: 422, body: { error: { fields: { commissionPercent: AGENCY_SALE_MESSAGES.commission } } } });

    // Paid through the shop: the agency hears of the confirmation.
    const start = await api.request(
      `/payments/booking/${id}`,
      jsonRequest('POST', { acceptTerms: true, acceptPrivacy: true, amount: 'full', method: 'transfer' }),
    );
    expect(start.status).toBe(201);
    const confirmed = await call('POST', `/admin/bookings/${id}/confirm-transfer`, { requestId: 'agency-attach-3', expectedStatus: 'WAITING_FOR_TRANSFER' });
    expect(confirmed.status).toBe(200);
    const mails = await t.db.selectFrom('mails').select('toAddress').where('bookingId', '=', id).where('toAddress', '=', 'bonos@levante.example').execute();
    expect(mails).toHaveLength(1);

    const cancel = await call('POST', `/admin/bookings/${id}/cancel`, {
      requestId: 'agency-attach-4',
      expectedStatus: 'CONFIRMED',
      reason: 'Anulada por la agencia',
    });
    expect(cancel.status).toBe(200);
    const late = await call('PUT', `/admin/bookings/${id}/agency`, { requestId: 'agency-attach-5', retailerId: null, reference: null, commissionPercent: 0 });
    expect(late).toMatchObject({ status: 409, body: { error: { message: AGENCY_SALE_MESSAGES.canceled } } });
  });

  it("shows the agency's gross, commission, paid and owed, and its month's statement as CSV and XLSX with totals", async () => {
    const sold = (await call('POST', '/admin/retailers/r1/bookings', sale('agency-sale-7'))).body.bookingId as string;
    const { priceCents } = await t.db.selectFrom('bookings').select('priceCents').where('id', '=', sold).executeTakeFirstOrThrow();
    const paid = await call('POST', `/admin/bookings/${sold}/payments`, {
      requestId: 'agency-settle-1',
      method: 'agency',
      amount: '1000',
      paidOn: new Date().toISOString().slice(0, 10),
      reference: 'LIQ-1',
    });
    expect(paid.status).toBe(200);
    // Another booking of the shop's own does not count.
    await paidBooking(api, t.db);

    const figures = (await call('GET', '/admin/retailers/r1')).body.figures;
    const commission = Math.round((priceCents * 12.5) / 100);
    expect(figures).toMatchObject({ confirmed: 1, revenueCents: priceCents, commissionCents: commission, paidCents: 100_000, owedCents: priceCents - 100_000 });

    const month = new Date().toISOString().slice(0, 7);
    const csv = await call('GET', `/admin/retailers/r1/statement.csv?month=${month}`);
    expect(csv.status).toBe(200);
    const text = await csv.res.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Reserva,Ref. agencia,Fecha,Tour,Salida,Titular,Estado,Bruto (€),Comisión (%),Comisión (€),Neto (€),Pagado (€),Pendiente (€)');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('LEV-0042');
    expect(lines[2]).toBe(`Total,,,,,,,${priceCents / 100},,${commission / 100},${(priceCents - commission) / 100},1000,${(priceCents - 100_000) / 100}`);

    const xlsx = await call('GET', `/admin/retailers/r1/statement.xlsx?month=${month}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.res.arrayBuffer());
    const sheet = workbook.getWorksheet('Liquidación');
    expect(sheet?.getRow(1).getCell(1).value).toBe(`Viajes Levante: liquidación de ${month}`);
    expect(sheet?.getRow(5).getCell(8).value).toBe(priceCents / 100);

    const bad = await call('GET', '/admin/retailers/r1/statement.csv?month=2026-13');
    expect(bad).toMatchObject({ status: 422, body: { error: { fields: { month: AGENCY_SALE_MESSAGES.month } } } });
  });
});
