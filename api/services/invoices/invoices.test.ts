/**
 * Invoices and their VERI*FACTU records through the real API and database (docs/decisions/043), on SQLite and
 * PostgreSQL: a payment is invoiced the day it comes, numbered in its series and chained; a refund and a
 * cancellation are corrected by an R1; a hundred confirmations at once take a hundred consecutive numbers on a
 * valid chain; every record's XML passes the AEAT's schema; `verify` names a tampered record; production without
 * the issuer's data issues nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApi, insertDeparture, jsonRequest, type TestApi } from '../../../tests/support/booking-fixtures.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../../tests/support/databases.ts';
import { CALLERS, seedCallers } from '../../../tests/support/callers.ts';
import {
  createBookingForPayment,
  paidBooking,
  pdfText,
  postNotification,
  signedNotification,
  startPaymentRequest,
} from '../../../tests/support/payment-fixtures.ts';
import { testConfig } from '../../../tests/support/test-config.ts';
import { schemaErrors } from '../../../tests/support/xsd.ts';
import { openDatabase } from '../../db/database.ts';
import { submissionXml } from './records.ts';
import { verifyChains } from './verify.ts';
import { madridDay } from './verifactu.ts';

// On every engine, always: numbering and the chain rest on each engine's own locking.
describe.each(dialects)('invoices on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db, { seats: 300 });
    await seedCallers(t.db);
  });
  afterEach(async () => t.drop());

  const asAdmin = async (method: string, path: string, body: unknown) => {
    const request = jsonRequest(method, body);
    const res = await api.request(path, {
      ...request,
      headers: { ...(request.headers as Record<string, string>), 'x-test-auth': JSON.stringify(CALLERS.admin) },
    });
    return { status: res.status, body: await res.json() };
  };
  const invoicesOf = (bookingId: string) =>
    t.db
      .selectFrom('invoices')
      .select(['invoiceNumber', 'invoiceType', 'totalCents', 'baseCents', 'taxCents', 'recipientName', 'recipientTaxId', 'corrects'])
      .where('bookingId', '=', bookingId)
      .orderBy('issuedAt')
      .orderBy('number')
      .execute();
  const year = madridDay(new Date()).slice(0, 4);

  it('invoices a card payment the day it comes, to the lead with their DNI, under REAV, chained as the first record', async () => {
    const { id, payment } = await paidBooking(api, t.db);
    const [invoice] = await invoicesOf(id);
    expect(invoice).toMatchObject({ invoiceNumber: `F${year}-000001`, invoiceType: 'F1', totalCents: payment.amountCents, recipientTaxId: '12345678Z' });
    // 15 % of the price is the margin, VAT included; the base and VAT split it at 21 %.
    const margin = Math.round(payment.amountCents * 0.15);
    expect((invoice?.baseCents ?? 0) + (invoice?.taxCents ?? 0)).toBe(margin);
    const records = await t.db.selectFrom('billingRecords').selectAll().execute();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ seq: 1, kind: 'ALTA', previousFingerprint: null, status: 'PENDING' });
    expect(records[0]?.xml).toContain('<sf:PrimerRegistro>S</sf:PrimerRegistro>');
    expect(records[0]?.xml).toContain('Régimen especial de las agencias de viajes');
    expect(
      await schemaErrors(
        submissionXml({ issuer: { name: 'Different Roads Viajes, S.L.', nif: 'B00000000' }, records: records.map((r) => r.xml) }),
        'SuministroLR.xsd',
      ),
    ).toEqual([]);
    const { invoiceRef } = await t.db.selectFrom('bookings').select('invoiceRef').where('id', '=', id).executeTakeFirstOrThrow();
    expect(invoiceRef).toBe(`F${year}-000001`);
    // The payment's mail carries its invoice beside its receipt.
    const mail = await t.db.selectFrom('mails').select('attachments').where('bookingId', '=', id).where('type', '=', 'PAYMENT').executeTakeFirstOrThrow();
    expect(mail.attachments).toContain(`factura-F${year}-000001.pdf`);
  });

  it('corrects a refund and then a cancellation with R1 invoices by differences, chaining every record', async () => {
    const { id, payment } = await paidBooking(api, t.db);
    const refunded = await asAdmin('POST', `/admin/bookings/${id}/refund`, {
      requestId: 'invoice-refund-1',
      paymentId: payment.id,
      amount: '100',
      reason: 'Cambio de hotel',
    });
    expect(refunded.status).toBe(200);
    const canceled = await asAdmin('POST', `/admin/bookings/${id}/cancel`, {
      requestId: 'invoice-cancel-1',
      expectedStatus: 'CONFIRMED',
      reason: 'Enfermedad',
    });
    expect(canceled.status).toBe(200);
    const invoices = await invoicesOf(id);
    expect(invoices.map((i) => [i.invoiceNumber, i.invoiceType, i.totalCents])).toEqual([
      [`F${year}-000001`, 'F1', payment.amountCents],
      [`R${year}-000001`, 'R1', -10_000],
      [`R${year}-000002`, 'R1', -(payment.amountCents - 10_000)],
    ]);
    expect(invoices.reduce((sum, i) => sum + i.totalCents, 0)).toBe(0);
    const records = await t.db.selectFrom('billingRecords').select(['seq', 'xml', 'previousFingerprint', 'fingerprint']).orderBy('seq').execute();
    expect(records.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(records[1]?.previousFingerprint).toBe(records[0]?.fingerprint);
    expect(records[2]?.xml).toContain(
      `<sf:TipoRectificativa>I</sf:TipoRectificativa><sf:FacturasRectificadas><sf:IDFacturaRectificada><sf:IDEmisorFactura>B00000000</sf:IDEmisorFactura><sf:NumSerieFactura>F${year}-000001</sf:NumSerieFactura>`,
    );
    expect(
      await schemaErrors(
        submissionXml({ issuer: { name: 'Different Roads Viajes, S.L.', nif: 'B00000000' }, records: records.map((r) => r.xml) }),
        'SuministroLR.xsd',
      ),
    ).toEqual([]);
    expect(await verifyChains(t.db)).toEqual([{ issuerNif: 'B00000000', records: 3, broken: null }]);
  });

  it('gives a hundred confirmations at once (from two instances on PostgreSQL) a hundred consecutive numbers on a valid chain', async () => {
    const bookings = [];
    for (let i = 0; i < 100; i++) {
      // One visitor making a hundred bookings would be stopped by the per-address limits: not what this is about.
      await t.db.deleteFrom('rateLimits').execute();
      const { id } = await createBookingForPayment(api, t.db);
      const started = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method: 'card' });
      expect(started.res.status).toBe(201);
      bookings.push(await t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow());
    }
    // On PostgreSQL a second instance, with its own connections to the same database, as a second server has
    // (several instances run only on PostgreSQL: a second start on one SQLite folder is refused, ADR 032).
    const otherDb = dialect === 'postgres' ? openDatabase({ url: t.url }) : t.db;
    const other = createTestApi(otherDb, t.url);
    try {
      const answers = await Promise.all(
        bookings.map((p, i) => postNotification(i % 2 ? other : api, signedNotification(testConfig({}), { order: p.orderNumber, amountCents: p.amountCents }))),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    } finally {
      if (otherDb !== t.db) await otherDb.destroy();
    }
    const numbers = (await t.db.selectFrom('invoices').select('number').where('series', '=', `F${year}`).orderBy('number').execute()).map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(await verifyChains(t.db)).toEqual([{ issuerNif: 'B00000000', records: 100, broken: null }]);
  }, 120_000);

  it('names the first record that does not match when one is tampered with', async () => {
    await paidBooking(api, t.db);
    const { id } = await paidBooking(api, t.db);
    await paidBooking(api, t.db);
    await t.db.updateTable('invoices').set({ totalCents: 1 }).where('bookingId', '=', id).execute();
    const [report] = await verifyChains(t.db);
    expect(report).toMatchObject({
      records: 3,
      broken: { seq: 2, invoiceNumber: `F${year}-000002`, reason: 'los importes o el tipo de la factura no son los del registro' },
    });
    await t.db.updateTable('billingRecords').set({ amountTotal: '1.00' }).where('seq', '=', 2).execute();
    expect((await verifyChains(t.db))[0]?.broken).toMatchObject({ seq: 2, reason: 'su huella no corresponde a sus datos' });
  });

  it('issues nothing in production without the issuing company’s data', async () => {
    api = createTestApi(t.db, t.url, { config: { ...testConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }), databaseUrl: t.url } });
    const { id } = await paidBooking(api, t.db);
    expect(await invoicesOf(id)).toEqual([]);
  });
});

describe.each(dialects)('the invoices desk and downloads on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db);
    await seedCallers(t.db);
  });
  afterEach(async () => t.drop());

  const as = async (who: object, method: string, path: string, body?: unknown) => {
    const request = body === undefined ? { method } : jsonRequest(method, body);
    return api.request(path, { ...request, headers: { ...(request.headers as Record<string, string>), 'x-test-auth': JSON.stringify(who) } });
  };
  const month = madridDay(new Date()).slice(0, 7);

  it('lists the invoices with their record’s state, and exports the month with the totals of each series', async () => {
    const { id, payment } = await paidBooking(api, t.db);
    await as(CALLERS.admin, 'POST', `/admin/bookings/${id}/refund`, { requestId: 'desk-refund-1', paymentId: payment.id, amount: '50', reason: 'Ajuste' });
    const listed = await (await as(CALLERS.admin, 'GET', '/admin/invoices')).json();
    expect(listed).toMatchObject({ total: 2, issuing: true, chain: { records: 2, pending: 2, rejected: 0 } });
    expect(
      listed.rows.map((r: { invoiceType: string; totalCents: number; record: { status: string } }) => [r.invoiceType, r.totalCents, r.record.status]),
    ).toEqual([
      ['R1', -5_000, 'PENDING'],
      ['F1', payment.amountCents, 'PENDING'],
    ]);
    expect((await (await as(CALLERS.admin, 'GET', '/admin/invoices?kind=R1')).json()).total).toBe(1);
    expect((await (await as(CALLERS.admin, 'GET', '/admin/invoices?q=12345678z')).json()).total).toBe(2);
    expect((await as(CALLERS.admin, 'GET', '/admin/invoices?month=2027-13')).status).toBe(422);

    const csv = (await (await as(CALLERS.admin, 'GET', `/admin/invoices/export.csv?month=${month}`)).text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(csv[0]).toBe('Serie,Número,Tipo,Fecha,Destinatario,NIF o documento,Reserva,Base del margen (€),IVA (€),Total (€),Rectifica,Estado,AEAT');
    expect(csv.at(-1)).toMatch(/^R\d{4},Total de la serie \(1\),,,,,,-?[\d.]+,-?[\d.]+,-50,,,$/);
    expect((await as(CALLERS.traveler, 'GET', '/admin/invoices')).status).toBe(403);
  });

  it('gives the invoice as a PDF with its QR code and legend, and its records as XML the AEAT’s schema accepts', async () => {
    const { id } = await paidBooking(api, t.db);
    const [invoice] = await t.db.selectFrom('invoices').select(['id', 'invoiceNumber']).where('bookingId', '=', id).execute();
    const pdf = await as(CALLERS.admin, 'GET', `/admin/invoices/${invoice?.id}/invoice.pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const line of [
      'QR tributario:',
      'Factura verificable en la sede electrónica de la AEAT',
      invoice?.invoiceNumber ?? '',
      'Régimen especial de las agencias de viajes',
    ])
      expect(text).toContain(line);
    const xml = await (await as(CALLERS.admin, 'GET', `/admin/invoices/${invoice?.id}/records.xml`)).text();
    expect(await schemaErrors(xml.replace(/^<\?xml[^>]*>/, ''), 'SuministroLR.xsd')).toEqual([]);
  });

  it('lets the traveller download their own invoices, and nobody else', async () => {
    const { id } = await paidBooking(api, t.db);
    const { travelerId } = await t.db.selectFrom('bookings').select('travelerId').where('id', '=', id).executeTakeFirstOrThrow();
    await t.db.updateTable('bookings').set({ ownerConfirmedAt: new Date().toISOString() }).where('id', '=', id).execute();
    const owner = { userId: 'u-owner', email: 'ana.garcia@viajes.es', travelerId, groups: [] };
    const trip = await (await as(owner, 'GET', `/me/trips/${id}`)).json();
    expect(trip.invoices).toHaveLength(1);
    const url = (trip.invoices[0].url as string).replace(/^\/api/, '');
    expect((await as(owner, 'GET', url)).status).toBe(200);
    expect((await as(CALLERS.otherTraveler, 'GET', url)).status).toBe(404);
    expect((await as(owner, 'GET', url.replace(/invoices\/[^/]+$/, 'invoices/otra.pdf'))).status).toBe(404);
  });

  it('voids an invoice issued by mistake once, with a cancellation record chained and valid', async () => {
    const { id } = await paidBooking(api, t.db);
    const [invoice] = await t.db.selectFrom('invoices').select('id').where('bookingId', '=', id).execute();
    const press = { requestId: 'void-invoice-1', reason: 'Emitida por error' };
    const [one, two] = await Promise.all([
      as(CALLERS.admin, 'POST', `/admin/invoices/${invoice?.id}/void`, press),
      as(CALLERS.admin, 'POST', `/admin/invoices/${invoice?.id}/void`, press),
    ]);
    expect([(await one.json()).applied, (await two.json()).applied].sort()).toEqual([false, true]);
    const records = await t.db.selectFrom('billingRecords').select(['kind', 'xml']).orderBy('seq').execute();
    expect(records.map((r) => r.kind)).toEqual(['ALTA', 'ANULACION']);
    const xml = submissionXml({ issuer: { name: 'Different Roads Viajes, S.L.', nif: 'B00000000' }, records: records.map((r) => r.xml) });
    expect(await schemaErrors(xml, 'SuministroLR.xsd')).toEqual([]);
    expect(await verifyChains(t.db)).toEqual([{ issuerNif: 'B00000000', records: 2, broken: null }]);
    const again = await as(CALLERS.admin, 'POST', `/admin/invoices/${invoice?.id}/void`, { requestId: 'void-invoice-2', reason: 'Otra vez' });
    expect(again.status).toBe(409);
  });
});
