import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGENCY_MAIL_MESSAGES, duplicateCifMessage, RETAILER_MESSAGES, retailerHasBookingsMessage } from '#shared/schemas/retailers.ts';
import { countRows, insertDeparture, createTestApi } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, type CallerName, seedCallers } from '../../tests/support/callers.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createBookingForPayment } from '../../tests/support/payment-fixtures.ts';

describe.each(dialects)('/api/admin/retailers on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
  });
  afterEach(async () => t.drop());

  const apiOf = () => createTestApi(t.db, t.url);
  const call = async (who: CallerName, method: string, path: string, body?: unknown) => {
    const caller = CALLERS[who];
    const headers: Record<string, string> = caller ? { 'x-test-auth': JSON.stringify(caller) } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await apiOf().request(`/admin${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  /** The form as staff fill it: every field a string. */
  const form = (extra: Record<string, unknown> = {}) => ({
    cif: 'b-12.345.674',
    name: 'Viajes Levante',
    corporateName: 'Viajes Levante, S.L.',
    fiscalName: 'Viajes Levante, S.L.',
    type: 'Agencia minorista',
    contactPerson: 'Amparo Ferrer',
    phone: '+34 961 234 567',
    email: 'Reservas@ViajesLevante.es',
    invoiceEmail: 'facturas@viajeslevante.es',
    documentationEmail: 'documentacion@viajeslevante.es',
    address: 'Carrer de Colón 12',
    postalCode: '46004',
    city: 'València',
    latitude: '39,4699',
    longitude: '-0,3712',
    membership: 'BUSINESS',
    paymentType: 'Transferencia a 30 días',
    ...extra,
  });
  const create = (requestId: string, extra: Record<string, unknown> = {}) => call('admin', 'POST', '/retailers', { requestId, retailer: form(extra) });
  /** A booking of the fixture departure, made through the funnel, sold by the given agency. */
  const agencyBooking = async (retailerId: string | null) => {
    const { id } = await createBookingForPayment(apiOf(), t.db);
    await t.db.updateTable('bookings').set({ retailerId }).where('id', '=', id).execute();
    return id;
  };

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('answers %s with %i and writes nothing', async (who, status) => {
    const { retailer } = (await create('press-retailer-0')).body;
    const booking = await agencyBooking(retailer.id);
    const actions = await countRows(t.db, 'staffActions');
    expect((await call(who, 'GET', '/retailers')).status).toBe(status);
    expect((await call(who, 'GET', `/retailers/${retailer.id}`)).status).toBe(status);
    expect((await call(who, 'GET', `/retailers/${retailer.id}/bookings`)).status).toBe(status);
    expect((await call(who, 'POST', '/retailers', { requestId: 'press-retailer-1', retailer: form({ cif: 'A28015865' }) })).status).toBe(status);
    expect((await call(who, 'PUT', `/retailers/${retailer.id}`, { version: 1, retailer: form({ name: 'Otra' }) })).status).toBe(status);
    expect((await call(who, 'DELETE', `/retailers/${retailer.id}?version=1`)).status).toBe(status);
    expect((await call(who, 'POST', `/bookings/${booking}/notify-agency`, { requestId: 'press-agency-1' })).status).toBe(status);
    expect(await countRows(t.db, 'retailers')).toBe(1);
    expect((await t.db.selectFrom('retailers').select(['name', 'version']).executeTakeFirstOrThrow()).name).toBe('Viajes Levante');
    expect(await countRows(t.db, 'mails')).toBe(0);
    expect(await countRows(t.db, 'staffActions')).toBe(actions);
  });

  it('creates an agency once per press, every field stored as the shop keeps it, and records who', async () => {
    const first = await create('press-retailer-1');
    expect(first.status).toBe(201);
    expect(first.body.retailer).toEqual({
      id: expect.any(String),
      cif: 'B12345674',
      taxIdKind: 'CIF',
      name: 'Viajes Levante',
      corporateName: 'Viajes Levante, S.L.',
      fiscalName: 'Viajes Levante, S.L.',
      type: 'Agencia minorista',
      contactPerson: 'Amparo Ferrer',
      phone: '+34 961 234 567',
      email: 'reservas@viajeslevante.es',
      invoiceEmail: 'facturas@viajeslevante.es',
      documentationEmail: 'documentacion@viajeslevante.es',
      address: 'Carrer de Colón 12',
      postalCode: '46004',
      city: 'València',
      latitude: 39.4699,
      longitude: -0.3712,
      membership: 'BUSINESS',
      paymentType: 'Transferencia a 30 días',
      version: 1,
    });
    const again = await create('press-retailer-1');
    expect(again.status).toBe(200);
    expect(again.body.retailer.id).toBe(first.body.retailer.id);
    expect(await countRows(t.db, 'retailers')).toBe(1);
    // A double click: both presses arrive at once, one agency is made and both answers name it.
    const both = await Promise.all([create('press-retailer-double', { cif: 'A28015865' }), create('press-retailer-double', { cif: 'A28015865' })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0].body.retailer.id).toBe(both[1].body.retailer.id);
    await call('admin', 'DELETE', `/retailers/${both[0].body.retailer.id}?version=1`);

    // A self-employed agent registers under their own NIF; the optional fields may stay empty.
    const bare = await create('press-retailer-2', {
      cif: '12345678z',
      name: 'Marta Viaja',
      corporateName: '',
      fiscalName: '',
      type: '',
      contactPerson: '',
      phone: '',
      email: '',
      invoiceEmail: '',
      documentationEmail: '',
      address: '',
      postalCode: '',
      city: '',
      latitude: '',
      longitude: '',
      membership: 'STANDARD',
      paymentType: '',
    });
    expect(bare.status).toBe(201);
    expect(bare.body.retailer).toMatchObject({ cif: '12345678Z', taxIdKind: 'NIF', email: null, latitude: null, postalCode: null });

    const actions = await t.db
      .selectFrom('staffActions')
      .select(['entityType', 'action', 'actorEmail', 'after'])
      .where('action', '=', 'create')
      .where('requestId', '!=', 'press-retailer-double')
      .orderBy('createdAt')
      .execute();
    expect(actions.map(({ after: _after, ...a }) => a)).toEqual([
      { entityType: 'retailer', action: 'create', actorEmail: 'equipo@different.demo' },
      { entityType: 'retailer', action: 'create', actorEmail: 'equipo@different.demo' },
    ]);
    expect(JSON.parse(actions[0]?.after ?? '{}')).toMatchObject({ cif: 'B12345674', name: 'Viajes Levante' });
  });

  it('names each mistake next to its field in Spanish and writes nothing', async () => {
    const bad = await create('press-retailer-1', {
      cif: 'B12345675',
      name: ' ',
      email: 'reservas@viajes',
      invoiceEmail: 'facturas',
      documentationEmail: 'docs@@viajes.es',
      phone: '12 34',
      postalCode: '4600',
      latitude: '91',
      longitude: 'oeste',
      membership: '',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({
      'retailer.cif': RETAILER_MESSAGES.cif,
      'retailer.name': RETAILER_MESSAGES.name,
      'retailer.email': RETAILER_MESSAGES.email,
      'retailer.invoiceEmail': RETAILER_MESSAGES.email,
      'retailer.documentationEmail': RETAILER_MESSAGES.email,
      'retailer.phone': RETAILER_MESSAGES.phone,
      'retailer.postalCode': RETAILER_MESSAGES.postalCode,
      'retailer.latitude': RETAILER_MESSAGES.latitude,
      'retailer.longitude': RETAILER_MESSAGES.longitude,
      'retailer.membership': RETAILER_MESSAGES.membership,
    });
    const cases: [Record<string, string>, string, string][] = [
      [{ cif: '' }, 'cif', RETAILER_MESSAGES.cifMissing],
      // An S.L. takes a digit, not a letter; a DNI with the wrong letter is no NIF.
      [{ cif: 'B1234567D' }, 'cif', RETAILER_MESSAGES.cif],
      [{ cif: '12345678A' }, 'cif', RETAILER_MESSAGES.cif],
      [{ postalCode: '53001' }, 'postalCode', RETAILER_MESSAGES.postalCode],
      [{ postalCode: '460045' }, 'postalCode', RETAILER_MESSAGES.postalCode],
      [{ longitude: '-181' }, 'longitude', RETAILER_MESSAGES.longitude],
      [{ latitude: '' }, 'latitude', RETAILER_MESSAGES.coordinates],
      [{ name: 'x'.repeat(121) }, 'name', 'Escribe como mucho 120 caracteres.'],
    ];
    for (const [extra, field, message] of cases) {
      const answer = await create(`press-retailer-${field}`, extra);
      expect(answer.status, `${JSON.stringify(extra)}`).toBe(422);
      expect(answer.body.error.fields, `${JSON.stringify(extra)}`).toEqual({ [`retailer.${field}`]: message });
    }
    // A lone coordinate is named together with the other mistakes, not after they are fixed.
    const both = await create('press-retailer-8', { postalCode: '460', latitude: '' });
    expect(both.body.error.fields).toEqual({ 'retailer.postalCode': RETAILER_MESSAGES.postalCode, 'retailer.latitude': RETAILER_MESSAGES.coordinates });
    const missing = await call('admin', 'POST', '/retailers', { requestId: 'press-retailer-7' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.error.fields)).toEqual(['retailer']);
    const unknown = await call('admin', 'POST', '/retailers', { requestId: 'press-retailer-9', retailer: { ...form(), web: 'x' } });
    expect(unknown.body.error.fields).toEqual({ 'retailer.web': 'Este campo no se admite.' });
    expect(await countRows(t.db, 'retailers')).toBe(0);
    expect(await countRows(t.db, 'staffActions')).toBe(0);
  });

  it('refuses a second agency with the same CIF however it is typed, naming the one that has it', async () => {
    const { retailer } = (await create('press-retailer-1')).body;
    const duplicate = await create('press-retailer-2', { cif: 'B 12345674', name: 'Otra agencia' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.error.fields).toEqual({ cif: duplicateCifMessage('Viajes Levante') });
    const other = (await create('press-retailer-3', { cif: 'A28015865', name: 'Otra agencia' })).body.retailer;
    const taken = await call('admin', 'PUT', `/retailers/${other.id}`, { version: 1, retailer: form({ cif: 'B12345674', name: 'Otra agencia' }) });
    expect(taken.status).toBe(422);
    expect(taken.body.error.fields).toEqual({ cif: duplicateCifMessage('Viajes Levante') });
    // Its own CIF is no duplicate.
    expect((await call('admin', 'PUT', `/retailers/${retailer.id}`, { version: 1, retailer: form({ phone: '961 000 000' }) })).status).toBe(200);
    expect(await countRows(t.db, 'retailers')).toBe(2);
  });

  it('edits from the version it opened, records before and after, and refuses an edit over a newer one', async () => {
    const { retailer } = (await create('press-retailer-1')).body;
    const saved = await call('admin', 'PUT', `/retailers/${retailer.id}`, {
      version: 1,
      retailer: form({ name: 'Viajes Levante Mar', membership: 'STANDARD', documentationEmail: '' }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.retailer).toMatchObject({ name: 'Viajes Levante Mar', membership: 'STANDARD', documentationEmail: null, version: 2 });
    // Without a documentation address, the agency mail goes to the general one.
    expect(saved.body.agencyMailTo).toBe('reservas@viajeslevante.es');
    const stale = await call('admin', 'PUT', `/retailers/${retailer.id}`, { version: 1, retailer: form({ name: 'Pisado' }) });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(RETAILER_MESSAGES.changed);
    expect((await call('admin', 'GET', `/retailers/${retailer.id}`)).body.retailer.name).toBe('Viajes Levante Mar');
    const update = await t.db.selectFrom('staffActions').select(['before', 'after']).where('action', '=', 'update').executeTakeFirstOrThrow();
    expect(JSON.parse(update.before ?? '{}')).toMatchObject({ name: 'Viajes Levante', membership: 'BUSINESS' });
    expect(JSON.parse(update.after ?? '{}')).toMatchObject({ name: 'Viajes Levante Mar', membership: 'STANDARD' });
    expect((await call('admin', 'GET', `/retailers/${retailer.id}`)).body.actions.map((a: { action: string }) => a.action)).toEqual(['update', 'create']);
    expect((await call('admin', 'PUT', '/retailers/no-existe', { version: 1, retailer: form() })).status).toBe(404);
  });

  it('finds agencies by name without accents, CIF, city or e-mail, filters by membership and pages on the server', async () => {
    await create('press-retailer-1');
    const elsewhere = (name: string) => ({ corporateName: '', fiscalName: '', email: `hola@${name}.es`, invoiceEmail: '', documentationEmail: '' });
    await create('press-retailer-2', { ...elsewhere('mediterranea'), cif: 'A28015865', name: 'Mediterránea Travel', city: 'Alicante', membership: 'STANDARD' });
    await create('press-retailer-3', { ...elsewhere('nandu'), cif: 'Q2826000H', name: 'Ñandú Viajes', city: 'Ávila' });
    const names = async (query: string) => (await call('admin', 'GET', `/retailers${query}`)).body.rows.map((r: { name: string }) => r.name);
    expect(await names('')).toEqual(['Mediterránea Travel', 'Ñandú Viajes', 'Viajes Levante']);
    expect(await names('?q=MEDITERRANEA')).toEqual(['Mediterránea Travel']);
    expect(await names('?q=nandu')).toEqual(['Ñandú Viajes']);
    expect(await names('?q=avila')).toEqual(['Ñandú Viajes']);
    expect(await names('?q=valencia')).toEqual(['Viajes Levante']);
    expect(await names('?q=b-1234')).toEqual(['Viajes Levante']);
    expect(await names('?q=a28015865')).toEqual(['Mediterránea Travel']);
    expect(await names('?q=facturas%40viajeslevante')).toEqual(['Viajes Levante']);
    expect(await names('?q=100%25')).toEqual([]);
    expect(await names('?membership=STANDARD')).toEqual(['Mediterránea Travel']);
    expect(await names('?q=viajes&membership=BUSINESS')).toEqual(['Ñandú Viajes', 'Viajes Levante']);
    const short = await call('admin', 'GET', '/retailers?q=v');
    expect(short.status).toBe(422);
    expect(short.body.error.fields).toEqual({ q: RETAILER_MESSAGES.search });

    for (let i = 0; i < 26; i++)
      await t.db
        .insertInto('retailers')
        .values({ id: `r-${i}`, cif: `B${String(i).padStart(7, '0')}X`, name: `Agencia ${i}` })
        .execute();
    const first = (await call('admin', 'GET', '/retailers?q=agencia')).body;
    expect(first).toMatchObject({ total: 26, page: 1, pageSize: 25 });
    expect(first.rows).toHaveLength(25);
    const second = (await call('admin', 'GET', '/retailers?q=agencia&page=2')).body;
    expect(second.rows).toHaveLength(1);
    expect(first.rows.map((r: { id: string }) => r.id)).not.toContain(second.rows[0].id);
  });

  it("shows an agency's bookings with their amounts, its figures, and deletes it only without bookings", async () => {
    const { retailer } = (await create('press-retailer-1')).body;
    const confirmed = await agencyBooking(retailer.id);
    const canceled = await agencyBooking(retailer.id);
    await agencyBooking(null);
    await t.db.updateTable('bookings').set({ status: 'CONFIRMED', priceCents: 250_000 }).where('id', '=', confirmed).execute();
    await t.db.updateTable('bookings').set({ status: 'CANCELED' }).where('id', '=', canceled).execute();
    await t.db
      .insertInto('payments')
      .values({
        id: 'pay-1',
        bookingId: confirmed,
        orderNumber: '000000000001',
        paymentMethod: 'card',
        amountCents: 100_000,
        status: 'CONFIRMED',
        createdAt: '2026-01-02T00:00:00.000Z',
        updatedAt: '2026-01-02T00:00:00.000Z',
      })
      .execute();

    const detail = (await call('admin', 'GET', `/retailers/${retailer.id}`)).body;
    expect(detail.figures).toMatchObject({ bookings: 2, confirmed: 1, canceled: 1, open: 0, revenueCents: 250_000, paidCents: 100_000 });
    expect(detail.agencyMailTo).toBe('documentacion@viajeslevante.es');
    const bookings = (await call('admin', 'GET', `/retailers/${retailer.id}/bookings`)).body;
    expect(bookings).toMatchObject({ total: 2, page: 1 });
    expect(bookings.rows.map((r: { id: string }) => r.id).sort()).toEqual([confirmed, canceled].sort());
    expect(bookings.rows.find((r: { id: string }) => r.id === confirmed)).toMatchObject({
      status: 'CONFIRMED',
      tourName: 'Japón esencial',
      priceCents: 250_000,
      paidCents: 100_000,
      retailerId: retailer.id,
      retailerName: 'Viajes Levante',
      agencyMailedAt: null,
    });
    expect((await call('admin', 'GET', '/retailers')).body.rows[0]).toMatchObject({ name: 'Viajes Levante', bookings: 2 });

    const refused = await call('admin', 'DELETE', `/retailers/${retailer.id}?version=1`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(retailerHasBookingsMessage(2));
    expect(await countRows(t.db, 'retailers')).toBe(1);

    const empty = (await create('press-retailer-2', { cif: 'A28015865', name: 'Sin reservas' })).body.retailer;
    expect((await call('admin', 'DELETE', `/retailers/${empty.id}?version=2`)).status).toBe(409);
    expect((await call('admin', 'DELETE', `/retailers/${empty.id}?version=1`)).body).toEqual({ deleted: true });
    // Pressed again (the answer was lost): done already.
    expect((await call('admin', 'DELETE', `/retailers/${empty.id}?version=1`)).body).toEqual({ deleted: false });
    expect((await call('admin', 'GET', `/retailers/${empty.id}`)).status).toBe(404);
    const deletion = await t.db.selectFrom('staffActions').select(['before', 'after']).where('action', '=', 'delete').executeTakeFirstOrThrow();
    expect(JSON.parse(deletion.before ?? '{}')).toMatchObject({ name: 'Sin reservas', cif: 'A28015865' });
    expect(deletion.after).toBeNull();
  });

  it("queues the agency mail of a booking once per press, to its documentation address, with the booking's summary", async () => {
    const { retailer } = (await create('press-retailer-1')).body;
    const booking = await agencyBooking(retailer.id);
    await t.db.updateTable('bookingTravelers').set({ retailerTravelerId: 'LEV-778' }).where('bookingId', '=', booking).execute();
    const press = () => call('admin', 'POST', `/bookings/${booking}/notify-agency`, { requestId: 'press-agency-1' });
    // A double click (both at once), then the same press retried after a lost answer: one mail.
    const both = await Promise.all([press(), press()]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both.find((r) => r.status === 201)?.body).toEqual({ applied: true, to: 'documentacion@viajeslevante.es', agencyName: 'Viajes Levante' });
    const again = await press();
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ applied: false, to: 'documentacion@viajeslevante.es', agencyName: 'Viajes Levante' });

    const mails = await t.db.selectFrom('mails').selectAll().execute();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ type: 'BONO_RESERVA', toAddress: 'documentacion@viajeslevante.es', bookingId: booking, status: 'PENDING' });
    expect(mail?.subject).toMatch(/^Reserva \S+ de Viajes Levante: «Japón esencial», del /);
    expect(mail?.text).toContain('Hola, Amparo:');
    expect(mail?.text).toContain('Vuestra referencia: LEV-778');
    expect(mail?.text).toContain('Estado: en curso.');
    expect(mail?.text).toContain('Titular: Ana García López');
    expect(mail?.text).toMatch(/Viajero 3: .*\(niño\)/);
    expect(mail?.attachments).toBe('[]');
    const action = await t.db.selectFrom('staffActions').selectAll().where('action', '=', 'notify-agency').executeTakeFirstOrThrow();
    expect(action).toMatchObject({ entityType: 'booking', entityId: booking, actorEmail: 'equipo@different.demo', requestId: 'press-agency-1' });
    expect(JSON.parse(action.after ?? '{}')).toMatchObject({ retailerId: retailer.id, to: 'documentacion@viajeslevante.es', mailId: mail?.id });
    const row = (await call('admin', 'GET', `/retailers/${retailer.id}/bookings`)).body.rows[0];
    expect(row.agencyMailedAt).toBe(action.createdAt);

    // A confirmed booking carries its voucher; a new press is a new mail.
    await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', booking).execute();
    expect((await call('admin', 'POST', `/bookings/${booking}/notify-agency`, { requestId: 'press-agency-2' })).status).toBe(201);
    const voucher = await t.db
      .selectFrom('mails')
      .select(['text', 'attachments'])
      .where('id', '!=', mail?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(voucher.text).toContain('Adjuntamos el bono de reserva en PDF');
    expect(JSON.parse(voucher.attachments)).toEqual([
      expect.objectContaining({ contentType: 'application/pdf', filename: expect.stringMatching(/^bono-reserva-/) }),
    ]);
  });

  it('refuses the agency mail of a booking without agency, or of an agency without e-mail, and sends nothing', async () => {
    const direct = await agencyBooking(null);
    const noAgency = await call('admin', 'POST', `/bookings/${direct}/notify-agency`, { requestId: 'press-agency-1' });
    expect(noAgency.status).toBe(409);
    expect(noAgency.body.error.message).toBe(AGENCY_MAIL_MESSAGES.noAgency);

    const { retailer } = (await create('press-retailer-1', { email: '', documentationEmail: '' })).body;
    const booking = await agencyBooking(retailer.id);
    const noEmail = await call('admin', 'POST', `/bookings/${booking}/notify-agency`, { requestId: 'press-agency-2' });
    expect(noEmail.status).toBe(409);
    expect(noEmail.body.error.message).toBe(AGENCY_MAIL_MESSAGES.noEmail('Viajes Levante'));

    expect((await call('admin', 'POST', '/bookings/no-existe/notify-agency', { requestId: 'press-agency-3' })).status).toBe(404);
    expect((await call('admin', 'POST', `/bookings/${booking}/notify-agency`, {})).status).toBe(422);
    expect(await countRows(t.db, 'mails')).toBe(0);
    expect(await t.db.selectFrom('staffActions').select('id').where('action', '=', 'notify-agency').execute()).toEqual([]);
  });

  it('leaves the bookings desk actions where they were', async () => {
    const booking = await agencyBooking(null);
    const unknown = await call('admin', 'POST', `/bookings/${booking}/no-such-action`, { requestId: 'press-x-1', expectedStatus: 'IN_PROGRESS' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Esa acción no existe.');
  });
});
