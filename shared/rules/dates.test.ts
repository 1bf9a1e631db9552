import { describe, expect, it } from 'vitest';
import { addDays, countDaysBetween, formatDateRange, formatMadridDateTime, formatSpanishDate, isIsoDate, formatIsoDate } from './dates.ts';

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
    { value: '2025-00-10', expected: false },
    { value: '2025-04-00', expected: false },
    { value: '2025-04-31', expected: false },
    { value: '2000-02-29', expected: true },
    { value: '2100-02-29', expected: false },
  ])('$value → $expected', ({ value, expected }) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it('agrees with the calendar of Date on every day 1–31 of every month, leap centuries included', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    for (const year of [1900, 1999, 2000, 2023, 2024, 2025, 2026, 2027, 2028, 2100, 2400]) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 1; day <= 31; day++) {
          const value = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const real = new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === value;
          expect(isIsoDate(value), value).toBe(real);
        }
      }
    }
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

describe('formatSpanishDate', () => {
  it.each([
    { date: '2027-03-24', style: 'long', expected: '24 de marzo de 2027' },
    { date: '2027-01-01', style: 'long', expected: '1 de enero de 2027' },
    { date: '2027-09-05', style: 'short', expected: '5 sept 2027' },
    { date: '2027-12-31', style: 'short', expected: '31 dic 2027' },
  ] as const)('$date ($style) → $expected', ({ date, style, expected }) => {
    expect(formatSpanishDate({ date, style })).toBe(expected);
  });

  it('rejects what is not a calendar date', () => {
    expect(() => formatSpanishDate({ date: '2027-02-30' })).toThrow(RangeError);
  });
});

describe('formatMadridDateTime', () => {
  it.each([
    { name: 'winter: UTC+1', timestamp: '2027-03-24T10:00:00.000Z', expected: { date: '24 mar 2027', time: '11:00' } },
    { name: 'summer: UTC+2', timestamp: '2027-07-10T06:05:00Z', expected: { date: '10 jul 2027', time: '08:05' } },
    { name: 'late UTC evening is the next day in Madrid', timestamp: '2027-08-01T22:30:00Z', expected: { date: '2 ago 2027', time: '00:30' } },
  ])('$name', ({ timestamp, expected }) => {
    expect(formatMadridDateTime(timestamp)).toEqual(expected);
    // A second call answers from what the first kept, the same.
    expect(formatMadridDateTime(timestamp)).toEqual(expected);
  });

  it('answers a copy: changing one answer does not change the next', () => {
    const first = formatMadridDateTime('2027-03-24T10:00:00.000Z');
    first.time = '99:99';
    expect(formatMadridDateTime('2027-03-24T10:00:00.000Z')).toEqual({ date: '24 mar 2027', time: '11:00' });
  });

  it('refuses what is not a timestamp, every time', () => {
    expect(() => formatMadridDateTime('mañana')).toThrow(RangeError);
    expect(() => formatMadridDateTime('mañana')).toThrow(RangeError);
  });
});

describe('formatDateRange (offer card dates)', () => {
  it.each([
    { name: 'same month', from: '2026-12-03', to: '2026-12-10', expected: 'del 3 al 10 de diciembre de 2026' },
    { name: 'two months', from: '2026-11-28', to: '2026-12-05', expected: 'del 28 de noviembre al 5 de diciembre de 2026' },
    { name: 'two years', from: '2026-12-28', to: '2027-01-04', expected: 'del 28 de diciembre de 2026 al 4 de enero de 2027' },
    { name: 'one day', from: '2026-05-02', to: '2026-05-02', expected: 'el 2 de mayo de 2026' },
  ])('$name → $expected', ({ from, to, expected }) => {
    expect(formatDateRange({ from, to })).toBe(expected);
  });

  it('rejects a value that is not a date', () => {
    expect(() => formatDateRange({ from: '2026-02-30', to: '2026-03-02' })).toThrow(RangeError);
  });
});

describe('formatMadridDateTime across the year, against Intl’s time-zone data', () => {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const intl = (timestamp: string) => {
    const instant = new Date(timestamp);
    return { date: formatSpanishDate({ date: day.format(instant), style: 'short' }), time: time.format(instant) };
  };

  it.each([
    { name: 'the last minute of winter time', timestamp: '2027-03-28T00:59:00Z', expected: { date: '28 mar 2027', time: '01:59' } },
    { name: 'the first minute of summer time', timestamp: '2027-03-28T01:00:00Z', expected: { date: '28 mar 2027', time: '03:00' } },
    { name: 'the last minute of summer time', timestamp: '2027-10-31T00:59:59Z', expected: { date: '31 oct 2027', time: '02:59' } },
    { name: 'the hour that comes twice, the second time', timestamp: '2027-10-31T01:30:00Z', expected: { date: '31 oct 2027', time: '02:30' } },
    { name: 'New Year in Madrid, still the old year in UTC', timestamp: '2027-12-31T23:15:00Z', expected: { date: '1 ene 2028', time: '00:15' } },
  ])('$name', ({ timestamp, expected }) => {
    expect(formatMadridDateTime(timestamp)).toEqual(expected);
    expect(formatMadridDateTime(timestamp)).toEqual(intl(timestamp));
  });

  it('agrees with Intl every 37 minutes and 13 seconds through three years, the changes of time included', () => {
    const step = (37 * 60 + 13) * 1000;
    let differences = 0;
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2029, 0, 1); ms += step) {
      const timestamp = new Date(ms).toISOString();
      if (JSON.stringify(formatMadridDateTime(timestamp)) !== JSON.stringify(intl(timestamp))) differences++;
    }
    expect(differences).toBe(0);
  });
});
