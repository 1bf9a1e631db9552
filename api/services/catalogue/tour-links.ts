/**
 * What a tour is linked to in the tour editor: the parent regions it is listed under (cms-and-backoffice.md
 * §7 "TourParentRegion (plus delete)", /region/{slug}) and the catalogue's activities that name it
 * (§3 Activity.tours, §7 "ActivityTour"). Linking and unlinking once per press, recorded on the tour.
 */
import { randomUUID } from 'node:crypto';
import { TOUR_EDITOR_MESSAGES } from '#shared/schemas/tour-editor-texts.ts';
import type { Db } from '../../db/database.ts';
import { invalidFields } from '../../errors.ts';
import type { Trx } from '../../db/database.ts';
import type { Actor } from '../kit/apply-once.ts';
import { onTour } from './tours.ts';

export type TourLinkKind = 'region' | 'activity';

interface LinkPress {
  tourId: string;
  /** The parent region's or the activity's id. */
  targetId: string;
  requestId: string;
  actor: Actor;
  now: Date;
}

/** Each kind of link: how its target is found, and how the link is read, made and undone. */
const LINKS = {
  region: {
    field: 'parentRegionId',
    unknown: TOUR_EDITOR_MESSAGES.regionUnknown,
    target: (db: Db | Trx, id: string) => db.selectFrom('parentRegions').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),
    find: (db: Db | Trx, tourId: string, id: string) =>
      db.selectFrom('tourParentRegions').select('id').where('tourId', '=', tourId).where('parentRegionId', '=', id).executeTakeFirst(),
    link: (trx: Trx, tourId: string, id: string) => trx.insertInto('tourParentRegions').values({ id: randomUUID(), tourId, parentRegionId: id }).execute(),
    unlink: (trx: Trx, tourId: string, id: string) =>
      trx.deleteFrom('tourParentRegions').where('tourId', '=', tourId).where('parentRegionId', '=', id).execute(),
  },
  activity: {
    field: 'activityId',
    unknown: TOUR_EDITOR_MESSAGES.activityUnknown,
    target: (db: Db | Trx, id: string) => db.selectFrom('activities').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),
    find: (db: Db | Trx, tourId: string, id: string) =>
      db.selectFrom('activityTours').select('activityId').where('tourId', '=', tourId).where('activityId', '=', id).executeTakeFirst(),
    link: (trx: Trx, tourId: string, id: string) => trx.insertInto('activityTours').values({ activityId: id, tourId }).execute(),
    unlink: (trx: Trx, tourId: string, id: string) => trx.deleteFrom('activityTours').where('tourId', '=', tourId).where('activityId', '=', id).execute(),
  },
} as const;

/** Links or unlinks; false for a press already applied and for a link that already is as asked. */
export async function changeTourLink(db: Db, kind: TourLinkKind, press: LinkPress, link: boolean): Promise<{ applied: boolean }> {
  const { tourId, targetId, requestId, actor, now } = press;
  const spec = LINKS[kind];
  const applied = await onTour(db, { tourId, requestId, actor, now }, async (trx, record) => {
    const target = await spec.target(trx, targetId);
    if (!target) throw invalidFields({ [spec.field]: spec.unknown });
    if (Boolean(await spec.find(trx, tourId, targetId)) === link) return false;
    await (link ? spec.link : spec.unlink)(trx, tourId, targetId);
    const named = { [spec.field]: targetId, name: target.name };
    await record({ action: `${kind}-${link ? 'add' : 'remove'}`, before: link ? null : named, after: link ? named : null });
    return true;
  });
  return { applied };
}

/** The regions the tour is listed under, and every region it could be. */
export async function findTourRegions(db: Db, tourId: string) {
  const [linked, options] = await Promise.all([
    db
      .selectFrom('tourParentRegions')
      .innerJoin('parentRegions', 'parentRegions.id', 'tourParentRegions.parentRegionId')
      .select(['parentRegions.id', 'parentRegions.name', 'parentRegions.slug'])
      .where('tourParentRegions.tourId', '=', tourId)
      .orderBy('parentRegions.name')
      .execute(),
    db.selectFrom('parentRegions').select(['id', 'name', 'slug']).orderBy('name').execute(),
  ]);
  return { linked, options };
}

/** The catalogue's activities that name the tour, and every activity it could be named by. */
export async function findTourActivities(db: Db, tourId: string) {
  const [linked, options] = await Promise.all([
    db
      .selectFrom('activityTours')
      .innerJoin('activities', 'activities.id', 'activityTours.activityId')
      .select(['activities.id', 'activities.name', 'activities.city', 'activities.status'])
      .where('activityTours.tourId', '=', tourId)
      .orderBy('activities.name')
      .orderBy('activities.id')
      .execute(),
    db.selectFrom('activities').select(['id', 'name', 'city', 'status']).orderBy('name').orderBy('id').execute(),
  ]);
  return { linked, options };
}
