/** The booking working state's travellers, random ids, and which travellers are saved. */
import {
  ADULT_AGE_GROUP,
  DEFAULT_OPTIONAL_ACTIVITIES,
  DEFAULT_TRAVELER_CATEGORY,
  DIFFERENT_ID_MAX,
  DIFFERENT_ID_MIN,
  INITIAL_ADULTS,
  INITIAL_CHILDREN,
  TRAVELER_ID_MAX,
  TRAVELER_ID_MIN,
} from '../constants.ts';
import type { BookingTravelerEntry, BookingWorkingState } from '../entities/index.ts';
import { isValidEmail } from './validation.ts';

/** A source of numbers in [0, 1), such as Math.random; injected so tests are deterministic. */
export type RandomSource = () => number;

function randomIntegerInRange({ random, min, max }: { random: RandomSource; min: number; max: number }): number {
  const span = max - min + 1;
  return min + Math.min(span - 1, Math.max(0, Math.floor(random() * span)));
}

/**
 * Booking.differentId: "random 6-digit string, 100000 to 999999".
 *
 * @example generateDifferentId(() => 0) // '100000'
 */
export function generateDifferentId(random: RandomSource): string {
  return String(randomIntegerInRange({ random, min: DIFFERENT_ID_MIN, max: DIFFERENT_ID_MAX }));
}

/**
 * A traveller entry id: "random 3-digit string, 100 to 999", not already in `taken`. After a few clashing
 * draws it takes the lowest free id, so a poor random source cannot loop forever.
 */
export function generateTravellerId({ random, taken }: { random: RandomSource; taken: ReadonlySet<string> }): string {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const id = String(randomIntegerInRange({ random, min: TRAVELER_ID_MIN, max: TRAVELER_ID_MAX }));
    if (!taken.has(id)) return id;
  }
  for (let n = TRAVELER_ID_MIN; n <= TRAVELER_ID_MAX; n += 1) {
    if (!taken.has(String(n))) return String(n);
  }
  throw new RangeError('No free 3-digit traveller id is left');
}

/** A new traveller entry with the working state's defaults. */
export function createTravellerEntry({ id, ageGroup }: { id: string; ageGroup: string }): BookingTravelerEntry {
  return {
    id,
    ageGroup,
    category: DEFAULT_TRAVELER_CATEGORY,
    lead: false,
    optionalActivities: [...DEFAULT_OPTIONAL_ACTIVITIES],
    reservationFields: {},
    reservationMode: null,
    departureFlightActivityId: null,
    departureServiceCombinationId: null,
    returnFlightActivityId: null,
    returnServiceCombinationId: null,
  };
}

/**
 * "Setting travelers per age group creates or removes entries to match the requested count, sorts adults first
 * and marks the first as lead."
 *
 * Entries of other age groups are kept. Extra entries of the age group are removed from the end, so what was
 * typed for the first ones survives. New entries get unique 3-digit ids and the defaults ('Standard
 * category', optional activities ['0'], no reservation fields). The sort is stable; only the first is lead.
 */
export function setTravellersForAgeGroup({
  travellers,
  ageGroup,
  count,
  random,
}: {
  travellers: readonly BookingTravelerEntry[];
  ageGroup: string;
  count: number;
  random: RandomSource;
}): BookingTravelerEntry[] {
  const wanted = Math.max(0, Math.trunc(count));
  const ofGroup = travellers.filter((traveller) => traveller.ageGroup === ageGroup);
  const dropped = new Set(ofGroup.slice(wanted));
  const taken = new Set(travellers.map((traveller) => traveller.id));
  const added: BookingTravelerEntry[] = [];
  for (let n = ofGroup.length; n < wanted; n += 1) {
    const id = generateTravellerId({ random, taken });
    taken.add(id);
    added.push(createTravellerEntry({ id, ageGroup }));
  }
  const all = [...travellers.filter((traveller) => !dropped.has(traveller)), ...added];
  const sorted = [...all.filter((traveller) => traveller.ageGroup === ADULT_AGE_GROUP), ...all.filter((traveller) => traveller.ageGroup !== ADULT_AGE_GROUP)];
  return sorted.map((traveller, index) => ({ ...traveller, lead: index === 0 }));
}

/** "Booking working state: initial values are 1 adult, 0 children and no travelers." */
export function initialBookingWorkingState(): BookingWorkingState {
  return {
    adults: INITIAL_ADULTS,
    children: INITIAL_CHILDREN,
    travelers: [],
    selectedPeriodId: null,
    selectedFlightId: null,
    selectedTripType: null,
    noFlight: false,
    loading: false,
    fetchSuccess: false,
  };
}

/** "Only travellers with a valid email are saved as booking travelers." The email is reservationFields.email. */
export function selectTravellersToSave<T extends Pick<BookingTravelerEntry, 'reservationFields'>>(travellers: readonly T[]): T[] {
  return travellers.filter((traveller) => isValidEmail(traveller.reservationFields['email'] ?? ''));
}

/** How many entries each age group has. */
export function countTravellersByAgeGroup(travellers: readonly Pick<BookingTravelerEntry, 'ageGroup'>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const traveller of travellers) counts[traveller.ageGroup] = (counts[traveller.ageGroup] ?? 0) + 1;
  return counts;
}

/**
 * How the funnel names a traveller: their name once the passengers step has it, else 'Adulto 1', 'Niño 2'
 * (numbered within their age group, in booking order).
 */
export function formatTravellerLabel(
  traveller: Pick<BookingTravelerEntry, 'id' | 'ageGroup' | 'reservationFields'>,
  all: readonly Pick<BookingTravelerEntry, 'id' | 'ageGroup'>[],
): string {
  const name = traveller.reservationFields['name'];
  if (name) return name;
  const ofGroup = all.filter((t) => t.ageGroup === traveller.ageGroup);
  return `${traveller.ageGroup === ADULT_AGE_GROUP ? 'Adulto' : 'Niño'} ${ofGroup.findIndex((t) => t.id === traveller.id) + 1}`;
}

/** The booking's lead traveller: the one marked lead, else the first. */
export function findLeadTraveller<T extends Pick<BookingTravelerEntry, 'lead'>>(travellers: readonly T[]): T | undefined {
  return travellers.find((t) => t.lead) ?? travellers[0];
}

/** 'Ana García López' from a traveller's fields; '' when neither name nor surname is known. */
export function formatFullName(fields: Readonly<Record<string, string | undefined>>): string {
  return [fields['name'], fields['surname']]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
