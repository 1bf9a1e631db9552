import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SURVEY_MESSAGES } from '#shared/schemas/tour-survey.ts';
import { TEST_ORIGIN } from '../../tests/support/auth-client.ts';
import { insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { type CallerName, seedCallers, signedInAs } from '../../tests/support/callers.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import type { NewTravelerOpinionRow } from '../db/tables.ts';

const STAMP = '2026-03-01T00:00:00.000Z';

describe.each(portableDialects)('/api/admin/surveys on %s', (dialect) => {
  let t: TestDatabase;
  const config = testConfig({ AUTH_SECRET: 'survey-tests-secret-with-32-or-more-chars' });

  const review = (id: string, extra: Partial<NewTravelerOpinionRow> = {}): NewTravelerOpinionRow => ({
    id,
    periodId: 'p1',
    tourId: 't1',
    title: null,
    name: `Viajero ${id}`,
    email: null,
    description: null,
    rate: 4,
    status: 'ACTIVE',
    createdAt: STAMP,
    ...extra,
  });

  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
    // Two confirmed bookings of p1 (three travellers, one mailed the feedback link), one canceled, one of another departure.
    const booking = (id: string, status: 'CONFIRMED' | 'CANCELED', periodId = 'p1') => ({
      id,
      differentId: `${100000 + id.length}${id.slice(-1)}`,
      periodId,
      status,
      createdAt: STAMP,
      updatedAt: STAMP,
    });
    await t.db
      .insertInto('bookings')
      .values([booking('b-1', 'CONFIRMED'), booking('b-2', 'CONFIRMED'), booking('b-3', 'CANCELED'), booking('b-4', 'CONFIRMED', 'p-not-web')])
      .execute();
    await t.db
      .insertInto('bookingTravelers')
      .values([
        { id: 'bt-1', bookingId: 'b-1', travelerId: 'trav-ana', email: 'ana@correo.es' },
        { id: 'bt-2', bookingId: 'b-1', travelerId: 'trav-luis', email: 'luis@correo.es' },
        { id: 'bt-3', bookingId: 'b-2', travelerId: 'trav-luis', email: 'luis@correo.es' },
        { id: 'bt-4', bookingId: 'b-3', travelerId: 'trav-ana', email: 'ana@correo.es' },
        { id: 'bt-5', bookingId: 'b-4', travelerId: 'trav-ana', email: 'ana@correo.es' },
      ])
      .execute();
    await t.db.insertInto('feedbackRequests').values({ bookingId: 'b-1', mailId: 'mail-1', createdAt: STAMP }).execute();
    await t.db
      .insertInto('travelerOpinions')
      .values([
        review('op-1', {
          bookingId: 'b-1',
          travelerId: 'trav-ana',
          rate: 5,
          rateGuide: 4.5,
          title: 'Inolvidable',
          description: 'Kioto en otoño; el guía, un sol.',
          createdAt: '2026-03-03T10:00:00.000Z',
        }),
        review('op-2', { rate: 3, rateGuide: 4, status: 'DRAFT', description: '=HYPERLINK("http://mal.example")', createdAt: '2026-03-02T10:00:00.000Z' }),
        review('op-deleted', { rate: 1, status: 'DELETED' }),
        review('op-other-period', { periodId: 'p-not-web', rate: 1 }),
      ])
      .execute();
    await t.db
      .insertInto('optionalActivities')
      .values([
        { id: 'oa-1', periodId: 'p1', activityId: 'TEA', name: 'Ceremonia del té' },
        { id: 'oa-bike', periodId: 'p1', activityId: 'BIKE', name: 'Bicicleta por Arashiyama' },
        { id: 'oa-ins', periodId: 'p1', activityId: 'SEG', name: 'Seguro de cancelación', productType: 'Seguros' },
      ])
      .execute();
    await t.db
      .insertInto('optionalActivityOpinions')
      .values([
        { id: 'aop-1', optionalActivityId: 'oa-1', rate: 4.5, opinion: 'Muy recomendable.', status: 'ACTIVE', createdAt: STAMP },
        { id: 'aop-2', optionalActivityId: 'oa-1', rate: 2, opinion: null, status: 'DRAFT', createdAt: STAMP },
      ])
      .execute();
  });
  afterEach(async () => {
    await t.drop();
  });

  const call = async (who: CallerName, path: string) => {
    const { api, signIn } = signedInAs({ db: t.db, config });
    const res = await api.request(`/admin/surveys${path}`, { headers: { ...(await signIn(who)), origin: TEST_ORIGIN } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The byte-order mark kept, as a spreadsheet program reads it.
    return { status: res.status, headers: res.headers, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  };
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
  const json = (text: string) => JSON.parse(text) as Record<string, any>;

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('answers %s with %i on both routes', async (who, status) => {
    expect((await call(who, '/t1/p1')).status).toBe(status);
    expect((await call(who, '/t1/p1/export.csv')).status).toBe(status);
  });

  it("sums up the departure's reviews: averages, distribution, comments and the response rate", async () => {
    const answer = await call('admin', '/t1/p1');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const survey = json(answer.text);
    expect(survey.tour).toEqual({ id: 't1', name: 'Japón esencial', slug: 'japon-esencial' });
    expect(survey.period.id).toBe('p1');
    // Deleted reviews and other departures' do not count; three travellers on confirmed bookings.
    expect(survey).toMatchObject({ reviews: 2, travellers: 3, bookings: 2, requestsSent: 1 });
    // The rate counts the reviews written from the departure's confirmed bookings: op-1 only (op-2 came without one).
    expect(survey.answered).toBe(1);
    expect(survey.responseRate).toBeCloseTo(1 / 3);
    const general = survey.ratings.find((r: { field: string }) => r.field === 'rate');
    expect(general).toEqual({ field: 'rate', label: 'Valoración general', count: 2, average: 4, distribution: [0, 0, 1, 0, 1] });
    // 4.5 counts as five stars, the nearest whole star.
    expect(survey.ratings.find((r: { field: string }) => r.field === 'rateGuide')).toMatchObject({ count: 2, average: 4.25, distribution: [0, 0, 0, 1, 1] });
    expect(survey.ratings.find((r: { field: string }) => r.field === 'rateDestination')).toMatchObject({
      count: 0,
      average: null,
      distribution: [0, 0, 0, 0, 0],
    });
    expect(survey.comments.map((c: { id: string }) => c.id)).toEqual(['op-1', 'op-2']);
    expect(survey.activities).toEqual([
      {
        id: 'oa-1',
        name: 'Ceremonia del té',
        reviews: 2,
        average: 3.25,
        distribution: [0, 1, 0, 0, 1],
        comments: [{ id: 'aop-1', rate: 4.5, opinion: 'Muy recomendable.', status: 'ACTIVE', createdAt: STAMP }],
      },
    ]);
    // Every activity of the departure but insurance, reviewed or not, for the links to their photos.
    const names = survey.optionalActivities.map((a: { name: string }) => a.name);
    expect(survey.optionalActivities).toEqual(
      expect.arrayContaining([
        { id: 'oa-bike', name: 'Bicicleta por Arashiyama' },
        { id: 'oa-1', name: 'Ceremonia del té' },
      ]),
    );
    expect(names).not.toContain('Seguro de cancelación');
  });

  it("counts a review from a canceled booking as received but not as a traveller's answer", async () => {
    await t.db
      .insertInto('travelerOpinions')
      .values(review('op-canceled', { bookingId: 'b-3', travelerId: 'trav-ana', rate: 2 }))
      .execute();
    const survey = json((await call('admin', '/t1/p1')).text);
    expect(survey).toMatchObject({ reviews: 3, answered: 1 });
    expect(survey.responseRate).toBeCloseTo(1 / 3);
  });

  it('answers a departure nobody travels on with no rate, and one without reviews with empty sums', async () => {
    await t.db.deleteFrom('travelerOpinions').execute();
    await t.db.deleteFrom('bookingTravelers').execute();
    const survey = json((await call('admin', '/t1/p1')).text);
    expect(survey).toMatchObject({ reviews: 0, travellers: 0, responseRate: null, comments: [] });
    expect(survey.ratings[0]).toMatchObject({ count: 0, average: null, distribution: [0, 0, 0, 0, 0] });
  });

  it('answers 404 for a departure of another tour, an unknown departure or an unknown tour', async () => {
    for (const path of ['/t2/p1', '/t1/nope', '/nope/p1', '/t2/p1/export.csv']) {
      const answer = await call('admin', path);
      expect(answer.status, path).toBe(404);
      expect(json(answer.text).error.message).toBe(SURVEY_MESSAGES.notFound);
    }
  });

  it('refuses an id too long as a validation error', async () => {
    const answer = await call('admin', `/t1/${'x'.repeat(101)}`);
    expect(answer.status).toBe(422);
    expect(json(answer.text).error.code).toBe('VALIDATION');
  });

  it('downloads the reviews as a CSV Spanish Excel opens: BOM, semicolons, decimal comma, formulas made text', async () => {
    const answer = await call('admin', '/t1/p1/export.csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="encuesta-japon-esencial-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...answer.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = answer.text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Tipo;Actividad;Fecha;Nombre;Estado;Valoración general;Guía;Destino;Calidad-precio;Alojamiento;Actividades;Título;Comentario');
    // A separator inside a comment is quoted.
    expect(lines[1]).toBe('Tour;;2026-03-03;Viajero op-1;Publicada;5,0;4,5;;;;;Inolvidable;"Kioto en otoño; el guía, un sol."');
    // A comment that starts like a formula is written as text (a leading quote), never run by the spreadsheet.
    expect(lines[2]).toBe(`Tour;;2026-03-02;Viajero op-2;Pendiente;3,0;4,0;;;;;;"'=HYPERLINK(""http://mal.example"")"`);
    expect(lines.slice(3, 5)).toEqual([
      'Actividad opcional;Ceremonia del té;2026-03-01;;Publicada;4,5;;;;;;;Muy recomendable.',
      'Actividad opcional;Ceremonia del té;2026-03-01;;Pendiente;2,0;;;;;;;',
    ]);
    expect(lines.slice(5)).toEqual(['']);
  });
});
