/**
 * The tour roll that carousel and campaign grid editors share, against the real API as an admin
 * (tests/support/island-api.ts): the picker finds visible tours by name, never hidden ones nor those
 * already in the roll, and 'Añadir' puts the chosen tour at the typed position once, or says why not.
 */
import { describe, expect, it } from 'vitest';
import { insertPickableTour } from '../../tests/support/cms-api.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { addPicked, emptyPicker, type RollItem, searchPickable } from './cms-roll.ts';

const island = withIslandApi({ as: 'admin' });
const roll: RollItem[] = [{ tourId: 't2', name: 'Otro', position: 1 }];

describe('the slider tour picker', () => {
  it('finds visible tours by name, without accents, leaving out hidden tours and those in the roll', async () => {
    await insertPickableTour(island.t.db, 't-jordania', 'Jordania y Petra');
    await insertPickableTour(island.t.db, 't-oculto', 'Japón secreto', { hidden: true });
    const picker = await searchPickable(roll, () => ({ ...emptyPicker(), query: 'JAPON' }));
    expect(island.calls).toEqual(['GET /api/cms/carousels/tours']);
    expect(picker).toMatchObject({ query: 'JAPON', tourId: 't1', results: [{ id: 't1', name: 'Japón esencial' }] });
    expect((await searchPickable(roll, emptyPicker))?.results.map((t) => t.id)).toEqual(['t1', 't-jordania']);
  });

  it('keeps the chosen tour while a new search still offers it, and leaves the picker as it was when the search fails', async () => {
    const before = { ...emptyPicker(), query: 'j', tourId: 't-jordania', position: '3' };
    await insertPickableTour(island.t.db, 't-jordania', 'Jordania y Petra');
    expect(await searchPickable([], () => before)).toMatchObject({ tourId: 't-jordania', position: '3' });
    island.loseNextAnswer();
    expect(await searchPickable([], () => before)).toBeNull();
  });

  it('keeps a position typed while the search was on its way, and drops an answer to a search typed over', async () => {
    let picker = { ...emptyPicker(), query: 'jap' };
    const release = island.holdNextAnswer();
    const searching = searchPickable(roll, () => picker);
    picker = { ...picker, position: '2' };
    release();
    expect(await searching).toMatchObject({ query: 'jap', position: '2', tourId: 't1' });

    const older = searchPickable(roll, () => picker);
    picker = { ...picker, query: 'jor' };
    expect(await older).toBeNull();
  });

  it("'Añadir' puts the tour at the typed position, or at the end, and no longer offers it", async () => {
    const picker = (await searchPickable(roll, () => ({ ...emptyPicker(), query: 'jap' })))!;
    const added = addPicked(roll, { ...picker, position: '0' });
    expect(added).toEqual({
      roll: [
        { tourId: 't1', name: 'Japón esencial', position: 0 },
        { tourId: 't2', name: 'Otro', position: 1 },
      ],
      picker: { query: 'jap', results: [], tourId: '', position: '' },
    });
    expect(addPicked(roll, picker)).toMatchObject({ roll: [{ tourId: 't2' }, { tourId: 't1', position: 2 }] });
  });

  it("'Añadir' refuses a tour already in the roll and a position that is not a whole number", async () => {
    const picker = (await searchPickable([], () => ({ ...emptyPicker(), query: 'jap' })))!;
    const inRoll: RollItem[] = [{ tourId: 't1', name: 'Japón esencial', position: 1 }];
    expect(addPicked(inRoll, picker)).toEqual({ error: 'Este tour ya está en el carrusel.' });
    expect(addPicked([], { ...picker, position: '1,5' })).toEqual({ error: 'Indica la posición.' });
    expect(addPicked([], { ...picker, position: '-1' })).toEqual({ error: 'Indica la posición.' });
    expect(addPicked([], { ...picker, tourId: '' })).toBeNull();
  });
});
