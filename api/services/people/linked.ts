/**
 * What belongs to a traveller, read the same way by the back office, the personal-data export and the
 * erasure: the bookings they hold (`bookings.traveler_id`, the lead contact's traveller) or travel on
 * (`booking_travelers`), which passenger entries of those bookings are this person, and their account.
 */
import { bookingTrips } from '../bookings/queries.ts';
import type { BookingTravelerEntry } from '#shared/entities/index.ts';
import type { Db } from '../../db/database.ts';
import type { TravelerRow, UserRow } from '../../db/tables.ts';
import { notFound } from '../../errors.ts';
import type { Trx } from '../../db/database.ts';

export const travelerNotFound = () => notFound('No encontramos ese viajero.');

export async function findTraveler(db: Db | Trx, id: string): Promise<TravelerRow> {
  const row = await db.selectFrom('travelers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw travelerNotFound();
  return row;
}

/** The account that books as this traveller, if any (the one linked most recently wins a tie). */
export function accountOf(db: Db | Trx, travelerId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('travelerId', '=', travelerId).orderBy('createdAt', 'desc').orderBy('id').executeTakeFirst();
}

/** Bookings the traveller holds or travels on, with their trip and what was paid, newest first. */
export function linkedBookings(db: Db | Trx, travelerId: string) {
  return linkedBookingsQuery(db, travelerId).execute();
}

/** The query behind `linkedBookings`, for callers that read more of each booking or narrow it. */
export function linkedBookingsQuery(db: Db | Trx, travelerId: string) {
  return bookingTrips(db)
    .select((eb) => [
      'bookings.id',
      'bookings.differentId',
      'bookings.tkId',
      'bookings.status',
      'bookings.travelerId',
      'bookings.budgetName',
      'bookings.budgetPath',
      'bookings.priceCents',
      'bookings.travelersStringify',
      'bookings.createdAt',
      'bookings.updatedAt',
      'tours.name as tourName',
      'periods.dayOne',
      'periods.returnDate',
      eb
        .selectFrom('payments')
        .select((p) => p.fn.sum<number>('payments.amountCents').as('paid'))
        .whereRef('payments.bookingId', '=', 'bookings.id')
        .where('payments.status', '=', 'CONFIRMED')
        .as('paidCents'),
    ])
    .where((eb) =>
      eb.or([
        eb('bookings.travelerId', '=', travelerId),
        eb('bookings.id', 'in', eb.selectFrom('bookingTravelers').select('bookingTravelers.bookingId').where('bookingTravelers.travelerId', '=', travelerId)),
      ]),
    )
    .orderBy('bookings.createdAt', 'desc')
    .orderBy('bookings.id');
}

/** What identifies a person among a booking's passenger entries. */
export interface PersonKeys {
  email: string | null;
  dni: string | null;
  passportId: string | null;
}

const compact = (value: string | undefined | null) => (value ?? '').replace(/[\s-]/g, '').toUpperCase();

/**
 * Whether a passenger entry is this person: the lead entry of a booking they hold (its contact is
 * them), or an entry with their e-mail, DNI/NIE or passport.
 */
export function isEntryOf(entry: Pick<BookingTravelerEntry, 'lead' | 'reservationFields'>, person: PersonKeys, { holder }: { holder: boolean }): boolean {
  if (holder && entry.lead) return true;
  const fields = entry.reservationFields;
  const email = fields['email']?.trim().toLowerCase();
  if (email && person.email && email === person.email.toLowerCase()) return true;
  const document = compact(fields['national_id']);
  if (document && document === compact(person.dni)) return true;
  const passport = compact(fields['passport']);
  return passport !== '' && passport === compact(person.passportId);
}
