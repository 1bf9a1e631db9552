/**
 * The seats a booking takes (DESIGN.md, Seats): on the departure, on a real flight, on each chosen activity,
 * and rooms per reservation mode. The API holds exactly these; the customise step uses the same counts to
 * offer only the rooms and activities that are left, so a choice the screen allows is one the hold can take.
 */
import { NO_OPTIONAL_ACTIVITY_ID } from '../constants.ts';
import { isNoFlight } from './flights.ts';

/** In the order holds take them, so concurrent holds lock rows in the same order and cannot deadlock. */
export const SEAT_RESOURCE_TYPES = ['period', 'flight', 'optional_activity', 'reservation_mode'] as const;
export type SeatResourceType = (typeof SEAT_RESOURCE_TYPES)[number];

export interface SeatNeed {
  resourceType: SeatResourceType;
  /** The row id of the period, flight, optional activity or reservation mode. */
  resourceId: string;
  quantity: number;
}

/** What of a departure the seats depend on: row ids and what travellers select (`activityId`). */
export interface SeatOffer {
  periodId: string;
  /** The name tells 'sin vuelo', which takes no seats. */
  flights: readonly { id: string; name: string }[];
  reservationModes: readonly { id: string; activityId: string; places: number }[];
  /** Bookable activities and packs: the optional-activity rows whose seats each takes (a pack: its members). */
  activities: readonly { activityId: string; seatActivityIds: readonly string[] }[];
}

export interface SeatTraveller {
  optionalActivities: readonly string[];
  reservationMode: string | null;
}

/**
 * Rooms of one mode for the travellers in it: travellers divided by its places, rounded up (two travellers in
 * a double take one room; the spec names `places` and `availability` only, this is our reading).
 *
 * @example roomsNeeded({ travellers: 3, places: 2 }) // 2
 */
export function roomsNeeded({ travellers, places }: { travellers: number; places: number }): number {
  return travellers <= 0 ? 0 : Math.ceil(travellers / Math.max(1, places));
}

const order = (type: SeatResourceType) => SEAT_RESOURCE_TYPES.indexOf(type);

/** Sorts needs or holds by type, then id: the one order in which seats are taken and given back. */
export function inSeatOrder<T extends { resourceType: string; resourceId: string }>(items: readonly T[]): T[] {
  return items.toSorted(
    (a, b) => order(a.resourceType as SeatResourceType) - order(b.resourceType as SeatResourceType) || a.resourceId.localeCompare(b.resourceId),
  );
}

/**
 * The seats a booking takes: one per traveller on the period and on a real flight ('sin vuelo' takes none),
 * one per traveller on each chosen activity (a pack: on each member), and `roomsNeeded` per reservation mode.
 */
export function computeSeatNeeds(offer: SeatOffer, { travellers, flightId }: { travellers: readonly SeatTraveller[]; flightId: string | null }): SeatNeed[] {
  const count = travellers.length;
  const needs = new Map<string, SeatNeed>();
  const add = (resourceType: SeatResourceType, resourceId: string, quantity: number) => {
    const key = `${resourceType}:${resourceId}`;
    const need = needs.get(key) ?? { resourceType, resourceId, quantity: 0 };
    need.quantity += quantity;
    needs.set(key, need);
  };
  if (count > 0) add('period', offer.periodId, count);
  const flight = offer.flights.find((f) => f.id === flightId);
  if (flight && !isNoFlight(flight) && count > 0) add('flight', flight.id, count);
  const inMode = new Map<string, number>();
  for (const traveller of travellers) {
    for (const activityId of new Set(traveller.optionalActivities)) {
      if (activityId === NO_OPTIONAL_ACTIVITY_ID) continue;
      for (const rowId of offer.activities.find((a) => a.activityId === activityId)?.seatActivityIds ?? []) add('optional_activity', rowId, 1);
    }
    const mode = offer.reservationModes.find((m) => m.activityId === traveller.reservationMode);
    if (mode) inMode.set(mode.id, (inMode.get(mode.id) ?? 0) + 1);
  }
  for (const mode of offer.reservationModes) {
    const rooms = roomsNeeded({ travellers: inMode.get(mode.id) ?? 0, places: mode.places });
    if (rooms > 0) add('reservation_mode', mode.id, rooms);
  }
  return inSeatOrder([...needs.values()]);
}

/**
 * The needs that grew from `before` to `after` beyond what is left (`available`, by `type:id`; a resource
 * not listed has no limit). A choice that asks for no more than it had is never refused, even when others
 * have since taken the rest.
 */
export function findSeatShortages({
  before,
  after,
  available,
}: {
  before: readonly SeatNeed[];
  after: readonly SeatNeed[];
  available: ReadonlyMap<string, number>;
}): SeatNeed[] {
  const key = (need: SeatNeed) => `${need.resourceType}:${need.resourceId}`;
  const had = new Map(before.map((need) => [key(need), need.quantity]));
  return after.filter((need) => {
    const left = available.get(key(need));
    return left !== undefined && need.quantity > (had.get(key(need)) ?? 0) && need.quantity > left;
  });
}

export const NO_SEATS_MESSAGE = 'Ya no quedan plazas suficientes para esta salida.';

/**
 * Why a booking cannot take a resource's seats, naming the option that is short (a room type, an activity, a
 * flight) so the traveller changes that option rather than the date; `field` says which choice to change.
 */
export function seatShortage({ resourceType, name }: { resourceType: SeatResourceType; name: string | null }): {
  message: string;
  field: 'periodId' | 'flightId' | 'optionalActivities' | 'reservationMode';
} {
  switch (resourceType) {
    case 'period':
      return { message: NO_SEATS_MESSAGE, field: 'periodId' };
    case 'flight':
      return { message: `Ya no quedan plazas suficientes en el vuelo «${name ?? 'elegido'}». Elige otro vuelo.`, field: 'flightId' };
    case 'optional_activity':
      return {
        message: `Ya no quedan plazas suficientes en «${name ?? 'la actividad elegida'}». Quítala a algún viajero o elige otra actividad.`,
        field: 'optionalActivities',
      };
    case 'reservation_mode':
      return {
        message: `Ya no quedan habitaciones «${name ?? 'del tipo elegido'}» suficientes en esta salida. Elige otro tipo de habitación para algún viajero.`,
        field: 'reservationMode',
      };
  }
}

/**
 * Whether a traveller may pick a room type: the rooms the booking would need with them in it, counting the
 * other travellers' picks, fit in what is left. The room they already have is always theirs to keep.
 */
export function canPickRoom({
  mode,
  travellers,
  travellerId,
}: {
  mode: { activityId: string; places: number; availability: number };
  travellers: readonly (SeatTraveller & { id: string })[];
  travellerId: string;
}): boolean {
  const others = travellers.filter((t) => t.id !== travellerId && t.reservationMode === mode.activityId).length;
  if (travellers.some((t) => t.id === travellerId && t.reservationMode === mode.activityId)) return true;
  return roomsNeeded({ travellers: others + 1, places: mode.places }) <= mode.availability;
}

/** Whether a traveller may add an activity: the booking's travellers already on it leave a seat for one more. */
export function canPickActivity({
  activity,
  travellers,
  travellerId,
}: {
  activity: { activityId: string; availability: number };
  travellers: readonly (SeatTraveller & { id: string })[];
  travellerId: string;
}): boolean {
  const on = (t: SeatTraveller) => t.optionalActivities.includes(activity.activityId);
  if (travellers.some((t) => t.id === travellerId && on(t))) return true;
  return travellers.filter(on).length < activity.availability;
}
