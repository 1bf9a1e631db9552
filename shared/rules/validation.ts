/** Field validation: email pattern, Spanish national ids (DNI, NIE) and the password policy. */
import { PASSWORD_MIN_LENGTH } from '../constants.ts';

const EMAIL_PATTERN = /^(?:[\w.-]+|"[^"\r\n]+")@(?:\[(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\]|(?:[\w-]+\.)+[a-zA-Z]{2,6})$/;

/**
 * "Email must match a pattern: local part of word characters, dashes or dots, or a quoted part; an @; a
 * domain with a 2 to 6 letter ending, or a bracketed IP address." Octets of a bracketed IP must be 0–255.
 *
 * @example isValidEmail('ana.garcia@viajes.es') // true
 */
export function isValidEmail(email: string): boolean {
  const match = EMAIL_PATTERN.exec(email);
  if (match === null) return false;
  const octets = match.slice(1, 5).filter((octet) => octet !== undefined);
  return octets.every((octet) => Number(octet) <= 255);
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const NIE_PREFIX_DIGIT: Readonly<Record<string, string>> = { X: '0', Y: '1', Z: '2' };

/**
 * The check letter of a DNI number: the letter at `n mod 23` of 'TRWAGMYFPDXBNJZSQVHLCKE'.
 *
 * @example dniLetter(12345678) // 'Z'
 */
export function dniLetter(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 99_999_999) {
    throw new RangeError(`A DNI number has at most 8 digits: ${n}`);
  }
  return DNI_LETTERS.charAt(n % 23);
}

/** Upper-cases and drops the spaces and dashes people type inside ids ('12345678-z'). */
function compactId(id: string): string {
  return id.replace(/[\s-]/g, '').toUpperCase();
}

/** A DNI: 8 digits and the matching check letter. */
export function isValidDni(dni: string): boolean {
  const match = /^(\d{8})([A-Z])$/.exec(compactId(dni));
  if (match === null) return false;
  return dniLetter(Number(match[1])) === match[2];
}

/** An NIE: X, Y or Z (read as 0, 1, 2), 7 digits and the check letter of the resulting number. */
export function isValidNie(nie: string): boolean {
  const match = /^([XYZ])(\d{7})([A-Z])$/.exec(compactId(nie));
  if (match === null) return false;
  const prefix = NIE_PREFIX_DIGIT[match[1] ?? ''] ?? '';
  return dniLetter(Number(`${prefix}${match[2]}`)) === match[3];
}

/** A Spanish national id: a valid DNI or a valid NIE. */
export function isValidNationalId(id: string): boolean {
  return isValidDni(id) || isValidNie(id);
}

/** "Password policy: minimum length 8, no required character classes." Counts characters, not bytes. */
export function isValidPassword(password: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH;
}
