import { describe, expect, it } from 'vitest';
import { computeAverageRating } from './opinions.ts';
import { formatRating } from './labels.ts';

describe('computeAverageRating', () => {
  it.each([
    { name: 'no published opinions: no rating', rates: [], expected: null },
    { name: 'one opinion', rates: [4.5], expected: 4.5 },
    { name: 'the mean of all published opinions', rates: [4.5, 4, 3], expected: 11.5 / 3 },
  ])('$name', ({ rates, expected }) => {
    const average = computeAverageRating(rates.map((rate) => ({ rate })));
    if (expected === null) expect(average).toBeNull();
    else expect(average).toBeCloseTo(expected);
  });

  it('is shown "with one decimal"', () => {
    expect(formatRating(computeAverageRating([{ rate: 4.5 }, { rate: 4 }, { rate: 3 }]) ?? 0)).toBe('3,8');
  });
});
