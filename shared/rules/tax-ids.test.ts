import { describe, expect, it } from 'vitest';
import { cifControlDigit, isValidAgencyTaxId, isValidCif, normaliseTaxId, taxIdKind } from './tax-ids.ts';

describe('cifControlDigit', () => {
  it.each([
    { digits: '1234567', expected: 4 },
    { digits: '2826000', expected: 8 },
    { digits: '2801586', expected: 5 },
    // A total ending in 0 gives 0, not 10.
    { digits: '0000000', expected: 0 },
  ])('$digits → $expected', ({ digits, expected }) => {
    expect(cifControlDigit(digits)).toBe(expected);
  });

  it.each(['123456', '12345678', '12a4567'])('refuses %s', (digits) => {
    expect(() => cifControlDigit(digits)).toThrow(RangeError);
  });
});

describe('isValidCif', () => {
  it.each([
    { name: 'a limited company (S.L., letter B), digit control', cif: 'B12345674', expected: true },
    { name: 'a public limited company (S.A., letter A): Telefónica', cif: 'A28015865', expected: true },
    { name: 'a public body (Q) takes a letter: the tax agency', cif: 'Q2826000H', expected: true },
    { name: 'a local authority (P) takes a letter: Ayuntamiento de Madrid', cif: 'P2807900B', expected: true },
    { name: 'a foreign entity (N) takes a letter', cif: 'N0032484H', expected: true },
    { name: 'a civil partnership (J) may use the digit', cif: 'J12345674', expected: true },
    { name: 'a civil partnership (J) may use the letter', cif: 'J1234567D', expected: true },
    { name: 'an association (G)', cif: 'G28029643', expected: true },
    { name: 'typed in lower case with dashes and dots', cif: 'b-12.345.674', expected: true },
    { name: 'wrong control digit', cif: 'B12345675', expected: false },
    { name: 'an S.L. (B) cannot take the letter', cif: 'B1234567D', expected: false },
    { name: 'a public body (Q) cannot take the digit', cif: 'Q28260008', expected: false },
    { name: 'I is not an organisation letter', cif: 'I12345674', expected: false },
    { name: 'K is a person’s NIF, not a company’s', cif: 'K12345674', expected: false },
    { name: 'six digits', cif: 'B1234564', expected: false },
    { name: 'eight digits', cif: 'B123456740', expected: false },
    { name: 'a DNI is not a CIF', cif: '12345678Z', expected: false },
    { cif: '', expected: false },
  ])('$cif → $expected ($name)', ({ cif, expected }) => {
    expect(isValidCif(cif)).toBe(expected);
  });
});

describe('taxIdKind and isValidAgencyTaxId: companies, and self-employed agents by their NIF or NIE', () => {
  it.each([
    { id: 'B12345674', kind: 'CIF' },
    { id: '12345678Z', kind: 'NIF' },
    { id: '12345678-z', kind: 'NIF' },
    { id: 'X1234567L', kind: 'NIE' },
    { id: 'Y1234567X', kind: 'NIE' },
    { id: '12345678A', kind: null },
    { id: 'X1234567A', kind: null },
    { id: 'B12345675', kind: null },
    { id: 'ESB12345674', kind: null },
    { id: 'hola', kind: null },
  ] as const)('$id → $kind', ({ id, kind }) => {
    expect(taxIdKind(id)).toBe(kind);
    expect(isValidAgencyTaxId(id)).toBe(kind !== null);
  });
});

describe('normaliseTaxId', () => {
  it.each([
    { id: ' b12345674 ', expected: 'B12345674' },
    { id: 'B-12.345.674', expected: 'B12345674' },
    { id: 'x 1234567 l', expected: 'X1234567L' },
  ])('"$id" → $expected', ({ id, expected }) => {
    expect(normaliseTaxId(id)).toBe(expected);
  });
});
