/**
 * 'Cambiar contraseña' on the profile against the real API, signed in through its cookies: the form
 * checked before it is sent, a wrong current password refused at its field, and a change that keeps this
 * browser signed in and signs out every other one.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createAccount, createBrowser } from '../../tests/support/auth-client.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { $changePassword, setChangePasswordField, submitChangePassword } from './change-password.ts';
import { signIn } from './session.ts';

const island = withIslandApi({ cookieSessions: true });
const EMAIL = 'ana.garcia@viajes.es';

beforeEach(async () => {
  $changePassword.set({ values: { currentPassword: '', newPassword: '' }, errors: {}, sending: false, message: null, done: false });
  const account = await createAccount(island.t.db, { email: EMAIL });
  expect((await signIn({ email: EMAIL, password: account.password })).ok).toBe(true);
  island.calls.length = 0;
});

describe('changing the password', () => {
  it('names what is missing or too short without asking the server', async () => {
    setChangePasswordField('newPassword', 'corta');
    expect(await submitChangePassword()).toBe(false);
    expect($changePassword.get().errors).toEqual({
      currentPassword: 'Escribe tu contraseña actual',
      newPassword: 'La contraseña debe tener al menos 8 caracteres',
    });
    expect(island.calls).toEqual([]);
    // Typing again clears that field's message.
    setChangePasswordField('newPassword', 'otra-ruta-distinta-2027');
    expect($changePassword.get().errors.newPassword).toBeUndefined();
  });

  it('refuses a wrong current password at its field', async () => {
    setChangePasswordField('currentPassword', 'no-es-la-mía-2026');
    setChangePasswordField('newPassword', 'otra-ruta-distinta-2027');
    expect(await submitChangePassword()).toBe(false);
    expect($changePassword.get()).toMatchObject({
      sending: false,
      done: false,
      errors: { currentPassword: 'La contraseña actual no es correcta.' },
    });
  });

  it('changes it, keeps this browser signed in and signs out the others', async () => {
    const phone = createBrowser({ request: island.app.fromAnotherBrowser });
    expect((await phone.post('/auth/signin', { email: EMAIL, password: 'un-viaje-largo-2026' })).status).toBe(200);
    setChangePasswordField('currentPassword', 'un-viaje-largo-2026');
    setChangePasswordField('newPassword', 'otra-ruta-distinta-2027');
    expect(await submitChangePassword()).toBe(true);
    expect(island.calls).toEqual(['POST /api/auth/change-password']);
    expect($changePassword.get()).toMatchObject({
      values: { currentPassword: '', newPassword: '' },
      done: true,
      message: 'Contraseña cambiada. Hemos cerrado tus sesiones en otros dispositivos.',
    });
    expect((await fetch('/api/auth/me')).status).toBe(200);
    expect((await phone.get('/auth/me')).status).toBe(401);
  });
});
