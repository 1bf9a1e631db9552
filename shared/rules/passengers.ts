/**
 * The passengers step: what each traveller must give before paying, ages consistent with the age group,
 * and who shares a room. The spec names the fields and the age groups but not the age limit or which
 * fields are required; our reading is in docs/decisions/008-booking-funnel.md.
 */
import { ADULT_AGE_GROUP, CHILD_AGE_GROUP } from '../constants.ts';
import type { BookingTravelerEntry } from '../entities/index.ts';
import { isIsoDate } from './dates.ts';
import { isValidEmail, isValidNationalId } from './validation.ts';

/** A 'Niños' traveller is under this age on the departure day; an 'Adultos' one is this age or older. */
export const CHILD_AGE_LIMIT = 12;

export const PASSENGER_MESSAGES = {
  name: 'Indica el nombre',
  surname: 'Indica los apellidos',
  birthdate: 'Indica la fecha de nacimiento',
  birthdateFuture: 'La fecha de nacimiento no puede ser posterior a hoy',
  adultAge: `Un adulto debe tener ${CHILD_AGE_LIMIT} años o más el día de la salida`,
  childAge: `Un niño debe tener menos de ${CHILD_AGE_LIMIT} años el día de la salida`,
  document: 'Indica el DNI/NIE o el pasaporte',
  email: 'Indica un correo electrónico válido',
  phone: 'Indica un teléfono de contacto',
  roommateMode: 'Quienes comparten habitación deben tener el mismo tipo de habitación',
  roommateSize: 'En esa habitación no caben tantas personas',
  roommateTwice: 'Cada viajero solo puede estar en una habitación',
  roommateUnknown: 'Ese viajero no pertenece a esta reserva',
} as const;

/** Whole years between a birthdate and a day, both 'YYYY-MM-DD' (a birthday on the day counts). */
export function ageOn({ birthdate, date }: { birthdate: string; date: string }): number {
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Whether a birthdate fits the age group on the departure day: null when it does (or the group has no
 * rule), else the message. A birthdate after `today` is refused whatever the group.
 */
export function checkAgeGroup({ ageGroup, birthdate, dayOne, today }: { ageGroup: string; birthdate: string; dayOne: string; today: string }): string | null {
  if (birthdate > today) return PASSENGER_MESSAGES.birthdateFuture;
  const age = ageOn({ birthdate, date: dayOne });
  if (ageGroup === ADULT_AGE_GROUP && age < CHILD_AGE_LIMIT) return PASSENGER_MESSAGES.adultAge;
  if (ageGroup === CHILD_AGE_GROUP && age >= CHILD_AGE_LIMIT) return PASSENGER_MESSAGES.childAge;
  return null;
}

type PassengerEntry = Pick<BookingTravelerEntry, 'id' | 'ageGroup' | 'lead' | 'reservationFields'>;

/**
 * What is missing or wrong before a booking can be paid, keyed `travellers.{i}.{field}`: every traveller
 * gives name, surname, birthdate (fitting the age group) and a DNI/NIE or passport; the lead also an
 * e-mail and a phone, as the booking's contact. Other travellers' e-mails are optional (only those with a
 * valid one become booking travellers) but checked when given.
 */
export function findPassengerProblems(travellers: readonly PassengerEntry[], { dayOne, today }: { dayOne: string; today: string }): Record<string, string> {
  const problems: Record<string, string> = {};
  travellers.forEach((t, i) => {
    const f = t.reservationFields;
    const at = (field: string) => `travellers.${i}.${field}`;
    if (!f['name']?.trim()) problems[at('name')] = PASSENGER_MESSAGES.name;
    if (!f['surname']?.trim()) problems[at('surname')] = PASSENGER_MESSAGES.surname;
    const birthdate = f['birthdate'];
    if (!birthdate || !isIsoDate(birthdate)) problems[at('birthdate')] = PASSENGER_MESSAGES.birthdate;
    else {
      const age = checkAgeGroup({ ageGroup: t.ageGroup, birthdate, dayOne, today });
      if (age) problems[at('birthdate')] = age;
    }
    const nationalId = f['national_id'];
    if (!(nationalId && isValidNationalId(nationalId)) && !f['passport']?.trim()) problems[at('national_id')] = PASSENGER_MESSAGES.document;
    const email = f['email'];
    if ((t.lead || email) && !(email && isValidEmail(email))) problems[at('email')] = PASSENGER_MESSAGES.email;
    if (t.lead && !f['phone']?.trim()) problems[at('phone')] = PASSENGER_MESSAGES.phone;
  });
  return problems;
}

/** One room shared by travellers of the same booking (Booking.roommates). */
export interface RoommateGroup {
  travellerIds: string[];
}

/**
 * Checks roommate groups against the travellers' rooms: everyone in a group exists, is in one group only,
 * has the same reservation mode, and the group fits the mode's places. Returns problems keyed
 * `roommates.{i}`; empty when fine.
 */
export function findRoommateProblems(
  groups: readonly RoommateGroup[],
  {
    travellers,
    modes,
  }: { travellers: readonly Pick<BookingTravelerEntry, 'id' | 'reservationMode'>[]; modes: readonly { activityId: string; places: number }[] },
): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [i, group] of groups.entries()) {
    const key = `roommates.${i}`;
    const members = group.travellerIds.map((id) => travellers.find((t) => t.id === id));
    if (members.some((m) => m === undefined)) {
      problems[key] = PASSENGER_MESSAGES.roommateUnknown;
      continue;
    }
    if (group.travellerIds.some((id) => seen.has(id)) || new Set(group.travellerIds).size !== group.travellerIds.length) {
      problems[key] = PASSENGER_MESSAGES.roommateTwice;
      continue;
    }
    for (const id of group.travellerIds) seen.add(id);
    const modeIds = new Set(members.map((m) => m?.reservationMode));
    const mode = modes.find((m) => m.activityId === members[0]?.reservationMode);
    if (modeIds.size !== 1 || mode === undefined) problems[key] = PASSENGER_MESSAGES.roommateMode;
    else if (group.travellerIds.length > mode.places) problems[key] = PASSENGER_MESSAGES.roommateSize;
  }
  return problems;
}

type RoomTraveller = Pick<BookingTravelerEntry, 'id' | 'reservationMode'>;

/**
 * Which room (1, 2, …) each traveller of a mode for several people sleeps in: the stored groups first, in
 * their order, then everyone else filling rooms in booking order. Travellers in single rooms get none.
 *
 * @example assignRooms({ travellers: [a, b, c], roommates: [], modes: [{ activityId: 'DBL', places: 2 }] }) // { a: 1, b: 1, c: 2 }
 */
export function assignRooms({
  travellers,
  roommates,
  modes,
}: {
  travellers: readonly RoomTraveller[];
  roommates: readonly RoommateGroup[];
  modes: readonly { activityId: string; places: number }[];
}): Record<string, number> {
  const rooms: Record<string, number> = {};
  for (const mode of modes.filter((m) => m.places > 1)) {
    const inMode = travellers.filter((t) => t.reservationMode === mode.activityId);
    const groups = roommates.filter((g) => g.travellerIds.every((id) => inMode.some((t) => t.id === id)));
    for (const [i, g] of groups.entries()) for (const id of g.travellerIds) rooms[id] = i + 1;
    let next = groups.length + 1;
    let filled = 0;
    for (const t of inMode) {
      if (rooms[t.id] !== undefined) continue;
      rooms[t.id] = next;
      filled += 1;
      if (filled === mode.places) {
        next += 1;
        filled = 0;
      }
    }
  }
  return rooms;
}

/** The roommate groups (Booking.roommates) of a room assignment: travellers of one mode and room number, two or more. */
export function groupRoommates({ travellers, rooms }: { travellers: readonly RoomTraveller[]; rooms: Readonly<Record<string, number>> }): RoommateGroup[] {
  const byRoom = new Map<string, string[]>();
  for (const t of travellers) {
    const room = rooms[t.id];
    if (room === undefined || t.reservationMode === null) continue;
    const key = `${t.reservationMode}#${room}`;
    byRoom.set(key, [...(byRoom.get(key) ?? []), t.id]);
  }
  return [...byRoom.values()].filter((ids) => ids.length > 1).map((travellerIds) => ({ travellerIds }));
}

/** Reads Booking.roommates; anything unreadable is no groups. */
export function parseRoommates(roommates: string | null): RoommateGroup[] {
  try {
    const parsed: unknown = JSON.parse(roommates ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((g: unknown) => {
      const ids = (g as { travellerIds?: unknown })?.travellerIds;
      return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? [{ travellerIds: ids as string[] }] : [];
    });
  } catch {
    return [];
  }
}
