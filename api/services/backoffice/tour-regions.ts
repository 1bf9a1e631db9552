/**
 * The tour editor's regions (cms-and-backoffice.md §7 "TourParentRegion (plus delete)"): the parent regions a
 * tour is listed under (/region/{slug}). Linking and unlinking once per press, recorded on the tour.
 */
import { randomUUID } from 'node:crypto';
import { TOUR_EDITOR_MESSAGES } from '#shared/schemas/tour-editor.ts';
import type { Db } from '../../db/database.ts';
import { invalidFields } from '../../errors.ts';
import { type Actor, recordStaffAction, wasApplied } from './staff-actions.ts';
import { tourNotFound } from './tours.ts';

interface RegionPress {
  tourId: string;
  parentRegionId: string;
  requestId: string;
  actor: Actor;
  now: Date;
}

/** Answers false for a press already applied and for a link that already is as asked. */
async function changeRegion(db: Db, press: RegionPress, link: boolean): Promise<{ applied: boolean }> {
  const { tourId, parentRegionId, requestId, actor, now } = press;
  if (await wasApplied(db, 'tour', tourId, requestId)) return { applied: false };
  const tour = await db.selectFrom('tours').select('id').where('id', '=', tourId).executeTakeFirst();
  if (!tour) throw tourNotFound();
  const region = await db.selectFrom('parentRegions').select(['id', 'name']).where('id', '=', parentRegionId).executeTakeFirst();
  if (!region) throw invalidFields({ parentRegionId: TOUR_EDITOR_MESSAGES.regionUnknown });
  const linked = await db
    .selectFrom('tourParentRegions')
    .select('id')
    .where('tourId', '=', tourId)
    .where('parentRegionId', '=', parentRegionId)
    .executeTakeFirst();
  if (Boolean(linked) === link) return { applied: false };
  try {
    await db.transaction().execute(async (trx) => {
      if (link) await trx.insertInto('tourParentRegions').values({ id: randomUUID(), tourId, parentRegionId }).execute();
      else await trx.deleteFrom('tourParentRegions').where('tourId', '=', tourId).where('parentRegionId', '=', parentRegionId).execute();
      const named = { parentRegionId, name: region.name };
      await recordStaffAction(
        trx,
        {
          entityType: 'tour',
          entityId: tourId,
          action: link ? 'region-add' : 'region-remove',
          actor,
          requestId,
          before: link ? null : named,
          after: link ? named : null,
        },
        now,
      );
    });
  } catch (error) {
    if (await wasApplied(db, 'tour', tourId, requestId)) return { applied: false };
    throw error;
  }
  return { applied: true };
}

export const addTourRegion = (db: Db, press: RegionPress) => changeRegion(db, press, true);
export const removeTourRegion = (db: Db, press: RegionPress) => changeRegion(db, press, false);

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
