import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentKeys } from '#shared/page-deps.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatEuros } from '#shared/rules/money.ts';
import { BOOKING_CHANGED_MESSAGE } from '#shared/schemas/backoffice.ts';
import { BOOKING_DESK_MESSAGES } from '#shared/schemas/booking-desk.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { countRows, insertDeparture, createTestApi } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, type CallerName, seedCallers } from '../../tests/support/callers.ts';
import { recordingRebuilds } from '../../tests/support/cms-api.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createBookingForPayment, pdfText, postNotification, signedNotification, startPaymentRequest } from '../../tests/support/payment-fixtures.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(dialects)('/api/admin booking page actions and departure notifications on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const recorder = recordingRebuilds();
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    filesDir = mkdtempSync(join(tmpdir(), 'booking-docs-'));
    await seedCallers(t.db);
    await insertDeparture(t.db);
    recorder.reset();
  });
  afterEach(async () => {
    await t.drop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const config = () => ({ ...testConfig({}), databaseUrl: t.url, filesDir });
  const apiOf = () => createTestApi(t.db, t.url, { config: config(), rebuilds: recorder.rebuilds });
  const call = async (who: CallerName, method: string, path: string, body?: unknown) => {
    const caller = CALLERS[who];
    const headers: Record<string, string> = caller ? { 'x-test-auth': JSON.stringify(caller) } : {};
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await apiOf().request(`/admin${path}`, { method, headers, body: payload });
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = res.headers.get('content-type')?.includes('json');
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    return { status: res.status, bytes, headers: res.headers, body: (json ? JSON.parse(bytes.toString()) : null) as Record<string, any> };
  };
  const mailsOf = (id: string) =>
    t.db.selectFrom('mails').select(['type', 'toAddress', 'subject', 'text', 'attachments']).where('bookingId', '=', id).orderBy('createdAt').execute();
  const activitySeats = async () =>
    (await t.db.selectFrom('optionalActivities').select('bookableAvailability').where('id', '=', 'oa1').executeTakeFirstOrThrow()).bookableAvailability;

  /** A booking paid in full by card (2 adults and a child on p1): CONFIRMED, with its voucher mailed. */
  const paidByCard = async ({ amount = 'full' }: { amount?: 'due' | 'full' } = {}) => {
    const api = apiOf();
    const { id } = await createBookingForPayment(api, t.db);
    const { res } = await startPaymentRequest(api, `/payments/booking/${id}`, { amount, method: 'card' });
    expect(res.status).toBe(201);
    const payment = await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
    expect((await postNotification(api, signedNotification(testConfig({}), { order: payment.orderNumber, amountCents: payment.amountCents }))).status).toBe(
      200,
    );
    return id;
  };
  const detailOf = async (id: string) => (await call('admin', 'GET', `/bookings/${id}`)).body;

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('answers %s with %i and changes nothing', async (who, status) => {
    const id = await paidByCard();
    const mails = await countRows(t.db, 'mails');
    const form = new FormData();
    form.set('requestId', 'press-upload-1');
    form.set('kind', 'ETICKET');
    form.set('file', new File([PDF], 'billete.pdf'));
    const presses = [
      call(who, 'POST', `/bookings/${id}/mails`, { requestId: 'press-mail-01', mail: 'voucher' }),
      call(who, 'POST', `/bookings/${id}/traveller`, { requestId: 'press-edit-01', expectedUpdatedAt: 'x', travellerId: 'x', fields: { name: 'Eva' } }),
      call(who, 'GET', `/bookings/${id}/activities`),
      call(who, 'POST', `/bookings/${id}/activity`, { requestId: 'press-act-01', expectedUpdatedAt: 'x', activityId: 'ACT1', travellerIds: ['x'] }),
      call(who, 'POST', `/bookings/${id}/compensation`, { requestId: 'press-comp-01', points: 500, reason: 'Retraso' }),
      call(who, 'POST', `/bookings/${id}/documents`, form),
      call(who, 'GET', `/bookings/${id}/documents/file?key=x`),
      call(who, 'POST', '/periods/p1/notifications', { requestId: 'press-notice-1', notice: 'documentation' }),
    ];
    for (const res of await Promise.all(presses)) expect(res.status).toBe(status);
    expect(await countRows(t.db, 'mails')).toBe(mails);
    expect(await countRows(t.db, 'staffActions')).toBe(0);
    expect(await countRows(t.db, 'bookingDocuments')).toBe(0);
  });

  it('sends the voucher, the documentation and a payment reminder again, once per press, and says why one cannot go', async () => {
    const id = await paidByCard({ amount: 'due' });
    const before = (await mailsOf(id)).length;

    const voucher = await call('admin', 'POST', `/bookings/${id}/mails`, { requestId: 'press-mail-01', mail: 'voucher' });
    expect(voucher.status).toBe(200);
    expect(voucher.body).toMatchObject({ applied: true, to: 'ana.garcia@viajes.es' });
    expect((await call('admin', 'POST', `/bookings/${id}/mails`, { requestId: 'press-mail-01', mail: 'voucher' })).body.applied).toBe(false);

    const documentation = await call('admin', 'POST', `/bookings/${id}/mails`, { requestId: 'press-mail-02', mail: 'documentation' });
    expect(documentation.body.applied).toBe(true);
    const reminder = await call('admin', 'POST', `/bookings/${id}/mails`, { requestId: 'press-mail-03', mail: 'payment-reminder' });
    expect(reminder.body.applied).toBe(true);

    const sent = (await mailsOf(id)).slice(before);
    expect(sent.map((m) => m.type)).toEqual(['BONO_RESERVA', 'INFO_PRACTICA', 'REMINDER_PAYMENT']);
    const [bond, info, remind] = sent;
    expect(JSON.parse(bond!.attachments)[0]).toMatchObject({ contentType: 'application/pdf' });
    const infoPdf = JSON.parse(info!.attachments) as { filename: string; contentBase64: string }[];
    expect(infoPdf.map((a) => a.filename)).toEqual([expect.stringMatching(/^documentacion-.+\.pdf$/)]);
    expect(pdfText(Buffer.from(infoPdf[0]!.contentBase64, 'base64'))).toContain('Documentación del viaje');
    // The reminder asks for what is still owed, with the way to pay it.
    const detail = await detailOf(id);
    const owed = detail.booking.priceCents - detail.booking.paidCents;
    expect(owed).toBeGreaterThan(0);
    expect(remind!.text).toContain(`Importe pendiente: ${formatEuros(owed)}.`);
    expect(detail.actions.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['mail:voucher', 'mail:documentation', 'mail:payment-reminder']),
    );

    // A budget mail needs a booking saved as a budget.
    const budget = await call('admin', 'POST', `/bookings/${id}/mails`, { requestId: 'press-mail-04', mail: 'budget' });
    expect(budget.status).toBe(409);
    expect(budget.body.error.message).toBe(BOOKING_DESK_MESSAGES.notBudget);
    const unknown = await call('admin', 'POST', `/bookings/${id}/mails`, { requestId: 'press-mail-05', mail: 'postal' });
    expect(unknown.status).toBe(422);
    expect((await mailsOf(id)).length).toBe(before + 3);
  });

  it('attaches the uploaded e-tickets to the documentation with tickets, and serves a document only through its booking', async () => {
    const id = await paidByCard();
    const upload = (requestId: string, file: File, kind = 'ETICKET') => {
      const form = new FormData();
      form.set('requestId', requestId);
      form.set('kind', kind);
      form.set('file', file);
      return call('admin', 'POST', `/bookings/${id}/documents`, form);
    };
    const notPdf = await upload('press-upload-0', new File(['hola'], 'billete.pdf'));
    expect(notPdf.status).toBe(422);
    expect(notPdf.body.error.fields).toEqual({ file: BOOKING_DESK_MESSAGES.file });

    const done = await upload('press-upload-1', new File([PDF], 'Billete Ñandú (ida).pdf'));
    expect(done.status).toBe(201);
    expect(done.body.detail.booking.documents).toEqual([expect.objectContaining({ name: 'Billete-Nandu-ida.pdf', kind: 'ETICKET', bytes: PDF.length })]);
    // The same press again stores nothing more.
    expect((await upload('press-upload-1', new File([PDF], 'Billete.pdf'))).body.applied).toBe(false);
    await upload('press-upload-2', new File([PDF], 'seguro.pdf'), 'DOCUMENT');
    expect(await countRows(t.db, 'bookingDocuments')).toBe(2);

    const { key } = done.body.detail.booking.documents[0];
    const file = await call('admin', 'GET', `/bookings/${id}/documents/file?key=${encodeURIComponent(key)}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.bytes.equals(PDF)).toBe(true);
    expect(readFileSync(join(filesDir, key)).equals(PDF)).toBe(true);
    const other = await paidByCard();
    expect((await call('admin', 'GET', `/bookings/${other}/documents/file?key=${encodeURIComponent(key)}`)).status).toBe(404);

    await call('admin', 'POST', `/bookings/${id}/mails`, { requestId: 'press-mail-06', mail: 'documentation-eticket' });
    const info = (await mailsOf(id)).find((m) => m.type === 'INFO_PRACTICA')!;
    const attachments = JSON.parse(info.attachments) as { filename: string }[];
    // The documentation and the e-ticket; the other document is not a ticket.
    expect(attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^documentacion-/), 'Billete-Nandu-ida.pdf']);
  });

  it('corrects a traveller, refusing a booking changed meanwhile and an age that no longer fits the group', async () => {
    const id = await paidByCard();
    const { booking, travellers } = await detailOf(id);
    const child = travellers.find((x: { ageGroup: string }) => x.ageGroup === 'Niños');
    const adult = travellers[1];
    const edit = (requestId: string, travellerId: string, fields: Record<string, string>, expectedUpdatedAt = booking.updatedAt) =>
      call('admin', 'POST', `/bookings/${id}/traveller`, { requestId, expectedUpdatedAt, travellerId, fields });

    const badDni = await edit('press-edit-01', adult.id, { national_id: '12345678A' });
    expect(badDni.status).toBe(422);
    expect(Object.keys(badDni.body.error.fields)).toEqual(['fields.national_id']);
    const adultAsChild = await edit('press-edit-02', child.id, { birthdate: '1990-01-01' });
    expect(adultAsChild.status).toBe(422);
    expect(Object.keys(adultAsChild.body.error.fields)).toEqual(['fields.birthdate']);

    const done = await edit('press-edit-03', adult.id, { name: 'Luis Miguel', national_id: '00000000T' });
    expect(done.status).toBe(200);
    const edited = done.body.detail.travellers.find((x: { id: string }) => x.id === adult.id);
    expect(edited).toMatchObject({ name: 'Luis Miguel', surname: 'García López', document: '00000000T' });
    expect(done.body.detail.actions[0]).toMatchObject({ action: 'edit-traveller', before: { name: 'Luis' }, after: { name: 'Luis Miguel' } });
    // The page the staff member had open is now stale: a second edit from it is refused.
    const stale = await edit('press-edit-04', adult.id, { name: 'Otro' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(BOOKING_CHANGED_MESSAGE);
    expect((await detailOf(id)).travellers.find((x: { id: string }) => x.id === adult.id).name).toBe('Luis Miguel');
  });

  it('adds an optional activity after booking: seats taken for good, priced by the shared rules, the difference due', async () => {
    const id = await paidByCard();
    const { booking, travellers } = await detailOf(id);
    const options = await call('admin', 'GET', `/bookings/${id}/activities`);
    expect(options.body.activities).toContainEqual({ activityId: 'ACT1', name: 'Ceremonia del té', left: 3 });
    const [ana, luis] = travellers;
    const add = (requestId: string, travellerIds: string[], expectedUpdatedAt = booking.updatedAt, activityId = 'ACT1') =>
      call('admin', 'POST', `/bookings/${id}/activity`, { requestId, expectedUpdatedAt, activityId, travellerIds });

    expect((await add('press-act-00', [ana.id], booking.updatedAt, 'NOPE')).body.error.fields).toEqual({ activityId: BOOKING_DESK_MESSAGES.activity });
    expect((await add('press-act-00', ['nadie'])).body.error.fields).toEqual({ travellerIds: BOOKING_DESK_MESSAGES.traveller });
    const seats = await activitySeats();
    // Two presses of the same dialog at once: one effect.
    const [one, two] = await Promise.all([add('press-act-01', [ana.id, luis.id]), add('press-act-01', [ana.id, luis.id])]);
    expect([one.body.applied, two.body.applied].sort()).toEqual([false, true]);
    expect(await activitySeats()).toBe(seats - 2);
    const after = await detailOf(id);
    // 40 € per adult, at today's prices: 80 € more, now owed; what was agreed before stays.
    expect(after.booking.priceCents).toBe(booking.priceCents + 8_000);
    expect(after.booking.paidCents).toBe(booking.paidCents);
    expect(after.booking.quote.lines.at(-1)).toEqual({ label: 'Ceremonia del té (2 viajeros)', amountCents: 8_000 });
    expect(after.travellers[0].activities).toContainEqual({ id: 'ACT1', name: 'Ceremonia del té' });
    // The activity's seats left show on the tour's own pages, rendered again once, alone.
    await recorder.rebuilds.whenIdle();
    expect(recorder.published.map((c) => c.changed)).toEqual([[contentKeys.tour(after.booking.tourId)]]);
    expect(recorder.fullBuilds).toEqual([]);

    // Only one seat is left now: two more cannot be taken, and nothing changes.
    const child = travellers[2];
    const fresh = after.booking.updatedAt;
    const short = await add('press-act-02', [child.id], fresh, 'PACK');
    expect(short.status).toBe(200);
    expect(await activitySeats()).toBe(seats - 3);
    const none = await call('admin', 'POST', `/bookings/${id}/activity`, {
      requestId: 'press-act-03',
      expectedUpdatedAt: short.body.detail.booking.updatedAt,
      activityId: 'ACT1',
      travellerIds: [child.id],
    });
    expect(none.status).toBe(409);
    expect(await activitySeats()).toBe(0);
    // The seats go back with the booking if it is canceled.
    const detail = await detailOf(id);
    await call('admin', 'POST', `/bookings/${id}/cancel`, { requestId: 'press-cancel-1', expectedStatus: detail.booking.status, reason: 'Prueba' });
    expect(await activitySeats()).toBe(3);
  });

  it('credits a compensation in points to the booking traveller, once per press, with the reason', async () => {
    const id = await paidByCard();
    const travelerId = (await t.db.selectFrom('bookings').select('travelerId').where('id', '=', id).executeTakeFirstOrThrow()).travelerId!;
    const points = async () =>
      (await t.db.selectFrom('travelers').select('accumulatedReward').where('id', '=', travelerId).executeTakeFirstOrThrow()).accumulatedReward;
    const start = await points();
    const bad = await call('admin', 'POST', `/bookings/${id}/compensation`, { requestId: 'press-comp-00', points: 0, reason: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ points: BOOKING_DESK_MESSAGES.points, reason: BOOKING_DESK_MESSAGES.reason });
    const press = () =>
      call('admin', 'POST', `/bookings/${id}/compensation`, { requestId: 'press-comp-01', points: '500', reason: 'Retraso del vuelo de ida' });
    const [a, b] = await Promise.all([press(), press()]);
    expect([a.body.applied, b.body.applied].sort()).toEqual([false, true]);
    expect(await points()).toBe(start + 500);
    const detail = await detailOf(id);
    expect(detail.transactions).toContainEqual(expect.objectContaining({ type: 'CREDIT', kind: 'POINTS', amount: 500, status: 'COMPENSATION' }));
    expect(detail.actions[0]).toMatchObject({ action: 'compensation', reason: 'Retraso del vuelo de ida', after: { credited: 500 } });
  });

  it('sends a departure its documentation or a payment reminder at a percentage, to all or to the bookings chosen', async () => {
    const deposit = await paidByCard({ amount: 'due' });
    const full = await paidByCard();
    const notice = (body: Record<string, unknown>) => call('admin', 'POST', '/periods/p1/notifications', body);

    expect((await notice({ requestId: 'press-notice-0', notice: 'payment-reminder' })).body.error.fields).toEqual({ percent: BOOKING_DESK_MESSAGES.percent });
    expect((await notice({ requestId: 'press-notice-0', notice: 'documentation', bookingIds: ['otra'] })).status).toBe(422);

    const all = await notice({ requestId: 'press-notice-1', notice: 'documentation' });
    expect(all.body).toMatchObject({ applied: true, sent: 2, skipped: [] });
    expect((await notice({ requestId: 'press-notice-1', notice: 'documentation' })).body).toMatchObject({ applied: false, sent: 0 });

    // At 100 %: the booking paid in full has nothing to pay, and says so.
    const reminder = await notice({ requestId: 'press-notice-2', notice: 'payment-reminder', percent: 100 });
    expect(reminder.body.sent).toBe(1);
    expect(reminder.body.skipped).toEqual([expect.objectContaining({ bookingId: full, why: BOOKING_DESK_MESSAGES.nothingDue })]);
    const reminders = (await mailsOf(deposit)).filter((m) => m.type === 'REMINDER_PAYMENT');
    expect(reminders).toHaveLength(1);

    const chosen = await notice({ requestId: 'press-notice-3', notice: 'documentation', bookingIds: [full] });
    expect(chosen.body.sent).toBe(1);
    expect((await mailsOf(full)).filter((m) => m.type === 'INFO_PRACTICA')).toHaveLength(2);
    expect((await mailsOf(deposit)).filter((m) => m.type === 'INFO_PRACTICA')).toHaveLength(1);
    const periodActions = await t.db.selectFrom('staffActions').select(['action', 'actorEmail']).where('entityType', '=', 'period').execute();
    expect(periodActions).toHaveLength(3);
  });

  it('lists saved budgets, searched and paged on the server, and sends a budget again with today’s price', async () => {
    const api = apiOf();
    const saved = (await createBookingForPayment(api, t.db)).id;
    const other = (await createBookingForPayment(api, t.db)).id;
    await createBookingForPayment(api, t.db);
    for (const [id, budgetName] of [
      [saved, 'Japón en familia'],
      [other, 'Escapada de Luis'],
    ] as const) {
      const res = await api.request(`/bookings/${id}/budget`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ budgetName }),
      });
      expect(res.status).toBe(200);
    }
    for (const who of ['visitor', 'traveler', 'guide'] as const) expect((await call(who, 'GET', '/budgets')).status).toBe(who === 'visitor' ? 401 : 403);

    const all = await call('admin', 'GET', '/budgets');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.rows.map((r: { budgetName: string }) => r.budgetName).sort()).toEqual(['Escapada de Luis', 'Japón en familia']);
    expect(all.body.rows.find((r: { id: string }) => r.id === saved)).toMatchObject({
      tourName: 'Japón esencial',
      leadName: 'Ana García López',
      email: 'ana.garcia@viajes.es',
      travellers: 3,
      continuePath: `/tour/japon-esencial/personaliza-el-viaje/${saved}`,
    });
    expect((await call('admin', 'GET', '/budgets?q=FAMILIA')).body.rows.map((r: { id: string }) => r.id)).toEqual([saved]);
    expect((await call('admin', 'GET', '/budgets?q=x')).status).toBe(422);
    expect((await call('admin', 'GET', '/budgets?page=2')).body).toMatchObject({ total: 2, rows: [] });

    const before = (await mailsOf(saved)).filter((m) => m.type === 'BUDGET').length;
    const resend = await call('admin', 'POST', `/bookings/${saved}/mails`, { requestId: 'press-budget-1', mail: 'budget' });
    expect(resend.body).toMatchObject({ applied: true, to: 'ana.garcia@viajes.es' });
    const budgets = (await mailsOf(saved)).filter((m) => m.type === 'BUDGET');
    expect(budgets).toHaveLength(before + 1);
    expect(budgets.at(-1)!.subject).toContain('Japón en familia');
  });
});
