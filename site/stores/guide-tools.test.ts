/**
 * The guides' tools against the real API: staff assigning a guide to a departure (mailed once, a retried
 * press applied once) and taking one off; Marta, the guide, rating a finished departure (not one still to come), asking
 * the office for urgent help, and recording an expense with its receipt once though the first answer was
 * lost, each form checked before anything is sent.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { day } from '../../tests/support/booking-fixtures.ts';
import { photoPng } from '../../tests/support/feedback-fixtures.ts';
import { insertGuidedDepartures } from '../../tests/support/guide-fixtures.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import * as tools from './guide-tools.ts';

const LOST = 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.';

describe('assigning guides, as staff', () => {
  const island = withIslandApi({ as: 'admin' });
  beforeEach(() => insertGuidedDepartures(island.t.db, { pastDayOne: -20 }));
  const mailsToKenji = () => island.t.db.selectFrom('mails').select('subject').where('toAddress', '=', 'kenji@different.demo').execute();

  it('assigns a guide and mails them, and takes them off again', async () => {
    await tools.openAssignDesk('t1', 'p1');
    expect(tools.$assignDesk.get()).toMatchObject({ status: 'ready', view: { assigned: [{ id: 'guide-marta' }] } });
    await tools.changeAssignment('assign', '');
    expect(tools.$assignDesk.get().message).toBe('Elige un guía.');

    tools.chooseGuide('guide-kenji');
    await tools.changeAssignment('assign', 'guide-kenji');
    expect(tools.$assignDesk.get()).toMatchObject({ chosen: '', done: 'Kenji ya es guía de esta salida. Le hemos enviado un correo.' });
    expect(tools.$assignDesk.get().view?.assigned.map((g) => g.id)).toEqual(['guide-kenji', 'guide-marta']);
    expect(await mailsToKenji()).toHaveLength(1);

    await tools.changeAssignment('remove', 'guide-kenji');
    expect(tools.$assignDesk.get()).toMatchObject({ done: 'Kenji ya no es guía de esta salida.', view: { assigned: [{ id: 'guide-marta' }] } });
  });

  it('keeps the guide chosen while a press was on its way', async () => {
    await tools.openAssignDesk('t1', 'p1');
    const release = island.holdNextAnswer();
    const removing = tools.changeAssignment('remove', 'guide-marta');
    tools.chooseGuide('guide-kenji');
    release();
    await removing;
    expect(tools.$assignDesk.get()).toMatchObject({ chosen: 'guide-kenji', done: 'Marta ya no es guía de esta salida.' });

    const assigning = tools.changeAssignment('assign', 'guide-kenji');
    tools.chooseGuide('guide-marta');
    await assigning;
    expect(tools.$assignDesk.get()).toMatchObject({ chosen: 'guide-marta', done: 'Kenji ya es guía de esta salida. Le hemos enviado un correo.' });
  });

  it('assigns once, and mails once, though the first answer was lost', async () => {
    await tools.openAssignDesk('t1', 'p1');
    tools.chooseGuide('guide-kenji');
    island.loseNextAnswer();
    await tools.changeAssignment('assign', 'guide-kenji');
    expect(tools.$assignDesk.get()).toMatchObject({ busy: false, message: LOST });
    await tools.changeAssignment('assign', 'guide-kenji');
    // The press sent again is answered as a replay, which cannot tell that it was this press that assigned him.
    expect(tools.$assignDesk.get()).toMatchObject({ message: null, done: 'Kenji ya era guía de esta salida.' });
    expect(tools.$assignDesk.get().view?.assigned.map((g) => g.id)).toEqual(['guide-kenji', 'guide-marta']);
    expect(await mailsToKenji()).toHaveLength(1);
  });
});

describe("the guide's own tools", () => {
  const island = withIslandApi({ as: 'guide' });
  beforeEach(async () => {
    await insertGuidedDepartures(island.t.db, { pastDayOne: -20 });
    await island.t.db
      .insertInto('companyInfo')
      .values({ id: 'ci', name: 'Different Roads', numberPhone: '+34 910 000 000', email: 'hola@different.demo' })
      .execute();
  });

  it('rates a finished departure after naming what is missing, and not one still to come', async () => {
    await tools.openGuideReport('p-past', 'guide-marta');
    await tools.saveGuideReport();
    expect(tools.$guideReport.get()).toMatchObject({
      message: 'Revisa los datos marcados.',
      fields: { rateGroup: 'Puntúa de 1 a 5.', report: 'Escribe tu informe de la salida.' },
    });
    for (const key of ['rateGroup', 'rateAccommodation', 'rateActivities', 'rateTransport'] as const) tools.setReportField(key, '4');
    tools.setReportField('report', 'Grupo puntual y animado; el hotel de Kioto, justo.');
    await tools.saveGuideReport();
    expect(tools.$guideReport.get()).toMatchObject({ fields: {}, done: 'Hemos guardado tu calificación y tu informe.' });
    await tools.loadDepartureReports('p-past');
    expect(tools.$departureReports.get().list?.reports).toMatchObject([{ guideId: 'guide-marta', rateGroup: 4 }]);

    await tools.openGuideReport('p1', 'guide-marta');
    tools.setReportField('report', 'Todavía no ha empezado.');
    for (const key of ['rateGroup', 'rateAccommodation', 'rateActivities', 'rateTransport'] as const) tools.setReportField(key, '5');
    await tools.saveGuideReport();
    expect(tools.$guideReport.get().message).toBe('Podrás calificar la salida a partir de su primer día.');
  });

  it('asks the office for help, with enough said, and empties the form', async () => {
    await tools.openGuideSupport();
    tools.setHelpField('text', 'Ayuda');
    await tools.sendGuideHelp();
    expect(tools.$guideSupport.get().fields).toEqual({ message: 'Cuéntanos qué pasa (al menos 10 caracteres).' });
    tools.setHelpField('periodId', 'p1');
    tools.setHelpField('text', 'Un viajero se ha puesto enfermo en Kioto.');
    await tools.sendGuideHelp();
    expect(tools.$guideSupport.get()).toMatchObject({
      text: '',
      periodId: '',
      done: 'Hemos avisado a la oficina por correo. Si es muy urgente, llama también al teléfono de la oficina.',
    });
    expect(await island.t.db.selectFrom('mails').select('toAddress').where('type', '=', 'GUIDE_HELP').execute()).toEqual([
      { toAddress: 'hola@different.demo' },
    ]);
  });

  it('records an expense with its receipt once though the first answer was lost', async () => {
    await tools.openExpenseForm('?salida=p1&tipo=extra');
    expect(tools.$expenseForm.get()).toMatchObject({ status: 'ready', form: { periodId: 'p1', kind: 'EXTRA' } });
    tools.setReceipt(new File(['%PDF-1.4'], 'billete.pdf', { type: 'application/pdf' }));
    expect(tools.$expenseForm.get()).toMatchObject({ receipt: null, fields: { receipt: 'La foto del recibo debe ser JPG, PNG, WebP o AVIF.' } });
    await tools.submitExpense();
    expect(tools.$expenseForm.get()).toMatchObject({ message: 'Revisa los datos marcados.', fields: { concept: 'Escribe el concepto del gasto.' } });

    const typed = { concept: 'Entradas al templo Kinkaku-ji', amount: '1.500', curency: 'JPY', exchangeRate: '0,0062', spentOn: day(61) } as const;
    for (const [key, value] of Object.entries(typed)) tools.setExpenseField(key as tools.ExpenseFormField, value);
    tools.setReceipt(new File([new Uint8Array(await photoPng())], 'Recibo templo.png', { type: 'image/png' }));
    island.loseNextAnswer();
    await tools.submitExpense();
    expect(tools.$expenseForm.get()).toMatchObject({ sending: false, message: LOST, saved: null });
    await tools.submitExpense();
    expect(tools.$expenseForm.get()).toMatchObject({
      saved: { concept: typed.concept, amountEurCents: 930, status: 'PENDING' },
      form: { concept: '', periodId: 'p1' },
    });
    expect(await island.t.db.selectFrom('guideExpenses').select('kind').execute()).toEqual([{ kind: 'EXTRA' }]);
  });
});
