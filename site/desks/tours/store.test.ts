/**
 * The catalogue desk's store against the real API, as an admin: filters refused before sending, and
 * publishing or hiding a tour as one press — a press whose answer was lost is sent again with its id and
 * applied once, with one entry in the staff actions.
 */
import { describe, expect, it } from 'vitest';
import { atAddress, withIslandApi } from '../../../tests/support/island-api.ts';
import { closePublish, confirmPublish, openPublish, tours } from './store.ts';

const island = withIslandApi({ as: 'admin' });
const row = (id: string) => tours.$state.get().answer?.rows.find((r) => r.id === id);

describe('the tours desk', () => {
  it('filters by what is on the web, from the address', async () => {
    await island.t.db.updateTable('tours').set({ publishWeb: 0 }).where('id', '=', 't2').execute();
    atAddress('/admin/tours?publishWeb=0');
    await tours.open(location.search);
    expect(tours.$state.get().answer?.rows.map((r) => r.id)).toEqual(['t2']);
    await tours.clear();
    expect(tours.$state.get().answer?.total).toBe(2);
    expect(island.address()).toBe('/admin/tours');
  });

  it('names a search too short at its field without asking the server', async () => {
    await tours.open('');
    const sent = island.calls.length;
    tours.setFilter('q', 'j');
    await tours.apply();
    expect(tours.$state.get().errors.q).toBeTruthy();
    expect(island.calls.length).toBe(sent);
  });

  it('hides a tour once although the first answer was lost and the press went again', async () => {
    await tours.open('');
    openPublish(row('t1')!);
    const { requestId } = tours.$state.get().dialog!;
    island.loseNextAnswer();
    await confirmPublish();
    // No answer: the dialog stays, says why, and keeps the same id for the next press.
    expect(tours.$state.get().dialog).toMatchObject({ sending: false, requestId, error: expect.stringContaining('No hemos podido conectar') });
    await confirmPublish();
    expect(tours.$state.get()).toMatchObject({ dialog: null, done: 'Ya estaba hecho: no ha cambiado nada.' });
    expect(row('t1')?.publishWeb).toBe(false);
    const actions = await island.t.db.selectFrom('staffActions').select(['entityId']).where('entityId', '=', 't1').execute();
    expect(actions).toHaveLength(1);
  });

  it('publishes a hidden tour and says so; closing the dialog sends nothing', async () => {
    await island.t.db.updateTable('tours').set({ publishWeb: 0 }).where('id', '=', 't2').execute();
    await tours.open('');
    openPublish(row('t2')!);
    closePublish();
    expect(tours.$state.get().dialog).toBeNull();
    openPublish(row('t2')!);
    expect(tours.$state.get().dialog?.publish).toBe(true);
    await confirmPublish();
    expect(tours.$state.get().done).toBe('«Otro» está publicado: la web lo mostrará en cuanto termine de reconstruirse.');
    expect(row('t2')?.publishWeb).toBe(true);
  });
});
