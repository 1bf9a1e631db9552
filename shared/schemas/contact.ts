/**
 * The contact form ("ContactTour": a question about a tour or in general), validated by the form island
 * and by `POST /api/contact` with the same schema, so both show the same Spanish messages.
 */
import { z } from 'zod';
import { ChallengeField } from './challenge.ts';
import { isValidEmail } from '../rules/validation.ts';
import { CONTACT_LIMITS } from './contact-limits.ts';

export { CONTACT_LIMITS };

export const CONTACT_MESSAGES = {
  name: 'Indica tu nombre',
  nameTooLong: `El nombre admite como máximo ${CONTACT_LIMITS.nameMax} caracteres`,
  surnameTooLong: `Los apellidos admiten como máximo ${CONTACT_LIMITS.surnameMax} caracteres`,
  email: 'Introduce un correo electrónico válido',
  phone: 'Introduce un teléfono válido, por ejemplo +34 600 123 456',
  question: `Escribe tu pregunta (mínimo ${CONTACT_LIMITS.questionMin} caracteres)`,
  questionTooLong: `Tu pregunta admite como máximo ${CONTACT_LIMITS.questionMax} caracteres`,
  tourName: `El nombre del viaje admite como máximo ${CONTACT_LIMITS.tourNameMax} caracteres`,
  tourId: 'El viaje indicado no es válido',
  periodId: 'La salida indicada no es válida',
} as const;

/**
 * A plausible phone number: digits with the usual separators, an optional leading '+', 6 to 15 digits
 * (E.164's maximum). Not a proof the number exists; it catches typing mistakes.
 *
 * @example isPlausiblePhone('+34 600 12 34 56') // true
 */
export function isPlausiblePhone(phone: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(phone)) return false;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/** Trimmed text; an empty optional field counts as not given (forms send ''). */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

export const ContactRequestSchema = z.strictObject({
  question: z
    .string({ error: CONTACT_MESSAGES.question })
    .trim()
    .min(CONTACT_LIMITS.questionMin, CONTACT_MESSAGES.question)
    .max(CONTACT_LIMITS.questionMax, CONTACT_MESSAGES.questionTooLong),
  name: z.string({ error: CONTACT_MESSAGES.name }).trim().min(1, CONTACT_MESSAGES.name).max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameTooLong),
  surname: optionalText(CONTACT_LIMITS.surnameMax, CONTACT_MESSAGES.surnameTooLong),
  email: z.string({ error: CONTACT_MESSAGES.email }).trim().max(CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.email).refine(isValidEmail, CONTACT_MESSAGES.email),
  phone: optionalText(CONTACT_LIMITS.phoneMax, CONTACT_MESSAGES.phone).refine((phone) => phone === null || isPlausiblePhone(phone), CONTACT_MESSAGES.phone),
  tourName: optionalText(CONTACT_LIMITS.tourNameMax, CONTACT_MESSAGES.tourName),
  tourId: optionalText(CONTACT_LIMITS.tourIdMax, CONTACT_MESSAGES.tourId),
  /** The departure chosen on the tour page when the question was asked, if any. */
  periodId: optionalText(CONTACT_LIMITS.periodIdMax, CONTACT_MESSAGES.periodId),
  altcha: ChallengeField,
  /** One per question typed: the same question sent again after a lost answer is stored once. */
  requestId: z.string().trim().min(8).max(100).optional(),
});

/** What the form sends. */
export type ContactRequestInput = z.input<typeof ContactRequestSchema>;
/** What the server stores: trimmed, empty optional fields as null. */
export type ContactRequest = z.output<typeof ContactRequestSchema>;
