/**
 * A tour's extras in the tour editor (/admin/tour/{id}) against the real API, as an admin: the amount typed
 * in euros and checked before sending (a name, an amount), an extra added once though the first answer was
 * lost, one changed from what it holds, withdrawn and offered again.
 */
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { $tourEditor, openTourEditor } from './admin-tour-editor.ts';
import { confirmExtraOffer, openExtra, openExtraOffer, setExtraField, submitExtra } from './admin-tour-extras.ts';

const island = withIslandApi({ as: 'admin' });
const state = () => $tourEditor.get();
const extra = (name: string) => state().view!.extras.find((e) => e.name === name);

describe("a tour's extras", () => {
  it('names what is missing or wrong before sending, and clears a message as its field is typed in', async () => {
    await openTourEditor('t1');
    openExtra(null);
    expect(state().dialog).toMatchObject({ kind: 'extra', form: { name: '', amount: '', basis: 'PER_TRAVELER' } });
    const sent = island.calls.length;
    await submitExtra();
    expect(state().dialog).toMatchObject({
      error: 'Revisa los datos marcados.',
      errors: { name: 'Escribe el nombre del extra.', amountCents: 'Escribe el precio en euros, de 0 a 100.000, con dos decimales como mucho.' },
    });
    setExtraField('amount', 'treinta');
    await submitExtra();
    expect(state().dialog).toHaveProperty('errors.amountCents', 'Escribe el precio en euros, de 0 a 100.000, con dos decimales como mucho.');
    setExtraField('amount', '35,50');
    expect(state().dialog).toHaveProperty('errors', { name: 'Escribe el nombre del extra.' });
    expect(island.calls.length).toBe(sent);
  });

  it('adds an extra once though the first answer was lost, changes it from what it holds, withdraws it and offers it again', async () => {
    await openTourEditor('t1');
    openExtra(null);
    setExtraField('name', 'Cena de bienvenida');
    setExtraField('amount', '35,50');
    setExtraField('description', 'La primera noche.');
    island.loseNextAnswer();
    await submitExtra();
    expect(state().dialog).toMatchObject({ sending: false, error: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.' });
    await submitExtra();
    expect(state()).toMatchObject({ dialog: null });
    expect(state().done).toMatch(/^Extra añadido\./);
    expect(extra('Cena de bienvenida')).toMatchObject({
      amountCents: 3_550,
      basis: 'PER_TRAVELER',
      description: 'La primera noche.',
      active: true,
      bookings: 0,
    });
    expect(await island.t.db.selectFrom('tourExtras').select('id').execute()).toHaveLength(1);

    openExtra(extra('Cena de bienvenida')!);
    expect(state().dialog).toMatchObject({ form: { name: 'Cena de bienvenida', amount: '35,50', basis: 'PER_TRAVELER', description: 'La primera noche.' } });
    setExtraField('basis', 'PER_BOOKING');
    setExtraField('description', '');
    await submitExtra();
    expect(extra('Cena de bienvenida')).toMatchObject({ basis: 'PER_BOOKING', description: null });

    openExtraOffer(extra('Cena de bienvenida')!, false);
    await confirmExtraOffer();
    expect(state().done).toMatch(/^Extra retirado/);
    expect(extra('Cena de bienvenida')?.active).toBe(false);
    openExtraOffer(extra('Cena de bienvenida')!, true);
    await confirmExtraOffer();
    expect(extra('Cena de bienvenida')?.active).toBe(true);
    const id = extra('Cena de bienvenida')!.id;
    expect(island.calls.filter((call) => !call.startsWith('GET'))).toEqual([
      'POST /api/admin/tours/t1/extras',
      'POST /api/admin/tours/t1/extras',
      `PUT /api/admin/tours/t1/extras/${id}`,
      `PUT /api/admin/tours/t1/extras/${id}/offer`,
      `PUT /api/admin/tours/t1/extras/${id}/offer`,
    ]);
  });
});
