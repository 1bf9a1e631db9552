import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../enums.ts';
import { activitiesToReview, isFeedbackMailDue, isReviewDue, type ReviewableActivity, reviewerName, reviewStatusOf } from './reviews.ts';

const TODAY = '2026-12-01';

describe('isReviewDue: a CONFIRMED trip whose return date has passed', () => {
  it.each<[string, BookingStatus, string, boolean]>([
    ['back yesterday', 'CONFIRMED', '2026-11-30', true],
    ['back a year ago', 'CONFIRMED', '2025-12-01', true],
    ['coming back today: not yet', 'CONFIRMED', TODAY, false],
    ['still ahead', 'CONFIRMED', '2027-03-01', false],
    ['canceled', 'CANCELED', '2026-11-20', false],
    ['a transfer still to arrive', 'WAITING_FOR_TRANSFER', '2026-11-20', false],
    ['a payment in review', 'PAYPAL_REVIEW', '2026-11-20', false],
  ])('%s', (_name, status, returnDate, expected) => {
    expect(isReviewDue({ status, returnDate, today: TODAY })).toBe(expected);
  });
});

describe('isFeedbackMailDue: from the day after the return, for 30 days, only CONFIRMED', () => {
  it.each<[string, BookingStatus, string, boolean]>([
    ['coming back today', 'CONFIRMED', TODAY, false],
    ['back yesterday: "the day after a trip\'s return"', 'CONFIRMED', '2026-11-30', true],
    ['back 30 days ago: the last day a late job still sends it', 'CONFIRMED', '2026-11-01', true],
    ['back 31 days ago: too late for a mail', 'CONFIRMED', '2026-10-31', false],
    ['canceled', 'CANCELED', '2026-11-30', false],
    ['never paid (still in the funnel)', 'IN_PROGRESS', '2026-11-30', false],
    ['waiting for a transfer', 'WAITING_FOR_TRANSFER', '2026-11-30', false],
  ])('%s', (_name, status, returnDate, expected) => {
    expect(isFeedbackMailDue({ status, returnDate, today: TODAY })).toBe(expected);
  });
});

describe('activitiesToReview', () => {
  const activity = (activityId: string, over: Partial<ReviewableActivity> = {}): ReviewableActivity => ({
    id: `oa-${activityId}`,
    activityId,
    name: activityId,
    productType: null,
    subtype: null,
    ...over,
  });
  const tea = activity('TEA');
  const hike = activity('HIKE');
  const museum = activity('MUSEUM');
  const insurance = activity('SEG', { productType: 'Seguros' });
  const car = activity('CAR', { subtype: 'Rental car' });
  const all = [tea, hike, museum, insurance, car];
  it.each([
    { name: 'nobody took anything (the entries say "0")', booked: [['0'], ['0']], packs: [], expected: [] },
    { name: 'what one traveller took, once however many took it', booked: [['TEA', 'SEG'], ['TEA']], packs: [], expected: [tea] },
    { name: 'in the order the departure lists them', booked: [['MUSEUM'], ['TEA']], packs: [], expected: [tea, museum] },
    { name: 'insurance and a rental car are never asked about', booked: [['SEG', 'CAR']], packs: [], expected: [] },
    {
      name: 'a pack stands for its member activities',
      booked: [['PACK']],
      packs: [{ activityId: 'PACK', multipleActivityIds: 'HIKE, MUSEUM' }],
      expected: [hike, museum],
    },
    { name: 'a pack nobody took adds nothing', booked: [['TEA']], packs: [{ activityId: 'PACK', multipleActivityIds: 'HIKE' }], expected: [tea] },
    { name: 'an id the departure does not offer is ignored', booked: [['GONE']], packs: [], expected: [] },
  ])('$name', ({ booked, packs, expected }) => {
    expect(activitiesToReview({ booked, activities: all, packs })).toEqual(expected);
  });
});

describe('reviewStatusOf: what the author is told', () => {
  it.each([
    { status: 'DRAFT', tourViewable: true, expected: 'pending' },
    { status: 'DRAFT', tourViewable: false, expected: 'pending' },
    { status: 'ACTIVE', tourViewable: true, expected: 'published' },
    { status: 'ACTIVE', tourViewable: false, expected: 'hidden' },
    { status: 'INACTIVE', tourViewable: true, expected: 'hidden' },
    { status: 'UNPUBLISHED', tourViewable: true, expected: 'hidden' },
    { status: 'DELETED', tourViewable: true, expected: 'hidden' },
  ])('$status, shown on the tour page: $tourViewable → $expected', ({ status, tourViewable, expected }) => {
    expect(reviewStatusOf({ status, tourViewable })).toBe(expected);
  });
});

describe('reviewerName: first name and the initial of the surname', () => {
  it.each([
    { name: 'Lucía', surname: 'Ramírez Ortega', expected: 'Lucía R.' },
    { name: ' lucía  maría ', surname: ' álvarez', expected: 'Lucía Á.' },
    { name: 'Jon', surname: null, expected: 'Jon' },
    { name: '', surname: 'García', expected: 'Viajero' },
    { name: null, surname: null, expected: 'Viajero' },
  ])('$name $surname → $expected', ({ name, surname, expected }) => {
    expect(reviewerName({ name, surname })).toBe(expected);
  });
});
