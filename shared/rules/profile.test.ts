import { describe, expect, it } from 'vitest';
import { findNextTrip, findPending, type ProfileTripFacts } from './profile.ts';

const TODAY = '2026-12-01';
const trip = (over: Partial<ProfileTripFacts>): ProfileTripFacts => ({
  id: 'b1',
  tourName: 'Japón esencial',
  status: 'CONFIRMED',
  dayOne: '2027-03-24',
  returnDate: '2027-04-05',
  dueCents: 0,
  nextDeadline: null,
  missingPassengerData: false,
  reviewed: false,
  ...over,
});

describe('findPending', () => {
  it.each([
    { name: 'a paid, complete trip ahead asks nothing', trips: [trip({})], expected: [] },
    {
      name: 'a balance with its next deadline',
      trips: [trip({ dueCents: 60_000, nextDeadline: { date: '2027-02-01', amountCents: 20_000 } })],
      expected: [{ kind: 'balance', bookingId: 'b1', tourName: 'Japón esencial', amountCents: 20_000, date: '2027-02-01' }],
    },
    {
      name: 'a balance without deadlines is due by departure, all of it',
      trips: [trip({ dueCents: 60_000 })],
      expected: [{ kind: 'balance', bookingId: 'b1', tourName: 'Japón esencial', amountCents: 60_000, date: '2027-03-24' }],
    },
    {
      name: 'a transfer still to arrive is a balance too; a payment in review is not asked again',
      trips: [trip({ id: 'b1', status: 'WAITING_FOR_TRANSFER', dueCents: 100 }), trip({ id: 'b2', status: 'PAYPAL_REVIEW', dueCents: 100 })],
      expected: [{ kind: 'balance', bookingId: 'b1', tourName: 'Japón esencial', amountCents: 100, date: '2027-03-24' }],
    },
    {
      name: 'missing passenger data before departure, not after',
      trips: [
        trip({ id: 'b1', missingPassengerData: true }),
        trip({ id: 'b2', dayOne: '2026-11-01', returnDate: '2026-11-10', missingPassengerData: true, reviewed: true }),
      ],
      expected: [{ kind: 'passengers', bookingId: 'b1', tourName: 'Japón esencial', date: '2027-03-24' }],
    },
    {
      name: 'a confirmed trip back home without a review, newest first; reviewed or canceled ones ask nothing',
      trips: [
        trip({ id: 'b1', dayOne: '2026-05-01', returnDate: '2026-05-10' }),
        trip({ id: 'b2', dayOne: '2026-10-01', returnDate: '2026-10-10' }),
        trip({ id: 'b3', dayOne: '2026-09-01', returnDate: '2026-09-10', reviewed: true }),
        trip({ id: 'b4', dayOne: '2026-08-01', returnDate: '2026-08-10', status: 'CANCELED' }),
      ],
      expected: [
        { kind: 'review', bookingId: 'b2', tourName: 'Japón esencial', date: '2026-10-10' },
        { kind: 'review', bookingId: 'b1', tourName: 'Japón esencial', date: '2026-05-10' },
      ],
    },
    {
      name: 'a canceled trip asks nothing, even with money or data missing',
      trips: [trip({ status: 'CANCELED', dueCents: 500, missingPassengerData: true })],
      expected: [],
    },
    {
      name: 'balances before passenger data before reviews',
      trips: [
        trip({ id: 'r', dayOne: '2026-10-01', returnDate: '2026-10-10' }),
        trip({ id: 'p', missingPassengerData: true }),
        trip({ id: 'm', dueCents: 100 }),
      ],
      expected: [
        expect.objectContaining({ kind: 'balance', bookingId: 'm' }),
        expect.objectContaining({ kind: 'passengers', bookingId: 'p' }),
        expect.objectContaining({ kind: 'review', bookingId: 'r' }),
      ],
    },
  ])('$name', ({ trips, expected }) => {
    expect(findPending(trips, TODAY)).toEqual(expected);
  });
});

describe('findNextTrip', () => {
  it.each([
    { name: 'none', trips: [], expected: null },
    {
      name: 'the soonest not canceled',
      trips: [trip({ id: 'a', dayOne: '2027-05-01' }), trip({ id: 'b', dayOne: '2027-02-01' }), trip({ id: 'c', dayOne: '2027-01-01', status: 'CANCELED' })],
      expected: 'b',
    },
    {
      name: 'leaving today counts; started yesterday does not',
      trips: [trip({ id: 'a', dayOne: TODAY }), trip({ id: 'b', dayOne: '2026-11-30' })],
      expected: 'a',
    },
  ])('$name', ({ trips, expected }) => {
    expect(findNextTrip(trips, TODAY)?.id ?? null).toBe(expected);
  });
});
