/**
 * The travellers desk's store against the real API (tests/support/island-api.ts), as an admin: the list
 * screen kit's whole contract — the address opens the list and follows it, the form is refused before
 * anything is sent, a click on a heading sorts and then turns the order.
 */
import { describe, expect, it } from 'vitest';
import { atAddress, withIslandApi } from '../../../tests/support/island-api.ts';
import { travelers } from './store.ts';

const island = withIslandApi({ as: 'admin' });
const names = () => travelers.$state.get().answer?.rows.map((r) => r.email);

describe('the travellers desk', () => {
  it('opens the list the address names and keeps the address in step with it', async () => {
    atAddress('/admin/travelers?q=luis&sort=createdAt&dir=desc');
    await travelers.open(location.search);
    expect(travelers.$state.get()).toMatchObject({ status: 'ready', form: { q: 'luis' }, applied: { q: 'luis' }, sort: 'createdAt', dir: 'desc' });
    expect(names()).toEqual(['luis@correo.es']);

    travelers.setFilter('q', '');
    await travelers.apply();
    expect(names()?.toSorted()).toEqual(['ana@correo.es', 'luis@correo.es']);
    // Back to the list as it opens: nothing left in the address but the order chosen.
    expect(island.address()).toBe('/admin/travelers?sort=createdAt&dir=desc');
  });

  it('names a search too short at its field without asking the server', async () => {
    atAddress('/admin/travelers');
    await travelers.open(location.search);
    const sent = island.calls.length;
    travelers.setFilter('q', 'a');
    await travelers.apply();
    expect(travelers.$state.get().errors).toEqual({ q: 'Escribe al menos 2 caracteres.' });
    expect(island.calls.length).toBe(sent);
    // Typing again clears the message of that field.
    travelers.setFilter('q', 'an');
    expect(travelers.$state.get().errors).toEqual({});
  });

  it('keeps the message of a search refused while the list was still loading', async () => {
    atAddress('/admin/travelers');
    const opening = travelers.open(location.search);
    travelers.setFilter('q', 'a');
    await travelers.apply();
    await opening;
    expect(travelers.$state.get()).toMatchObject({ status: 'ready', form: { q: 'a' }, errors: { q: 'Escribe al menos 2 caracteres.' } });
  });

  it('keeps that message too when the list could not be loaded', async () => {
    atAddress('/admin/travelers');
    island.loseNextAnswer();
    const opening = travelers.open(location.search);
    travelers.setFilter('q', 'a');
    await travelers.apply();
    await opening;
    expect(travelers.$state.get()).toMatchObject({
      errors: { q: 'Escribe al menos 2 caracteres.' },
      message: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.',
    });
  });

  it('shows the last search asked for when an earlier answer arrives after it', async () => {
    atAddress('/admin/travelers?q=luis');
    const release = island.holdNextAnswer();
    const opening = travelers.open(location.search);
    travelers.setFilter('q', 'ana');
    await travelers.apply();
    expect(names()).toEqual(['ana@correo.es']);
    release();
    await opening;
    expect(travelers.$state.get()).toMatchObject({ status: 'ready', applied: { q: 'ana' } });
    expect(names()).toEqual(['ana@correo.es']);
    expect(island.address()).toBe('/admin/travelers?q=ana');
  });

  it('sorts by a heading, then turns the order on the second click, from the first page', async () => {
    atAddress('/admin/travelers?page=3');
    await travelers.open(location.search);
    expect(travelers.$state.get().page).toBe(3);
    await travelers.sortBy('createdAt');
    expect(travelers.$state.get()).toMatchObject({ sort: 'createdAt', dir: 'desc', page: 1 });
    await travelers.sortBy('createdAt');
    expect(travelers.$state.get()).toMatchObject({ sort: 'createdAt', dir: 'asc' });
    expect(island.address()).toBe('/admin/travelers?sort=createdAt');
  });

  it('keeps the list on screen when a reload fails, and says why', async () => {
    atAddress('/admin/travelers');
    await travelers.open(location.search);
    island.loseNextAnswer();
    await travelers.reload();
    expect(travelers.$state.get()).toMatchObject({
      status: 'ready',
      message: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.',
    });
    expect(names()).toHaveLength(2);
  });

  it('a page the address names out of range opens the first', async () => {
    atAddress('/admin/travelers?page=abc');
    await travelers.open(location.search);
    expect(travelers.$state.get().page).toBe(1);
  });
});
