/**
 * The sign-in and sign-up screen (/login, /registro) against the real API, with the session in cookies as
 * a browser keeps it: a sign-up checked before it is sent and confirmed with the mailed code, a refused
 * password said for the form, an unconfirmed account and one whose password staff asked to change each
 * led to their step, a forgotten password chosen again with the code or the mailed link, and a failed
 * social sign-in explained.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { codeIn, createAccount, lastMailTo, linkTokenIn } from '../../tests/support/auth-client.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { $session } from './session.ts';
import * as screen from './sign-in.ts';

const island = withIslandApi({ cookieSessions: true });
const EMAIL = 'ana.garcia@viajes.es';

beforeEach(async () => {
  $session.set({ status: 'loading', user: null, error: null });
  for (const field of screen.SIGN_IN_FIELDS) screen.$signInValues.setKey(field, '');
  await screen.startSignIn({ tab: 'signin', search: '' });
});

const type = (values: Partial<Record<screen.SignInField, string>>) => {
  for (const [field, value] of Object.entries(values)) screen.setSignInField(field as screen.SignInField, value);
};

describe('the sign-in screen', () => {
  it('checks a sign-up before sending it, then confirms the e-mail with the mailed code and signs in', async () => {
    screen.chooseSignInTab('signup');
    type({ email: EMAIL, password: 'corta' });
    expect(await screen.submitCredentials()).toBe('failed');
    expect(screen.$signInErrors.get()).toEqual({ password: 'La contraseña debe tener al menos 8 caracteres' });
    expect(screen.$signInFlow.get().message).toBe('Revisa los campos marcados.');
    expect(island.calls).not.toContain('POST /api/auth/signup');

    type({ password: 'un-viaje-largo-2026' });
    expect(await screen.submitCredentials()).toBe('next-step');
    expect(screen.$signInFlow.get()).toMatchObject({
      step: 'verify',
      notice: `Te hemos enviado un código de 6 cifras a ${EMAIL}. Escríbelo aquí para confirmar tu correo.`,
    });
    type({ code: codeIn(await lastMailTo(island.t.db, EMAIL)) });
    expect(await screen.submitVerification()).toBe('signed-in');
    expect($session.get()).toMatchObject({ status: 'signed-in', user: { email: EMAIL } });
  });

  it('checks the e-mail before sending, says a wrong password for the form, and sends an unconfirmed account to its code', async () => {
    await createAccount(island.t.db, { email: EMAIL, verified: false });
    type({ email: 'ana@', password: 'no-es-la-mía-2026' });
    expect(await screen.submitCredentials()).toBe('failed');
    expect(screen.$signInErrors.get()).toEqual({ email: 'Introduce un correo electrónico válido' });
    expect(island.calls).not.toContain('POST /api/auth/signin');

    type({ email: EMAIL, password: 'no-es-la-mía-2026' });
    expect(await screen.submitCredentials()).toBe('failed');
    expect(screen.$signInFlow.get()).toMatchObject({ step: 'credentials', message: 'Correo electrónico o contraseña incorrectos.' });

    type({ password: 'un-viaje-largo-2026' });
    expect(await screen.submitCredentials()).toBe('next-step');
    expect(screen.$signInFlow.get()).toMatchObject({ step: 'verify', message: null });
    expect($session.get().status).toBe('loading');
  });

  it('asks for a new password when staff asked for one, and signs in with it', async () => {
    const account = await createAccount(island.t.db, { email: EMAIL });
    await island.t.db.updateTable('users').set({ passwordChangeRequiredAt: new Date().toISOString() }).where('id', '=', account.id).execute();
    type({ email: EMAIL, password: account.password });
    expect(await screen.submitCredentials()).toBe('next-step');
    expect(screen.$signInFlow.get()).toMatchObject({
      step: 'change',
      notice: 'Por seguridad, nuestro equipo ha pedido que elijas una contraseña nueva antes de entrar. Escribe una distinta de la que acabas de usar.',
    });
    expect($session.get().error).toBeNull();
    type({ newPassword: 'otra-ruta-distinta-2027' });
    expect(await screen.submitRequiredPasswordChange()).toBe('signed-in');
    expect($session.get().status).toBe('signed-in');
  });

  it('chooses a forgotten password again with the mailed code, a wrong code refused at its field', async () => {
    await createAccount(island.t.db, { email: EMAIL });
    screen.showForgotPassword();
    type({ email: EMAIL });
    expect(await screen.submitForgotPassword()).toBe('next-step');
    expect(screen.$signInFlow.get().step).toBe('reset');
    const code = codeIn(await lastMailTo(island.t.db, EMAIL));
    type({ code: code === '000000' ? '111111' : '000000', newPassword: 'otra-ruta-distinta-2027' });
    expect(await screen.submitNewPassword()).toBe('failed');
    expect(screen.$signInErrors.get().code).toBe('El código no es correcto. Revísalo e inténtalo de nuevo.');
    type({ code });
    expect(await screen.submitNewPassword()).toBe('signed-in');
    expect($session.get()).toMatchObject({ status: 'signed-in', user: { email: EMAIL } });
  });

  it("opens on the new password from the mail's link, and chooses it with the link alone", async () => {
    await createAccount(island.t.db, { email: EMAIL });
    type({ email: EMAIL });
    await screen.submitForgotPassword();
    const token = linkTokenIn(await lastMailTo(island.t.db, EMAIL), 'restablecer');
    for (const field of screen.SIGN_IN_FIELDS) screen.$signInValues.setKey(field, '');
    expect(await screen.startSignIn({ tab: 'signin', search: `?restablecer=${token}` })).toBe('next-step');
    expect(screen.$signInFlow.get()).toMatchObject({ step: 'reset', notice: 'Elige tu nueva contraseña.', linkToken: token });
    type({ newPassword: 'otra-ruta-distinta-2027' });
    expect(await screen.submitNewPassword()).toBe('signed-in');
  });

  it('explains a failed social sign-in the address names', async () => {
    await screen.startSignIn({ tab: 'signin', search: '?error=social-cancelled' });
    expect(screen.$signInFlow.get().message).toBe('Has cancelado el acceso con la red social. Puedes intentarlo de nuevo o entrar con tu correo.');
    expect(screen.afterSignInPath('?next=/perfil/viajes')).toBe('/perfil/viajes');
    expect(screen.afterSignInPath('?next=https://otro.example/')).toBe('/perfil');
  });
});
