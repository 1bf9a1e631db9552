/**
 * The tour editor (/admin/tour/{id}) against the real API, as an admin: the tour's fields checked before
 * sending and saved against the version they were read at (a colleague's save meanwhile refused, what was
 * typed kept until the current version is loaded; a save whose answer was lost applied once), the
 * thumbnail uploaded and saved, and the departures' dialogs and links, each saying what it did or why not.
 */
import { describe, expect, it } from 'vitest';
import { insertSoldAndHeldSeats } from '../../tests/support/booking-fixtures.ts';
import { photoPng } from '../../tests/support/feedback-fixtures.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import * as editor from './admin-tour-editor.ts';

const island = withIslandApi({ as: 'admin' });
const state = () => editor.$tourEditor.get();
const period = (id: string) => state().view!.periods.find((p) => p.id === id)!;
const savedRecords = () => island.t.db.selectFrom('staffActions').select('id').where('entityId', '=', 't1').where('action', '=', 'update').execute();

describe('the tour editor', () => {
  it('names a wrong rating before sending, then saves the fields and shows them as saved', async () => {
    await editor.openTourEditor('t1');
    expect(state()).toMatchObject({
      status: 'ready',
      version: 1,
      form: { metaTitle: '', rate: '', status: 'ACTIVE' },
      view: { tour: { name: 'Japón esencial' } },
    });
    editor.setTourField('rate', '7');
    const sent = island.calls.length;
    await editor.saveTourFields();
    expect(state()).toMatchObject({ message: 'Revisa los datos marcados.', errors: { rate: 'La valoración va de 0 a 5, con un decimal como mucho.' } });
    expect(island.calls.length).toBe(sent);

    editor.setTourField('rate', '4,5');
    expect(state().errors).toEqual({});
    editor.setTourField('metaTitle', 'Japón en 10 días');
    await editor.saveTourFields();
    expect(state()).toMatchObject({ saving: false, message: null, done: 'Guardado. Las páginas del tour se están publicando de nuevo.' });
    expect(state()).toMatchObject({ version: 2, form: { rate: '4,5', metaTitle: 'Japón en 10 días' } });
    expect(island.calls.at(-1)).toBe('PUT /api/admin/tours/t1');
  });

  it('refuses a save over a colleague’s, keeping what was typed until the current version is loaded', async () => {
    await editor.openTourEditor('t1');
    await island.t.db.updateTable('tours').set({ version: 2, metaKeyword: 'japón' }).where('id', '=', 't1').execute();
    editor.setTourField('metaTitle', 'Mi título');
    await editor.saveTourFields();
    expect(state()).toMatchObject({
      stale: true,
      message: 'Otra persona ha cambiado este tour mientras lo editabas. Tus cambios siguen en el formulario: recarga para ver los suyos y vuelve a guardar.',
      form: { metaTitle: 'Mi título' },
    });
    await editor.reloadTour();
    expect(state()).toMatchObject({ stale: false, message: null, version: 2, form: { metaTitle: '', metaKeyword: 'japón' } });
  });

  it('saves once though the first answer was lost and the save was pressed again', async () => {
    await editor.openTourEditor('t1');
    editor.setTourField('stops', 'Tokio, Kioto');
    island.loseNextAnswer();
    await editor.saveTourFields();
    expect(state().message).toBe('No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.');
    await editor.saveTourFields();
    expect(state()).toMatchObject({ message: null, stale: false, done: 'Guardado. Las páginas del tour se están publicando de nuevo.', version: 2 });
    expect(await savedRecords()).toHaveLength(1);
  });

  it('uploads a thumbnail into the tour’s folder and saves it with the fields', async () => {
    await editor.openTourEditor('t1');
    await editor.uploadThumbnail(new File([new Uint8Array(await photoPng())], 'portada.png', { type: 'image/png' }));
    expect(state().photo).toMatchObject({ uploading: false, error: null, url: expect.stringMatching(/^\/files\/t1\//) });
    expect(state().form.thumbnail).toMatch(/^t1\//);
    await editor.saveTourFields();
    expect(state().view?.tour.fields.thumbnail).toBe(state().form.thumbnail);
  });

  it("does not save while a new thumbnail uploads, so the save's answer cannot drop it", async () => {
    await editor.openTourEditor('t1');
    const release = island.holdNextAnswer();
    const uploading = editor.uploadThumbnail(new File([new Uint8Array(await photoPng())], 'portada.png', { type: 'image/png' }));
    const sent = island.calls.length;
    await editor.saveTourFields();
    expect(island.calls.length).toBe(sent);
    release();
    await uploading;
    await editor.saveTourFields();
    expect(state().view?.tour.fields.thumbnail).toMatch(/^t1\//);
    expect(state().photo.url).toMatch(/^\/files\/t1\//);
  });

  it('adds a departure once its seats are given, and refuses seats under those sold or removing a booked one', async () => {
    await insertSoldAndHeldSeats(island.t.db, { stamp: '2026-01-01T00:00:00.000Z' });
    await editor.openTourEditor('t1');
    editor.openAddPeriod();
    await editor.submitPeriod();
    expect(state().dialog).toMatchObject({ error: 'Revisa los datos marcados.', errors: { seats: 'Escribe un número de plazas entre 0 y 999.' } });
    editor.setPeriodField('seats', '20');
    await editor.submitPeriod();
    expect(state()).toMatchObject({ dialog: null, done: 'Salida añadida.' });
    expect(state().view?.periods).toHaveLength(3);

    editor.openEditPeriod(period('p1'));
    editor.setPeriodField('seats', '2');
    await editor.submitPeriod();
    expect(state().dialog).toMatchObject({
      sending: false,
      error: 'No puedes dejar menos plazas que las 3 ya vendidas en esta salida.',
      errors: { seats: 'No puedes dejar menos plazas que las 3 ya vendidas en esta salida.' },
    });

    editor.openRemovePeriod(period('p1'));
    await editor.confirmRemovePeriod();
    expect(state().dialog?.error).toBe('No se puede quitar esta salida: tiene 1 reserva. Ciérrala a la venta en la web en lugar de quitarla.');
    expect(state().view?.periods.map((p) => p.id)).toContain('p1');
  });

  it("sets a departure's prices per age group, naming an amount that is no price", async () => {
    await editor.openTourEditor('t1');
    editor.openPeriodPrices(period('p1'));
    expect(state().dialog).toMatchObject({ kind: 'prices', form: { Adultos: '150,50', Niños: '0' } });
    editor.setPriceField('Niños', 'mucho');
    await editor.submitPrices();
    expect(state().dialog).toHaveProperty('errors', { Niños: 'Escribe un precio en euros, de 0 a 100.000, con dos decimales como mucho.' });
    editor.setPriceField('Niños', '75,25');
    await editor.submitPrices();
    expect(state()).toMatchObject({ dialog: null, done: 'Precios guardados.' });
    expect(period('p1').prices).toEqual([
      { ageGroupName: 'Adultos', valueCents: 15_050 },
      { ageGroupName: 'Niños', valueCents: 7_525 },
    ]);
  });

  it('lists the tour under the region picked, asking for a region or an activity when none is picked', async () => {
    await island.t.db.insertInto('parentRegions').values({ id: 'r-asia', name: 'Asia', slug: 'asia', description: null }).execute();
    await editor.openTourEditor('t1');
    const sent = island.calls.length;
    await editor.changeLink('region', '', true);
    expect(state().links.error).toEqual({ kind: 'region', message: 'Elige una región.' });
    await editor.changeLink('activity', '', true);
    expect(state().links.error).toEqual({ kind: 'activity', message: 'Elige una actividad.' });
    expect(island.calls.length).toBe(sent);
    editor.pickLink('region', 'r-asia');
    await editor.changeLink('region', 'r-asia', true);
    expect(state()).toMatchObject({ done: 'Región añadida.', links: { pick: { region: '' }, sending: null, error: null } });
    expect(state().view?.regions.linked).toEqual([{ id: 'r-asia', name: 'Asia', slug: 'asia' }]);
    await editor.changeLink('region', 'r-asia', false);
    expect(state()).toMatchObject({ done: 'Región quitada.', view: { regions: { linked: [] } } });
  });

  it('gives the tour its own payment schedule and a departure another, refusing one that adds up to more than the total', async () => {
    await editor.openTourEditor('t1');
    expect(state().view!.tour.paymentPolicy).toEqual({
      own: null,
      type: { deposit: { kind: 'percent', percent: 30 }, instalments: [], balanceDaysBefore: 30 },
    });
    editor.openPolicy(null);
    expect(state().dialog).toMatchObject({ kind: 'policy', own: false, form: { depositKind: 'percent', depositValue: '30', balanceDaysBefore: '30' } });
    editor.setOwnPolicy(true);
    editor.setPolicyFields((f) => ({ ...f, depositValue: '80', instalments: [{ percent: '30', daysBefore: '60' }] }));
    const sent = island.calls.length;
    await editor.submitPolicy();
    expect(state().dialog).toMatchObject({
      error: 'Revisa los datos marcados.',
      errors: { instalments: 'La señal y los plazos no pueden sumar más del 100 %.' },
    });
    expect(island.calls.length).toBe(sent);

    editor.setPolicyFields((f) => ({ ...f, depositValue: '20' }), 'instalments');
    island.loseNextAnswer();
    await editor.submitPolicy();
    await editor.submitPolicy();
    expect(state()).toMatchObject({ dialog: null, done: 'Plazos de pago del tour guardados. Las reservas nuevas los siguen; las hechas conservan los suyos.' });
    const own = { deposit: { kind: 'percent', percent: 20 }, instalments: [{ percent: 30, daysBefore: 60 }], balanceDaysBefore: 30 };
    expect(state().view!.tour.paymentPolicy.own).toEqual(own);

    // A departure starts from the tour's own, and can go back to it.
    const departure = state().view!.periods[0]!;
    editor.openPolicy(departure);
    expect(state().dialog).toMatchObject({ own: false, form: { depositValue: '20', instalments: [{ percent: '30', daysBefore: '60' }] } });
    editor.setOwnPolicy(true);
    editor.setPolicyFields((f) => ({ ...f, depositKind: 'perTraveller', depositValue: '150', instalments: [] }));
    await editor.submitPolicy();
    expect(period(departure.id).paymentPolicy).toEqual({ deposit: { kind: 'perTraveller', amountCents: 15_000 }, instalments: [], balanceDaysBefore: 30 });
    editor.openPolicy(period(departure.id));
    editor.setOwnPolicy(false);
    await editor.submitPolicy();
    expect(period(departure.id).paymentPolicy).toBeNull();
    const records = await island.t.db.selectFrom('staffActions').select(['entityType', 'action']).where('action', '=', 'payment-policy').execute();
    expect(records).toEqual([
      { entityType: 'tour', action: 'payment-policy' },
      { entityType: 'period', action: 'payment-policy' },
      { entityType: 'period', action: 'payment-policy' },
    ]);
  });
});
