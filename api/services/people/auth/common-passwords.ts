/**
 * The passwords nobody should choose: the ranked list of common passwords that zxcvbn-ts maintains
 * (about 49,000 from public breach corpora), plus a few Spanish favourites it ranks low or lacks.
 * Server-only: the list is too large to ship to the sign-in island, so the API answers this rule.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

// Spanish passwords that show up in every breach list of Spanish-speaking sites.
const SPANISH = [
  'contraseña',
  'contrasena',
  'contraseña1',
  'contrasena1',
  'contraseña123',
  'contrasena123',
  'micontraseña',
  'micontrasena',
  'tequiero',
  'teamo123',
  'tequiero1',
  'barcelona',
  'realmadrid',
  'madrid123',
  'sevilla1',
  'valencia1',
  'españa123',
  'espana123',
  'hola1234',
  'holahola',
  'cualquiera',
  'vacaciones',
  'viajes2026',
];

let common: Set<string> | undefined;

/** Loaded on first use: decompressing the list takes a few milliseconds the start-up need not pay. */
function commonPasswords(): Set<string> {
  common ??= new Set([...dictionary['passwords-common'], ...SPANISH].map((p) => p.toLowerCase()));
  return common;
}

/**
 * Whether a password is on the common list, ignoring case ('Password' is as guessable as 'password').
 *
 * @example isCommonPassword('qwerty123') // true
 * @example isCommonPassword('un viaje a Japón en abril') // false
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
