/**
 * The tour editor (/admin/tour/{id}, issue 14; cms-and-backoffice.md §3 "Tour fields edited here", §7
 * updateTour): the tour with its departures as staff edit them, and saving the tour's own fields against
 * the version they were read at. One press one effect (a request id per press), recorded with who, when,
 * before and after. What the tour's pages show is published again by the caller (`tourPagesChange`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readTourSnapshot } from '#content-build/snapshot.ts';
import { contentKeys } from '#shared/page-deps.ts';
import { DEFAULT_PAYMENT_POLICIES } from '#shared/rules/payment-schedule.ts';
import { readPaymentPolicy } from '#shared/schemas/payment-policies.ts';
import type { TourEditorPeriod, TourEditorView, TourFields } from '#shared/schemas/tour-editor.ts';
import { TOUR_EDITOR_MESSAGES, type TourField } from '#shared/schemas/tour-editor-texts.ts';
import type { Db } from '../../db/database.ts';
import type { TourRow } from '../../db/tables.ts';
import { AppError, invalidFields } from '../../errors.ts';
import { seatsSoldBy, seatsSoldByPeriod } from '../bookings/seat-holds.ts';
import { signFileLink } from '../files/uploads.ts';
import type { TargetedChange } from '../content/rebuilds.ts';
import { findTourActivities, findTourRegions } from './tour-links.ts';
import { findTourExtras } from './tour-extras.ts';
import { tourNotFound } from './tours.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';

export const tourChanged = () => new AppError('CONFLICT', TOUR_EDITOR_MESSAGES.conflict);

/** Tour files are stored by name or by key; links and checks need the key (`{tourId}/{file}`). */
const fileKey = (tourId: string, file: string | null) => (file ? (file.includes('/') ? file : `${tourId}/${file}`) : null);

const fieldsOf = (tour: TourRow): TourFields => ({
  offerValidity: tour.offerValidity,
  rate: tour.rate,
  stops: tour.stops,
  expertOpinionTitle: tour.expertOpinionTitle,
  expertOpinion: tour.expertOpinion,
  expertOpinionAvatar: tour.expertOpinionAvatar,
  includedServicesWeb: tour.includedServicesWeb,
  metaTitle: tour.metaTitle,
  metaDescription: tour.metaDescription,
  metaKeyword: tour.metaKeyword,
  thumbnail: tour.thumbnail,
  // UPDATING is the shop's own while the pages are published: the tour is active.
  status: tour.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
});

/** Seats of each resource of a kind (a departure, a flight) held by payments under way, as a subquery `held`. */
const seatsHeldByResource = (db: Db, resourceType: 'period' | 'flight') =>
  db
    .selectFrom('seatHolds')
    .select(['resourceId', (e) => e.fn.sum<number>('quantity').as('held')])
    .where('resourceType', '=', resourceType)
    .where('releasedAt', 'is', null)
    .where('confirmedAt', 'is', null)
    .groupBy('resourceId')
    .as('held');

const bookingsByPeriod = (db: Db) =>
  db
    .selectFrom('bookings')
    .select(['periodId', (e) => e.fn.countAll<number>().as('bookings')])
    .groupBy('periodId')
    .as('booked');

export async function findTourPeriods(db: Db, tourId: string): Promise<TourEditorPeriod[]> {
  const [rows, prices, activities, activityPrices, campaigns, flights, flightPrices] = await Promise.all([
    db
      .selectFrom('periods')
      .leftJoin(seatsSoldByPeriod(db), (join) => join.onRef('sold.resourceId', '=', 'periods.id'))
      .leftJoin(seatsHeldByResource(db, 'period'), (join) => join.onRef('held.resourceId', '=', 'periods.id'))
      .leftJoin(bookingsByPeriod(db), (join) => join.onRef('booked.periodId', '=', 'periods.id'))
      .select([
        'periods.id',
        'periods.name',
        'periods.dayOne',
        'periods.returnDate',
        'periods.numberOfDays',
        'periods.bookableAvailability',
        'periods.webBookable',
        'periods.publishWeb',
        'periods.source',
        'periods.paymentPolicy',
        'sold.sold',
        'held.held',
        'booked.bookings',
      ])
      .where('periods.tourId', '=', tourId)
      .orderBy('periods.dayOne')
      .orderBy('periods.id')
      .execute(),
    db
      .selectFrom('prices')
      .innerJoin('periods', 'periods.id', 'prices.periodId')
      .select(['prices.periodId', 'prices.ageGroupName', 'prices.valueCents'])
      .where('periods.tourId', '=', tourId)
      .where('prices.flightId', 'is', null)
      .where('prices.optionalActivityId', 'is', null)
      .where('prices.activityPackId', 'is', null)
      .where('prices.reservationModeId', 'is', null)
      .orderBy('prices.ageGroupName')
      .orderBy('prices.id')
      .execute(),
    db
      .selectFrom('optionalActivities')
      .innerJoin('periods', 'periods.id', 'optionalActivities.periodId')
      .select(['optionalActivities.id', 'optionalActivities.periodId', 'optionalActivities.name'])
      .where('periods.tourId', '=', tourId)
      .orderBy('optionalActivities.name')
      .orderBy('optionalActivities.id')
      .execute(),
    db
      .selectFrom('prices')
      .innerJoin('optionalActivities', 'optionalActivities.id', 'prices.optionalActivityId')
      .innerJoin('periods', 'periods.id', 'optionalActivities.periodId')
      .select(['prices.optionalActivityId', 'prices.ageGroupName', 'prices.valueCents'])
      .where('periods.tourId', '=', tourId)
      .orderBy('prices.ageGroupName')
      .orderBy('prices.id')
      .execute(),
    db
      .selectFrom('campaigns')
      .innerJoin('periods', 'periods.id', 'campaigns.periodId')
      .select([
        'campaigns.id',
        'campaigns.periodId',
        'campaigns.name',
        'campaigns.valueCents',
        'campaigns.validFromDate',
        'campaigns.validUntilDate',
        'campaigns.discountAppliedPerTxt',
      ])
      .where('periods.tourId', '=', tourId)
      .orderBy('campaigns.name')
      .orderBy('campaigns.id')
      .execute(),
    db
      .selectFrom('flights')
      .innerJoin('periods', 'periods.id', 'flights.periodId')
      .leftJoin(seatsSoldBy(db, 'flight'), (join) => join.onRef('sold.resourceId', '=', 'flights.id'))
      .leftJoin(seatsHeldByResource(db, 'flight'), (join) => join.onRef('held.resourceId', '=', 'flights.id'))
      .select(['flights.id', 'flights.periodId', 'flights.name', 'flights.departureCity', 'flights.bookableAvailability', 'sold.sold', 'held.held'])
      .select((eb) =>
        eb
          .selectFrom('bookings')
          .select((b) => b.fn.countAll<number>().as('n'))
          .whereRef('bookings.flightId', '=', 'flights.id')
          .as('bookings'),
      )
      .where('periods.tourId', '=', tourId)
      .orderBy('flights.name')
      .orderBy('flights.id')
      .execute(),
    db
      .selectFrom('prices')
      .innerJoin('flights', 'flights.id', 'prices.flightId')
      .innerJoin('periods', 'periods.id', 'flights.periodId')
      .select(['prices.flightId', 'prices.ageGroupName', 'prices.valueCents'])
      .where('periods.tourId', '=', tourId)
      .orderBy('prices.ageGroupName')
      .orderBy('prices.id')
      .execute(),
  ]);
  const priceOf = ({ ageGroupName, valueCents }: { ageGroupName: string; valueCents: number }) => ({ ageGroupName, valueCents });
  return rows.map((p) => {
    const sold = Number(p.sold ?? 0);
    const held = Number(p.held ?? 0);
    return {
      id: p.id,
      name: p.name,
      dayOne: p.dayOne,
      returnDate: p.returnDate,
      numberOfDays: p.numberOfDays,
      seats: sold + held + p.bookableAvailability,
      sold,
      held,
      onSale: p.bookableAvailability,
      webBookable: p.webBookable === 1,
      publishWeb: p.publishWeb === 1,
      source: p.source,
      bookings: Number(p.bookings ?? 0),
      paymentPolicy: readPaymentPolicy(p.paymentPolicy),
      prices: prices.filter((price) => price.periodId === p.id).map(priceOf),
      campaigns: campaigns.filter((c) => c.periodId === p.id).map(({ periodId: _period, ...c }) => c),
      flights: flights
        .filter((f) => f.periodId === p.id)
        .map((f) => {
          const flightSold = Number(f.sold ?? 0);
          const flightHeld = Number(f.held ?? 0);
          return {
            id: f.id,
            name: f.name,
            departureCity: f.departureCity,
            seats: flightSold + flightHeld + f.bookableAvailability,
            sold: flightSold,
            held: flightHeld,
            onSale: f.bookableAvailability,
            bookings: Number(f.bookings ?? 0),
            prices: flightPrices.filter((price) => price.flightId === f.id).map(priceOf),
          };
        }),
      optionalActivities: activities
        .filter((a) => a.periodId === p.id)
        .map((a) => ({ id: a.id, name: a.name, prices: activityPrices.filter((price) => price.optionalActivityId === a.id).map(priceOf) })),
    };
  });
}

export async function findTourEditor(db: Db, id: string, { secret, now }: { secret: string; now: Date }): Promise<TourEditorView> {
  const tour = await db.selectFrom('tours').selectAll().where('id', '=', id).executeTakeFirst();
  if (!tour) throw tourNotFound();
  const [prices, periods, regions, activities, typePolicy, extras] = await Promise.all([
    db
      .selectFrom('prices')
      .select(['ageGroupName', 'valueCents'])
      .where('tourId', '=', id)
      .where('periodId', 'is', null)
      .where('flightId', 'is', null)
      .orderBy('ageGroupName')
      .orderBy('id')
      .execute(),
    findTourPeriods(db, id),
    findTourRegions(db, id),
    findTourActivities(db, id),
    db.selectFrom('paymentPolicies').select('policy').where('tourType', '=', tour.tourType).executeTakeFirst(),
    findTourExtras(db, id),
  ]);
  const link = (file: string | null) => {
    const key = fileKey(id, file);
    return key ? signFileLink({ key, secret, now }) : null;
  };
  return {
    tour: {
      id: tour.id,
      name: tour.name,
      webSlug: tour.webSlug,
      tourType: tour.tourType,
      version: tour.version,
      publishWeb: tour.publishWeb === 1,
      statusNow: tour.status,
      subtitle: tour.subtitle,
      description: tour.description,
      tagKeywords: tour.tagKeywords,
      fields: fieldsOf(tour),
      thumbnailUrl: link(tour.thumbnail),
      expertOpinionAvatarUrl: link(tour.expertOpinionAvatar),
      prices,
      paymentPolicy: {
        own: readPaymentPolicy(tour.paymentPolicy),
        type: readPaymentPolicy(typePolicy?.policy ?? null) ?? DEFAULT_PAYMENT_POLICIES[tour.tourType],
      },
    },
    periods,
    regions,
    activities,
    extras,
  };
}

/** An image field may keep its file or name one uploaded into the tour's folder (the CMS upload). */
function checkImage(tourId: string, field: 'thumbnail' | 'expertOpinionAvatar', key: string | null, filesDir: string): Record<string, string> {
  if (key === null) return {};
  if (!key.startsWith(`${tourId}/`) || key.includes('..') || !existsSync(join(filesDir, key))) return { [field]: TOUR_EDITOR_MESSAGES.photoNotUploaded };
  return {};
}

/**
 * 'Guardar' of the tour's fields. Refused with 409 when the tour changed since `version` was read (nothing
 * written; the screen keeps what was typed). Answers which fields changed: none for a press already
 * applied or a form saved as it was.
 */
export async function saveTourFields(
  db: Db,
  {
    id,
    version,
    requestId,
    fields,
    actor,
    now,
    filesDir,
  }: { id: string; version: number; requestId: string; fields: TourFields; actor: Actor; now: Date; filesDir: string },
): Promise<{ changed: TourField[] }> {
  return applyOnce(
    db,
    { entityType: 'tour', entityId: id, requestId, actor, now },
    async (trx, record) => {
      const tour = await trx.selectFrom('tours').selectAll().where('id', '=', id).executeTakeFirst();
      if (!tour) throw tourNotFound();
      if (tour.version !== version) throw tourChanged();
      const current = fieldsOf(tour);
      const changed = (Object.keys(fields) as TourField[]).filter((field) => fields[field] !== current[field]);
      if (changed.length === 0) return { changed };
      const errors = {
        ...(changed.includes('thumbnail') ? checkImage(id, 'thumbnail', fields.thumbnail, filesDir) : {}),
        ...(changed.includes('expertOpinionAvatar') ? checkImage(id, 'expertOpinionAvatar', fields.expertOpinionAvatar, filesDir) : {}),
      };
      if (Object.keys(errors).length) throw invalidFields(errors);
      const before = Object.fromEntries(changed.map((f) => [f, current[f]]));
      const after = Object.fromEntries(changed.map((f) => [f, fields[f]]));
      const updated = await trx
        .updateTable('tours')
        .set({ ...after, version: version + 1, updatedAt: now.toISOString() })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) throw tourChanged();
      await record({ action: 'update', before, after });
      return { changed };
    },
    () => ({ changed: [] }),
  );
}

/**
 * What the targeted rebuild needs after the editor changed a tour: its pages (and every card of it) rendered
 * again with the tour read as the snapshot now reads it. `pageSet` when the change can add or remove pages
 * or move the tour between listings (a departure added or removed, its dates or web sale changed, a
 * region): then a full build, which renders only the pages whose data changed. Null when the site shows
 * nothing of the tour (not published on the web): there is nothing to publish.
 */
export async function tourPagesChange(db: Db, id: string, { now, pageSet = false }: { now: Date; pageSet?: boolean }): Promise<TargetedChange | null> {
  const tour = await readTourSnapshot(db, id, { now });
  if (!tour) return null;
  return pageSet ? { changed: [contentKeys.tour(id)], pageSet: true } : { changed: [contentKeys.tour(id)], tours: [tour] };
}
