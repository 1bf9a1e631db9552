/**
 * A departure's campaigns in the tour editor (/admin/tour/{id}) against the real API, as an admin: the
 * discount typed in euros and checked before sending (a name, an amount, an end not before the start), a
 * campaign added once though the first answer was lost, one changed from what it holds, and one removed.
 */
import { describe, expect, it } from 'vitest';
import { day } from '../../tests/support/booking-fixtures.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { $tourEditor, openTourEditor } from './admin-tour-editor.ts';
import { confirmRemoveCampaign, openCampaign, openRemoveCampaign, setCampaignField, submitCampaign } from './admin-tour-campaigns.ts';

const island = withIslandApi({ as: 'admin' });
const state = () => $tourEditor.get();
const p1 = () => state().view!.periods.find((p) => p.id === 'p1')!;
const campaign = (name: string) => p1().campaigns.find((c) => c.name === name);

describe('a departure’s campaigns', () => {
  it('names what is missing or wrong before sending, and clears a message as its field is typed in', async () => {
    await openTourEditor('t1');
    openCampaign(p1(), null);
    expect(state().dialog).toMatchObject({ kind: 'campaign', form: { name: '', value: '', discountAppliedPerTxt: 'PER_PAX' } });
    const sent = island.calls.length;
    await submitCampaign();
    expect(state().dialog).toMatchObject({
      error: 'Revisa los datos marcados.',
      errors: { name: 'Escribe el nombre de la campaña.', valueCents: 'Escribe el descuento en euros, de 0 a 100.000, con dos decimales como mucho.' },
    });
    setCampaignField('value', '75');
    expect(state().dialog).toHaveProperty('errors', { name: 'Escribe el nombre de la campaña.' });
    setCampaignField('name', 'Reserva anticipada');
    setCampaignField('validFromDate', day(10));
    setCampaignField('validUntilDate', day(5));
    await submitCampaign();
    expect(state().dialog).toHaveProperty('errors', { validUntilDate: 'El final de la campaña no puede ser antes de su inicio.' });
    expect(island.calls.length).toBe(sent);
  });

  it('adds a campaign once though the first answer was lost and it was sent again', async () => {
    await openTourEditor('t1');
    openCampaign(p1(), null);
    setCampaignField('name', 'Reserva anticipada');
    setCampaignField('value', '75,50');
    setCampaignField('discountAppliedPerTxt', 'ONCE');
    island.loseNextAnswer();
    await submitCampaign();
    expect(state().dialog).toMatchObject({ sending: false, error: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.' });
    await submitCampaign();
    expect(state()).toMatchObject({ dialog: null, done: 'Campaña añadida.' });
    expect(campaign('Reserva anticipada')).toMatchObject({ valueCents: 7_550, discountAppliedPerTxt: 'ONCE', validFromDate: null, validUntilDate: null });
    expect(await island.t.db.selectFrom('campaigns').select('id').where('name', '=', 'Reserva anticipada').execute()).toHaveLength(1);
  });

  it('changes a campaign from what it holds, and removes it', async () => {
    await openTourEditor('t1');
    openCampaign(p1(), campaign('Otoño')!);
    expect(state().dialog).toMatchObject({
      form: { name: 'Otoño', value: '100', validFromDate: day(-1), validUntilDate: day(10), discountAppliedPerTxt: 'PER_PAX' },
    });
    setCampaignField('value', '80');
    setCampaignField('validUntilDate', '');
    await submitCampaign();
    expect(state()).toMatchObject({ dialog: null, done: 'Campaña guardada.' });
    expect(campaign('Otoño')).toMatchObject({ id: 'c-now', valueCents: 8_000, validUntilDate: null });

    openRemoveCampaign(p1(), campaign('Otoño')!);
    await confirmRemoveCampaign();
    expect(state()).toMatchObject({ dialog: null, done: 'Campaña quitada.' });
    expect(p1().campaigns.map((c) => c.name)).toEqual(['Pasada']);
    expect(island.calls.filter((call) => !call.startsWith('GET'))).toEqual([
      'PUT /api/admin/tours/t1/periods/p1/campaigns/c-now',
      'DELETE /api/admin/tours/t1/periods/p1/campaigns/c-now',
    ]);
  });
});
