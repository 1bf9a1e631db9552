/**
 * The catalogue desk (/admin/tours, issue 14): tours found by name or address and filtered by type, status,
 * destination, web publication and bookability, each with its next departures and the seats they sold;
 * and publishing a tour on the web or hiding it (cms-and-backoffice.md §7 POST/DELETE tour), one press one
 * effect, recorded with who and when, the site rebuilt with it.
 */
import { readPage } from '../kit/paged-query.ts';
import {
  ADMIN_TOUR_PAGE_SIZE,
  type AdminTourDeparture,
  type AdminTourListAnswer,
  type AdminTourListQuery,
  type AdminTourRow,
} from '#shared/schemas/admin-tours.ts';
import type { Db, Trx } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { seatsSoldByPeriod } from '../bookings/seat-holds.ts';
import { type Actor, applyOnce, type Change } from '../kit/apply-once.ts';

const NEXT_DEPARTURES = 3;

export const tourNotFound = () => notFound('No encontramos ese viaje.');

/** One press on a tour (its links, its extras), once, recorded on the tour: refused with 404 when the tour is gone. */
export function onTour(
  db: Db,
  { tourId, requestId, actor, now }: { tourId: string; requestId: string; actor: Actor; now: Date },
  apply: (trx: Trx, record: (change: Change) => Promise<void>) => Promise<boolean>,
): Promise<boolean> {
  return applyOnce(
    db,
    { entityType: 'tour', entityId: tourId, requestId, actor, now },
    async (trx, record) => {
      const tour = await trx.selectFrom('tours').select('id').where('id', '=', tourId).executeTakeFirst();
      if (!tour) throw tourNotFound();
      return apply(trx, record);
    },
    () => false,
  );
}

/** A query as it would appear in a web address: 'Japón Esencial' → 'japon-esencial'. */
const asSlug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function listAdminTours(db: Db, query: AdminTourListQuery, { today }: { today: string }): Promise<AdminTourListAnswer> {
  let base = db.selectFrom('tours');
  if (query.q) {
    const q = query.q;
    base = base.where((eb) => eb.or([eb('tours.webSlug', 'like', `%${asSlug(q)}%`), eb(eb.fn('lower', ['tours.name']), 'like', `%${q.toLowerCase()}%`)]));
  }
  if (query.type) base = base.where('tours.tourType', '=', query.type);
  if (query.status) base = base.where('tours.status', '=', query.status);
  if (query.publishWeb) base = base.where('tours.publishWeb', '=', Number(query.publishWeb));
  if (query.bookable) base = base.where('tours.bookable', '=', Number(query.bookable));
  if (query.destination) {
    const slug = query.destination;
    base = base.where('tours.id', 'in', (eb) =>
      eb
        .selectFrom('tourDestinations')
        .innerJoin('destinations', 'destinations.id', 'tourDestinations.destinationId')
        .select('tourDestinations.tourId')
        .where('destinations.slug', '=', slug),
    );
  }
  const [{ rows: tours, total }, destinations] = await Promise.all([
    readPage(
      () => base,
      (q) =>
        q
          .select(['tours.id', 'tours.name', 'tours.webSlug', 'tours.tourType', 'tours.status', 'tours.publishWeb', 'tours.bookable'])
          .orderBy('tours.name')
          .orderBy('tours.id'),
      { page: query.page, pageSize: ADMIN_TOUR_PAGE_SIZE },
    ),
    db.selectFrom('destinations').select(['slug', 'name']).orderBy('name').execute(),
  ]);
  const ids = tours.map((t) => t.id);
  const [names, departures] = ids.length
    ? await Promise.all([
        db
          .selectFrom('tourDestinations')
          .innerJoin('destinations', 'destinations.id', 'tourDestinations.destinationId')
          .select(['tourDestinations.tourId', 'destinations.name'])
          .where('tourDestinations.tourId', 'in', ids)
          .orderBy('tourDestinations.position')
          .execute(),
        db
          .selectFrom('periods')
          .leftJoin(seatsSoldByPeriod(db), (join) => join.onRef('sold.resourceId', '=', 'periods.id'))
          .select(['periods.id', 'periods.tourId', 'periods.dayOne', 'periods.bookableAvailability', 'periods.webBookable', 'sold.sold'])
          .where('periods.tourId', 'in', ids)
          .where('periods.dayOne', '>=', today)
          .orderBy('periods.dayOne')
          .orderBy('periods.id')
          .execute(),
      ])
    : [[], []];
  const rows: AdminTourRow[] = tours.map((t) => {
    const own = departures.filter((d) => d.tourId === t.id);
    const next: AdminTourDeparture[] = own.slice(0, NEXT_DEPARTURES).map((d) => {
      const sold = Number(d.sold ?? 0);
      return { periodId: d.id, dayOne: d.dayOne, sold, capacity: sold + d.bookableAvailability, webBookable: d.webBookable === 1 };
    });
    return {
      id: t.id,
      name: t.name,
      webSlug: t.webSlug,
      tourType: t.tourType,
      status: t.status,
      publishWeb: t.publishWeb === 1,
      bookable: t.bookable === 1,
      destinations: names.filter((d) => d.tourId === t.id).map((d) => d.name),
      nextDepartures: next,
      upcomingDepartures: own.length,
    };
  });
  return { rows, total, page: query.page, pageSize: ADMIN_TOUR_PAGE_SIZE, destinations };
}

/**
 * Publishes the tour on the web (`publish`) or hides it. Answers whether this press changed it: false for
 * a press already applied, and for a tour already as asked (nothing to rebuild). The tour's version moves,
 * so an editor opened before it saves against the new state instead of undoing it.
 */
export async function setTourPublished(
  db: Db,
  { id, publish, requestId, actor, now }: { id: string; publish: boolean; requestId: string; actor: Actor; now: Date },
): Promise<boolean> {
  const want = publish ? 1 : 0;
  return applyOnce(
    db,
    { entityType: 'tour', entityId: id, requestId, actor, now },
    async (trx, record) => {
      const tour = await trx.selectFrom('tours').select(['publishWeb']).where('id', '=', id).executeTakeFirst();
      if (!tour) throw tourNotFound();
      if (tour.publishWeb === want) return false;
      // Guarded by the state read: another press may have changed it since.
      const updated = await trx
        .updateTable('tours')
        .set((eb) => ({ publishWeb: want, version: eb('version', '+', 1), updatedAt: now.toISOString() }))
        .where('id', '=', id)
        .where('publishWeb', '!=', want)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) return false;
      await record({ action: publish ? 'publish' : 'hide', before: { publishWeb: tour.publishWeb === 1 }, after: { publishWeb: publish } });
      return true;
    },
    () => false,
  );
}
