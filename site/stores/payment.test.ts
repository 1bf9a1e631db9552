import { describe, expect, it } from 'vitest';
import { whereToMend } from './payment.ts';

describe('whereToMend', () => {
  it.each<{ name: string; status: number; fields: Record<string, string>; expected: string | null }>([
    { name: 'a room type that ran out is changed on the customise step', status: 409, fields: { reservationMode: '…' }, expected: 'customise' },
    { name: 'an activity that ran out too', status: 409, fields: { optionalActivities: '…' }, expected: 'customise' },
    { name: 'a full flight is changed on the flights step', status: 409, fields: { flightId: '…' }, expected: 'flights' },
    { name: 'a departure without seats needs another date or fewer travellers', status: 409, fields: { periodId: '…' }, expected: 'tour' },
    { name: 'a 409 that names nothing: the tour', status: 409, fields: {}, expected: 'tour' },
    { name: "a passenger's missing data is completed on the passengers step", status: 422, fields: { 'travellers.0.birthdate': '…' }, expected: 'passengers' },
    { name: 'anything else has no place to mend', status: 422, fields: { acceptTerms: '…' }, expected: null },
  ])('$name', ({ status, fields, expected }) => {
    expect(whereToMend({ status, fields })).toBe(expected);
  });
});
