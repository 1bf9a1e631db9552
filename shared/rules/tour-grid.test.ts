import { describe, expect, it } from 'vitest';
import type { GridTour } from './tour-grid.ts';
import {
  buildDestinationPills,
  filterGrid,
  listGridTours,
  togglePill,
  tourMatchesTripType,
  parseTripTypeSlug,
  buildTripTypePath,
  buildTripTypePills,
} from './tour-grid.ts';

type Tour = GridTour & { id: string };

const tour = (id: string, tourType: GridTour['tourType'], adultCents: number, destinations: string[], periods: [string | null, boolean, boolean][]): Tour => ({
  id,
  tourType,
  prices: [{ ageGroupName: 'Adultos', valueCents: adultCents }],
  destinations: destinations.map((name) => ({ name })),
  periods: periods.map(([tripType, webBookable, publishWeb]) => ({ tripType, webBookable, publishWeb })),
});

const t1 = tour('T1', 'Group', 100000, ['Italia'], [['Grupo', true, true]]);
const t2 = tour('T2', 'Private', 0, ['Francia'], []);
const t3 = tour('T3', 'FIT', 80000, ['Francia'], [[null, true, true]]);
const t4 = tour('T4', 'Group', 50000, ['Italia', 'Portugal'], [['Single', true, true]]);
const t5 = tour('T5', 'Private', 120000, ['Noruega'], [['Single', false, true]]);
const all = [t1, t2, t3, t4, t5];
const ids = (tours: readonly Tour[]) => tours.map((t) => t.id);

describe('listGridTours', () => {
  it('"Only tours whose price for age group \'Adultos\' is above 0 are listed"', () => {
    expect(ids(listGridTours(all))).toEqual(['T1', 'T3', 'T4', 'T5']);
  });
});

describe('tourMatchesTripType', () => {
  it.each([
    { name: '"Type filters apply to tour_type": Group', tour: t1, tripType: 'Group', expected: true },
    { name: 'Private', tour: t5, tripType: 'Private', expected: true },
    {
      name: '"The \'Single\' filter instead checks whether any period that is both web_bookable and publish_web has trip_type Single"',
      tour: t4,
      tripType: 'FIT',
      expected: true,
    },
    { name: 'tour_type FIT without a Single period is not single', tour: t3, tripType: 'FIT', expected: false },
    { name: 'a Single period that is not web_bookable does not count', tour: t5, tripType: 'FIT', expected: false },
  ] as const)('$name → $expected', ({ tour: input, tripType, expected }) => {
    expect(tourMatchesTripType({ tour: input, tripType })).toBe(expected);
  });
});

describe('buildTripTypePills', () => {
  it.each([
    {
      name: "\"'Todos los viajes' (all), 'En grupo' (Group), 'Viaje single' (FIT), 'Privados' (Private), each with a count\"",
      tours: all,
      expected: [
        { key: 'all', label: 'Todos los viajes', count: 4 },
        { key: 'Group', label: 'En grupo', count: 2 },
        { key: 'FIT', label: 'Viaje single', count: 1 },
        { key: 'Private', label: 'Privados', count: 1 },
      ],
    },
    {
      name: '"A pill appears only when at least one tour has that type"',
      tours: [t1],
      expected: [
        { key: 'all', label: 'Todos los viajes', count: 1 },
        { key: 'Group', label: 'En grupo', count: 1 },
      ],
    },
    { name: 'tours without an adult price are not counted', tours: [t2], expected: [] },
    { name: 'no tours, no pills', tours: [], expected: [] },
  ])('$name', ({ tours, expected }) => {
    expect(buildTripTypePills({ tours })).toEqual(expected);
  });
});

describe('buildDestinationPills', () => {
  it.each([
    { name: '"from the unique destination names across the tours"', tours: all, expected: ['Italia', 'Francia', 'Portugal', 'Noruega'] },
    { name: 'no tours', tours: [], expected: [] },
  ])('$name', ({ tours, expected }) => {
    expect(buildDestinationPills({ tours })).toEqual(expected);
  });
});

describe('togglePill', () => {
  it.each([
    { name: 'clicking a pill selects it', active: null, clicked: 'Italia', expected: 'Italia' },
    { name: '"Clicking the active pill clears it"', active: 'Italia', clicked: 'Italia', expected: null },
    { name: 'clicking another pill switches', active: 'Italia', clicked: 'Francia', expected: 'Francia' },
  ])('$name', ({ active, clicked, expected }) => {
    expect(togglePill({ active, clicked })).toBe(expected);
  });
});

describe('filterGrid', () => {
  it.each([
    { name: 'no filter lists every priced tour', tripType: null, destination: null, expected: ['T1', 'T3', 'T4', 'T5'] },
    { name: "'all' is no filter", tripType: 'all', destination: null, expected: ['T1', 'T3', 'T4', 'T5'] },
    { name: 'by trip type', tripType: 'Group', destination: null, expected: ['T1', 'T4'] },
    { name: 'single by periods', tripType: 'FIT', destination: null, expected: ['T4'] },
    { name: 'by destination', tripType: null, destination: 'Francia', expected: ['T3'] },
    { name: 'both filters', tripType: 'Group', destination: 'Portugal', expected: ['T4'] },
    { name: 'nothing matches', tripType: 'Private', destination: 'Italia', expected: [] },
  ] as const)('$name', ({ tripType, destination, expected }) => {
    expect(ids(filterGrid({ tours: all, tripType, destination }))).toEqual(expected);
  });
});

describe('trip-type slugs', () => {
  it.each([
    { slug: 'grupo', expected: 'Group' },
    { slug: 'single', expected: 'FIT' },
    { slug: 'grupo-privados', expected: 'Private' },
    { slug: 'familia', expected: null },
    { slug: 'toString', expected: null },
  ])('"Known trip-type slugs: grupo, single, grupo-privados": $slug → $expected', ({ slug, expected }) => {
    expect(parseTripTypeSlug(slug)).toBe(expected);
  });

  it.each([
    { slug: null, expected: '/viajes-en-grupo' },
    { slug: 'single', expected: '/tipo-de-viaje/single' },
  ] as const)('"/viajes-en-grupo is the default fallback": $slug → $expected', ({ slug, expected }) => {
    expect(buildTripTypePath(slug)).toBe(expected);
  });
});
