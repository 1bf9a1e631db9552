import { describe, expect, it } from 'vitest';
import { computePercentOfCents, convertCentsToEuros, convertEurosToCents, formatEuros, formatEurosInput, parseEurosInput, roundUpToEuro } from './money.ts';

describe('roundUpToEuro', () => {
  it.each([
    { name: '"Amounts are rounded up": one cent over goes to the next euro', cents: 10001, expected: 10100 },
    { name: 'a whole euro amount stays', cents: 10000, expected: 10000 },
    { name: 'zero stays zero', cents: 0, expected: 0 },
    { name: 'one cent is one euro', cents: 1, expected: 100 },
    { name: '99 cents is one euro', cents: 99, expected: 100 },
    { name: '.99 goes up', cents: 10099, expected: 10100 },
    { name: 'a fraction of a cent still rounds up', cents: 2500.25, expected: 2600 },
    { name: 'a small negative amount rounds up to 0, not -0', cents: -50, expected: 0 },
    { name: 'negative amounts round toward zero (up)', cents: -150, expected: -100 },
  ])('$name: $cents → $expected', ({ cents, expected }) => {
    expect(roundUpToEuro(cents)).toBe(expected);
  });
});

describe('formatEuros', () => {
  it.each([
    { name: '"Prices display with a dot as thousands separator"', cents: 129000, expected: '1.290 €' },
    { name: 'four digits are grouped (Intl es-ES would not)', cents: 100000, expected: '1.000 €' },
    { name: 'three digits have no separator', cents: 99900, expected: '999 €' },
    { name: 'zero', cents: 0, expected: '0 €' },
    { name: 'cents show with a decimal comma', cents: 1250, expected: '12,50 €' },
    { name: 'single-digit cents are padded', cents: 1205, expected: '12,05 €' },
    { name: 'only cents', cents: 5, expected: '0,05 €' },
    { name: 'millions with cents', cents: 123456789, expected: '1.234.567,89 €' },
    { name: 'millions', cents: 100000000, expected: '1.000.000 €' },
    { name: 'negative amounts carry a minus', cents: -129000, expected: '-1.290 €' },
    { name: 'negative with cents', cents: -1250, expected: '-12,50 €' },
  ])('$name: $cents → $expected', ({ cents, expected }) => {
    expect(formatEuros(cents)).toBe(expected);
  });
});

describe('convertEurosToCents and convertCentsToEuros', () => {
  it.each([
    { euros: 12.3, cents: 1230 },
    { euros: 0.1 + 0.2, cents: 30 },
    { euros: 1290, cents: 129000 },
    { euros: 0, cents: 0 },
    { euros: -0.001, cents: 0 },
  ])('$euros € is $cents cents', ({ euros, cents }) => {
    expect(convertEurosToCents(euros)).toBe(cents);
  });

  it('converts cents back to euros', () => {
    expect(convertCentsToEuros(129050)).toBe(1290.5);
  });
});

describe('computePercentOfCents', () => {
  it.each([
    { cents: 10000, percent: 25, expected: 2500 },
    { cents: 10001, percent: 25, expected: 2500 },
    { cents: 10002, percent: 25, expected: 2501 },
    { cents: 0, percent: 25, expected: 0 },
    { cents: 10000, percent: 0, expected: 0 },
  ])('$percent % of $cents is $expected', ({ cents, percent, expected }) => {
    expect(computePercentOfCents({ cents, percent })).toBe(expected);
  });
});

describe('parseEurosInput: the one reading of an amount field', () => {
  it.each([
    { typed: '120', cents: 12000 },
    { typed: '120,5', cents: 12050 },
    { typed: '120,50', cents: 12050 },
    { typed: '120.50', cents: 12050 },
    { typed: '1.200', cents: 120000 },
    { typed: '1.200,50', cents: 120050 },
    { typed: '1.200.000', cents: 120000000 },
    { typed: ' 120 € ', cents: 12000 },
    { typed: '0', cents: 0 },
    { typed: 120.5, cents: 12050 },
    { typed: 12.3, cents: 1230 },
  ])('$typed → $cents', ({ typed, cents }) => {
    expect(parseEurosInput(typed)).toBe(cents);
  });

  it.each(['', 'abc', '12,345', '1,2,3', '-5', '1.20.0', '12..5', Number.NaN, -1, Number.POSITIVE_INFINITY])('%s is not an amount', (typed) => {
    expect(parseEurosInput(typed)).toBeNull();
  });
});

describe('formatEurosInput: cents as an amount field shows them', () => {
  it.each([
    { cents: 15050, shown: '150,50' },
    { cents: 15000, shown: '150' },
    { cents: 120000, shown: '1200' },
    { cents: 5, shown: '0,05' },
    { cents: 0, shown: '0' },
    { cents: -2550, shown: '-25,50' },
  ])('$cents → $shown', ({ cents, shown }) => {
    expect(formatEurosInput(cents)).toBe(shown);
  });

  it('is read back as the same amount', () => {
    for (const cents of [0, 1, 99, 100, 15050, 120000, 99999999]) expect(parseEurosInput(formatEurosInput(cents))).toBe(cents);
  });
});
