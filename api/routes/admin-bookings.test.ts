import ExcelJS from 'exceljs';
import { contentKeys } from '#shared/page-deps.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_CHANGED_MESSAGE, REFUND_AMOUNT_MESSAGE } from '#shared/schemas/backoffice.ts';
import { CANCEL_REASON_REQUIRED } from '#shared/schemas/labels.ts';
import { REFUND_MESSAGES } from '../services/payments/refunds.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { bornYearsAgo, countRows, insertDeparture, seatsLeft, createTestApi } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, type CallerName, seedCallers } from '../../tests/support/callers.ts';
import { recordingRebuilds } from '../../tests/support/cms-api.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createBookingForPayment, postNotification, signedNotification, startPaymentRequest } from '../../tests/support/payment-fixtures.ts';
import { holdPaymentForReview } from '../services/payments/settle.ts';

describe.each(dialects)('/api/admin bookings desk on %s', (dialect) => {
  let t: TestDatabase;
  const recorder = recordingRebuilds();
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
    recorder.reset();
  });
  afterEach(async () => t.drop());

  const apiOf = () => createTestApi(t.db, t.url, { rebuilds: recorder.rebuilds });
  const call = async (who: CallerName, method: string, path: string, body?: unknown) => {
    const caller = CALLERS[who];
    const headers: Record<string, string> = caller ? { 'x-test-auth': JSON.stringify(caller) } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await apiOf().request(`/admin${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    return { status: res.status, text, body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as Record<string, any> };
  };
  /** A booking waiting for its bank transfer (2 adults, 1 child on p1), its seats held. */
  const transferBooking = async () => {
    const api = apiOf();
    const { id } = await createBookingForPayment(api, t.db);
    const { res } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method: 'transfer' });
    expect(res.status).toBe(201);
    return id;
  };
  const statusOf = async (id: string) => (await t.db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('answers %s with %i and writes nothing', async (who, status) => {
    const id = await transferBooking();
    expect((await call(who, 'GET', '/dashboard')).status).toBe(status);
    expect((await call(who, 'GET', '/bookings')).status).toBe(status);
    expect((await call(who, 'GET', '/bookings/export.csv')).status).toBe(status);
    expect((await call(who, 'GET', '/bookings/options')).status).toBe(status);
    expect((await call(who, 'GET', '/periods/p1/manifest')).status).toBe(status);
    expect((await call(who, 'GET', '/periods/p1/manifest.xlsx')).status).toBe(status);
    expect((await call(who, 'GET', `/bookings/${id}`)).status).toBe(status);
    const refund = await call(who, 'POST', `/bookings/${id}/refund`, { requestId: 'press-refund-1', paymentId: 'x', amount: '10', reason: 'prueba' });
    expect(refund.status).toBe(status);
    const pressed = await call(who, 'POST', `/bookings/${id}/cancel`, {
      requestId: 'press-cancel-1',
      expectedStatus: 'WAITING_FOR_TRANSFER',
      reason: 'prueba',
    });
    expect(pressed.status).toBe(status);
    expect(await statusOf(id)).toBe('WAITING_FOR_TRANSFER');
    expect(await countRows(t.db, 'staffActions')).toBe(0);
  });

  it('sorts and filters by departure on the booking\u2019s own copy of its departure day, which the database keeps in step with the period', async () => {
    const first = await transferBooking();
    const dayOne = async (id: string) => (await t.db.selectFrom('bookings').select('dayOne').where('id', '=', id).executeTakeFirstOrThrow()).dayOne;
    const period = await t.db.selectFrom('periods').select('dayOne').where('id', '=', 'p1').executeTakeFirstOrThrow();
    expect(await dayOne(first)).toBe(period.dayOne);
    // The period moves: its bookings move with it, whatever code changed it.
    await t.db.updateTable('periods').set({ dayOne: '2031-05-04', returnDate: '2031-05-16' }).where('id', '=', 'p1').execute();
    expect(await dayOne(first)).toBe('2031-05-04');
    const list = async (query: string) => (await call('admin', 'GET', `/bookings?${query}`)).body.rows.map((r: { id: string }) => r.id);
    expect(await list('departureFrom=2031-05-04&departureTo=2031-05-04')).toEqual([first]);
    expect(await list('departureTo=2031-05-03')).toEqual([]);
    expect(await list('status=WAITING_FOR_TRANSFER&sort=dayOne&dir=asc')).toEqual([first]);
  });

  it('lists bookings with their tour, departure, lead and amounts, filtered, sorted and paged on the server', async () => {
    const id = await transferBooking();
    const other = (await createBookingForPayment(apiOf(), t.db)).id;
    await t.db.updateTable('bookings').set({ tkId: 'TK-2026-0042', createdAt: '2026-01-10T10:00:00.000Z' }).where('id', '=', other).execute();

    const all = await call('admin', 'GET', '/bookings');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    // Newest first by default.
    expect(all.body.rows.map((r: { id: string }) => r.id)).toEqual([id, other]);
    expect(all.body.rows[0]).toMatchObject({
      status: 'WAITING_FOR_TRANSFER',
      tourId: 't1',
      tourName: 'Japón esencial',
      periodId: 'p1',
      leadName: 'Ana García López',
      email: 'ana.garcia@viajes.es',
      travellers: 3,
      paidCents: 0,
    });

    const ids = async (query: string) => (await call('admin', 'GET', `/bookings?${query}`)).body.rows.map((r: { id: string }) => r.id);
    expect(await ids('status=WAITING_FOR_TRANSFER')).toEqual([id]);
    expect(await ids('q=TK-2026-0042')).toEqual([other]);
    expect(await ids('q=GARCÍA')).toEqual([id, other]);
    expect(await ids('q=600123456')).toEqual([id, other]);
    expect(await ids('q=nadie%40ninguna.es')).toEqual([]);
    expect(await ids('tourId=t2')).toEqual([]);
    expect(await ids('periodId=p1&sort=createdAt&dir=asc')).toEqual([other, id]);
    expect(await ids('bookedFrom=2026-01-10&bookedTo=2026-01-10')).toEqual([other]);
    expect(await ids('departureFrom=2000-01-01&departureTo=2000-12-31')).toEqual([]);
    expect(await ids('status=&tourId=&q=')).toHaveLength(2);
    expect((await call('admin', 'GET', '/bookings?page=2')).body).toMatchObject({ total: 2, rows: [] });

    const options = await call('admin', 'GET', '/bookings/options');
    expect(options.body.tours).toEqual([
      { id: 't1', name: 'Japón esencial' },
      { id: 't2', name: 'Otro' },
    ]);

    const bad = await call('admin', 'GET', '/bookings?bookedFrom=10/01/2026&status=PAGADA');
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({ bookedFrom: 'Escribe la fecha como AAAA-MM-DD.', status: 'Ese estado no existe.' });
  });

  it('exports what is filtered as CSV, with a header Spanish spreadsheets read', async () => {
    const id = await transferBooking();
    const { differentId } = await t.db.selectFrom('bookings').select('differentId').where('id', '=', id).executeTakeFirstOrThrow();
    const csv = await call('admin', 'GET', '/bookings/export.csv?status=WAITING_FOR_TRANSFER');
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Referencia,tkId,Estado,Fecha de reserva,Tour,Salida,Regreso,Titular,Correo,Teléfono,Agencia,Viajeros,Importe,Pagado');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${differentId},,Esperando transferencia,`);
    expect(lines[1]).toContain('Japón esencial');
    expect((await call('admin', 'GET', '/bookings/export.csv?status=CANCELED')).text.trim().split('\n')).toHaveLength(1);
  });

  it('shows one booking with its travellers, payments, mails and history; an unknown one is 404', async () => {
    const id = await transferBooking();
    const { body, status } = await call('admin', 'GET', `/bookings/${id}`);
    expect(status).toBe(200);
    expect(body.booking).toMatchObject({ id, status: 'WAITING_FOR_TRANSFER', tourName: 'Japón esencial' });
    expect(body.travellers).toHaveLength(3);
    expect(body.payments).toEqual([expect.objectContaining({ method: 'transfer', status: 'PENDING' })]);
    expect(body.statusChanges.map((s: { to: string }) => s.to)).toContain('WAITING_FOR_TRANSFER');
    expect(body.allowed).toEqual(['confirm-transfer', 'cancel']);
    expect((await call('admin', 'GET', '/bookings/no-existe')).status).toBe(404);
  });

  it('confirms a received transfer once, however often it is pressed, and records who did it', async () => {
    const id = await transferBooking();
    const press = { requestId: 'press-transfer-1', expectedStatus: 'WAITING_FOR_TRANSFER' };
    // The same press twice at once (a double click): one effect.
    const [a, b] = await Promise.all([
      call('admin', 'POST', `/bookings/${id}/confirm-transfer`, press),
      call('admin', 'POST', `/bookings/${id}/confirm-transfer`, press),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.applied, b.body.applied].sort()).toEqual([false, true]);
    expect(a.body.detail.booking.status).toBe('CONFIRMED');
    expect(await statusOf(id)).toBe('CONFIRMED');
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    expect(payment.status).toBe('CONFIRMED');
    expect(await countRows(t.db, 'transactions')).toBe(1);
    const actions = await t.db.selectFrom('staffActions').selectAll().execute();
    expect(actions).toEqual([
      expect.objectContaining({ entityId: id, action: 'confirm-transfer', actorId: 'user-admin', actorEmail: 'equipo@different.demo' }),
    ]);
    expect(JSON.parse(actions[0]?.before ?? '')).toEqual({ status: 'WAITING_FOR_TRANSFER' });
    const change = await t.db.selectFrom('bookingStatusChanges').selectAll().where('toStatus', '=', 'CONFIRMED').executeTakeFirstOrThrow();
    expect(change.changedBy).toBe('equipo@different.demo');
    expect(a.body.detail.actions).toHaveLength(1);

    // Another staff member who still saw it waiting is told it changed, and nothing more happens.
    const stale = await call('admin', 'POST', `/bookings/${id}/confirm-transfer`, { requestId: 'press-transfer-2', expectedStatus: 'WAITING_FOR_TRANSFER' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(BOOKING_CHANGED_MESSAGE);
    expect(await countRows(t.db, 'staffActions')).toBe(1);
    expect(await countRows(t.db, 'transactions')).toBe(1);
  });

  it('cancels with a reason: seats back on sale, open payments canceled, the pages rebuilt', async () => {
    const id = await transferBooking();
    expect(await seatsLeft(t.db)).toBe(7);
    const noReason = await call('admin', 'POST', `/bookings/${id}/cancel`, {
      requestId: 'press-cancel-1',
      expectedStatus: 'WAITING_FOR_TRANSFER',
      reason: '  ',
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.error.fields).toEqual({ reason: CANCEL_REASON_REQUIRED });
    expect(await statusOf(id)).toBe('WAITING_FOR_TRANSFER');

    const done = await call('admin', 'POST', `/bookings/${id}/cancel`, {
      requestId: 'press-cancel-2',
      expectedStatus: 'WAITING_FOR_TRANSFER',
      reason: 'El cliente no puede viajar',
    });
    expect(done.status).toBe(200);
    expect(done.body.detail.booking.status).toBe('CANCELED');
    expect(done.body.detail.allowed).toEqual([]);
    expect(await seatsLeft(t.db)).toBe(10);
    expect((await t.db.selectFrom('payments').select('status').executeTakeFirstOrThrow()).status).toBe('CANCELED');
    const change = await t.db.selectFrom('bookingStatusChanges').selectAll().where('toStatus', '=', 'CANCELED').executeTakeFirstOrThrow();
    expect(change.reason).toBe('Cancelada por el equipo: El cliente no puede viajar');
    // The seats given back show on the tour's own pages, rendered again alone: no full build.
    await recorder.rebuilds.whenIdle();
    expect(recorder.published.map((c) => c.changed)).toEqual([[contentKeys.tour(done.body.detail.booking.tourId)]]);
    expect(recorder.fullBuilds).toEqual([]);

    // Canceled is final: the button is gone, and a press from an old screen changes nothing.
    const again = await call('admin', 'POST', `/bookings/${id}/cancel`, { requestId: 'press-cancel-3', expectedStatus: 'CANCELED', reason: 'otra vez' });
    expect(again.status).toBe(409);
    expect(await seatsLeft(t.db)).toBe(10);
  });

  it('settles a payment in review: accepted confirms the booking, rejected cancels it and frees the seats', async () => {
    const review = async () => {
      const api = apiOf();
      const { id } = await createBookingForPayment(api, t.db);
      const { res } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method: 'card' });
      expect(res.status).toBe(201);
      const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
      await t.db.transaction().execute((trx) => holdPaymentForReview(trx, { payment, responseCode: '0000', reason: 'Importe distinto', now: new Date() }));
      expect(await statusOf(id)).toBe('PAYPAL_REVIEW');
      return id;
    };
    const accepted = await review();
    const detail = (await call('admin', 'GET', `/bookings/${accepted}`)).body;
    expect(detail.allowed).toEqual(['approve-review', 'reject-review', 'cancel']);
    const ok = await call('admin', 'POST', `/bookings/${accepted}/approve-review`, { requestId: 'press-review-1', expectedStatus: 'PAYPAL_REVIEW' });
    expect(ok.status).toBe(200);
    expect(ok.body.detail.booking.status).toBe('CONFIRMED');
    expect(ok.body.detail.payments[0].status).toBe('CONFIRMED');
    expect(ok.body.detail.booking.tkId).toEqual(expect.any(String));

    const rejected = await review();
    const seatsBefore = await seatsLeft(t.db);
    const no = await call('admin', 'POST', `/bookings/${rejected}/reject-review`, {
      requestId: 'press-review-2',
      expectedStatus: 'PAYPAL_REVIEW',
      reason: 'Pago duplicado',
    });
    expect(no.status).toBe(200);
    expect(no.body.detail.booking.status).toBe('CANCELED');
    expect(no.body.detail.payments[0].status).toBe('CANCELED');
    expect(await seatsLeft(t.db)).toBe(seatsBefore + 3);
  });

  it('shows the day at a glance, each figure linking to its list', async () => {
    await transferBooking();
    const { body, status } = await call('admin', 'GET', '/dashboard');
    expect(status).toBe(200);
    const figure = (label: string) => body.figures.find((f: { label: string }) => f.label === label);
    expect(figure('Reservas hoy')).toMatchObject({ value: 1, href: expect.stringMatching(/^\/admin\/bookings\?bookedFrom=\d{4}-\d{2}-\d{2}$/) });
    expect(figure('Transferencias por confirmar')).toEqual({
      label: 'Transferencias por confirmar',
      value: 1,
      href: '/admin/bookings?status=WAITING_FOR_TRANSFER',
    });
    expect(figure('Pagos en revisión')).toMatchObject({ value: 0 });
    expect(body.departures).toEqual([]);
  });

  /** A booking paid in full by card on the sandbox terminal (the notification signed as Redsys signs it). */
  const paidByCard = async () => {
    const api = apiOf();
    const { id } = await createBookingForPayment(api, t.db);
    const { res } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method: 'card' });
    expect(res.status).toBe(201);
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    const notified = await postNotification(api, signedNotification(testConfig({}), { order: payment.orderNumber, amountCents: payment.amountCents }));
    expect(notified.status).toBe(200);
    expect(await statusOf(id)).toBe('CONFIRMED');
    return { id, payment };
  };
  const paymentRow = async (id: string) => t.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('refunds part of a card payment through the terminal (Redsys type 3): a CREDIT to the traveller, recorded, never above what was paid', async () => {
    const { id, payment } = await paidByCard();
    const refund = (requestId: string, amount: string | number, reason = 'Cambio de hotel') =>
      call('admin', 'POST', `/bookings/${id}/refund`, { requestId, paymentId: payment.id, amount, reason });

    const bad = await refund('press-refund-0', 'cien euros');
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ amount: REFUND_AMOUNT_MESSAGE });
    expect((await refund('press-refund-0', '10', ' ')).body.error.fields).toEqual({ reason: REFUND_MESSAGES.reason });

    const done = await refund('press-refund-1', '100,50');
    expect(done.status).toBe(200);
    expect(done.body.applied).toBe(true);
    expect((await paymentRow(payment.id)).refundedCents).toBe(10_050);
    expect(await t.db.selectFrom('refunds').select(['status', 'responseCode', 'amountCents']).execute()).toEqual([
      { status: 'DONE', responseCode: '0900', amountCents: 10_050 },
    ]);
    expect(done.body.detail.transactions).toContainEqual(expect.objectContaining({ type: 'CREDIT', kind: 'PAYMENT', amount: 10_050, status: 'REFUNDED' }));
    expect(done.body.detail.actions[0]).toMatchObject({ action: 'refund', actorEmail: 'equipo@different.demo', reason: 'Cambio de hotel' });
    // The same press again (a retry): nothing more.
    expect((await refund('press-refund-1', '100,50')).body.applied).toBe(false);
    expect((await paymentRow(payment.id)).refundedCents).toBe(10_050);

    // More than is left is refused with what is left, and nothing is asked of the terminal.
    const left = payment.amountCents - 10_050;
    const tooMuch = await refund('press-refund-2', (left + 1) / 100);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.message).toBe(REFUND_MESSAGES.tooMuch(left));
    expect(await t.db.selectFrom('refunds').select('id').execute()).toHaveLength(1);
  });

  it('refunds once when two staff members refund the rest at the same moment', async () => {
    const { id, payment } = await paidByCard();
    const all = payment.amountCents / 100;
    const answers = await Promise.all(
      ['press-a-00001', 'press-b-00001'].map((requestId) =>
        call('admin', 'POST', `/bookings/${id}/refund`, { requestId, paymentId: payment.id, amount: all, reason: 'Cancelación' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect((await paymentRow(payment.id)).refundedCents).toBe(payment.amountCents);
    expect(await t.db.selectFrom('refunds').select('status').where('status', '=', 'DONE').execute()).toHaveLength(1);
    const credits = await t.db.selectFrom('transactions').select('amount').where('type', '=', 'CREDIT').execute();
    expect(credits).toEqual([{ amount: payment.amountCents }]);
  });

  it('tells staff when the terminal refuses, and leaves the amount refundable', async () => {
    const { id, payment } = await paidByCard();
    // The bank has already given back all of it (refunded at the bank's own desk): the terminal says no.
    await t.db
      .insertInto('refunds')
      .values({
        id: 'r-bank',
        paymentId: payment.id,
        bookingId: id,
        amountCents: payment.amountCents,
        status: 'DONE',
        reason: 'en el banco',
        requestId: 'bank-desk',
        actorEmail: 'banco',
        createdAt: new Date().toISOString(),
      })
      .execute();
    const refused = await call('admin', 'POST', `/bookings/${id}/refund`, {
      requestId: 'press-refund-9',
      paymentId: payment.id,
      amount: 10,
      reason: 'Compensación',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(REFUND_MESSAGES.refused('SIS0057'));
    expect((await paymentRow(payment.id)).refundedCents).toBe(0);
    expect(await t.db.selectFrom('refunds').select('status').where('requestId', '=', 'press-refund-9').executeTakeFirstOrThrow()).toEqual({ status: 'FAILED' });
    expect(await t.db.selectFrom('transactions').select('id').where('type', '=', 'CREDIT').execute()).toEqual([]);
    // The same press again (its answer lost on the way) says it was refused, and asks the bank nothing.
    const retried = await call('admin', 'POST', `/bookings/${id}/refund`, {
      requestId: 'press-refund-9',
      paymentId: payment.id,
      amount: 10,
      reason: 'Compensación',
    });
    expect(retried.status).toBe(409);
    expect(retried.body.error.message).toBe(REFUND_MESSAGES.refusedBefore);
    expect(await t.db.selectFrom('refunds').select('id').where('requestId', '=', 'press-refund-9').execute()).toHaveLength(1);
  });

  it('refuses to refund a payment no money was taken for', async () => {
    const id = await transferBooking();
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    const answer = await call('admin', 'POST', `/bookings/${id}/refund`, { requestId: 'press-refund-7', paymentId: payment.id, amount: 10, reason: 'x' });
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe(REFUND_MESSAGES.notRefundable);
    expect(
      (await call('admin', 'POST', `/bookings/${id}/refund`, { requestId: 'press-refund-8', paymentId: 'no-existe', amount: 10, reason: 'x' })).status,
    ).toBe(404);
  });

  it("gives a departure's passenger manifest, on screen, as CSV and as an Excel workbook", async () => {
    const confirmed = await transferBooking();
    await call('admin', 'POST', `/bookings/${confirmed}/confirm-transfer`, { requestId: 'press-transfer-m', expectedStatus: 'WAITING_FOR_TRANSFER' });
    const waiting = await transferBooking();
    const canceled = await transferBooking();
    await call('admin', 'POST', `/bookings/${canceled}/cancel`, { requestId: 'press-cancel-m', expectedStatus: 'WAITING_FOR_TRANSFER', reason: 'prueba' });

    const { status, body } = await call('admin', 'GET', '/periods/p1/manifest');
    expect(status).toBe(200);
    // 3 confirmed, 3 held for the transfer on its way; the canceled booking's back on sale.
    expect(body.period).toMatchObject({ id: 'p1', tourName: 'Japón esencial', sold: 3, held: 3, capacity: 10 });
    expect(body.rows).toHaveLength(6);
    expect(new Set(body.rows.map((r: { bookingId: string }) => r.bookingId))).toEqual(new Set([confirmed, waiting]));
    const lead = body.rows.find((r: { bookingId: string; lead: boolean }) => r.bookingId === confirmed && r.lead);
    expect(lead).toMatchObject({ name: 'Ana', surname: 'García López', ageGroup: 'Adultos', status: 'CONFIRMED', dueCents: 0 });
    expect(lead.document).toEqual(expect.any(String));
    const child = body.rows.find((r: { ageGroup: string }) => r.ageGroup === 'Niños');
    expect(child.birthdate).toBe(bornYearsAgo(7));

    const csv = await call('admin', 'GET', '/periods/p1/manifest.csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Reserva,tkId,Estado,Titular,Nombre,Apellidos,Documento,Fecha de nacimiento,Grupo de edad,Habitación,Comparte con,Vuelo,Actividades,Seguro,Pagado (reserva),Pendiente (reserva)',
    );
    expect(lines).toHaveLength(7);

    const res = await apiOf().request('/admin/periods/p1/manifest.xlsx', { headers: { 'x-test-auth': JSON.stringify(CALLERS.admin) } });
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('Manifiesto');
    expect(sheet?.getRow(3).getCell(5).value).toBe('Nombre');
    expect(sheet?.rowCount).toBe(3 + 6);
    expect((await call('admin', 'GET', '/periods/no-existe/manifest')).status).toBe(404);
  });
});
