import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '#shared/schemas/contact.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createApi } from '../app.ts';
import { testConfig } from '../../tests/support/test-config.ts';

const valid = {
  question: '¿Hay plazas para dos personas en la salida de marzo?',
  name: 'Lucía',
  surname: 'Martín Ruiz',
  email: 'lucia.martin@correo.es',
  phone: '+34 600 12 34 56',
};

describe.each(portableDialects)('POST /api/contact on %s', (dialect) => {
  let t: TestDatabase;
  let api: ReturnType<typeof createApi>;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createApi({ db: t.db, config: { ...testConfig({}), databaseUrl: t.url } });
    await t.db
      .insertInto('tours')
      .values({
        id: 't1',
        name: 'Japón esencial',
        webSlug: 'japon-esencial',
        tourType: 'Group',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await t.db
      .insertInto('tours')
      .values({
        id: 't2',
        name: 'Islandia',
        webSlug: 'islandia',
        tourType: 'Group',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const period = { itineraryId: null, tripType: null, tags: null, numberOfDays: 9, source: null, meetingPoint: null, afterYourTrip: null };
    const extra = { beforeYouTravel: null, aboutTheAirport: null, countryInfo: null, emergencyNumbers: null, paymentPolicy: null };
    await t.db
      .insertInto('periods')
      .values([
        { id: 'p1', tourId: 't1', name: 'Marzo', dayOne: '2027-03-12', returnDate: '2027-03-20', ...period, ...extra },
        { id: 'p2', tourId: 't2', name: 'Abril', dayOne: '2027-04-02', returnDate: '2027-04-10', ...period, ...extra },
      ])
      .execute();
  });
  afterEach(async () => t.drop());

  const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    api.request('/contact', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const stored = () => t.db.selectFrom('contactTours').selectAll().execute();

  it('stores the question, trimmed, and answers 201 with its id', async () => {
    const res = await post({ ...valid, name: '  Lucía ', tourId: 't1' });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await stored()).toEqual([
      {
        id,
        question: valid.question,
        tourName: 'Japón esencial',
        tourId: 't1',
        travelerId: null,
        name: 'Lucía',
        surname: 'Martín Ruiz',
        email: valid.email,
        phone: valid.phone,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        status: 'NEW',
        periodId: null,
        assignedTo: null,
        requestId: null,
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
  });

  it('keeps the departure the question was asked about, and the office mail names its day', async () => {
    await t.db
      .insertInto('companyInfo')
      .values({
        id: 'c1',
        name: 'Different Roads',
        description: null,
        country: null,
        numberPhone: null,
        schedules: null,
        email: 'oficina@different.demo',
        ads: null,
        offerValidity: null,
      })
      .execute();
    const res = await post({ ...valid, tourId: 't1', periodId: 'p1' });
    expect(res.status).toBe(201);
    expect(await stored()).toMatchObject([{ tourId: 't1', periodId: 'p1' }]);
    const mail = await t.db.selectFrom('mails').selectAll().where('toAddress', '=', 'oficina@different.demo').executeTakeFirstOrThrow();
    expect(mail.html).toContain('12 de marzo de 2027');
  });

  it('accepts a general question without tour, surname or phone (empty form fields count as absent)', async () => {
    const res = await post({ question: valid.question, name: 'Pablo', email: 'pablo@example.com', surname: '', phone: '' });
    expect(res.status).toBe(201);
    expect(await stored()).toMatchObject([{ name: 'Pablo', surname: null, phone: null, tourId: null, tourName: null }]);
  });

  it.each([
    ['a missing name', { ...valid, name: undefined }, { name: 'Indica tu nombre' }],
    ['a blank name', { ...valid, name: '   ' }, { name: 'Indica tu nombre' }],
    ['an invalid email', { ...valid, email: 'lucia@correo' }, { email: 'Introduce un correo electrónico válido' }],
    ['a short question', { ...valid, question: '¿Plazas?' }, { question: 'Escribe tu pregunta (mínimo 10 caracteres)' }],
    ['a missing question', { ...valid, question: undefined }, { question: 'Escribe tu pregunta (mínimo 10 caracteres)' }],
    ['a long question', { ...valid, question: 'a'.repeat(CONTACT_LIMITS.questionMax + 1) }, { question: 'Tu pregunta admite como máximo 2000 caracteres' }],
    ['an implausible phone', { ...valid, phone: 'llámame' }, { phone: 'Introduce un teléfono válido, por ejemplo +34 600 123 456' }],
    ['a name too long', { ...valid, name: 'a'.repeat(CONTACT_LIMITS.nameMax + 1) }, { name: 'El nombre admite como máximo 80 caracteres' }],
    ['an unknown field', { ...valid, travelerId: 'x' }, { travelerId: 'Este campo no se admite.' }],
    ['a wrong type', { ...valid, email: 42 }, { email: 'Introduce un correo electrónico válido' }],
    ['an unknown tour', { ...valid, tourId: 'no-such-tour' }, { tourId: 'El viaje indicado no existe' }],
    ['a departure of another tour', { ...valid, tourId: 't1', periodId: 'p2' }, { periodId: 'La salida indicada no es válida' }],
    ['a departure without its tour', { ...valid, periodId: 'p1' }, { periodId: 'La salida indicada no es válida' }],
    ['an unknown departure', { ...valid, tourId: 't1', periodId: 'p9' }, { periodId: 'La salida indicada no es válida' }],
  ])('refuses %s with 422 and a Spanish message per field, writing nothing', async (_, body, fields) => {
    const res = await post(body);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION', message: 'Revisa los datos marcados.', fields } });
    expect(await stored()).toEqual([]);
  });

  it('names every wrong field at once', async () => {
    const res = await post({ question: 'corta', name: '', email: 'no' });
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'name', 'question']);
  });

  it('refuses a body that is not a JSON object', async () => {
    expect((await post('[1, 2]')).status).toBe(422);
    expect((await post('{"question":')).status).toBe(400);
    // Without a JSON content type the body is not read: every required field is reported missing.
    expect((await post(valid, { 'content-type': 'text/plain' })).status).toBe(422);
    expect(await stored()).toEqual([]);
  });
});
