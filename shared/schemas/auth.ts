/**
 * Sign-up, sign-in, verification and password forms, validated by the sign-in island and by
 * `/api/auth/*` with the same schemas, so both show the same Spanish messages. Also the answers the
 * island reads and the query parameters of the links the account mails carry.
 */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';
import type { StaffGroup, SocialProvider } from '../enums.ts';
import { isValidEmail } from '../rules/validation.ts';
import { ChallengeField } from './challenge.ts';

export const AUTH_LIMITS = {
  emailMax: 254,
  passwordMin: PASSWORD_MIN_LENGTH,
  passwordMax: 256,
  codeLength: 6,
  /** Link tokens are 43 base64url characters; anything much longer is not ours. */
  tokenMax: 128,
} as const;

export const AUTH_MESSAGES = {
  email: 'Introduce un correo electrónico válido',
  password: `La contraseña debe tener al menos ${AUTH_LIMITS.passwordMin} caracteres`,
  passwordTooLong: `La contraseña admite como máximo ${AUTH_LIMITS.passwordMax} caracteres`,
  passwordCommon: 'Esta contraseña es demasiado común. Elige otra más difícil de adivinar.',
  passwordRequired: 'Escribe tu contraseña',
  currentPassword: 'Escribe tu contraseña actual',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  code: `Escribe el código de ${AUTH_LIMITS.codeLength} cifras que te hemos enviado`,
  codeWrong: 'El código no es correcto. Revísalo e inténtalo de nuevo.',
  codeExpired: 'El código ha caducado o ya se ha usado. Pide uno nuevo.',
  linkExpired: 'El enlace ha caducado o ya se ha usado. Pide uno nuevo.',
  codeOrLink: 'Escribe el código que te hemos enviado o abre el enlace del correo',
  wrongCredentials: 'Correo electrónico o contraseña incorrectos.',
  unverified: 'Confirma tu correo electrónico antes de entrar. Te hemos enviado un código.',
  disabled: 'Esta cuenta está desactivada. Escríbenos si crees que es un error.',
  notAuthenticated: 'Inicia sesión para continuar.',
  sessionExpired: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
  passwordChangeRequired: 'Por seguridad, nuestro equipo ha pedido que elijas una contraseña nueva antes de entrar.',
  newPasswordRequired: 'Elige una contraseña nueva',
  passwordUnchanged: 'La nueva contraseña tiene que ser distinta de la anterior.',
  noPasswordChangePending: 'Tu contraseña ya está al día: entra con ella.',
  challengeRequired: 'Ha habido muchos intentos fallidos con este correo. Tu navegador hará una comprobación automática de unos segundos antes de entrar.',
} as const;

/** Trimmed and lower-cased: one account per mailbox, however it is typed. */
const email = z
  .string({ error: AUTH_MESSAGES.email })
  .trim()
  .max(AUTH_LIMITS.emailMax, AUTH_MESSAGES.email)
  .refine(isValidEmail, AUTH_MESSAGES.email)
  .transform((value) => value.toLowerCase());

/** The policy: length only ("no required character classes"); counted in characters, not bytes. */
export const newPassword = z
  .string({ error: AUTH_MESSAGES.password })
  .refine((value) => [...value].length >= AUTH_LIMITS.passwordMin, AUTH_MESSAGES.password)
  .refine((value) => [...value].length <= AUTH_LIMITS.passwordMax, AUTH_MESSAGES.passwordTooLong);

/** A password being checked, not chosen: any length the policy ever allowed, never the policy message. */
const givenPassword = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(AUTH_LIMITS.passwordMax * 4, AUTH_MESSAGES.passwordTooLong);

const code = z
  .string({ error: AUTH_MESSAGES.code })
  .trim()
  .regex(new RegExp(`^\\d{${AUTH_LIMITS.codeLength}}$`), AUTH_MESSAGES.code);

const token = z.string({ error: AUTH_MESSAGES.linkExpired }).trim().min(1, AUTH_MESSAGES.linkExpired).max(AUTH_LIMITS.tokenMax, AUTH_MESSAGES.linkExpired);

export const SignUpSchema = z.strictObject({ email, password: newPassword, altcha: ChallengeField });
export const SignInSchema = z.strictObject({ email, password: givenPassword(AUTH_MESSAGES.passwordRequired), altcha: ChallengeField });
export const EmailOnlySchema = z.strictObject({ email });

/** Either the link's token, or the e-mail and the code typed from the mail. */
const proofFields = { email: email.optional(), code: code.optional(), token: token.optional() };
function requireCodeOrToken(value: { email?: string | undefined; code?: string | undefined; token?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.token !== undefined) return;
  if (value.email === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: AUTH_MESSAGES.email });
  if (value.code === undefined) ctx.addIssue({ code: 'custom', path: ['code'], message: AUTH_MESSAGES.code });
}

/** The mailbox's proof and the account's password, confirmed with it (api/services/people/auth/accounts.ts, verifyEmail). */
// Said together with the other fields' messages, not only once those are right.
const everyObject = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
export const VerifySchema = z.strictObject({ ...proofFields, password: newPassword }).superRefine(requireCodeOrToken, everyObject);
export const ResetPasswordSchema = z.strictObject({ ...proofFields, password: newPassword }).superRefine(requireCodeOrToken, everyObject);
export const ChangePasswordSchema = z.strictObject({
  currentPassword: givenPassword(AUTH_MESSAGES.currentPassword),
  newPassword,
});

/** The sign-in of an account whose password staff asked to change: the current password, and the new one. */
export const RequiredPasswordChangeSchema = z.strictObject({
  email,
  password: givenPassword(AUTH_MESSAGES.passwordRequired),
  newPassword,
});

export type SignInInput = z.input<typeof SignInSchema>;

/** The signed-in account as `GET /api/auth/me`, sign-in, verification, reset and refresh answer it. */
export interface SessionUser {
  id: string;
  email: string;
  groups: StaffGroup[];
  travelerId: string | null;
  traveler: { name: string; surname: string } | null;
}

/** Shaped like the spec's Session, so the client can ask `isSessionValid` before calling the API. */
export interface SessionInfo {
  valid: true;
  accessTokenExpiresAt: string;
}

export interface SessionAnswer {
  user: SessionUser;
  session: SessionInfo;
}

/** `GET /api/auth/me`: `session` is null only when the caller was identified otherwise than by the cookie (tests). */
export interface MeAnswer {
  user: SessionUser;
  session: SessionInfo | null;
}

export interface ProvidersAnswer {
  providers: { id: SocialProvider; name: string; startUrl: string }[];
}

/**
 * Query parameters of the links in the account mails, all on `/login`: the island posts the token to
 * `/api/auth/verify`, shows the new-password form for `/api/auth/reset`, or opens "forgot password"
 * (`?olvidada=1`).
 */
export const AUTH_LINK_PARAMS = { verify: 'verificar', reset: 'restablecer', forgot: 'olvidada' } as const;

/** After a failed social sign-in the callback sends the browser to `/login?error=…` with one of these. */
export const SOCIAL_SIGN_IN_ERRORS = {
  'social-cancelled': 'Has cancelado el acceso con la red social. Puedes intentarlo de nuevo o entrar con tu correo.',
  'social-email': 'La red social no nos ha dado un correo electrónico verificado. Entra con tu correo y contraseña.',
  'social-disabled': 'Esta cuenta está desactivada. Escríbenos si crees que es un error.',
  'social-failed': 'No hemos podido completar el acceso con la red social. Inténtalo de nuevo en unos minutos.',
} as const;
export type SocialSignInError = keyof typeof SOCIAL_SIGN_IN_ERRORS;
