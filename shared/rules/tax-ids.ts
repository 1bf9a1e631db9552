/**
 * The tax id an agency invoices under (its `cif`). Most agencies are companies with a CIF (since 2008
 * the company's NIF, same format); a travel agency may also be run by a self-employed person (autónomo),
 * registered in the region's register of agencies under their own NIF: a DNI with its letter, or an NIE
 * for a foreign resident. All three are accepted; nothing else is.
 */
import { isValidDni, isValidNie } from './validation.ts';

export type TaxIdKind = 'CIF' | 'NIF' | 'NIE';

/**
 * The id as it is stored and compared: upper case, without the spaces, dots and dashes people type
 * inside it ('b-12.345.674' is 'B12345674'), so one agency cannot be entered twice in two spellings.
 */
export function normaliseTaxId(id: string): string {
  return id.replace(/[\s.\-/]/g, '').toUpperCase();
}

/** The organisation letters of a CIF (Orden EHA/451/2008); K, L and M are people's NIFs, not companies'. */
const CIF_LETTERS = 'ABCDEFGHJNPQRSUVW';
/** Public bodies, foreign and non-resident entities, religious orders: the control character is a letter. */
const CONTROL_IS_LETTER = 'NPQRSW';
/** Limited companies (A, B), co-ownerships (E) and communities of owners (H): the control character is a digit. */
const CONTROL_IS_DIGIT = 'ABEH';
/** The control character as a letter: 'J' for 0, 'A' for 1 … 'I' for 9. */
const CONTROL_LETTERS = 'JABCDEFGHI';

/**
 * The control digit of a CIF's seven digits: the digits in even places added up, each digit in an odd
 * place doubled and its two figures added, and 10 minus the last figure of the total (0 for 10).
 *
 * @example cifControlDigit('1234567') // 4 (so B12345674 is a valid CIF)
 */
export function cifControlDigit(digits: string): number {
  if (!/^\d{7}$/.test(digits)) throw new RangeError(`A CIF has seven digits: ${digits}`);
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    sum += i % 2 === 0 ? Math.floor((d * 2) / 10) + ((d * 2) % 10) : d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A company's CIF: an organisation letter, seven digits and the control character, a digit or a letter as
 * the organisation type requires (either for C, D, F, G, J, U and V).
 *
 * @example isValidCif('B12345674') // true
 * @example isValidCif('B12345675') // false: the control digit is 4
 */
export function isValidCif(id: string): boolean {
  const match = /^([A-Z])(\d{7})([0-9A-J])$/.exec(normaliseTaxId(id));
  if (match === null) return false;
  const [, letter = '', digits = '', control = ''] = match;
  if (!CIF_LETTERS.includes(letter)) return false;
  const digit = cifControlDigit(digits);
  const asDigit = control === String(digit);
  const asLetter = control === CONTROL_LETTERS[digit];
  if (CONTROL_IS_LETTER.includes(letter)) return asLetter;
  if (CONTROL_IS_DIGIT.includes(letter)) return asDigit;
  return asDigit || asLetter;
}

/**
 * Which kind of tax id this is, when it is a valid one; null otherwise.
 *
 * @example taxIdKind('B12345674') // 'CIF'
 * @example taxIdKind('12345678Z') // 'NIF' (a self-employed agent's DNI)
 * @example taxIdKind('X1234567L') // 'NIE'
 */
export function taxIdKind(id: string): TaxIdKind | null {
  if (isValidCif(id)) return 'CIF';
  if (isValidDni(id)) return 'NIF';
  if (isValidNie(id)) return 'NIE';
  return null;
}

/** Whether an agency may be registered under this id: a valid CIF, or the NIF or NIE of a self-employed agent. */
export const isValidAgencyTaxId = (id: string): boolean => taxIdKind(id) !== null;
