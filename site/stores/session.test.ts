/**
 * Who is signed in, as every island reads it, against the real API with the session in cookies as a
 * browser keeps it: a visitor stays anonymous without a word, a sign-in opens the session and leaves the
 * header's and the back office's hints, a spent access token is renewed once, and a sign-out ends the
 * session on the server and forgets the guide's offline copies, or says so when it could not.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../tests/support/auth-client.ts';
import { browserStorage, withIslandApi } from '../../tests/support/island-api.ts';
import { api, callApi } from '../lib/api-client.ts';
import { $session, clearSessionError, loadSession, signIn, signOut } from './session.ts';

const island = withIslandApi({ cookieSessions: true });
let storage: Storage;

beforeEach(() => {
  storage = browserStorage();
  $session.set({ status: 'loading', user: null, error: null });
});

async function signedIn(groups: ('drAdmin' | 'guides')[] = []) {
  const account = await createAccount(island.t.db, { email: 'ana.garcia@viajes.es', groups });
  const result = await signIn({ email: account.email, password: account.password });
  expect(result.ok).toBe(true);
  island.calls.length = 0;
  return account;
}

describe('the session', () => {
  it('leaves a visitor anonymous without a message, after one try to renew', async () => {
    await loadSession();
    expect(island.calls).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh']);
    expect($session.get()).toEqual({ status: 'anonymous', user: null, error: null });
  });

  it('signs in with the password, reads the session from its cookies and renews a spent access token once', async () => {
    await signedIn();
    expect($session.get()).toMatchObject({ status: 'signed-in', user: { email: 'ana.garcia@viajes.es' }, error: null });
    expect(storage.getItem('dr-account')).toBe('1');
    expect(storage.getItem('dr-staff')).toBeNull();

    $session.set({ status: 'loading', user: null, error: null });
    await loadSession();
    expect(island.calls).toEqual(['GET /api/auth/me']);
    expect($session.get().status).toBe('signed-in');

    island.calls.length = 0;
    island.app.cookies.delete('dr_access');
    await loadSession();
    expect(island.calls).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh']);
    expect($session.get()).toMatchObject({ status: 'signed-in', user: { email: 'ana.garcia@viajes.es' } });
  });

  it('renews a spent access token once for the session and a screen that call at the same time', async () => {
    await signedIn();
    island.app.cookies.delete('dr_access');
    $session.set({ status: 'loading', user: null, error: null });
    // A screen drawn while the session is read (SessionGuard) asks for its data beside it.
    const [, trips] = await Promise.all([loadSession(), callApi(() => api.me.trips.$get())]);
    expect(trips.ok).toBe(true);
    expect($session.get().status).toBe('signed-in');
    expect(island.calls.filter((call) => call === 'POST /api/auth/refresh')).toHaveLength(1);
    expect(island.calls.filter((call) => call === 'GET /api/me/trips')).toHaveLength(2);
  });

  it('keeps why a sign-in was refused, in Spanish, until it is cleared', async () => {
    await createAccount(island.t.db, { email: 'ana.garcia@viajes.es' });
    const result = await signIn({ email: 'ana.garcia@viajes.es', password: 'no-es-la-contraseña' });
    expect(result.ok).toBe(false);
    expect($session.get()).toMatchObject({ status: 'loading', user: null, error: 'Correo electrónico o contraseña incorrectos.' });
    clearSessionError();
    expect($session.get().error).toBeNull();
  });

  it('tells the back office an admin signed in', async () => {
    await signedIn(['drAdmin']);
    expect(storage.getItem('dr-staff')).toBe('1');
    expect(storage.getItem('dr-account')).toBe('1');
  });

  it("signs out on the server and forgets the guide's offline copies", async () => {
    await signedIn(['guides']);
    expect(storage.getItem('dr-guide')).toBe('1');
    storage.setItem('dr-guia:p1', '{}');
    storage.setItem('otra-cosa', 'sigue');
    expect(await signOut()).toBe(true);
    expect($session.get()).toEqual({ status: 'anonymous', user: null, error: null });
    expect(Object.keys(storage)).toEqual(['otra-cosa']);
    const sessions = await island.t.db.selectFrom('sessions').select('revokedAt').execute();
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    await loadSession();
    expect($session.get().status).toBe('anonymous');
  });

  it('says so when the sign-out got no answer, and signs out when pressed again', async () => {
    await signedIn();
    storage.setItem('dr-guia:p1', '{}');
    island.loseNextAnswer();
    expect(await signOut()).toBe(false);
    expect($session.get()).toMatchObject({
      status: 'signed-in',
      error: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.',
    });
    expect(storage.getItem('dr-guia:p1')).toBe('{}');
    expect(await signOut()).toBe(true);
    expect($session.get().status).toBe('anonymous');
    expect(storage.getItem('dr-guia:p1')).toBeNull();
  });
});
