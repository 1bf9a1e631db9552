/**
 * /admin/integraciones's store against the real API, as an admin: a receiver without events is refused before
 * sending; a key is made once though its first answer was lost (the retry cannot show it again, and says so); a
 * revocation is one row press, and a press on another row meanwhile is not sent.
 */
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../../tests/support/island-api.ts';
import {
  $integrations,
  openEndpointForm,
  openIntegrations,
  openKeyForm,
  pauseEndpoint,
  revokeKey,
  saveEndpoint,
  saveKey,
  setEndpointField,
  setKeyField,
} from './store.ts';

const island = withIslandApi({ as: 'admin' });

describe('the integrations screen', () => {
  it('refuses a receiver without events before sending, then adds it and shows its secret once', async () => {
    await openIntegrations();
    openEndpointForm();
    setEndpointField({ url: 'https://erp.example.com/hooks' });
    const calls = island.calls.length;
    expect(await saveEndpoint()).toBe(false);
    expect($integrations.get().endpoint?.fields).toEqual({ events: 'Elige al menos un aviso.' });
    expect(island.calls.length).toBe(calls);
    setEndpointField({ events: ['booking.created'] });
    expect(await saveEndpoint()).toBe(true);
    expect($integrations.get().shown).toMatchObject({ label: 'Secreto de firma del receptor', value: expect.stringMatching(/^whsec_/) });
    const [endpoint] = $integrations.get().view?.endpoints ?? [];
    expect(await pauseEndpoint(endpoint?.id ?? '')).toBe(true);
    expect($integrations.get().view?.endpoints[0]?.active).toBe(false);
  });

  it('makes a key once though the answer was lost, and revokes it with one row press', async () => {
    await openIntegrations();
    openKeyForm();
    setKeyField({ name: 'ERP', scopes: ['bookings:read'] });
    island.loseNextAnswer();
    expect(await saveKey()).toBe(false);
    expect(await saveKey()).toBe(true);
    // The first press made the key: the retry cannot show it, and says how to get one.
    expect($integrations.get()).toMatchObject({ shown: null, done: 'La clave ya estaba creada. Si no la copiaste, revócala y crea otra.' });
    expect(await island.t.db.selectFrom('apiKeys').select('name').execute()).toEqual([{ name: 'ERP' }]);
    const id = $integrations.get().view?.keys[0]?.id ?? '';
    island.loseNextAnswer();
    expect(await revokeKey(id)).toBe(false);
    // Another row's press waits for this one's.
    expect(await pauseEndpoint('otra-fila')).toBe(false);
    expect(await revokeKey(id)).toBe(true);
    expect($integrations.get()).toMatchObject({ row: null, done: 'Clave revocada.' });
    const revokes = await island.t.db.selectFrom('staffActions').select('action').where('action', '=', 'revoke').execute();
    expect(revokes).toHaveLength(1);
  });
});
