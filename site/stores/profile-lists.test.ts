/**
 * /perfil/presupuestos-y-favoritos against the real API, signed in as Ana: her saved budgets, one deleted
 * after asking (kept on the list while the answer is lost, off it when pressed again), another
 * traveller's left untouched, and a favourite tour removed without asking.
 */
import { describe, expect, it } from 'vitest';
import { validBooking } from '../../tests/support/booking-fixtures.ts';
import { CALLERS } from '../../tests/support/callers.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { createBookingForPayment } from '../../tests/support/payment-fixtures.ts';
import * as lists from './profile-lists.ts';

const island = withIslandApi({ as: 'traveler' });
const ANA = CALLERS.traveler;
const budgetName = async (id: string) =>
  (await island.t.db.selectFrom('bookings').select('budgetName').where('id', '=', id).executeTakeFirstOrThrow()).budgetName;

/** A booking Ana made signed in and saved as a budget, as the funnel's 'Guardar presupuesto' does. */
async function savedBudget(name: string) {
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const made = await fetch('/api/bookings', json(validBooking({ lead: { ...validBooking().lead, email: ANA.email } })));
  const { id } = (await made.json()) as { id: string };
  expect((await fetch(`/api/bookings/${id}/budget`, json({ budgetName: name }))).status).toBe(200);
  return id;
}

describe('her budgets', () => {
  it('lists them and deletes one after asking', async () => {
    const id = await savedBudget('Japón en familia');
    await lists.loadBudgets();
    expect(lists.$budgets.get()).toMatchObject({ status: 'ready', budgets: [{ id, budgetName: 'Japón en familia', tourName: 'Japón esencial' }] });
    lists.askToDeleteBudget(id);
    expect(lists.$budgets.get().confirming).toBe(id);
    lists.keepBudget();
    expect(lists.$budgets.get().confirming).toBeNull();

    lists.askToDeleteBudget(id);
    expect(await lists.deleteBudget(id)).toBe(true);
    expect(lists.$budgets.get()).toMatchObject({ budgets: [], confirming: null, deleting: null, done: 'Hemos eliminado el presupuesto «Japón en familia».' });
    expect(await budgetName(id)).toBeNull();
  });

  it('keeps the budget on the list while the answer is lost, and takes it off when pressed again', async () => {
    const id = await savedBudget('Con mamá a Japón');
    await lists.loadBudgets();
    island.loseNextAnswer();
    expect(await lists.deleteBudget(id)).toBe(false);
    expect(lists.$budgets.get()).toMatchObject({
      budgets: [{ id }],
      deleting: null,
      message: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.',
    });
    expect(await lists.deleteBudget(id)).toBe(true);
    expect(lists.$budgets.get().budgets).toEqual([]);
  });

  it("leaves another traveller's budget as it was, under its own id", async () => {
    const { id } = await createBookingForPayment(island.app, island.t.db);
    await island.t.db.updateTable('bookings').set({ budgetName: 'El de Luis', travelerId: CALLERS.otherTraveler.travelerId }).where('id', '=', id).execute();
    await lists.loadBudgets();
    expect(lists.$budgets.get().budgets).toEqual([]);
    await lists.deleteBudget(id);
    expect(await budgetName(id)).toBe('El de Luis');
  });
});

describe('her favourite tours', () => {
  it('lists them and removes one without asking', async () => {
    const stamp = '2026-02-01T10:00:00.000Z';
    await island.t.db
      .insertInto('favoriteTours')
      .values([
        { travelerId: ANA.travelerId, tourId: 't1', createdAt: stamp },
        { travelerId: ANA.travelerId, tourId: 't2', createdAt: stamp },
      ])
      .execute();
    await lists.loadFavorites();
    expect(
      lists.$favorites
        .get()
        .favorites?.map((f) => f.tourId)
        .toSorted(),
    ).toEqual(['t1', 't2']);
    expect(await lists.removeFavorite('t1')).toBe(true);
    expect(lists.$favorites.get()).toMatchObject({ favorites: [{ tourId: 't2' }], removing: null, done: 'Hemos quitado «Japón esencial» de tus favoritos.' });
    const kept = await island.t.db.selectFrom('favoriteTours').select('tourId').where('travelerId', '=', ANA.travelerId).execute();
    expect(kept).toEqual([{ tourId: 't2' }]);
  });
});
