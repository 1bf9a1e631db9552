/**
 * The company's data (issue 33) through the real API: only staff read and change it; a save applies once
 * however often pressed, is recorded, refuses a colleague's older version and wrong fields in Spanish writing
 * nothing; and what mails and documents are made after it carry the new phone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPANY_MESSAGES } from '#shared/schemas/company.ts';
import { createTestApi, insertDeparture, jsonRequest, type TestApi } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createBookingForPayment, pdfText } from '../../tests/support/payment-fixtures.ts';
import { loadBookingDocument } from '../services/bookings/documents/booking-document.ts';
import { renderVoucherPdf } from '../services/bookings/documents/voucher.ts';

const saved = {
  name: 'Different Roads',
  phone: '+34 911 222 333',
  email: 'oficina@different.demo',
  schedules: 'Lunes a viernes de 9:00 a 19:00',
  offerValidity: 'Ofertas válidas hasta el 31 de enero de 2027.',
};

describe.each(portableDialects)('/api/admin/company on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db);
    await seedCallers(t.db);
    await t.db
      .insertInto('companyInfo')
      .values({ id: 'c1', name: 'Different Roads', numberPhone: '+34 910 000 000', email: 'hola@different.demo', schedules: 'De 9:00 a 20:00' })
      .execute();
  });
  afterEach(async () => t.drop());

  const as = async (who: object | null, method: string, body?: unknown) => {
    const request = body === undefined ? { method } : jsonRequest(method, body);
    const res = await api.request('/admin/company', {
      ...request,
      headers: { ...(request.headers as Record<string, string>), ...(who ? { 'x-test-auth': JSON.stringify(who) } : {}) },
    });
    return { status: res.status, body: await res.json() };
  };
  const records = () => t.db.selectFrom('staffActions').select(['entityType', 'action', 'actorEmail', 'after']).execute();

  it.each([
    ['a visitor', null, 401],
    ['a traveller', CALLERS.traveler, 403],
    ['a guide', CALLERS.guide, 403],
  ])('answers %s with %i and changes nothing', async (_, who, status) => {
    expect((await as(who, 'GET')).status).toBe(status);
    expect((await as(who, 'PUT', { ...saved, version: 1, requestId: 'company-save-1' })).status).toBe(status);
    expect(await t.db.selectFrom('companyInfo').select(['numberPhone', 'version']).execute()).toEqual([{ numberPhone: '+34 910 000 000', version: 1 }]);
  });

  it('saves once for two presses at once, records who, and refuses an older version and wrong fields writing nothing', async () => {
    expect((await as(CALLERS.admin, 'GET')).body.company).toMatchObject({ name: 'Different Roads', phone: '+34 910 000 000', version: 1 });
    const press = { ...saved, version: 1, requestId: 'company-save-1' };
    const [one, two] = await Promise.all([as(CALLERS.admin, 'PUT', press), as(CALLERS.admin, 'PUT', press)]);
    expect([one.body.applied, two.body.applied].sort()).toEqual([false, true]);
    expect(one.body.company).toMatchObject({ ...saved, version: 2 });
    expect(await records()).toEqual([{ entityType: 'company', action: 'update', actorEmail: CALLERS.admin.email, after: JSON.stringify(saved) }]);

    // A colleague who read version 1 saves after: refused, nothing written.
    const late = await as(CALLERS.admin, 'PUT', { ...saved, phone: '+34 600 000 000', version: 1, requestId: 'company-save-2' });
    expect(late).toMatchObject({ status: 409, body: { error: { message: COMPANY_MESSAGES.changed } } });

    const wrong = await as(CALLERS.admin, 'PUT', { ...saved, name: ' ', phone: 'llámame', email: 'oficina@', version: 2, requestId: 'company-save-3' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toEqual({ name: COMPANY_MESSAGES.name, phone: COMPANY_MESSAGES.phone, email: COMPANY_MESSAGES.email });

    // Saving what is saved changes nothing and records nothing.
    const same = await as(CALLERS.admin, 'PUT', { ...saved, version: 2, requestId: 'company-save-4' });
    expect(same.body).toMatchObject({ applied: true, changed: false, publication: null });
    expect(await records()).toHaveLength(1);
    expect(await t.db.selectFrom('companyInfo').select(['numberPhone', 'version']).execute()).toEqual([{ numberPhone: saved.phone, version: 2 }]);
  });

  it('puts the new phone in every mail and document made after the change', async () => {
    await as(CALLERS.admin, 'PUT', { ...saved, version: 1, requestId: 'company-save-1' });
    const question = { question: '¿Hay plazas en marzo para dos?', name: 'Lucía', email: 'lucia@correo.es', requestId: 'contact-form-1' };
    expect((await api.request('/contact', jsonRequest('POST', question))).status).toBe(201);
    const mail = await t.db.selectFrom('mails').select(['toAddress', 'html', 'text']).executeTakeFirstOrThrow();
    expect(mail.toAddress).toBe(saved.email);
    expect(mail.html).toContain('Atención al viajero: <a href="tel:+34911222333"');
    expect(mail.text).toContain(`Atención al viajero: ${saved.phone} · ${saved.email} · ${saved.schedules}`);

    const { id } = await createBookingForPayment(api, t.db);
    const booking = await loadBookingDocument(t.db, id);
    if (!booking) throw new Error('no booking');
    const voucher = pdfText(await renderVoucherPdf(booking, { issuedAt: '2026-11-28T10:00:00.000Z' }));
    expect(voucher).toContain(`Atención al viajero: ${saved.phone} · ${saved.email} · ${saved.schedules}`);
  });
});
