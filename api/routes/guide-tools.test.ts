import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '#api/config.ts';
import { TEST_ORIGIN } from '../../tests/support/auth-client.ts';
import { day, insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { type CallerName, seedCallers, signedInAs } from '../../tests/support/callers.ts';
import { insertGuidedDepartures } from '../../tests/support/guide-fixtures.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { feedbackConfig, photoPng } from '../../tests/support/feedback-fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
type Answer = { status: number; headers: Headers; body: Record<string, any> };

/**
 * The guides' tools: Marta (the guide caller) leads the future departure p1 and the finished p-past;
 * Kenji leads p-not-web. The office's contacts are the company info.
 */
describe.each(portableDialects)('/api/guide-tools on %s', (dialect) => {
  let t: TestDatabase;
  let config: Config;
  let call: (who: CallerName, method: string, path: string, body?: unknown) => Promise<Answer>;
  let send: (who: CallerName, path: string, form: FormData) => Promise<Answer>;

  beforeEach(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = await createTestDatabase(dialect);
    config = feedbackConfig(t.url);
    const { api, signIn } = signedInAs({ db: t.db, config });
    call = async (who, method, path, body) => {
      const headers: Record<string, string> = { ...(await signIn(who)), origin: TEST_ORIGIN };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await api.request(`/guide-tools${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: res.status, headers: res.headers, body: (await res.json()) as Answer['body'] };
    };
    send = async (who, path, form) => {
      const res = await api.request(`/guide-tools${path}`, { method: 'POST', headers: { ...(await signIn(who)), origin: TEST_ORIGIN }, body: form });
      return { status: res.status, headers: res.headers, body: (await res.json()) as Answer['body'] };
    };
    await seedCallers(t.db);
    await insertDeparture(t.db);
    await insertGuidedDepartures(t.db, { pastDayOne: -20 });
    await t.db
      .insertInto('companyInfo')
      .values({ id: 'ci', name: 'Different Roads', numberPhone: '+34 910 000 000', email: 'hola@different.demo', schedules: 'Lunes a viernes de 9:00 a 20:00' })
      .execute();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.drop();
  });

  const mails = (type: string) =>
    t.db
      .selectFrom('mails')
      .select(['toAddress', 'subject', 'text'])
      .where('type', '=', type as never)
      .execute();

  describe('assignments', () => {
    it.each([
      ['visitor', 401],
      ['traveler', 403],
      ['guide', 403],
    ] as const)('answers a %s with %i', async (who, status) => {
      expect((await call(who, 'GET', '/assignments/t1/p1')).status).toBe(status);
      expect((await call(who, 'POST', '/assignments/t1/p1', { requestId: 'press-0001', guideId: 'guide-kenji' })).status).toBe(status);
      expect((await call(who, 'POST', '/assignments/t1/p1/remove', { requestId: 'press-0002', guideId: 'guide-marta' })).status).toBe(status);
    });

    it('shows the departure, its guides and every guide, uncached', async () => {
      const res = await call('admin', 'GET', '/assignments/t1/p1');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body.period).toMatchObject({ id: 'p1', tourId: 't1', tourName: 'Japón esencial', dayOne: day(60) });
      expect(res.body.assigned.map((g: { id: string }) => g.id)).toEqual(['guide-marta']);
      expect(res.body.guides.map((g: { id: string }) => g.id)).toEqual(['guide-kenji', 'guide-marta']);
      // A departure of another tour, or none: 404.
      expect((await call('admin', 'GET', '/assignments/t2/p1')).status).toBe(404);
      expect((await call('admin', 'GET', '/assignments/t1/nope')).status).toBe(404);
    });

    it('assigns a co-guide once, mails the guide once per assignment and records every press', async () => {
      const first = await call('admin', 'POST', '/assignments/t1/p1', { requestId: 'press-0001', guideId: 'guide-kenji' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ applied: true, mailed: true });
      expect(first.body.view.assigned.map((g: { id: string }) => g.id)).toEqual(['guide-kenji', 'guide-marta']);
      // The same press again, and a new press for a guide already there: nothing more.
      expect((await call('admin', 'POST', '/assignments/t1/p1', { requestId: 'press-0001', guideId: 'guide-kenji' })).body).toMatchObject({ applied: false });
      expect((await call('admin', 'POST', '/assignments/t1/p1', { requestId: 'press-0003', guideId: 'guide-kenji' })).body).toMatchObject({ applied: false });
      const sent = await mails('GUIDE_ASSIGNMENT');
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ toAddress: 'kenji@different.demo', subject: 'Te hemos asignado la salida de «Japón esencial»' });
      expect(sent[0]?.text).toContain('/admin/guias/p1');

      const removed = await call('admin', 'POST', '/assignments/t1/p1/remove', { requestId: 'press-0004', guideId: 'guide-kenji' });
      expect(removed.body).toMatchObject({ applied: true, mailed: false });
      expect(removed.body.view.assigned.map((g: { id: string }) => g.id)).toEqual(['guide-marta']);
      // Assigned again: a new assignment, a new mail.
      expect((await call('admin', 'POST', '/assignments/t1/p1', { requestId: 'press-0005', guideId: 'guide-kenji' })).body.mailed).toBe(true);
      expect(await mails('GUIDE_ASSIGNMENT')).toHaveLength(2);

      const actions = await t.db.selectFrom('staffActions').select(['action', 'actorEmail', 'entityType', 'entityId']).orderBy('createdAt').execute();
      expect(actions.map((a) => a.action)).toEqual(['guide-assign', 'guide-remove', 'guide-assign']);
      expect(actions.every((a) => a.actorEmail === 'equipo@different.demo' && a.entityType === 'period' && a.entityId === 'p1')).toBe(true);
      const view = await call('admin', 'GET', '/assignments/t1/p1');
      expect(view.body.history.map((h: { action: string; guideName: string }) => [h.action, h.guideName])).toContainEqual(['guide-remove', 'Kenji']);
    });

    it('refuses a missing or unknown guide', async () => {
      const blank = await call('admin', 'POST', '/assignments/t1/p1', { requestId: 'press-0001', guideId: '' });
      expect(blank.status).toBe(422);
      expect(blank.body.error.fields.guideId).toBe('Elige un guía.');
      const unknown = await call('admin', 'POST', '/assignments/t1/p1', { requestId: 'press-0002', guideId: 'guide-nadie' });
      expect(unknown.status).toBe(422);
      expect(unknown.body.error.fields.guideId).toBe('No encontramos a este guía.');
      expect((await call('admin', 'POST', '/assignments/t1/p1', { guideId: 'guide-kenji' })).status).toBe(422);
    });
  });

  describe('reports', () => {
    const report = {
      rateGroup: 5,
      rateAccommodation: 4,
      rateActivities: 5,
      rateTransport: 3,
      comment: 'Un grupo muy unido.',
      report: 'Todo bien salvo un retraso del autobús el día 3.',
    };

    it.each([
      ['visitor', 401],
      ['traveler', 403],
    ] as const)('answers a %s with %i', async (who, status) => {
      expect((await call(who, 'GET', '/reports/p-past/guide-marta')).status).toBe(status);
      expect((await call(who, 'PUT', '/reports/p-past/guide-marta', report)).status).toBe(status);
      expect((await call(who, 'GET', '/reports/p-past')).status).toBe(status);
    });

    it('lets the guide write and correct the report of a finished departure, once per guide', async () => {
      const before = await call('guide', 'GET', '/reports/p-past/guide-marta');
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({ report: null, editable: true, opensOn: day(-20), guide: { id: 'guide-marta', name: 'Marta' } });
      const saved = await call('guide', 'PUT', '/reports/p-past/guide-marta', report);
      expect(saved.status).toBe(200);
      expect(saved.body.report).toMatchObject({ ...report, guideName: 'Marta' });
      const corrected = await call('guide', 'PUT', '/reports/p-past/guide-marta', { ...report, rateTransport: 2 });
      expect(corrected.body.report.rateTransport).toBe(2);
      expect(await t.db.selectFrom('guideReports').select('periodId').execute()).toHaveLength(1);
      // Staff read it on the departure, and cannot write it.
      const staff = await call('admin', 'GET', '/reports/p-past');
      expect(staff.body).toMatchObject({ ownGuideId: null, reports: [{ guideId: 'guide-marta', rateTransport: 2 }] });
      expect((await call('admin', 'GET', '/reports/p-past/guide-marta')).body.editable).toBe(false);
      expect((await call('admin', 'PUT', '/reports/p-past/guide-marta', report)).status).toBe(403);
      expect((await call('guide', 'GET', '/reports/p-past')).body).toMatchObject({ ownGuideId: 'guide-marta', reports: [{ guideId: 'guide-marta' }] });
    });

    it('opens the report on the first day of the departure', async () => {
      expect((await call('guide', 'GET', '/reports/p1/guide-marta')).body).toMatchObject({ editable: false, opensOn: day(60) });
      const early = await call('guide', 'PUT', '/reports/p1/guide-marta', report);
      expect(early.status).toBe(409);
      expect(early.body.error.message).toBe('Podrás calificar la salida a partir de su primer día.');
    });

    it("answers 404 for another guide's departure or report", async () => {
      expect((await call('guide', 'GET', '/reports/p-not-web/guide-kenji')).status).toBe(404);
      expect((await call('guide', 'PUT', '/reports/p-not-web/guide-kenji', report)).status).toBe(404);
      expect((await call('guide', 'GET', '/reports/p-not-web/guide-marta')).status).toBe(404);
      expect((await call('guide', 'GET', '/reports/p-not-web')).status).toBe(404);
      expect((await call('admin', 'GET', '/reports/p1/guide-kenji')).status).toBe(404);
    });

    it('refuses ratings out of 1–5 and an empty report', async () => {
      const res = await call('guide', 'PUT', '/reports/p-past/guide-marta', { ...report, rateGroup: 6, report: ' ' });
      expect(res.status).toBe(422);
      expect(res.body.error.fields).toMatchObject({ rateGroup: 'Puntúa de 1 a 5.', report: 'Escribe tu informe de la salida.' });
    });
  });

  describe('support', () => {
    it.each([
      ['visitor', 401],
      ['traveler', 403],
    ] as const)('answers a %s with %i', async (who, status) => {
      expect((await call(who, 'GET', '/support')).status).toBe(status);
      expect((await call(who, 'POST', '/support', { message: 'Necesito ayuda ahora mismo.' })).status).toBe(status);
    });

    it("shows the office's contacts and the guide's departures", async () => {
      const res = await call('guide', 'GET', '/support');
      expect(res.status).toBe(200);
      expect(res.body.office).toEqual({
        name: 'Different Roads',
        phone: '+34 910 000 000',
        email: 'hola@different.demo',
        schedules: 'Lunes a viernes de 9:00 a 20:00',
      });
      expect(res.body.departures.map((d: { periodId: string }) => d.periodId)).toEqual(['p1', 'p-past']);
    });

    it('mails the office through the outbox, records the request and limits how many', async () => {
      const res = await call('guide', 'POST', '/support', { periodId: 'p1', message: 'Un viajero se ha puesto enfermo en Kioto.' });
      expect(res.status).toBe(201);
      const [mail] = await mails('GUIDE_HELP');
      expect(mail).toMatchObject({ toAddress: 'hola@different.demo', subject: 'Ayuda urgente: Marta · Japón esencial' });
      expect(mail?.text).toContain('Un viajero se ha puesto enfermo en Kioto.');
      expect(await t.db.selectFrom('guideHelpRequests').select(['guideId', 'periodId', 'toAddress']).execute()).toEqual([
        { guideId: 'guide-marta', periodId: 'p1', toAddress: 'hola@different.demo' },
      ]);
      for (let i = 0; i < 4; i++) expect((await call('guide', 'POST', '/support', { message: `Sigo necesitando ayuda ${i}.` })).status).toBe(201);
      const limited = await call('guide', 'POST', '/support', { message: 'Una vez más, por favor.' });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).not.toBeNull();
      expect(await mails('GUIDE_HELP')).toHaveLength(5);
    });

    it("refuses a short message, another guide's departure, and staff", async () => {
      const short = await call('guide', 'POST', '/support', { message: 'Ayuda' });
      expect(short.status).toBe(422);
      expect(short.body.error.fields.message).toBe('Cuéntanos qué pasa (al menos 10 caracteres).');
      const other = await call('guide', 'POST', '/support', { periodId: 'p-not-web', message: 'Necesito ayuda con esta salida.' });
      expect(other.status).toBe(422);
      expect(other.body.error.fields.periodId).toBe('Elige una de tus salidas.');
      expect((await call('admin', 'POST', '/support', { message: 'Necesito ayuda ahora mismo.' })).status).toBe(403);
      expect(await mails('GUIDE_HELP')).toHaveLength(0);
    });
  });

  describe('expenses', () => {
    const form = async (fields: Record<string, string>, given?: Blob | null) => {
      const receipt = given === undefined ? new Blob([new Uint8Array(await photoPng())], { type: 'image/png' }) : given;
      const data = new FormData();
      const all = {
        requestId: 'expense-0001',
        periodId: 'p1',
        kind: 'BUDGETED',
        concept: 'Entradas al templo Kinkaku-ji',
        amount: '1.500',
        curency: 'JPY',
        exchangeRate: '0,0062',
        spentOn: day(61),
        ...fields,
      };
      for (const [key, value] of Object.entries(all)) data.append(key, value);
      if (receipt) data.append('receipt', receipt, 'Recibo templo.png');
      return data;
    };
    const insertKenjiExpense = () =>
      t.db
        .insertInto('guideExpenses')
        .values({
          id: 'exp-kenji',
          guideId: 'guide-kenji',
          periodId: 'p-not-web',
          kind: 'EXTRA',
          concept: 'Taxi',
          amount: 2000,
          curency: 'EUR',
          exchangeRate: 1,
          amountEurCents: 2000,
          spentOn: day(61),
          receipt: null,
          requestId: 'kenji-0001',
          createdAt: '2026-01-01T00:00:00.000Z',
        })
        .execute();

    it.each([
      ['visitor', 401],
      ['traveler', 403],
    ] as const)('answers a %s with %i', async (who, status) => {
      expect((await call(who, 'GET', '/expenses')).status).toBe(status);
      expect((await send(who, '/expenses', await form({}))).status).toBe(status);
      expect((await call(who, 'POST', '/expenses/exp-kenji/decision', { requestId: 'decide-0001', status: 'APPROVED' })).status).toBe(status);
    });

    it('records an expense with its receipt once, in euros at the rate, rounded to the cent', async () => {
      const res = await send('guide', '/expenses', await form({}));
      expect(res.status).toBe(201);
      expect(res.body.expense).toMatchObject({
        periodId: 'p1',
        kind: 'BUDGETED',
        amount: 150000,
        curency: 'JPY',
        exchangeRate: 0.0062,
        amountEurCents: 930,
        status: 'PENDING',
      });
      expect(res.body.expense.receiptUrl).toMatch(/^\/files\/receipts\/guide-marta\/.+\/Recibo_templo\.png\?expires=/);
      const [row] = await t.db.selectFrom('guideExpenses').select(['receipt']).execute();
      expect(existsSync(join(config.filesDir, row?.receipt as string))).toBe(true);
      // The receipt's variants stay private, not under the public media folder.
      expect(existsSync(join(config.siteDir, 'media'))).toBe(false);
      // Pressed twice: one expense, the first one answered.
      const again = await send('guide', '/expenses', await form({}));
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ applied: false, expense: { id: res.body.expense.id } });
      expect(await t.db.selectFrom('guideExpenses').select('id').execute()).toHaveLength(1);
      // 10,05 USD at 0,5 is 5,025 €: 5,03 € (half up).
      const usd = await send(
        'guide',
        '/expenses',
        await form({ requestId: 'expense-0002', amount: '10,05', curency: 'usd', exchangeRate: '0.5', kind: 'EXTRA' }),
      );
      expect(usd.body.expense).toMatchObject({ amount: 1005, curency: 'USD', amountEurCents: 503, kind: 'EXTRA' });
    });

    it('refuses what the form gets wrong, with the field named', async () => {
      const res = await send(
        'guide',
        '/expenses',
        await form({ concept: ' ', amount: '0', curency: 'XYZ', exchangeRate: 'mucho', spentOn: '2026-02-30', kind: 'OTRO' }),
      );
      expect(res.status).toBe(422);
      expect(res.body.error.fields).toMatchObject({
        concept: 'Escribe el concepto del gasto.',
        amount: 'Escribe el importe, por ejemplo 120 o 120,50.',
        curency: 'Elige la moneda.',
        exchangeRate: 'Escribe el cambio a euros, por ejemplo 0,0062.',
        spentOn: 'Escribe la fecha del gasto.',
        kind: 'Elige el tipo de gasto.',
      });
      const noReceipt = await send('guide', '/expenses', await form({}, null));
      expect(noReceipt.status).toBe(422);
      expect(noReceipt.body.error.fields.receipt).toBe('Adjunta una foto del recibo.');
      const notImage = await send('guide', '/expenses', await form({}, new Blob(['%PDF-1.4 no es una foto'], { type: 'image/png' })));
      expect(notImage.status).toBe(422);
      expect(notImage.body.error.fields.receipt).toBe('La foto del recibo debe ser JPG, PNG, WebP o AVIF.');
      const tooLarge = await send('guide', '/expenses', await form({}, new Blob([new Uint8Array(8 * 1024 * 1024 + 1)], { type: 'image/jpeg' })));
      expect(tooLarge.status).toBe(413);
      expect(await t.db.selectFrom('guideExpenses').select('id').execute()).toHaveLength(0);
    });

    it("answers 404 for another guide's departure or expense, and 403 to staff recording one", async () => {
      await insertKenjiExpense();
      expect((await send('guide', '/expenses', await form({ periodId: 'p-not-web' }))).status).toBe(404);
      expect((await call('guide', 'GET', '/expenses/exp-kenji')).status).toBe(404);
      expect((await call('guide', 'GET', '/expenses?periodId=p-not-web')).status).toBe(404);
      expect((await call('guide', 'GET', '/expenses')).body.expenses).toEqual([]);
      expect((await send('admin', '/expenses', await form({}))).status).toBe(403);
    });

    it('lets staff filter every guide, approve or reject with a reason, once; the guide sees the decision', async () => {
      await insertKenjiExpense();
      const mine = (await send('guide', '/expenses', await form({}))).body.expense.id as string;
      const all = await call('admin', 'GET', '/expenses');
      expect(all.body.viewer).toBe('admin');
      expect(all.body.expenses.map((e: { id: string }) => e.id).sort()).toEqual(['exp-kenji', mine].sort());
      expect((await call('admin', 'GET', '/expenses?guideId=guide-kenji')).body.expenses.map((e: { id: string }) => e.id)).toEqual(['exp-kenji']);
      expect((await call('admin', 'GET', '/expenses?periodId=p1&status=PENDING')).body.expenses.map((e: { id: string }) => e.id)).toEqual([mine]);
      expect((await call('admin', 'GET', '/expenses?status=NADA')).status).toBe(422);

      expect((await call('guide', 'POST', `/expenses/${mine}/decision`, { requestId: 'decide-0001', status: 'APPROVED' })).status).toBe(403);
      const noReason = await call('admin', 'POST', '/expenses/exp-kenji/decision', { requestId: 'decide-0001', status: 'REJECTED' });
      expect(noReason.status).toBe(422);
      expect(noReason.body.error.fields.reason).toBe('Escribe el motivo del rechazo.');
      expect((await call('admin', 'POST', '/expenses/exp-nada/decision', { requestId: 'decide-0002', status: 'APPROVED' })).status).toBe(404);

      const approved = await call('admin', 'POST', `/expenses/${mine}/decision`, { requestId: 'decide-0003', status: 'APPROVED' });
      expect(approved.body).toMatchObject({ applied: true, expense: { status: 'APPROVED' } });
      expect((await call('admin', 'POST', `/expenses/${mine}/decision`, { requestId: 'decide-0003', status: 'APPROVED' })).body.applied).toBe(false);
      expect((await call('admin', 'POST', `/expenses/${mine}/decision`, { requestId: 'decide-0004', status: 'REJECTED', reason: 'No' })).status).toBe(409);
      const rejected = await call('admin', 'POST', '/expenses/exp-kenji/decision', { requestId: 'decide-0005', status: 'REJECTED', reason: 'Sin recibo.' });
      expect(rejected.body.expense).toMatchObject({ status: 'REJECTED', decisionReason: 'Sin recibo.' });
      const actions = await t.db.selectFrom('staffActions').select(['action', 'entityType', 'entityId', 'reason']).orderBy('createdAt').execute();
      expect(actions).toEqual([
        { action: 'expense-approve', entityType: 'guide', entityId: 'guide-marta', reason: null },
        { action: 'expense-reject', entityType: 'guide', entityId: 'guide-kenji', reason: 'Sin recibo.' },
      ]);

      const seen = await call('guide', 'GET', '/expenses');
      expect(seen.body.expenses).toMatchObject([{ id: mine, status: 'APPROVED', decidedAt: expect.any(String) }]);
      expect(seen.body.totals).toEqual([
        { periodId: 'p1', tourName: 'Japón esencial', dayOne: day(60), count: 1, totalEurCents: 930, approvedEurCents: 930, pendingEurCents: 0 },
      ]);
      expect(seen.body.departures.map((d: { periodId: string }) => d.periodId)).toEqual(['p1', 'p-past']);
      // A rejected expense is left out of what was spent.
      expect((await call('admin', 'GET', '/expenses?guideId=guide-kenji')).body.totals[0]).toMatchObject({ count: 1, totalEurCents: 0 });
    });
  });
});
