import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextPaths } from './storable-text.ts';

describe('storable text', () => {
  it.each([
    ['Ana García', true],
    ['Línea uno\nLínea dos\r\n\tsangrada', true],
    ['Emoji 🌍 y ñ', true],
    ['', true],
    ['Ana\u0000', false],
    ['campana\u0007', false],
    ['borrar\u007f', false],
    ['mitad \ud83c', false],
    ['\udf0d al revés', false],
    ['par al revés \udf0d\ud83c', false],
  ])('%j is storable: %s', (text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });

  it('names the path of every text and key that is not', () => {
    expect(
      unstorableTextPaths({
        name: 'Ana',
        travellers: [{ name: 'Luis\u0000' }, { name: 'Sara', notes: ['bien', 'mal\ud800'] }],
        ['cla\u0000ve']: 'x',
        age: 4,
        ok: true,
        nothing: null,
      }),
    ).toEqual(['travellers.0.name', 'travellers.1.notes.1', '?']);
    expect(unstorableTextPaths('\u0000')).toEqual(['']);
  });
});
