import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, type BookingStatus } from '../enums.ts';
import { BOOKING_TRANSITIONS, planTransition } from './booking-states.ts';

// DESIGN.md §3, written out by hand so that a change to the table has to change this too.
const ALLOWED: [BookingStatus, BookingStatus][] = [
  ['IN_PROGRESS', 'CONFIRMED'],
  ['IN_PROGRESS', 'WAITING_FOR_TRANSFER'],
  ['IN_PROGRESS', 'PAYPAL_REVIEW'],
  ['IN_PROGRESS', 'CANCELED'],
  ['WAITING_FOR_TRANSFER', 'CONFIRMED'],
  ['WAITING_FOR_TRANSFER', 'CANCELED'],
  ['PAYPAL_REVIEW', 'CONFIRMED'],
  ['PAYPAL_REVIEW', 'CANCELED'],
  ['CONFIRMED', 'CANCELED'],
];

it("the table is DESIGN.md's, exactly", () => {
  const table = Object.entries(BOOKING_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => [from, to]));
  expect(table.sort()).toEqual([...ALLOWED].sort());
});

const every = BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.map((to) => [from, to] as const));
const expected = (from: BookingStatus, to: BookingStatus) =>
  from === 'CONFIRMED' && to === 'CONFIRMED' ? 'unchanged' : ALLOWED.some(([f, t]) => f === from && t === to) ? 'transition' : 'forbidden';

describe('planTransition', () => {
  it.each(every)('%s → %s', (from, to) => {
    expect(planTransition(from, to)).toBe(expected(from, to));
  });

  it('CANCELED is final: nothing leaves it, not even to itself', () => {
    expect(BOOKING_STATUSES.map((to) => planTransition('CANCELED', to))).toEqual(BOOKING_STATUSES.map(() => 'forbidden'));
  });
});
