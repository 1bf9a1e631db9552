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

  it('gives a tour the same view object while the tour, the day and the places are unchanged', () => {
    const before = selectPublicTours(snapshot);
    // A targeted rebuild's next snapshot: one tour patched, the rest the same objects.
    const patched = { ...mixed, thumbnail: 'tours/nueva.jpg' };
    const next = { ...snapshot, tours: [visible, hidden, unpriced, past, patched] };
    const after = selectPublicTours(next);
    expect(after.find((t) => t.id === 'ok')).toBe(before.find((t) => t.id === 'ok'));
    expect(after.find((t) => t.id === 'mixed')).not.toBe(before.find((t) => t.id === 'mixed'));
    expect(after.find((t) => t.id === 'mixed')?.thumbnail).toBe('tours/nueva.jpg');
    // Another day, or other destinations: derived again.
    expect(selectPublicTours({ ...next, today: '2026-11-23' }).find((t) => t.id === 'ok')).not.toBe(before.find((t) => t.id === 'ok'));
    const renamed = selectPublicTours({ ...next, destinations: [makeDestination({ name: 'Japón y Corea' })] });
    expect(renamed.find((t) => t.id === 'ok')?.destinations.map((d) => d.name)).toEqual(['Japón y Corea']);
  });
});
