/**
 * The agencies desk's store against the real API, as an admin: the search refused before sending, and
 * 'Nueva agencia' as one press — checked first, an answer lost and the press sent again makes one agency,
 * a CIF already taken is named at its field and what was typed stays.
 */
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../../tests/support/island-api.ts';
import { closeNewRetailer, createRetailer, newRetailer, retailers, setNewRetailerField } from './store.ts';

const island = withIslandApi({ as: 'admin' });

function typeAgency(cif: string, name: string) {
  newRetailer();
  setNewRetailerField('cif', cif);
  setNewRetailerField('name', name);
  setNewRetailerField('email', 'reservas@viajeslevante.es');
}

describe('the agencies desk', () => {
  it('creates one agency from a press whose answer was lost, lists it and links it', async () => {
    await retailers.open('');
    expect(retailers.$state.get().answer?.total).toBe(0);
    typeAgency('B12345674', 'Viajes Levante');
    island.loseNextAnswer();
    expect(await createRetailer()).toBe(false);
    expect(retailers.$state.get().creating).toMatchObject({ sending: false, error: expect.stringContaining('No hemos podido conectar') });
    expect(await createRetailer()).toBe(true);
    const { created, creating, answer } = retailers.$state.get();
    expect(creating).toBeNull();
    expect(created?.name).toBe('Viajes Levante');
    expect(answer?.rows.map((r) => r.name)).toEqual(['Viajes Levante']);
    expect(await island.t.db.selectFrom('retailers').select('id').execute()).toHaveLength(1);
  });

  it('names what is missing before sending, and a CIF taken at its field, keeping what was typed', async () => {
    await retailers.open('');
    newRetailer();
    const sent = island.calls.length;
    expect(await createRetailer()).toBe(false);
    expect(retailers.$state.get().creating).toMatchObject({ error: 'Revisa los datos marcados.', fields: { name: expect.any(String) } });
    expect(island.calls.length).toBe(sent);
    closeNewRetailer();

    typeAgency('B12345674', 'Viajes Levante');
    await createRetailer();
    typeAgency('B-12.345.674', 'Otra agencia');
    expect(await createRetailer()).toBe(false);
    expect(retailers.$state.get().creating).toMatchObject({ form: { name: 'Otra agencia' }, fields: { cif: expect.stringContaining('Viajes Levante') } });
  });

  it('searches by name and membership, from the address', async () => {
    typeAgency('B12345674', 'Viajes Levante');
    await createRetailer();
    await retailers.open('?q=otra');
    expect(retailers.$state.get().answer?.total).toBe(0);
    retailers.setFilter('q', 'levante');
    await retailers.apply();
    expect(retailers.$state.get().answer?.rows.map((r) => r.name)).toEqual(['Viajes Levante']);
    retailers.setFilter('q', 'x');
    await retailers.apply();
    expect(retailers.$state.get().errors.q).toBeTruthy();
  });
});
