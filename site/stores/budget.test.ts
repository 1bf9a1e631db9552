/**
 * 'Guardar presupuesto' in the funnel against the real API, as the browser that made the booking: a name
 * checked before it is sent, the budget saved and mailed to the lead, a lost answer said and the press
 * sent again, the name typed kept whatever happens, and another browser with only the booking's id refused.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { createBookingForPayment } from '../../tests/support/payment-fixtures.ts';
import { $budget, saveBudget, setBudgetName } from './budget.ts';

const island = withIslandApi();
const budgetMails = () => island.t.db.selectFrom('mails').select(['toAddress', 'subject']).where('type', '=', 'BUDGET').execute();
let bookingId: string;

beforeEach(async () => {
  $budget.set({ name: '', status: 'idle', error: null, message: null });
  ({ id: bookingId } = await createBookingForPayment(island.app, island.t.db, { passengers: false }));
  island.calls.length = 0;
});

describe("'Guardar presupuesto'", () => {
  it('asks for a name before sending anything', async () => {
    setBudgetName('   ');
    expect(await saveBudget(bookingId)).toBe('failed');
    expect($budget.get()).toEqual({ name: '   ', status: 'failed', error: 'Ponle un nombre al presupuesto', message: null });
    expect(island.calls).toEqual([]);
    setBudgetName('x'.repeat(81));
    expect(await saveBudget(bookingId)).toBe('failed');
    expect($budget.get().error).toBe('El nombre admite como máximo 80 caracteres');
  });

  it('saves the budget and mails it to the lead, keeping the name typed', async () => {
    setBudgetName('Japón en familia');
    expect(await saveBudget(bookingId)).toBe('sent');
    expect(island.calls).toEqual([`POST /api/bookings/${bookingId}/budget`]);
    expect($budget.get()).toEqual({ name: 'Japón en familia', status: 'sent', error: null, message: 'Te hemos enviado el presupuesto por correo' });
    const row = await island.t.db.selectFrom('bookings').select('budgetName').where('id', '=', bookingId).executeTakeFirstOrThrow();
    expect(row.budgetName).toBe('Japón en familia');
    expect(await budgetMails()).toEqual([{ toAddress: 'ana.garcia@viajes.es', subject: 'Tu presupuesto «Japón en familia» para el viaje «Japón esencial»' }]);
  });

  it('says so when the answer was lost, and saves it when pressed again', async () => {
    setBudgetName('Japón en familia');
    island.loseNextAnswer();
    expect(await saveBudget(bookingId)).toBe('failed');
    expect($budget.get()).toEqual({
      name: 'Japón en familia',
      status: 'failed',
      error: null,
      message: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.',
    });
    expect(await saveBudget(bookingId)).toBe('sent');
    expect($budget.get().message).toBe('Te hemos enviado el presupuesto por correo');
  });

  it('is refused to another browser that has only the booking’s id', async () => {
    island.app.cookies.clear();
    setBudgetName('No es mío');
    expect(await saveBudget(bookingId)).toBe('failed');
    expect($budget.get()).toMatchObject({ status: 'failed', name: 'No es mío', message: 'No encontramos esa reserva.' });
    expect(await budgetMails()).toEqual([]);
  });
});
