/**
 * The photos of one optional activity (issue 14): upload through the CMS upload pipeline, move up or
 * down, remove. Every press is recorded in `staff_actions` (entity 'activity', the optional activity's
 * id) in the same transaction as its change and applied once per request id
 * (docs/decisions/014-back-office-actions.md). The tour page shows the photos: each applied change hands
 * back the activity's photos, for the targeted rebuild of the tour's pages.
 */
import { activityTrips } from '../catalogue/trips.ts';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ACTIVITY_PHOTO_MESSAGES, type ActivityPhotosView } from '#shared/schemas/activity-photos.ts';
import { MAX_UPLOAD_BYTES } from '#shared/schemas/cms.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { signFileLink, storeUploadedImage } from '../files/uploads.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import type { Trx } from '../../db/database.ts';

interface Ids {
  tourId: string;
  activityId: string;
}

interface Press extends Ids {
  requestId: string;
  actor: Actor;
  now: Date;
}

export interface PhotoChange {
  applied: boolean;
  /** The activity's photo keys in order, for the tour's pages (null when nothing changed). */
  republish: { tourId: string; activityId: string; keys: string[] } | null;
}

/** The optional activity when its departure is one of the tour's; 404 otherwise. */
async function findActivity(db: Db, { tourId, activityId }: Ids) {
  const row = await activityTrips(db)
    .select([
      'optionalActivities.id',
      'optionalActivities.name',
      'optionalActivities.activityId as code',
      'periods.id as periodId',
      'periods.dayOne',
      'tours.id as tourId',
      'tours.name as tourName',
      'tours.webSlug',
    ])
    .where('optionalActivities.id', '=', activityId)
    .where('periods.tourId', '=', tourId)
    .executeTakeFirst();
  if (!row) throw notFound(ACTIVITY_PHOTO_MESSAGES.notFound);
  return row;
}

const photosOf = (db: Db, activityId: string) =>
  db.selectFrom('optionalActivityPhotos').selectAll().where('optionalActivityId', '=', activityId).orderBy('position').orderBy('id').execute();

/** The activity's photos as the screen shows them, with the tour's other departures of the same activity. */
export async function activityPhotos(db: Db, ids: Ids, { secret, now }: { secret: string; now: Date }): Promise<ActivityPhotosView> {
  const activity = await findActivity(db, ids);
  const [photos, others] = await Promise.all([
    photosOf(db, activity.id),
    db
      .selectFrom('optionalActivities')
      .innerJoin('periods', 'periods.id', 'optionalActivities.periodId')
      .leftJoin('optionalActivityPhotos', 'optionalActivityPhotos.optionalActivityId', 'optionalActivities.id')
      .select((eb) => ['optionalActivities.id', 'periods.dayOne', eb.fn.count<number>('optionalActivityPhotos.id').as('photos')])
      .where('periods.tourId', '=', activity.tourId)
      .where('optionalActivities.activityId', '=', activity.code)
      .where('optionalActivities.id', '!=', activity.id)
      .groupBy(['optionalActivities.id', 'periods.dayOne'])
      .orderBy('periods.dayOne')
      .orderBy('optionalActivities.id')
      .execute(),
  ]);
  return {
    tour: { id: activity.tourId, name: activity.tourName, slug: activity.webSlug },
    activity: { id: activity.id, name: activity.name, periodId: activity.periodId, dayOne: activity.dayOne },
    photos: photos.map((p, i) => ({ id: p.id, key: p.imageKey, url: signFileLink({ key: p.imageKey, secret, now }), position: i })),
    otherDepartures: others.map((o) => ({ id: o.id, dayOne: o.dayOne, photos: Number(o.photos) })),
  };
}

/** Runs one press on the activity's photos, once; `prepare` is the slow work outside the transaction. */
async function once<P = undefined>(
  db: Db,
  press: Press,
  apply: (trx: Trx, prepared: P) => Promise<{ action: string; before: unknown; after: unknown }>,
  prepare?: () => Promise<P>,
): Promise<PhotoChange> {
  const applied = await applyOnce(
    db,
    { entityType: 'activity', entityId: press.activityId, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record, prepared: P) => {
      await record(await apply(trx, prepared));
      return true;
    },
    () => false,
    prepare,
  );
  if (!applied) return { applied: false, republish: null };
  const keys = (await photosOf(db, press.activityId)).map((p) => p.imageKey);
  return { applied: true, republish: { tourId: press.tourId, activityId: press.activityId, keys } };
}

/**
 * Stores an uploaded photo (the CMS pipeline: refused unless its bytes are a JPG, PNG, WebP or AVIF that
 * decodes and under the size limit; its variants and blur placeholder made) as the activity's last.
 * Each photo has its own file, `optional-activities/{tourId}/{activityId}-{photoId}.{ext}`.
 */
export async function uploadActivityPhoto(
  db: Db,
  press: Press & { name: string; bytes: Uint8Array; filesDir: string; mediaDir: string; secret: string },
): Promise<PhotoChange> {
  const activity = await findActivity(db, press);
  const photoId = randomUUID();
  let stored: string | null = null;
  const store = async () => {
    const image = await storeUploadedImage({
      filesDir: press.filesDir,
      mediaDir: press.mediaDir,
      folder: `optional-activities/${activity.tourId}`,
      name: `${activity.id}-${photoId}`,
      bytes: press.bytes,
      maxBytes: MAX_UPLOAD_BYTES,
      secret: press.secret,
      now: press.now,
    });
    stored = image.key;
    return image;
  };
  const result = await once(
    db,
    press,
    async (trx, image) => {
      const last = await trx
        .selectFrom('optionalActivityPhotos')
        .select((eb) => eb.fn.max<number | null>('position').as('n'))
        .where('optionalActivityId', '=', activity.id)
        .executeTakeFirst();
      const position = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
      await trx
        .insertInto('optionalActivityPhotos')
        .values({ id: photoId, optionalActivityId: activity.id, imageKey: image.key, position, createdAt: press.now.toISOString() })
        .execute();
      return { action: 'photo-upload', before: null, after: { photoId, key: image.key, position, name: press.name } };
    },
    store,
  );
  // A twin press stored the same picture under its own name: this copy is not used.
  if (!result.applied && stored) await rm(join(press.filesDir, stored), { force: true });
  return result;
}

/** Moves a photo one place up (earlier) or down, swapping it with its neighbour. */
export async function moveActivityPhoto(db: Db, press: Press & { photoId: string; direction: 'up' | 'down' }): Promise<PhotoChange> {
  await findActivity(db, press);
  return once(db, press, async (trx) => {
    const photos = await photosOf(trx, press.activityId);
    const at = photos.findIndex((p) => p.id === press.photoId);
    if (at < 0) throw notFound(ACTIVITY_PHOTO_MESSAGES.photoNotFound);
    const to = press.direction === 'up' ? at - 1 : at + 1;
    const neighbour = photos[to];
    if (!neighbour) throw new AppError('CONFLICT', ACTIVITY_PHOTO_MESSAGES.edge);
    const before = photos.map((p) => p.id);
    const after = [...before];
    [after[at], after[to]] = [after[to] as string, after[at] as string];
    // Positions written afresh 0…n-1, so gaps left by removals close.
    for (const [position, id] of after.entries()) await trx.updateTable('optionalActivityPhotos').set({ position }).where('id', '=', id).execute();
    return { action: `photo-move-${press.direction}`, before, after };
  });
}

/** Removes a photo from the activity (its file stays, as every stored upload does, for the older builds). */
export async function removeActivityPhoto(db: Db, press: Press & { photoId: string }): Promise<PhotoChange> {
  await findActivity(db, press);
  return once(db, press, async (trx) => {
    const photo = await trx
      .selectFrom('optionalActivityPhotos')
      .selectAll()
      .where('id', '=', press.photoId)
      .where('optionalActivityId', '=', press.activityId)
      .executeTakeFirst();
    if (!photo) throw notFound(ACTIVITY_PHOTO_MESSAGES.photoNotFound);
    await trx.deleteFrom('optionalActivityPhotos').where('id', '=', photo.id).execute();
    const rest = await photosOf(trx, press.activityId);
    for (const [position, p] of rest.entries()) await trx.updateTable('optionalActivityPhotos').set({ position }).where('id', '=', p.id).execute();
    return { action: 'photo-remove', before: { photoId: photo.id, key: photo.imageKey, position: photo.position }, after: null };
  });
}
