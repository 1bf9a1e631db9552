import { describe, expect, it } from 'vitest';
import { isAllYearSeason, getMonthNumber, formatSeasonLabel, getSeasonSortKey, sortSeasonTags } from './seasons.ts';

describe('getMonthNumber', () => {
  it.each([
    { name: 'Enero', expected: 1 },
    { name: 'Septiembre', expected: 9 },
    { name: 'DICIEMBRE', expected: 12 },
    { name: ' marzo ', expected: 3 },
    { name: 'Setiembre', expected: null },
    { name: 'Verano', expected: null },
  ])('"months Enero to Diciembre ordered 1 to 12": $name → $expected', ({ name, expected }) => {
    expect(getMonthNumber(name)).toBe(expected);
  });
});

describe('isAllYearSeason and formatSeasonLabel', () => {
  it.each([
    { tag: 'Todo el año', allYear: true, label: 'Todo el año' },
    { tag: 'todo el ano', allYear: true, label: 'Todo el año' },
    { tag: 'All Year', allYear: true, label: 'Todo el año' },
    { tag: 'Verano', allYear: false, label: 'Verano' },
    { tag: ' Marzo ', allYear: false, label: 'Marzo' },
  ])('"$tag" → all year $allYear, label "$label"', ({ tag, allYear, label }) => {
    expect(isAllYearSeason(tag)).toBe(allYear);
    expect(formatSeasonLabel(tag)).toBe(label);
  });

  it('null is not all year', () => {
    expect(isAllYearSeason(null)).toBe(false);
  });
});

describe('sortSeasonTags', () => {
  it.each([
    { tags: ['Marzo', 'Otoño', 'Todo el año', 'Enero', 'diciembre'], expected: ['Todo el año', 'Enero', 'Marzo', 'diciembre', 'Otoño'] },
    { tags: ['Verano', 'Invierno'], expected: ['Invierno', 'Verano'] },
    { tags: [], expected: [] },
  ])('$tags → $expected', ({ tags, expected }) => {
    expect(sortSeasonTags(tags)).toEqual(expected);
  });

  it.each([
    { tag: 'Todo el año', expected: 0 },
    { tag: 'Enero', expected: 1 },
    { tag: 'Diciembre', expected: 12 },
    { tag: 'Semana Santa', expected: 13 },
  ])('sort key of $tag is $expected', ({ tag, expected }) => {
    expect(getSeasonSortKey(tag)).toBe(expected);
  });
});
