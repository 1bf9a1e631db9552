/**
 * Small pieces every booking service shares: the transaction type, the booking as services read it (its row
 * mapped once, where it is read), stored travellers, status records, errors.
 */
import { randomUUID } from 'node:crypto';
import type { BookingTravelerEntry } from '#shared/entities/index.ts';
import type { BookingStatus } from '#shared/enums.ts';
import { parseRoommates, type RoommateGroup } from '#shared/rules/passengers.ts';
import type { Trx } from '../../db/database.ts';
import type { BookingRow } from '../../db/tables.ts';
import { AppError, notFound } from '../../errors.ts';

export const bookingNotFound = () => notFound('No encontramos esa reserva.');
export const bookingLocked = () => new AppError('CONFLICT', 'Esta reserva ya no se puede modificar.');

/**
 * A booking as use cases and routes handle it: the row with its JSON columns read (travellers, roommates)
 * and its status typed. Rows become bookings where they are read (`toBooking`), so no caller parses a
 * column or casts a status again.
 */
export interface Booking extends Omit<BookingRow, 'status' | 'travelersStringify' | 'roommates' | 'extraIds'> {
  status: BookingStatus;
  travellers: BookingTravelerEntry[];
  roommates: RoommateGroup[];
  /** The tour extras chosen for the whole booking (`tour_extras` ids). */
  extraIds: string[];
}

export function toBooking(row: BookingRow): Booking {
  const { travelersStringify, roommates, status, extraIds, ...rest } = row;
  return { ...rest, status, travellers: parseTravellers(travelersStringify), roommates: parseRoommates(roommates), extraIds: parseExtraIds(extraIds) };
}

/** Booking.extraIds as stored (a JSON array of ids); anything else reads as none. */
export function parseExtraIds(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** A traveller entry as Booking.travelersStringify stores it: the spec's field names (the seed writes the same). */
interface StoredTravellerEntry {
  id: string;
  age_group: string;
  category: string;
  lead: boolean;
  optional_activities: string[];
  reservation_fields: Record<string, string>;
  reservation_mode: string | null;
  departure_flight_activity: string | null;
  departure_service_combination: string | null;
  return_flight_activity: string | null;
  return_service_combination: string | null;
}

/** Booking.travelersStringify for a list of entries. */
export function stringifyTravellers(travellers: readonly BookingTravelerEntry[]): string {
  return JSON.stringify(
    travellers.map(
      (t): StoredTravellerEntry => ({
        id: t.id,
        age_group: t.ageGroup,
        category: t.category,
        lead: t.lead,
        optional_activities: t.optionalActivities,
        reservation_fields: t.reservationFields,
        reservation_mode: t.reservationMode,
        departure_flight_activity: t.departureFlightActivityId,
        departure_service_combination: t.departureServiceCombinationId,
        return_flight_activity: t.returnFlightActivityId,
        return_service_combination: t.returnServiceCombinationId,
      }),
    ),
  );
}

/**
 * The travellers of a booking as stored, as domain entries. Entries written in the entity's own camelCase
 * are read too; a row that cannot be read has none rather than failing the funnel.
 */
export function parseTravellers(travelersStringify: string): BookingTravelerEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(travelersStringify);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((raw: unknown): BookingTravelerEntry[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const e = raw as Record<string, unknown>;
    const pick = (snake: string, camel: string) => e[snake] ?? e[camel] ?? null;
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const ageGroup = text(pick('age_group', 'ageGroup'));
    if (ageGroup === null) return [];
    const activities = pick('optional_activities', 'optionalActivities');
    const fields = pick('reservation_fields', 'reservationFields');
    return [
      {
        id: String(e['id'] ?? ''),
        ageGroup,
        category: text(e['category']) ?? 'Standard category',
        lead: e['lead'] === true,
        optionalActivities: Array.isArray(activities) ? activities.map(String) : ['0'],
        reservationFields:
          typeof fields === 'object' && fields !== null
            ? (Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === 'string' && v !== '')) as Record<string, string>)
            : {},
        reservationMode: text(pick('reservation_mode', 'reservationMode')),
        departureFlightActivityId: text(pick('departure_flight_activity', 'departureFlightActivityId')),
        departureServiceCombinationId: text(pick('departure_service_combination', 'departureServiceCombinationId')),
        returnFlightActivityId: text(pick('return_flight_activity', 'returnFlightActivityId')),
        returnServiceCombinationId: text(pick('return_service_combination', 'returnServiceCombinationId')),
      },
    ];
  });
}

/** Records a state change with who and why (DESIGN.md: "Every transition is recorded with who, when and why"). */
export async function recordStatusChange(
  trx: Trx,
  {
    bookingId,
    from,
    to,
    by,
    reason,
    now,
  }: { bookingId: string; from: BookingStatus | null; to: BookingStatus; by: string | null; reason: string; now: string },
): Promise<void> {
  await trx
    .insertInto('bookingStatusChanges')
    .values({ id: randomUUID(), bookingId, fromStatus: from, toStatus: to, changedBy: by, reason, createdAt: now })
    .execute();
}
