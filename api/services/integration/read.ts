/**
 * What servers read with an API key (issue 33, part 4; docs/integration.md): bookings and travellers changed
 * since a moment, oldest change first, a page at a time, and one booking with its travellers. Money in cents,
 * dates in ISO 8601, as the rest of the API.
 */
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { bookingTrips } from '../bookings/queries.ts';
import { parseExtraIds, parseTravellers } from '../bookings/records.ts';
import { readPage } from '../kit/paged-query.ts';

export const API_PAGE_SIZE = 100;

const paid = (db: Db) =>
  db
    .selectFrom('payments')
    .select((eb) => ['bookingId', eb.fn.sum<number>('amountCents').as('paidCents')])
    .where('status', '=', 'CONFIRMED')
    .groupBy('bookingId');

const BOOKING_COLUMNS = [
  'bookings.id',
  'bookings.differentId',
  'bookings.tkId',
  'bookings.status',
  'bookings.travelerId',
  'bookings.retailerId',
  'bookings.retailerReference',
  'bookings.priceCents',
  'bookings.createdAt',
  'bookings.updatedAt',
  'tours.id as tourId',
  'tours.name as tourName',
  'periods.id as periodId',
  'periods.dayOne',
  'periods.returnDate',
  'p.paidCents',
] as const;

type BookingRow = {
  id: string;
  differentId: string;
  tkId: string | null;
  status: string;
  travelerId: string | null;
  retailerId: string | null;
  retailerReference: string | null;
  priceCents: number;
  createdAt: string;
  updatedAt: string;
  tourId: string;
  tourName: string;
  periodId: string;
  dayOne: string;
  returnDate: string;
  paidCents: number | string | null;
};

const toApiBooking = (r: BookingRow) => ({
  id: r.id,
  reference: r.tkId ?? r.differentId,
  differentId: r.differentId,
  tkId: r.tkId,
  status: r.status,
  travelerId: r.travelerId,
  agency: r.retailerId ? { id: r.retailerId, reference: r.retailerReference } : null,
  tour: { id: r.tourId, name: r.tourName },
  departure: { id: r.periodId, dayOne: r.dayOne, returnDate: r.returnDate },
  totalCents: Number(r.priceCents),
  paidCents: Number(r.paidCents ?? 0),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

interface ListQuery {
  since?: string;
  after?: string;
  page: number;
}

/** Changed after `since`, or at `since` with an id after `after` (reading on from the last row of a page). */
function changedSince<Q>(query: Q, { since, after, table }: { since?: string; after?: string; table: 'bookings' | 'travelers' }): Q {
  if (since === undefined) return query;
  const at = new Date(since).toISOString();
  const updated = `${table}.updatedAt`;
  const id = `${table}.id`;
  // biome-ignore lint/suspicious/noExplicitAny: one filter for two tables' query builders, typed again by the caller.
  const q = query as any;
  return (
    after === undefined
      ? q.where(updated, '>', at)
      : // biome-ignore lint/suspicious/noExplicitAny: the expression builder of either table.
        q.where((eb: any) => eb.or([eb(updated, '>', at), eb.and([eb(updated, '=', at), eb(id, '>', after)])]))
  ) as Q;
}

export async function listApiBookings(db: Db, { since, after, page }: ListQuery) {
  const answer = await readPage(
    () => changedSince(bookingTrips(db).leftJoin(paid(db).as('p'), 'p.bookingId', 'bookings.id'), { since, after, table: 'bookings' }),
    (q) =>
      q
        .select([...BOOKING_COLUMNS])
        .orderBy('bookings.updatedAt')
        .orderBy('bookings.id'),
    { page, pageSize: API_PAGE_SIZE },
  );
  return { ...answer, rows: (answer.rows as BookingRow[]).map(toApiBooking) };
}

/** One booking with its travellers as they were entered (the fields the booking form asks). */
export async function apiBooking(db: Db, id: string) {
  const row = await bookingTrips(db)
    .leftJoin(paid(db).as('p'), 'p.bookingId', 'bookings.id')
    .select([...BOOKING_COLUMNS, 'bookings.travelersStringify', 'bookings.extraIds'])
    .where('bookings.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Esa reserva no existe.');
  const travellers = parseTravellers(row.travelersStringify).map((t) => ({
    ageGroup: t.ageGroup,
    lead: t.lead,
    fields: t.reservationFields,
  }));
  const extraIds = parseExtraIds(row.extraIds);
  const extras = extraIds.length
    ? await db.selectFrom('tourExtras').select(['id', 'name', 'amountCents', 'basis']).where('id', 'in', extraIds).orderBy('position').execute()
    : [];
  return { ...toApiBooking(row as BookingRow), travellers, extras };
}

export async function listApiTravelers(db: Db, { since, after, page }: ListQuery) {
  const answer = await readPage(
    () => changedSince(db.selectFrom('travelers'), { since, after, table: 'travelers' }),
    (q) =>
      q
        .select(['travelers.id', 'travelers.name', 'travelers.surname', 'travelers.email', 'travelers.phone', 'travelers.createdAt', 'travelers.updatedAt'])
        .orderBy('travelers.updatedAt')
        .orderBy('travelers.id'),
    { page, pageSize: API_PAGE_SIZE },
  );
  return answer;
}
