import { describe, expect, it } from 'vitest';
import {
  ageOn,
  assignRooms,
  checkAgeGroup,
  findPassengerProblems,
  findRoommateProblems,
  groupRoommates,
  PASSENGER_MESSAGES,
  parseRoommates,
} from './passengers.ts';

describe('ageOn', () => {
  it.each([
    ['2000-05-10', '2027-05-09', 26],
    ['2000-05-10', '2027-05-10', 27],
    ['2000-02-29', '2027-02-28', 26],
    ['2000-02-29', '2027-03-01', 27],
    ['2015-12-31', '2027-01-01', 11],
  ])('born %s is on %s aged %i', (birthdate, date, age) => expect(ageOn({ birthdate, date })).toBe(age));
});

describe('checkAgeGroup (12 years on the departure day)', () => {
  const dayOne = '2027-06-15';
  const today = '2026-11-22';
  it.each([
    ['Adultos', '2015-06-15', null],
    ['Adultos', '2015-06-16', PASSENGER_MESSAGES.adultAge],
    ['Niños', '2015-06-16', null],
    ['Niños', '2015-06-15', PASSENGER_MESSAGES.childAge],
    ['Niños', '2026-11-23', PASSENGER_MESSAGES.birthdateFuture],
    ['Otro grupo', '2020-01-01', null],
  ])('%s born %s → %s', (ageGroup, birthdate, expected) => expect(checkAgeGroup({ ageGroup, birthdate, dayOne, today })).toBe(expected));
});

describe('findPassengerProblems', () => {
  const complete = { name: 'Ana', surname: 'García', birthdate: '1980-01-01', national_id: '12345678Z', email: 'ana@viajes.es', phone: '600123456' };
  const at = { dayOne: '2027-06-15', today: '2026-11-22' };
  it('accepts a complete lead and a child with a passport and no e-mail', () => {
    expect(
      findPassengerProblems(
        [
          { id: '101', ageGroup: 'Adultos', lead: true, reservationFields: complete },
          { id: '102', ageGroup: 'Niños', lead: false, reservationFields: { name: 'Leo', surname: 'García', birthdate: '2020-03-03', passport: 'PAB123456' } },
        ],
        at,
      ),
    ).toEqual({});
  });
  it.each([
    ['name', { name: ' ' }, PASSENGER_MESSAGES.name],
    ['surname', { surname: '' }, PASSENGER_MESSAGES.surname],
    ['birthdate', { birthdate: '01/01/1980' }, PASSENGER_MESSAGES.birthdate],
    ['birthdate', { birthdate: '2020-01-01' }, PASSENGER_MESSAGES.adultAge],
    ['national_id', { national_id: '12345678A' }, PASSENGER_MESSAGES.document],
    ['email', { email: 'ana@' }, PASSENGER_MESSAGES.email],
    ['phone', { phone: '' }, PASSENGER_MESSAGES.phone],
  ])('refuses a lead with a bad %s', (field, change, message) => {
    expect(findPassengerProblems([{ id: '101', ageGroup: 'Adultos', lead: true, reservationFields: { ...complete, ...change } }], at)).toEqual({
      [`travellers.0.${field}`]: message,
    });
  });
  it('checks a companion e-mail only when given', () => {
    const companion = { name: 'Luis', surname: 'Pérez', birthdate: '1979-01-01', national_id: 'X1234567L' };
    expect(findPassengerProblems([{ id: '1', ageGroup: 'Adultos', lead: false, reservationFields: companion }], at)).toEqual({});
    expect(findPassengerProblems([{ id: '1', ageGroup: 'Adultos', lead: false, reservationFields: { ...companion, email: 'luis' } }], at)).toEqual({
      'travellers.0.email': PASSENGER_MESSAGES.email,
    });
  });
});

describe('findRoommateProblems', () => {
  const travellers = [
    { id: 'a', reservationMode: 'DBL' },
    { id: 'b', reservationMode: 'DBL' },
    { id: 'c', reservationMode: 'DBL' },
    { id: 'd', reservationMode: 'IND' },
  ];
  const modes = [
    { activityId: 'DBL', places: 2 },
    { activityId: 'IND', places: 1 },
  ];
  it.each([
    ['a valid double', [{ travellerIds: ['a', 'b'] }], {}],
    ['three in a double', [{ travellerIds: ['a', 'b', 'c'] }], { 'roommates.0': PASSENGER_MESSAGES.roommateSize }],
    ['different rooms', [{ travellerIds: ['a', 'd'] }], { 'roommates.0': PASSENGER_MESSAGES.roommateMode }],
    ['someone twice', [{ travellerIds: ['a', 'b'] }, { travellerIds: ['b', 'c'] }], { 'roommates.1': PASSENGER_MESSAGES.roommateTwice }],
    ['a stranger', [{ travellerIds: ['a', 'z'] }], { 'roommates.0': PASSENGER_MESSAGES.roommateUnknown }],
  ])('%s', (_, groups, expected) => expect(findRoommateProblems(groups, { travellers, modes })).toEqual(expected));
});

describe('parseRoommates', () => {
  it.each([
    ['[{"travellerIds":["a","b"]}]', [{ travellerIds: ['a', 'b'] }]],
    ['[{"travellerIds":[1]}]', []],
    ['nope', []],
    [null, []],
  ])('%s', (raw, expected) => expect(parseRoommates(raw)).toEqual(expected));
});

describe('assignRooms and groupRoommates', () => {
  const modes = [
    { activityId: 'DBL', places: 2 },
    { activityId: 'TPL', places: 3 },
    { activityId: 'IND', places: 1 },
  ];
  const t = (id: string, reservationMode: string | null) => ({ id, reservationMode });
  it.each([
    ['two in a double share room 1', [t('a', 'DBL'), t('b', 'DBL')], [], { a: 1, b: 1 }],
    ['three in doubles fill room 1, then room 2', [t('a', 'DBL'), t('b', 'DBL'), t('c', 'DBL')], [], { a: 1, b: 1, c: 2 }],
    ['a stored group comes first', [t('a', 'DBL'), t('b', 'DBL'), t('c', 'DBL')], [{ travellerIds: ['b', 'c'] }], { b: 1, c: 1, a: 2 }],
    ['single rooms and no room get no number', [t('a', 'IND'), t('b', null), t('c', 'TPL')], [], { c: 1 }],
    ['a group in another mode is ignored', [t('a', 'TPL'), t('b', 'TPL')], [{ travellerIds: ['a', 'x'] }], { a: 1, b: 1 }],
  ])('%s', (_, travellers, roommates, expected) => expect(assignRooms({ travellers, roommates, modes })).toEqual(expected));

  it.each([
    ['one double', [t('a', 'DBL'), t('b', 'DBL')], { a: 1, b: 1 }, [{ travellerIds: ['a', 'b'] }]],
    ['nobody alone in a room is a group', [t('a', 'DBL'), t('b', 'DBL'), t('c', 'DBL')], { a: 1, b: 1, c: 2 }, [{ travellerIds: ['a', 'b'] }]],
    ['room numbers count per mode', [t('a', 'DBL'), t('b', 'TPL'), t('c', 'TPL')], { a: 1, b: 1, c: 1 }, [{ travellerIds: ['b', 'c'] }]],
  ])('%s', (_, travellers, rooms, expected) => expect(groupRoommates({ travellers, rooms })).toEqual(expected));
});
