/**
 * The office's inbox (issue 33) through the real API: a question sent twice with one request id is stored
 * once and the office is mailed; a signed-in traveller's is theirs; staff list, filter and open it, reply once
 * however often pressed (the customer is mailed, the question answered), assign it to someone of the team,
 * close it and open it again; the traveller reads the reply in their profile; the dashboard counts what waits.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INBOX_MESSAGES } from '#shared/schemas/inbox.ts';
import { createTestApi, insertDeparture, jsonRequest, type TestApi } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';

const question = {
  question: '¿Se puede viajar con niños de 5 años en este circuito?',
  name: 'Lucía',
  surname: 'Martín Ruiz',
  email: 'ana@correo.es',
  phone: '+34 600 123 456',
};

describe.each(portableDialects)('/api/admin/inbox on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db);
    await seedCallers(t.db);
    await t.db.insertInto('companyInfo').values({ id: 'c1', name: 'Different Roads', email: 'oficina@different.demo' }).execute();
  });
  afterEach(async () => t.drop());

  const as = async (who: object | null, method: string, path: string, body?: unknown) => {
    const request = body === undefined ? { method } : jsonRequest(method, body);
    const res = await api.request(path, {
      ...request,
      headers: { ...(request.headers as Record<string, string>), ...(who ? { 'x-test-auth': JSON.stringify(who) } : {}) },
    });
    return { status: res.status, body: await res.json() };
  };
  const mailsTo = (to: string) => t.db.selectFrom('mails').select(['type', 'subject']).where('toAddress', '=', to).execute();

  it('stores a question once though sent twice, mails the office, and keeps a signed-in traveller’s as theirs', async () => {
    const sent = { ...question, tourId: 't1', periodId: 'p1', requestId: 'contact-form-1' };
    const [one, two] = await Promise.all([as(CALLERS.traveler, 'POST', '/contact', sent), as(CALLERS.traveler, 'POST', '/contact', sent)]);
    expect(one.status).toBe(201);
    expect(one.body.id).toBe(two.body.id);
    const stored = await t.db.selectFrom('contactTours').select(['status', 'travelerId', 'tourName']).execute();
    expect(stored).toEqual([{ status: 'NEW', travelerId: 'trav-ana', tourName: 'Japón esencial' }]);
    expect(await mailsTo('oficina@different.demo')).toEqual([{ type: 'CONTACT', subject: 'Consulta nueva sobre «Japón esencial»: Lucía Martín Ruiz' }]);
    const mine = await as(CALLERS.traveler, 'GET', '/me/questions');
    expect(mine.body.questions).toMatchObject([{ id: one.body.id, status: 'NEW', tourName: 'Japón esencial', replies: [] }]);
    expect((await as(CALLERS.otherTraveler, 'GET', '/me/questions')).body.questions).toEqual([]);
    const { dayOne } = await t.db.selectFrom('periods').select('dayOne').where('id', '=', 'p1').executeTakeFirstOrThrow();
    expect((await as(CALLERS.admin, 'GET', '/admin/inbox')).body.rows).toMatchObject([{ tourName: 'Japón esencial', periodId: 'p1', dayOne }]);
    expect((await as(CALLERS.admin, 'GET', `/admin/inbox/${one.body.id}`)).body).toMatchObject({ periodId: 'p1', dayOne });
  });

  it('lets staff list, reply once, assign, close and open again; the traveller reads the reply', async () => {
    const { body } = await as(CALLERS.traveler, 'POST', '/contact', { ...question, requestId: 'contact-form-2' });
    await as(null, 'POST', '/contact', {
      ...question,
      name: 'Pablo',
      email: 'pablo@correo.es',
      question: 'Otra pregunta sobre las fechas de salida.',
      requestId: 'contact-form-3',
    });
    const listed = await as(CALLERS.admin, 'GET', '/admin/inbox?status=NEW');
    expect(listed.body.total).toBe(2);
    expect((await as(CALLERS.admin, 'GET', '/admin/inbox?q=pablo')).body.rows.map((r: { name: string }) => r.name)).toEqual(['Pablo Martín Ruiz']);
    expect((await as(CALLERS.admin, 'GET', '/admin/inbox?from=2030-01-02&to=2030-01-01')).status).toBe(422);

    const reply = { requestId: 'inbox-reply-1', body: 'Sí, desde los 4 años. Los niños tienen precio reducido.' };
    const [first, again] = await Promise.all([
      as(CALLERS.admin, 'POST', `/admin/inbox/${body.id}/reply`, reply),
      as(CALLERS.admin, 'POST', `/admin/inbox/${body.id}/reply`, reply),
    ]);
    expect([first.body.applied, again.body.applied].sort()).toEqual([false, true]);
    const detail = (await as(CALLERS.admin, 'GET', `/admin/inbox/${body.id}`)).body;
    expect(detail).toMatchObject({
      status: 'ANSWERED',
      replies: 1,
      assignedTo: CALLERS.admin.email,
      messages: [{ author: 'STAFF', authorEmail: CALLERS.admin.email, body: reply.body, mailStatus: 'PENDING' }],
    });
    expect(await mailsTo('ana@correo.es')).toEqual([{ type: 'CONTACT', subject: 'Respuesta a tu consulta' }]);
    expect((await as(CALLERS.admin, 'POST', `/admin/inbox/${body.id}/reply`, { requestId: 'inbox-reply-2', body: ' ' })).status).toBe(422);

    expect(await as(CALLERS.admin, 'PUT', `/admin/inbox/${body.id}/assign`, { requestId: 'inbox-assign-1', assignedTo: 'nadie@correo.es' })).toMatchObject({
      status: 422,
      body: { error: { fields: { assignedTo: INBOX_MESSAGES.assignee } } },
    });
    expect(
      (await as(CALLERS.admin, 'PUT', `/admin/inbox/${body.id}/assign`, { requestId: 'inbox-assign-2', assignedTo: null })).body.detail.assignedTo,
    ).toBeNull();
    expect((await as(CALLERS.admin, 'PUT', `/admin/inbox/${body.id}/status`, { requestId: 'inbox-close-1', status: 'CLOSED' })).body.detail.status).toBe(
      'CLOSED',
    );
    expect((await as(CALLERS.admin, 'PUT', `/admin/inbox/${body.id}/status`, { requestId: 'inbox-close-2', status: 'CLOSED' })).status).toBe(409);
    expect((await as(CALLERS.admin, 'PUT', `/admin/inbox/${body.id}/status`, { requestId: 'inbox-open-1', status: 'NEW' })).body.detail.status).toBe(
      'ANSWERED',
    );

    const mine = await as(CALLERS.traveler, 'GET', '/me/questions');
    expect(mine.body.questions[0].replies).toEqual([{ body: reply.body, createdAt: expect.any(String) }]);
    const dashboard = await as(CALLERS.admin, 'GET', '/admin/dashboard');
    expect(dashboard.body.figures.find((f: { href: string }) => f.href === '/admin/consultas?status=NEW')).toMatchObject({ value: 1 });
    expect((await as(CALLERS.traveler, 'GET', '/admin/inbox')).status).toBe(403);
    expect((await as(CALLERS.admin, 'GET', '/admin/inbox/no-existe')).status).toBe(404);
    const log = await t.db.selectFrom('staffActions').select('action').where('entityType', '=', 'contact').orderBy('createdAt').execute();
    expect(log.map((l) => l.action)).toEqual(['reply', 'assign', 'close', 'reopen']);
  });
});
