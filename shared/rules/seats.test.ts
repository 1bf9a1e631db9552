import { describe, expect, it } from 'vitest';
import { canPickActivity, canPickRoom, computeSeatNeeds, findSeatShortages, inSeatOrder, roomsNeeded, type SeatNeed, seatShortage } from './seats.ts';

describe('roomsNeeded', () => {
  it.each([
    { name: 'nobody in the mode takes no room', travellers: 0, places: 2, expected: 0 },
    { name: 'one traveller in a double takes one room', travellers: 1, places: 2, expected: 1 },
    { name: 'two travellers in a double share one room', travellers: 2, places: 2, expected: 1 },
    { name: 'a third traveller needs a second double', travellers: 3, places: 2, expected: 2 },
    { name: 'two travellers in singles take two rooms', travellers: 2, places: 1, expected: 2 },
    { name: 'a mode stored with 0 places counts as one place', travellers: 2, places: 0, expected: 2 },
  ])('$name', ({ travellers, places, expected }) => {
    expect(roomsNeeded({ travellers, places })).toBe(expected);
  });
});

const offer = {
  periodId: 'p1',
  flights: [
    { id: 'f1', name: 'Madrid - Tokio' },
    { id: 'f2', name: 'Sin vuelo' },
  ],
  reservationModes: [
    { id: 'rm-dbl', activityId: 'DBL', places: 2 },
    { id: 'rm-sgl', activityId: 'SGL', places: 1 },
  ],
  activities: [
    { activityId: 'ACT1', seatActivityIds: ['oa1'] },
    { activityId: 'PACK', seatActivityIds: ['oa1', 'oa2'] },
  ],
};
const traveller = (reservationMode: string | null, optionalActivities: string[] = ['0']) => ({ reservationMode, optionalActivities });

describe('computeSeatNeeds', () => {
  it.each([
    {
      name: 'the departure and a real flight take one seat per traveller',
      travellers: [traveller(null), traveller(null)],
      flightId: 'f1',
      expected: [
        { resourceType: 'period', resourceId: 'p1', quantity: 2 },
        { resourceType: 'flight', resourceId: 'f1', quantity: 2 },
      ],
    },
    {
      name: "'sin vuelo' takes no flight seat",
      travellers: [traveller(null)],
      flightId: 'f2',
      expected: [{ resourceType: 'period', resourceId: 'p1', quantity: 1 }],
    },
    {
      name: 'a pack takes a seat on each member; an activity chosen twice by one traveller counts once',
      travellers: [traveller(null, ['ACT1', 'ACT1']), traveller(null, ['PACK'])],
      flightId: null,
      expected: [
        { resourceType: 'period', resourceId: 'p1', quantity: 2 },
        { resourceType: 'optional_activity', resourceId: 'oa1', quantity: 2 },
        { resourceType: 'optional_activity', resourceId: 'oa2', quantity: 1 },
      ],
    },
    {
      name: 'rooms per mode: three in doubles take two rooms, one single takes one',
      travellers: [traveller('DBL'), traveller('DBL'), traveller('DBL'), traveller('SGL')],
      flightId: null,
      expected: [
        { resourceType: 'period', resourceId: 'p1', quantity: 4 },
        { resourceType: 'reservation_mode', resourceId: 'rm-dbl', quantity: 2 },
        { resourceType: 'reservation_mode', resourceId: 'rm-sgl', quantity: 1 },
      ],
    },
    { name: 'no travellers take nothing', travellers: [], flightId: 'f1', expected: [] },
  ])('$name', ({ travellers, flightId, expected }) => {
    expect(computeSeatNeeds(offer, { travellers, flightId })).toEqual(expected);
  });
});

describe('inSeatOrder', () => {
  it('sorts by type (period, flight, activity, room), then id, the order holds lock rows in', () => {
    const rows = [
      { resourceType: 'reservation_mode', resourceId: 'a' },
      { resourceType: 'optional_activity', resourceId: 'b' },
      { resourceType: 'optional_activity', resourceId: 'a' },
      { resourceType: 'period', resourceId: 'z' },
      { resourceType: 'flight', resourceId: 'x' },
    ];
    expect(inSeatOrder(rows).map((r) => `${r.resourceType}:${r.resourceId}`)).toEqual([
      'period:z',
      'flight:x',
      'optional_activity:a',
      'optional_activity:b',
      'reservation_mode:a',
    ]);
  });
});

describe('findSeatShortages', () => {
  const sgl = (quantity: number): SeatNeed => ({ resourceType: 'reservation_mode', resourceId: 'rm-sgl', quantity });
  const period = (quantity: number): SeatNeed => ({ resourceType: 'period', resourceId: 'p1', quantity });
  it.each([
    { name: 'one single left and a second traveller picks it: short', before: [sgl(1)], after: [sgl(2)], left: 1, expected: [sgl(2)] },
    { name: 'one single left and the first traveller picks it: fits', before: [], after: [sgl(1)], left: 1, expected: [] },
    { name: 'a choice that asks for no more than before is kept even when the rest sold out', before: [sgl(2)], after: [sgl(2)], left: 0, expected: [] },
    { name: 'giving a room back is never refused', before: [sgl(2)], after: [sgl(1)], left: 0, expected: [] },
    { name: 'a resource without a known limit is not checked', before: [], after: [period(40)], left: 1, expected: [] },
  ])('$name', ({ before, after, left, expected }) => {
    expect(findSeatShortages({ before, after, available: new Map([['reservation_mode:rm-sgl', left]]) })).toEqual(expected);
  });
});

describe('seatShortage', () => {
  it.each([
    { resourceType: 'period' as const, name: null, field: 'periodId', message: 'Ya no quedan plazas suficientes para esta salida.' },
    {
      resourceType: 'reservation_mode' as const,
      name: 'Habitación individual',
      field: 'reservationMode',
      message: 'Ya no quedan habitaciones «Habitación individual» suficientes en esta salida. Elige otro tipo de habitación para algún viajero.',
    },
    {
      resourceType: 'optional_activity' as const,
      name: 'Ceremonia del té',
      field: 'optionalActivities',
      message: 'Ya no quedan plazas suficientes en «Ceremonia del té». Quítala a algún viajero o elige otra actividad.',
    },
    {
      resourceType: 'flight' as const,
      name: 'Madrid - Tokio',
      field: 'flightId',
      message: 'Ya no quedan plazas suficientes en el vuelo «Madrid - Tokio». Elige otro vuelo.',
    },
  ])('a short $resourceType names the option and the choice to change', ({ resourceType, name, field, message }) => {
    expect(seatShortage({ resourceType, name })).toEqual({ message, field });
  });
});

describe('canPickRoom', () => {
  const single = { activityId: 'SGL', places: 1, availability: 1 };
  const double = { activityId: 'DBL', places: 2, availability: 1 };
  const party = (modes: (string | null)[]) => modes.map((reservationMode, i) => ({ id: `t${i}`, reservationMode, optionalActivities: ['0'] }));
  it.each([
    { name: 'the last single, nobody on it: anyone may pick it', mode: single, modes: [null, null], travellerId: 't1', expected: true },
    { name: 'the last single, taken by the other traveller: not for a second one', mode: single, modes: ['SGL', null], travellerId: 't1', expected: false },
    { name: 'the traveller who has the last single keeps it', mode: single, modes: ['SGL', null], travellerId: 't0', expected: true },
    { name: 'the last double, one traveller on it: a second shares it', mode: double, modes: ['DBL', null, null], travellerId: 't1', expected: true },
    { name: 'the last double, two on it: not for a third', mode: double, modes: ['DBL', 'DBL', null], travellerId: 't2', expected: false },
    { name: 'none left at all', mode: { ...single, availability: 0 }, modes: [null], travellerId: 't0', expected: false },
  ])('$name', ({ mode, modes, travellerId, expected }) => {
    expect(canPickRoom({ mode, travellers: party(modes), travellerId })).toBe(expected);
  });
});

describe('canPickActivity', () => {
  const party = (chosen: boolean[]) => chosen.map((on, i) => ({ id: `t${i}`, reservationMode: null, optionalActivities: on ? ['ACT1'] : ['0'] }));
  it.each([
    { name: 'one seat left, nobody on it', availability: 1, chosen: [false, false], travellerId: 't1', expected: true },
    { name: 'one seat left, taken by the other traveller', availability: 1, chosen: [true, false], travellerId: 't1', expected: false },
    { name: 'the traveller on it may keep it', availability: 1, chosen: [true, false], travellerId: 't0', expected: true },
    { name: 'sold out', availability: 0, chosen: [false], travellerId: 't0', expected: false },
  ])('$name', ({ availability, chosen, travellerId, expected }) => {
    expect(canPickActivity({ activity: { activityId: 'ACT1', availability }, travellers: party(chosen), travellerId })).toBe(expected);
  });
});
