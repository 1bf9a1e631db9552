import { describe, expect, it } from 'vitest';
import { dniLetter, isValidDni, isValidEmail, isValidNationalId, isValidNie, isValidPassword } from './validation.ts';

describe('isValidEmail', () => {
  it.each([
    { name: 'a plain address', email: 'ana.garcia@viajes.es', expected: true },
    { name: '"local part of word characters, dashes or dots"', email: 'ana-maria_1.b@sub.dominio.com', expected: true },
    { name: '"or a quoted part"', email: '"ana garcia"@viajes.es', expected: true },
    { name: '"or a bracketed IP address"', email: 'ana@[192.168.1.10]', expected: true },
    { name: 'a bracketed address needs real octets', email: 'ana@[256.1.1.1]', expected: false },
    { name: '"a 2 to 6 letter ending": 2 letters', email: 'ana@viajes.es', expected: true },
    { name: '"a 2 to 6 letter ending": 6 letters', email: 'ana@viajes.museum', expected: true },
    { name: 'a 7-letter ending is rejected', email: 'ana@viajes.travelx', expected: false },
    { name: 'a 1-letter ending is rejected', email: 'ana@viajes.e', expected: false },
    { name: 'a domain needs an ending', email: 'ana@viajes', expected: false },
    { name: 'a plus sign is not a word character', email: 'ana+ofertas@viajes.es', expected: false },
    { name: 'a space in the local part', email: 'ana garcia@viajes.es', expected: false },
    { name: 'two @', email: 'ana@@viajes.es', expected: false },
    { name: 'no local part', email: '@viajes.es', expected: false },
    { name: 'trailing space', email: 'ana@viajes.es ', expected: false },
    { name: 'empty', email: '', expected: false },
  ])('$name: "$email" → $expected', ({ email, expected }) => {
    expect(isValidEmail(email)).toBe(expected);
  });
});

describe('dniLetter', () => {
  it.each([
    { n: 12345678, expected: 'Z' },
    { n: 0, expected: 'T' },
    { n: 23, expected: 'T' },
    { n: 22, expected: 'E' },
    { n: 1, expected: 'R' },
    { n: 99999999, expected: 'R' },
  ])('$n → $expected', ({ n, expected }) => {
    expect(dniLetter(n)).toBe(expected);
  });

  it.each([{ n: -1 }, { n: 1.5 }, { n: 100000000 }])('rejects $n', ({ n }) => {
    expect(() => dniLetter(n)).toThrow(RangeError);
  });
});

describe('isValidDni', () => {
  it.each([
    { dni: '12345678Z', expected: true },
    { dni: '00000000T', expected: true },
    { name: 'lower-case letter', dni: '12345678z', expected: true },
    { name: 'typed with a dash', dni: '12345678-Z', expected: true },
    { name: 'wrong letter', dni: '12345678A', expected: false },
    { name: 'seven digits', dni: '1234567Z', expected: false },
    { name: 'no letter', dni: '12345678', expected: false },
    { name: 'an NIE is not a DNI', dni: 'X0000000T', expected: false },
    { dni: '', expected: false },
  ])('$dni → $expected', ({ dni, expected }) => {
    expect(isValidDni(dni)).toBe(expected);
  });
});

describe('isValidNie', () => {
  it.each([
    { name: 'X is 0', nie: 'X0000000T', expected: true },
    { name: 'Y is 1', nie: 'Y0000000Z', expected: true },
    { name: 'Z is 2', nie: 'Z0000000M', expected: true },
    { name: 'X with digits', nie: 'X1234567L', expected: true },
    { name: 'Y with digits', nie: 'Y1234567X', expected: true },
    { name: 'Z with digits', nie: 'Z1234567R', expected: true },
    { name: 'lower case', nie: 'x1234567l', expected: true },
    { name: 'wrong letter', nie: 'X1234567T', expected: false },
    { name: 'prefix W is not an NIE', nie: 'W1234567L', expected: false },
    { name: 'eight digits', nie: 'X12345678L', expected: false },
  ])('$name: $nie → $expected', ({ nie, expected }) => {
    expect(isValidNie(nie)).toBe(expected);
  });
});

describe('isValidNationalId', () => {
  it.each([
    { id: '12345678Z', expected: true },
    { id: 'X1234567L', expected: true },
    { id: '12345678A', expected: false },
    { id: 'AB1234567', expected: false },
  ])('$id → $expected', ({ id, expected }) => {
    expect(isValidNationalId(id)).toBe(expected);
  });
});

describe('isValidPassword', () => {
  it.each([
    { name: '"minimum length 8"', password: '12345678', expected: true },
    { name: 'seven is too short', password: '1234567', expected: false },
    { name: '"no required character classes"', password: 'aaaaaaaa', expected: true },
    { name: 'characters, not bytes', password: 'ñññññññ', expected: false },
    { password: '', expected: false },
  ])('$name: "$password" → $expected', ({ password, expected }) => {
    expect(isValidPassword(password)).toBe(expected);
  });
});
