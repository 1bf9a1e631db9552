import { describe, expect, it } from 'vitest';
import { addDays, countDaysBetween, isIsoDate, formatIsoDate } from './dates.ts';

describe('formatIsoDate', () => {
  it.each([
    { instant: '2025-06-15T23:30:00Z', expected: '2025-06-15' },
    { name: 'Madrid midnight is still the previous UTC day', instant: '2025-06-16T00:30:00+02:00', expected: '2025-06-15' },
    { instant: '2025-12-31T23:59:59.999Z', expected: '2025-12-31' },
  ])('$instant → $expected', ({ instant, expected }) => {
    expect(formatIsoDate(new Date(instant))).toBe(expected);
  });
});

describe('isIsoDate', () => {
  it.each([
    { value: '2025-06-15', expected: true },
    { value: '2024-02-29', expected: true },
    { value: '2025-02-29', expected: false },
    { value: '2025-02-30', expected: false },
    { value: '2025-13-01', expected: false },
    { value: '2025-6-5', expected: false },
    { value: '2025-06-15T00:00:00Z', expected: false },
    { value: '', expected: false },
  ])('$value → $expected', ({ value, expected }) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});

describe('countDaysBetween', () => {
  it.each([
    { from: '2025-01-01', to: '2025-01-31', expected: 30 },
    { name: 'across the March clock change', from: '2025-03-29', to: '2025-03-31', expected: 2 },
    { from: '2025-06-15', to: '2025-06-15', expected: 0 },
    { from: '2025-06-15', to: '2025-06-14', expected: -1 },
    { from: '2025-12-31', to: '2026-01-01', expected: 1 },
  ])('$from → $to is $expected days', ({ from, to, expected }) => {
    expect(countDaysBetween({ from, to })).toBe(expected);
  });

  it('rejects a value that is not a date', () => {
    expect(() => countDaysBetween({ from: '15/06/2025', to: '2025-06-15' })).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it.each([
    { date: '2025-12-31', days: 1, expected: '2026-01-01' },
    { date: '2024-03-01', days: -1, expected: '2024-02-29' },
    { date: '2025-06-15', days: 30, expected: '2025-07-15' },
    { date: '2025-06-15', days: 0, expected: '2025-06-15' },
  ])('$date + $days → $expected', ({ date, days, expected }) => {
    expect(addDays({ date, days })).toBe(expected);
  });
});
