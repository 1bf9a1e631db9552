import { describe, expect, it } from 'vitest';
import { applyDestinationAliases, containsNormalised, normaliseSearchQuery, normaliseSearchText, slugify } from './text.ts';

describe('slugify', () => {
  it.each([
    {
      name: '"trim, lowercase (Spanish), … replace spaces and commas with dashes, strip accents"',
      text: ' Norte América, Canadá ',
      expected: 'norte-america-canada',
    },
    { name: '"remove punctuation"', text: 'Viaje a Roma: 2025!', expected: 'viaje-a-roma-2025' },
    { name: 'opening marks are punctuation too', text: '¿Qué ver?', expected: 'que-ver' },
    { name: 'ñ loses its tilde', text: 'España', expected: 'espana' },
    { name: 'season label', text: 'Todo el año', expected: 'todo-el-ano' },
    { name: 'upper-case accented letters', text: 'ÁFRICA', expected: 'africa' },
    { name: 'a comma without a space', text: 'Roma,Florencia', expected: 'roma-florencia' },
    { name: 'repeated dashes collapse', text: 'a -- b', expected: 'a-b' },
    { name: 'no leading or trailing dash', text: '-Roma-', expected: 'roma' },
    { name: 'Nordic letters', text: 'Ålesund y Tromsø', expected: 'alesund-y-tromso' },
    { name: 'Polish letters', text: 'Kraków', expected: 'krakow' },
    { name: 'only spaces', text: '   ', expected: '' },
  ])('$name: "$text" → "$expected"', ({ text, expected }) => {
    expect(slugify(text)).toBe(expected);
  });
});

describe('normaliseSearchText', () => {
  it.each([
    { name: '"also maps ä and å to a and collapses whitespace"', text: '  Ålesund –  MÄLMO ', expected: 'alesund malmo' },
    { name: 'accents are stripped', text: 'Canadá', expected: 'canada' },
    { name: 'a slug reads as words', text: 'norte-america', expected: 'norte america' },
    { name: 'tabs and newlines collapse', text: 'Europa\t del\n Este', expected: 'europa del este' },
    { name: 'empty', text: '', expected: '' },
  ])('$name: "$text" → "$expected"', ({ text, expected }) => {
    expect(normaliseSearchText(text)).toBe(expected);
  });
});

describe('applyDestinationAliases', () => {
  it.each([
    { name: '"europe to europa"', text: 'europe', expected: 'europa' },
    { name: '"antarctica to antartida"', text: 'antarctica', expected: 'antartida' },
    { name: '"north america to norte america"', text: 'north america', expected: 'norte america' },
    { name: '"south america to sur america"', text: 'south america tours', expected: 'sur america tours' },
    { name: 'whole words only', text: 'european', expected: 'european' },
    { name: 'every occurrence', text: 'europe europe', expected: 'europa europa' },
    { name: 'Spanish text is left alone', text: 'norte america', expected: 'norte america' },
  ])('$name: "$text" → "$expected"', ({ text, expected }) => {
    expect(applyDestinationAliases(text)).toBe(expected);
  });

  it('applies on normalised queries', () => {
    expect(normaliseSearchQuery('North-America ')).toBe('norte america');
  });
});

describe('containsNormalised', () => {
  it.each([
    { text: 'Sin vuelo', fragment: 'sin v', expected: true },
    { text: 'SIN VUELO', fragment: 'sin v', expected: true },
    { text: 'Vuelo desde Madrid', fragment: 'sin v', expected: false },
    { text: 'playa, Oculto', fragment: 'oculto', expected: true },
    { text: null, fragment: 'oculto', expected: false },
  ])('"$text" contains "$fragment": $expected', ({ text, fragment, expected }) => {
    expect(containsNormalised({ text, fragment })).toBe(expected);
  });
});
