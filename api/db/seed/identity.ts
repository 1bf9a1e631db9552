/** Spanish identity numbers with valid check characters, so fixtures pass the shop's own validation. */

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

export function dniFromNumber(n: number): string {
  return `${String(n).padStart(8, '0')}${DNI_LETTERS[n % 23]}`;
}

/** NIE: X, Y or Z stand for 0, 1 or 2 in front of seven digits for the check letter. */
export function nieFromNumber(prefix: 'X' | 'Y' | 'Z', n: number): string {
  const digits = String(n).padStart(7, '0');
  const value = Number(`${'XYZ'.indexOf(prefix)}${digits}`);
  return `${prefix}${digits}${DNI_LETTERS[value % 23]}`;
}

/** CIF of a company (letter A or B): seven digits and a numeric control digit. */
export function cifFromNumber(letter: 'A' | 'B', n: number): string {
  const digits = String(n).padStart(7, '0');
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 0) {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += d;
    }
  }
  return `${letter}${digits}${(10 - (sum % 10)) % 10}`;
}
