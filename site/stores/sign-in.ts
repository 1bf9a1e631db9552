/**
 * The sign-in / sign-up screen (/login, /registro) as state and actions; `islands/SignIn.tsx` only
 * renders it. Steps: credentials (either tab) → verification code after sign-up (or a sign-in of an
 * unconfirmed account) → signed in; 'He olvidado mi contraseña' → e-mail → code (or the mailed link)
 * and a new password → signed in. Fields are checked with the API's own schemas
 * (`shared/schemas/auth.ts`), so the messages under the fields are the server's. An account whose password
 * staff asked to change goes from the credentials to a new password (with the current one as proof)
 * before it gets a session.
 */
import { atom, map } from 'nanostores';
import type { z } from 'zod';
import {
  AUTH_LINK_PARAMS,
  AUTH_MESSAGES,
  EmailOnlySchema,
  type ProvidersAnswer,
  RequiredPasswordChangeSchema,
  ResetPasswordSchema,
  type SessionAnswer,
  SignInSchema,
  SignUpSchema,
  SOCIAL_SIGN_IN_ERRORS,
  type SocialSignInError,
  VerifySchema,
} from '#shared/schemas/auth.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { safeNextPath } from '#shared/rules/safe-next.ts';
import { api, type ApiResult, callApi } from '../lib/api-client.ts';
import { sendWithChallenge, solveChallenge } from '../lib/challenge.ts';
import { acceptSession, clearSessionError, signIn } from './session.ts';

export type SignInTab = 'signin' | 'signup';
export type SignInStep = 'credentials' | 'verify' | 'forgot' | 'reset' | 'change';
export const SIGN_IN_FIELDS = ['email', 'password', 'code', 'newPassword'] as const;
export type SignInField = (typeof SIGN_IN_FIELDS)[number];
/** What the last action led to: the island moves focus or leaves the page accordingly. */
export type SignInOutcome = 'signed-in' | 'next-step' | 'failed';

export interface SignInFlow {
  tab: SignInTab;
  step: SignInStep;
  sending: boolean;
  /** Why the last action failed, for the whole form (announced). */
  message: string | null;
  /** What happened and what to do next (a code was sent…). */
  notice: string | null;
  /** The token of the mailed link (verification or reset) the visitor came from. */
  linkToken: string | null;
  /** The proof-of-work check the API asks for after many failed sign-ins with an e-mail (docs/decisions/038). */
  challenge: 'none' | 'solving' | 'solved' | 'failed';
}

export const $signInFlow = map<SignInFlow>({
  tab: 'signin',
  step: 'credentials',
  sending: false,
  message: null,
  notice: null,
  linkToken: null,
  challenge: 'none',
});
export const $signInValues = map<Record<SignInField, string>>({ email: '', password: '', code: '', newPassword: '' });
export const $signInErrors = map<Partial<Record<SignInField, string>>>({});
export const $providers = atom<ProvidersAnswer['providers']>([]);

const CHECK_FIELDS = 'Revisa los campos marcados.';
const CHALLENGE_FAILED = 'No hemos podido hacer la comprobación automática. Vuelve a pulsar «Iniciar sesión».';
const CODE_SENT = (email: string) => `Te hemos enviado un código de 6 cifras a ${email}. Escríbelo aquí para confirmar tu correo.`;
const VERIFY_LINK = 'Para confirmar tu correo, escribe la contraseña de tu cuenta.';
const CHANGE_REQUIRED = `${AUTH_MESSAGES.passwordChangeRequired} Escribe una distinta de la que acabas de usar.`;
const RESET_SENT = (email: string) =>
  `Si hay una cuenta con ${email}, te hemos enviado un código de 6 cifras y un enlace. Escribe el código y tu nueva contraseña, o abre el enlace del correo.`;

/** Where the visitor goes once signed in: the page that sent them here, or the profile. */
export function afterSignInPath(search: string): string {
  return safeNextPath(new URLSearchParams(search).get('next')) ?? '/perfil';
}

function fail(message: string, errors: Partial<Record<SignInField, string>> = {}): SignInOutcome {
  $signInErrors.set(errors);
  $signInFlow.set({ ...$signInFlow.get(), sending: false, message });
  return 'failed';
}

/** Schema issues as messages per field; `rename` maps the API's field names to the form's. */
function fieldsOf(fields: Record<string, string>, rename: Partial<Record<string, SignInField>> = {}): Partial<Record<SignInField, string>> {
  const errors: Partial<Record<SignInField, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = rename[key] ?? (SIGN_IN_FIELDS as readonly string[]).find((f) => f === key);
    if (field) errors[field as SignInField] ??= message;
  }
  return errors;
}

function checked<S extends z.ZodType>(schema: S, input: unknown, rename?: Partial<Record<string, SignInField>>): z.output<S> | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  fail(CHECK_FIELDS, fieldsOf(issuesToFields(parsed.error.issues), rename));
  return null;
}

/** An API refusal: per-field messages when it names fields, its Spanish message for the form. */
const refused = (result: Extract<ApiResult<unknown>, { ok: false }>, rename?: Partial<Record<string, SignInField>>) =>
  fail(Object.keys(result.fields).length > 0 ? CHECK_FIELDS : result.message, fieldsOf(result.fields, rename));

function goTo(step: SignInStep, notice: string | null = null): SignInOutcome {
  $signInErrors.set({});
  $signInFlow.set({ ...$signInFlow.get(), step, sending: false, message: null, notice });
  return 'next-step';
}

function sending(): boolean {
  if ($signInFlow.get().sending) return false;
  $signInFlow.set({ ...$signInFlow.get(), sending: true, message: null });
  return true;
}

function signedIn(answer: SessionAnswer): SignInOutcome {
  acceptSession(answer);
  $signInFlow.set({ ...$signInFlow.get(), sending: false, message: null });
  return 'signed-in';
}

/** Opens the screen on a tab; follows a mailed link (`?verificar=`, `?restablecer=`) or shows a social sign-in failure (`?error=`). */
export async function startSignIn({ tab, search }: { tab: SignInTab; search: string }): Promise<SignInOutcome | null> {
  const params = new URLSearchParams(search);
  $signInFlow.set({ tab, step: 'credentials', sending: false, message: null, notice: null, linkToken: null, challenge: 'none' });
  void callApi(() => api.auth.providers.$get(), { renew: false }).then((result) => $providers.set(result.ok ? result.data.providers : []));
  const error = params.get('error');
  if (error && error in SOCIAL_SIGN_IN_ERRORS) fail(SOCIAL_SIGN_IN_ERRORS[error as SocialSignInError]);
  const reset = params.get(AUTH_LINK_PARAMS.reset);
  if (reset) {
    $signInFlow.setKey('linkToken', reset);
    return goTo('reset', 'Elige tu nueva contraseña.');
  }
  const verify = params.get(AUTH_LINK_PARAMS.verify);
  if (verify) {
    // The link proves the mailbox; the password is confirmed with it, so a sign-up someone else made with
    // this e-mail never decides it (api/services/people/auth/accounts.ts, verifyEmail).
    $signInFlow.setKey('linkToken', verify);
    return goTo('verify', VERIFY_LINK);
  }
  return null;
}

export function chooseSignInTab(tab: SignInTab): void {
  $signInErrors.set({});
  $signInFlow.set({ ...$signInFlow.get(), tab, step: 'credentials', message: null, notice: null });
}

export function setSignInField(field: SignInField, value: string): void {
  $signInValues.setKey(field, value);
  if ($signInErrors.get()[field]) $signInErrors.setKey(field, undefined);
  clearSessionError();
}

/** 'Iniciar sesión' or 'Crear cuenta', by tab. */
export async function submitCredentials(): Promise<SignInOutcome> {
  const { tab } = $signInFlow.get();
  const { email, password } = $signInValues.get();
  const input = checked(tab === 'signin' ? SignInSchema : SignUpSchema, { email, password });
  if (!input || !sending()) return 'failed';
  if (tab === 'signin') {
    let result = await signIn(input);
    // Many failed sign-ins with this e-mail: the browser proves a second of work and sends the form again.
    if (!result.ok && result.fields['altcha']) {
      $signInFlow.set({ ...$signInFlow.get(), challenge: 'solving', notice: result.message });
      clearSessionError();
      const altcha = await solveChallenge();
      if (!altcha) {
        $signInFlow.setKey('challenge', 'failed');
        return fail(CHALLENGE_FAILED);
      }
      $signInFlow.setKey('challenge', 'solved');
      result = await signIn({ ...input, altcha });
      // Checked, and still refused (a wrong password): the next try asks for a new check.
      if (!result.ok) $signInFlow.setKey('challenge', 'none');
    }
    if (result.ok) return signedIn(result.data);
    // An account that never confirmed its e-mail: the API has sent a new code, which the next step asks for.
    if (result.message === AUTH_MESSAGES.unverified) return goTo('verify', CODE_SENT(input.email));
    // Staff asked for a new password: the step says why once, as its notice, not also as a session problem.
    if (result.message === AUTH_MESSAGES.passwordChangeRequired) {
      clearSessionError();
      return goTo('change', CHANGE_REQUIRED);
    }
    return refused(result);
  }
  const result = await sendWithChallenge((altcha) =>
    callApi(() => api.auth.signup.$post({ json: { ...input, ...(altcha ? { altcha } : {}) } }), { renew: false }),
  );
  if (!result.ok) return refused(result);
  $signInValues.setKey('email', input.email);
  return goTo('verify', CODE_SENT(input.email));
}

/** The 6-digit code after sign-up (or the mailed link's token), with the password typed for the account. */
export async function submitVerification(): Promise<SignInOutcome> {
  const { email, code, password } = $signInValues.get();
  const token = $signInFlow.get().linkToken;
  const parsed = VerifySchema.safeParse(token ? { token, password } : { email, code, password });
  // The code step shows no password field: a refused password (typed at sign-up) is said for the form.
  const passwordProblem = parsed.success ? undefined : issuesToFields(parsed.error.issues)['password'];
  if (!token && passwordProblem) return fail(passwordProblem);
  const input = checked(VerifySchema, token ? { token, password } : { email, code, password });
  if (!input || !sending()) return 'failed';
  const result = await callApi(() => api.auth.verify.$post({ json: input }), { renew: false });
  if (result.ok) return signedIn(result.data);
  const refusedPassword = result.fields['password'];
  return !token && refusedPassword ? fail(refusedPassword) : refused(result);
}

/** 'Enviarme otro código': a new code to the same e-mail (the API stays silent about unknown or confirmed accounts). */
export async function resendVerificationCode(): Promise<SignInOutcome> {
  const input = checked(EmailOnlySchema, { email: $signInValues.get().email });
  if (!input || !sending()) return 'failed';
  const result = await callApi(() => api.auth.verify.resend.$post({ json: input }), { renew: false });
  if (!result.ok) return refused(result);
  $signInFlow.set({ ...$signInFlow.get(), sending: false, message: null, notice: `Te hemos enviado un código nuevo a ${input.email}.` });
  return 'next-step';
}

export const showForgotPassword = () => goTo('forgot', 'Escribe el correo de tu cuenta y te enviaremos un código para elegir una contraseña nueva.');
export const backToCredentials = () => goTo('credentials');

/** 'Enviar código': always answered the same, whether the account exists or not. */
export async function submitForgotPassword(): Promise<SignInOutcome> {
  const input = checked(EmailOnlySchema, { email: $signInValues.get().email });
  if (!input || !sending()) return 'failed';
  const result = await callApi(() => api.auth.forgot.$post({ json: input }), { renew: false });
  if (!result.ok) return refused(result);
  $signInValues.setKey('email', input.email);
  return goTo('reset', RESET_SENT(input.email));
}

/** The new password, with the mailed code (or the link's token). */
export async function submitNewPassword(): Promise<SignInOutcome> {
  const { email, code, newPassword } = $signInValues.get();
  const token = $signInFlow.get().linkToken;
  const rename = { password: 'newPassword' } as const;
  const input = checked(ResetPasswordSchema, token ? { token, password: newPassword } : { email, code, password: newPassword }, rename);
  if (!input || !sending()) return 'failed';
  const result = await callApi(() => api.auth.reset.$post({ json: input }), { renew: false });
  return result.ok ? signedIn(result.data) : refused(result, rename);
}

/** The new password staff asked for, sent with the current one (still in the form) as proof; signs in. */
export async function submitRequiredPasswordChange(): Promise<SignInOutcome> {
  const { email, password, newPassword } = $signInValues.get();
  const input = checked(RequiredPasswordChangeSchema, { email, password, newPassword });
  if (!input || !sending()) return 'failed';
  const result = await callApi(() => api.auth.signin['new-password'].$post({ json: input }), { renew: false });
  if (result.ok) return signedIn(result.data);
  // The current password no longer works (changed meanwhile): back to the start, saying why.
  if (result.status === 401 || result.status === 409) {
    goTo('credentials');
    return fail(result.message);
  }
  return refused(result);
}
