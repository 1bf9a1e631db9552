import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';
import { AGE_GROUPS, BOOKING_STATUSES, isOneOf, MAIL_TYPES, SLIDER_CATEGORIES, SLIDER_CATEGORY_LABELS, SLIDER_STATUS_LABELS } from './enums.ts';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((item) => {
    const path = join(folder, item.name);
    if (item.isDirectory()) return sourceFiles(path);
    return item.name.endsWith('.ts') && !item.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the domain folder', () => {
  it.each(sourceFiles(import.meta.dirname).map((path) => ({ path })))('uses erasable syntax only and stays under 400 lines: $path', ({ path }) => {
    const source = readFileSync(path, 'utf8');
    expect(source).not.toMatch(/^\s*(export\s+)?(const\s+)?enum\s/m);
    expect(source).not.toMatch(/^\s*(export\s+)?(namespace|module)\s+\w+\s*\{/m);
    expect(source).not.toMatch(/\b(Date\.now|Math\.random)\(/);
    expect(source.split('\n').length).toBeLessThan(400);
  });

  it('re-exports the rules from its index', () => {
    expect(typeof domain.quoteBooking).toBe('function');
    expect(typeof domain.formatEuros).toBe('function');
    expect(domain.ADULT_AGE_GROUP).toBe('Adultos');
  });
});

describe('enumerations', () => {
  it.each([
    { name: 'booking status', values: BOOKING_STATUSES, expected: ['IN_PROGRESS', 'CANCELED', 'CONFIRMED', 'WAITING_FOR_TRANSFER', 'PAYPAL_REVIEW'] },
    { name: 'age groups', values: AGE_GROUPS, expected: ['Adultos', 'Niños'] },
  ])('$name', ({ values, expected }) => {
    expect(values).toEqual(expected);
  });

  it('keeps the spec spelling PETITON_RESERVA', () => {
    expect(MAIL_TYPES).toContain('PETITON_RESERVA');
  });

  it('labels every slider category and status in Spanish', () => {
    expect(Object.keys(SLIDER_CATEGORY_LABELS).sort()).toEqual([...SLIDER_CATEGORIES].sort());
    expect(SLIDER_STATUS_LABELS).toEqual({ ACTIVE: 'Publicado', DRAFT: 'Borrador', INACTIVE: 'Oculto' });
    expect(SLIDER_CATEGORY_LABELS.FIT).toBe('Privado');
  });

  it.each([
    { value: 'CONFIRMED', expected: true },
    { value: 'confirmed', expected: false },
    { value: 3, expected: false },
    { value: undefined, expected: false },
  ])('narrows $value: $expected', ({ value, expected }) => {
    expect(isOneOf(BOOKING_STATUSES, value)).toBe(expected);
  });
});
