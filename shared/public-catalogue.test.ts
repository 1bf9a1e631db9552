import { describe, expect, it } from 'vitest';
import { makeDestination, makePeriod, makeRegion, makeSnapshot, makeTour } from '../tests/support/catalogue-snapshot.ts';
import { selectPublicTours } from './public-catalogue.ts';

describe('selectPublicTours', () => {
  const visible = makeTour({ id: 'ok', destinationIds: ['D1', 'missing'], parentRegionIds: ['R1'] });
  const hidden = makeTour({ id: 'hidden', tagKeywords: 'empresa, oculto' });
  const unpriced = makeTour({ id: 'unpriced', prices: [{ ageGroupName: 'Adultos', categoryName: 'Standard category', valueCents: 0 }] });
  const past = makeTour({ id: 'past', periods: [makePeriod({ dayOne: '2026-11-21' })] });
  const mixed = makeTour({ id: 'mixed', periods: [makePeriod({ id: 'old', dayOne: '2026-01-01' }), makePeriod({ id: 'next', dayOne: '2027-01-10' })] });
  const snapshot = makeSnapshot({ tours: [visible, hidden, unpriced, past, mixed], destinations: [makeDestination()], parentRegions: [makeRegion()] });

  it.each([
    { id: 'ok', expected: true },
    { id: 'hidden', expected: false },
    { id: 'unpriced', expected: false },
    { id: 'past', expected: false },
    { id: 'mixed', expected: true },
  ])('tour $id public → $expected', ({ id, expected }) => {
    expect(selectPublicTours(snapshot).some((tour) => tour.id === id)).toBe(expected);
  });

  it('resolves destinations and regions, skipping unknown ids', () => {
    const [tour] = selectPublicTours(snapshot);
    expect(tour?.destinations.map((d) => d.name)).toEqual(['Japón']);
    expect(tour?.parentRegions.map((r) => r.slug)).toEqual(['lejano-oriente']);
  });

  it('keeps only the listed departures of a tour', () => {
    expect(
      selectPublicTours(snapshot)
        .find((tour) => tour.id === 'mixed')
        ?.periods.map((p) => p.id),
    ).toEqual(['next']);
  });
});
