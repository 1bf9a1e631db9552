/**
 * The saved-budgets desk's store against the real API, as an admin: searched on the server (a search too
 * short named before sending) and 'Reenviar' as one press: an answer lost and the press sent again mails
 * the budget once.
 */
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../../tests/support/island-api.ts';
import { createBookingForPayment } from '../../../tests/support/payment-fixtures.ts';
import { askResend, budgets, cancelResend, confirmResend } from './store.ts';

const island = withIslandApi({ as: 'admin' });

async function saveBudget(budgetName: string) {
  const { id } = await createBookingForPayment(island.app, island.t.db);
  const saved = await island.app.request(`/bookings/${id}/budget`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ budgetName }),
  });
  expect(saved.status).toBe(200);
  return id;
}
const budgetMails = async (bookingId: string) =>
  (await island.t.db.selectFrom('mails').select('type').where('bookingId', '=', bookingId).execute()).filter((m) => m.type === 'BUDGET').length;

describe('the saved-budgets desk', () => {
  it('finds a budget by its name, and a search too short is named without asking', async () => {
    await saveBudget('Japón en familia');
    await saveBudget('Escapada de Luis');
    await budgets.open('');
    expect(budgets.$state.get().answer?.total).toBe(2);
    budgets.setFilter('q', 'FAMILIA');
    await budgets.apply();
    expect(budgets.$state.get().answer?.rows.map((r) => r.budgetName)).toEqual(['Japón en familia']);
    expect(island.address()).toBe('/?q=FAMILIA');
    const sent = island.calls.length;
    budgets.setFilter('q', 'x');
    await budgets.apply();
    expect(budgets.$state.get().errors.q).toBe('Escribe al menos 2 caracteres.');
    expect(island.calls.length).toBe(sent);
  });

  it('sends the budget again once, though the first answer was lost', async () => {
    const id = await saveBudget('Japón en familia');
    await budgets.open('');
    const before = await budgetMails(id);
    const row = budgets.$state.get().answer!.rows[0]!;
    askResend(row);
    cancelResend();
    expect(budgets.$state.get().resending).toBeNull();
    askResend(row);
    island.loseNextAnswer();
    await confirmResend();
    expect(budgets.$state.get().resending?.error).toContain('No hemos podido conectar');
    await confirmResend();
    expect(budgets.$state.get()).toMatchObject({ resending: null, done: 'Presupuesto «Japón en familia» reenviado a ana.garcia@viajes.es.' });
    expect(await budgetMails(id)).toBe(before + 1);
  });
});
