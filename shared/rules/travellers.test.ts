import { describe, expect, it } from 'vitest';
import type { BookingTravelerEntry } from '../entities/index.ts';
import {
  countTravellersByAgeGroup,
  generateDifferentId,
  generateTravellerId,
  initialBookingWorkingState,
  createTravellerEntry,
  findLeadTraveller,
  formatFullName,
  formatTravellerLabel,
  setTravellersForAgeGroup,
  selectTravellersToSave,
  type RandomSource,
} from './travellers.ts';

/** Returns the given numbers in turn, repeating the last one. */
function sequence(...values: number[]): RandomSource {
  let index = 0;
  return () => values[Math.min(index++, values.length - 1)] ?? 0;
}

const entry = (id: string, ageGroup: string, lead = false): BookingTravelerEntry => ({
  ...createTravellerEntry({ id, ageGroup }),
  lead,
});
const summary = (travellers: readonly BookingTravelerEntry[]) => travellers.map((t) => [t.id, t.ageGroup, t.lead]);

describe('setTravellersForAgeGroup', () => {
  it.each([
    {
      name: '"creates … entries to match the requested count" and "marks the first as lead"',
      travellers: [],
      ageGroup: 'Adultos',
      count: 2,
      random: sequence(0, 0.5),
      expected: [
        ['100', 'Adultos', true],
        ['550', 'Adultos', false],
      ],
    },
    {
      name: 'children are added after adults',
      travellers: [entry('100', 'Adultos', true)],
      ageGroup: 'Niños',
      count: 1,
      random: sequence(0.999),
      expected: [
        ['100', 'Adultos', true],
        ['999', 'Niños', false],
      ],
    },
    {
      name: '"sorts adults first": adults added after children move before them and take the lead',
      travellers: [entry('200', 'Niños', true), entry('201', 'Niños')],
      ageGroup: 'Adultos',
      count: 1,
      random: sequence(0),
      expected: [
        ['100', 'Adultos', true],
        ['200', 'Niños', false],
        ['201', 'Niños', false],
      ],
    },
    {
      name: 'only children: the first child is lead',
      travellers: [],
      ageGroup: 'Niños',
      count: 1,
      random: sequence(0),
      expected: [['100', 'Niños', true]],
    },
    {
      name: '"removes entries to match the requested count", from the end',
      travellers: [entry('100', 'Adultos', true), entry('101', 'Adultos'), entry('300', 'Niños'), entry('102', 'Adultos')],
      ageGroup: 'Adultos',
      count: 1,
      random: sequence(0),
      expected: [
        ['100', 'Adultos', true],
        ['300', 'Niños', false],
      ],
    },
    {
      name: 'count 0 removes the whole age group',
      travellers: [entry('100', 'Adultos', true), entry('300', 'Niños')],
      ageGroup: 'Niños',
      count: 0,
      random: sequence(0),
      expected: [['100', 'Adultos', true]],
    },
    {
      name: 'removing the lead adult passes the lead on',
      travellers: [entry('100', 'Adultos', true), entry('300', 'Niños')],
      ageGroup: 'Adultos',
      count: 0,
      random: sequence(0),
      expected: [['300', 'Niños', true]],
    },
    {
      name: 'the same count changes nothing',
      travellers: [entry('100', 'Adultos', true), entry('101', 'Adultos')],
      ageGroup: 'Adultos',
      count: 2,
      random: sequence(0.5),
      expected: [
        ['100', 'Adultos', true],
        ['101', 'Adultos', false],
      ],
    },
    {
      name: 'ids stay unique when the random source repeats itself',
      travellers: [entry('100', 'Adultos', true)],
      ageGroup: 'Adultos',
      count: 3,
      random: sequence(0),
      expected: [
        ['100', 'Adultos', true],
        ['101', 'Adultos', false],
        ['102', 'Adultos', false],
      ],
    },
  ])('$name', ({ travellers, ageGroup, count, random, expected }) => {
    expect(summary(setTravellersForAgeGroup({ travellers, ageGroup, count, random }))).toEqual(expected);
  });

  it('gives new entries the defaults and keeps what was typed in existing ones', () => {
    const typed = { ...entry('100', 'Adultos', true), reservationFields: { name: 'Ana' }, optionalActivities: ['A1'] };
    const [first, added] = setTravellersForAgeGroup({ travellers: [typed], ageGroup: 'Adultos', count: 2, random: sequence(0.5) });
    expect(first).toEqual(typed);
    expect(added).toEqual({
      id: '550',
      ageGroup: 'Adultos',
      category: 'Standard category',
      lead: false,
      optionalActivities: ['0'],
      reservationFields: {},
      reservationMode: null,
      departureFlightActivityId: null,
      departureServiceCombinationId: null,
      returnFlightActivityId: null,
      returnServiceCombinationId: null,
    });
  });

  it('does not change the list it is given', () => {
    const travellers = [entry('200', 'Niños', true)];
    setTravellersForAgeGroup({ travellers, ageGroup: 'Adultos', count: 1, random: sequence(0) });
    expect(summary(travellers)).toEqual([['200', 'Niños', true]]);
  });
});

describe('generateTravellerId', () => {
  it.each([
    { name: '"random 3-digit string, 100 to 999": lowest', random: 0, taken: [], expected: '100' },
    { name: 'highest', random: 0.999999, taken: [], expected: '999' },
    { name: 'middle', random: 0.5, taken: [], expected: '550' },
    { name: 'a taken id is skipped', random: 0, taken: ['100', '101'], expected: '102' },
  ])('$name → $expected', ({ random, taken, expected }) => {
    expect(generateTravellerId({ random: () => random, taken: new Set(taken) })).toBe(expected);
  });

  it('fails when every id is taken', () => {
    const taken = new Set(Array.from({ length: 900 }, (_, i) => String(100 + i)));
    expect(() => generateTravellerId({ random: () => 0, taken })).toThrow(RangeError);
  });
});

describe('generateDifferentId', () => {
  it.each([
    { name: '"random 6-digit string, 100000 to 999999": lowest', random: 0, expected: '100000' },
    { name: 'highest', random: 0.9999999999, expected: '999999' },
    { name: 'middle', random: 0.5, expected: '550000' },
    { name: 'a source returning 1 stays in range', random: 1, expected: '999999' },
  ])('$name → $expected', ({ random, expected }) => {
    expect(generateDifferentId(() => random)).toBe(expected);
  });
});

describe('initialBookingWorkingState', () => {
  it('"initial values are 1 adult, 0 children and no travelers"', () => {
    expect(initialBookingWorkingState()).toEqual({
      adults: 1,
      children: 0,
      travelers: [],
      selectedPeriodId: null,
      selectedFlightId: null,
      selectedTripType: null,
      noFlight: false,
      loading: false,
      fetchSuccess: false,
    });
  });

  it('returns a fresh object each time', () => {
    const state = initialBookingWorkingState();
    state.travelers.push(entry('100', 'Adultos', true));
    expect(initialBookingWorkingState().travelers).toEqual([]);
  });
});

describe('selectTravellersToSave', () => {
  it.each([
    { email: 'ana@viajes.es', saved: true },
    { email: 'ana@viajes', saved: false },
    { email: undefined, saved: false },
  ])('"Only travellers with a valid email are saved": $email → $saved', ({ email, saved }) => {
    const reservationFields: Record<string, string> = email === undefined ? {} : { email };
    const traveller = { reservationFields };
    expect(selectTravellersToSave([traveller])).toEqual(saved ? [traveller] : []);
  });
});

describe('countTravellersByAgeGroup', () => {
  it('counts entries per age group', () => {
    expect(countTravellersByAgeGroup([entry('1', 'Adultos'), entry('2', 'Niños'), entry('3', 'Adultos')])).toEqual({
      Adultos: 2,
      Niños: 1,
    });
  });
});

describe('formatTravellerLabel', () => {
  const party = [entry('101', 'Adultos', true), entry('102', 'Niños'), entry('103', 'Adultos'), entry('104', 'Niños')];
  it.each([
    { id: '101', expected: 'Adulto 1' },
    { id: '103', expected: 'Adulto 2' },
    { id: '102', expected: 'Niño 1' },
    { id: '104', expected: 'Niño 2' },
  ])('traveller $id without a name is $expected', ({ id, expected }) => {
    const traveller = party.find((t) => t.id === id)!;
    expect(formatTravellerLabel(traveller, party)).toBe(expected);
  });

  it('a named traveller is called by name', () => {
    const named = { ...party[2]!, reservationFields: { name: 'Lucía' } };
    expect(formatTravellerLabel(named, party)).toBe('Lucía');
  });
});

describe('the lead and full names', () => {
  it('the lead is the traveller marked lead, else the first', () => {
    expect(findLeadTraveller([entry('101', 'Adultos'), entry('102', 'Adultos', true)])?.id).toBe('102');
    expect(findLeadTraveller([entry('101', 'Adultos'), entry('102', 'Adultos')])?.id).toBe('101');
    expect(findLeadTraveller([])).toBeUndefined();
  });

  it.each([
    { fields: { name: 'Ana', surname: 'García López' }, expected: 'Ana García López' },
    { fields: { name: ' Ana ' }, expected: 'Ana' },
    { fields: { surname: 'García' }, expected: 'García' },
    { fields: {}, expected: '' },
  ])('$fields → "$expected"', ({ fields, expected }) => {
    expect(formatFullName(fields)).toBe(expected);
  });
});
