/**
 * The traveller's own personal data on /perfil (issue 13): what they may change themselves, the download
 * of everything the shop keeps about them and the deletion of their account (GDPR arts. 15, 16, 17 and
 * 20). The island and `/api/me/account` check input with these same schemas.
 */
import { z } from 'zod';
import { AUTH_LIMITS } from './auth.ts';
import { TRAVELER_FORM_MESSAGES, TravelerFormSchema } from './travelers.ts';

/**
 * The fields a traveller edits on their own profile: the staff form's rules, without the e-mail (it is
 * the account's sign-in; changing it is a separate, verified step) and with the city they live in.
 */
export const ProfileFormSchema = TravelerFormSchema.omit({ email: true }).extend({
  cityId: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(100, TRAVELER_FORM_MESSAGES.tooLong).nullable().default(null),
  ),
});
export type ProfileFormValues = z.output<typeof ProfileFormSchema>;
export const PROFILE_FIELDS = ['name', 'surname', 'phone', 'dni', 'passportId', 'birthdate', 'sex', 'countryId', 'cityId'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const RequestId = z.string().trim().min(8).max(100);

/** 'Guardar mis datos': the version the form was opened from, and one id per press. */
export const ProfileSaveSchema = z.strictObject({ requestId: RequestId, version: z.number().int().positive(), profile: ProfileFormSchema });

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Escribe tu contraseña para confirmar.',
  passwordWrong: 'La contraseña no es correcta.',
  confirmRequired: 'Marca la casilla para confirmar que quieres borrar tu cuenta.',
  staffAccount: 'Tu cuenta es del equipo de Different Roads: pide a un administrador que te quite el acceso antes de borrarla.',
  tripPending: (reference: string) =>
    `Tienes un viaje en curso o por hacer (reserva ${reference}). Necesitamos tus datos para ese viaje: podrás borrar tu cuenta cuando vuelvas, o escríbenos si quieres cancelarlo.`,
  erased: 'Tu cuenta ya está borrada.',
  saved: 'Tus datos se han guardado.',
  changedMeanwhile: 'Tus datos han cambiado desde que abriste la página (quizá en otra pestaña). Revisa los datos y guarda de nuevo.',
} as const;

/**
 * 'Borrar mi cuenta': an explicit yes and the password again (an account that signs in only with Google or
 * Apple has none to give); the request id makes a second press harmless.
 */
export const EraseAccountSchema = z.strictObject({
  requestId: RequestId,
  password: z.string().max(AUTH_LIMITS.passwordMax).default(''),
  confirm: z.literal(true, { error: ACCOUNT_MESSAGES.confirmRequired }),
});

/** `GET /api/me/account`: the traveller's personal data as the form edits it. */
export interface MyAccount {
  email: string | null;
  version: number;
  profile: Record<ProfileField, string>;
  countries: { id: string; name: string }[];
  /** Whether deleting the account asks for its password (not for one that signs in only with Google or Apple). */
  hasPassword: boolean;
  /** Why the account cannot be deleted now (a trip still to make), or null. */
  erasureBlocker: string | null;
}
