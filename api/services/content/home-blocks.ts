/**
 * The home's experiences (Activity) and travellers' photos (TravellerPhoto), as staff run them on
 * /admin/portada (issue 33): create and edit an experience, give it a photo through the CMS upload pipeline,
 * put it on the home or take it off, hide it; upload a traveller's photo with its caption, hide it, remove it;
 * move either up or down. Every press is applied once per request id and recorded ('activity' or
 * 'traveller-photo'); an applied one publishes the home (`contentKeys.homeBlocks`).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { contentKeys } from '#shared/page-deps.ts';
import { MAX_UPLOAD_BYTES } from '#shared/schemas/cms.ts';
import { HOME_BLOCK_MESSAGES, type HomeActivityFields, type HomeBlocksView } from '#shared/schemas/home-blocks.ts';
import type { Db, Trx } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { signFileLink, storeUploadedImage } from '../files/uploads.ts';
import { type Actor, applyOnce, type Change } from '../kit/apply-once.ts';
import type { TargetedChange } from './rebuilds.ts';

export const homeBlocksChange: TargetedChange = { changed: [contentKeys.homeBlocks], content: true };

export interface HomePress {
  requestId: string;
  actor: Actor;
  now: Date;
}

interface Upload {
  name: string;
  bytes: Uint8Array;
  filesDir: string;
  mediaDir: string;
  secret: string;
}

const activitiesOf = (db: Db | Trx) => db.selectFrom('activities').selectAll().orderBy('position').orderBy('name').orderBy('id').execute();
const photosOf = (db: Db | Trx) => db.selectFrom('travellerPhotos').selectAll().orderBy('position').orderBy('id').execute();

export async function homeBlocks(db: Db, { secret, now }: { secret: string; now: Date }): Promise<HomeBlocksView> {
  const link = (key: string | null) => (key ? signFileLink({ key, secret, now }) : null);
  const [activities, photos] = await Promise.all([activitiesOf(db), photosOf(db)]);
  return {
    activities: activities.map((a) => ({
      id: a.id,
      name: a.name,
      city: a.city,
      country: a.country,
      description: a.description,
      thumbnail: a.thumbnail,
      previewUrl: link(a.thumbnail),
      homeViewable: a.homeViewable === 1,
      status: a.status,
    })),
    photos: photos.map((p) => ({ id: p.id, name: p.name, thumbnail: p.thumbnail, previewUrl: link(p.thumbnail) ?? '', status: p.status })),
  };
}

type Entity = 'activity' | 'traveller-photo';

function once(
  db: Db,
  press: HomePress & { entityType: Entity; entityId: string | null },
  apply: (trx: Trx, prepared: { key: string } | undefined) => Promise<Change | null>,
  prepare?: () => Promise<{ key: string }>,
): Promise<boolean> {
  return applyOnce(
    db,
    { entityType: press.entityType, entityId: press.entityId, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record, prepared) => {
      const change = await apply(trx, prepared);
      if (!change) return false;
      await record(change);
      return true;
    },
    () => false,
    prepare,
  );
}

/** Stores an upload as `{folder}/{name}.{ext}` with its variants; refused (nothing written) unless it is an image. */
const storeImage = (upload: Upload, folder: string, name: string, now: Date) =>
  storeUploadedImage({
    filesDir: upload.filesDir,
    mediaDir: upload.mediaDir,
    folder,
    name,
    bytes: upload.bytes,
    maxBytes: MAX_UPLOAD_BYTES,
    secret: upload.secret,
    now,
  });

const nextPosition = async (trx: Trx, table: 'activities' | 'travellerPhotos') => {
  const last = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('position').as('n'))
    .executeTakeFirst();
  return last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
};

/** 'Nueva experiencia': last in the order, published but not yet on the home (it has no photo). */
export async function createHomeActivity(db: Db, press: HomePress & { fields: HomeActivityFields }): Promise<boolean> {
  const id = randomUUID();
  return once(db, { ...press, entityType: 'activity', entityId: null }, async (trx) => {
    const position = await nextPosition(trx, 'activities');
    await trx
      .insertInto('activities')
      .values({ id, ...press.fields, thumbnail: null, homeViewable: 0, status: 'ACTIVE', position })
      .execute();
    return { action: 'create', before: null, after: { ...press.fields, position }, made: id };
  });
}

async function activity(trx: Trx, id: string) {
  const row = await trx.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(HOME_BLOCK_MESSAGES.notFound);
  return row;
}

export async function editHomeActivity(db: Db, press: HomePress & { id: string; fields: HomeActivityFields }): Promise<boolean> {
  return once(db, { ...press, entityType: 'activity', entityId: press.id }, async (trx) => {
    const row = await activity(trx, press.id);
    const before = { name: row.name, city: row.city, country: row.country, description: row.description };
    if (JSON.stringify(before) === JSON.stringify(press.fields)) return null;
    await trx.updateTable('activities').set(press.fields).where('id', '=', press.id).execute();
    return { action: 'update', before, after: press.fields };
  });
}

/** 'En la portada' on or off, and 'Ocultar' / 'Publicar'. An experience without a photo cannot go on the home. */
export async function setHomeActivityVisibility(
  db: Db,
  press: HomePress & { id: string; homeViewable?: boolean; status?: 'ACTIVE' | 'INACTIVE' },
): Promise<boolean> {
  return once(db, { ...press, entityType: 'activity', entityId: press.id }, async (trx) => {
    const row = await activity(trx, press.id);
    const before = { homeViewable: row.homeViewable === 1, status: row.status };
    const after = { homeViewable: press.homeViewable ?? before.homeViewable, status: press.status ?? before.status };
    if (after.homeViewable && !row.thumbnail) throw new AppError('CONFLICT', 'Sube antes una foto: la portada la muestra con ella.');
    if (JSON.stringify(before) === JSON.stringify(after)) return null;
    await trx
      .updateTable('activities')
      .set({ homeViewable: after.homeViewable ? 1 : 0, status: after.status })
      .where('id', '=', press.id)
      .execute();
    return { action: press.status ? (press.status === 'ACTIVE' ? 'publish' : 'hide') : 'visibility', before, after };
  });
}

/**
 * A press that stores an upload before it applies: the stored file is removed again when the press is not
 * applied (a twin press stored the same picture under its own name) or fails after storing it (the row is
 * gone, the transaction failed), so no file is left that nothing names. Its variants stay: they are named by
 * their content, and another picture with the same bytes may use them.
 */
async function keepingOnlyUsed(filesDir: string, stored: () => string | null, press: () => Promise<boolean>): Promise<boolean> {
  let applied = false;
  try {
    applied = await press();
    return applied;
  } finally {
    const key = stored();
    if (!applied && key) await rm(join(filesDir, key), { force: true });
  }
}

/** The experience's photo, stored as `home/activities/{id}-{uuid}.{ext}` with its variants. */
export async function uploadHomeActivityPhoto(db: Db, press: HomePress & Upload & { id: string }): Promise<boolean> {
  let stored: string | null = null;
  const applied = await keepingOnlyUsed(
    press.filesDir,
    () => stored,
    () =>
      once(
        db,
        { ...press, entityType: 'activity', entityId: press.id },
        async (trx, image) => {
          const row = await activity(trx, press.id);
          if (!image) throw new Error('no image');
          await trx.updateTable('activities').set({ thumbnail: image.key }).where('id', '=', press.id).execute();
          return { action: 'photo-upload', before: { thumbnail: row.thumbnail }, after: { thumbnail: image.key, name: press.name } };
        },
        async () => {
          const image = await storeImage(press, 'home/activities', `${press.id}-${randomUUID()}`, press.now);
          stored = image.key;
          return image;
        },
      ),
  );
  return applied;
}

/** 'Subir foto' of a traveller: last in the order, shown at once. */
export async function uploadTravellerPhoto(db: Db, press: HomePress & Upload & { caption: string }): Promise<boolean> {
  const id = randomUUID();
  let stored: string | null = null;
  const applied = await keepingOnlyUsed(
    press.filesDir,
    () => stored,
    () =>
      once(
        db,
        { ...press, entityType: 'traveller-photo', entityId: null },
        async (trx, image) => {
          if (!image) throw new Error('no image');
          const position = await nextPosition(trx, 'travellerPhotos');
          await trx.insertInto('travellerPhotos').values({ id, name: press.caption, thumbnail: image.key, status: 'ACTIVE', position }).execute();
          return { action: 'photo-upload', before: null, after: { caption: press.caption, thumbnail: image.key, position }, made: id };
        },
        async () => {
          const image = await storeImage(press, 'home/photos', id, press.now);
          stored = image.key;
          return image;
        },
      ),
  );
  return applied;
}

async function photo(trx: Trx, id: string) {
  const row = await trx.selectFrom('travellerPhotos').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(HOME_BLOCK_MESSAGES.notFound);
  return row;
}

export async function setTravellerPhotoStatus(db: Db, press: HomePress & { id: string; status: 'ACTIVE' | 'INACTIVE' }): Promise<boolean> {
  return once(db, { ...press, entityType: 'traveller-photo', entityId: press.id }, async (trx) => {
    const row = await photo(trx, press.id);
    if (row.status === press.status) return null;
    await trx.updateTable('travellerPhotos').set({ status: press.status }).where('id', '=', press.id).execute();
    return { action: press.status === 'ACTIVE' ? 'publish' : 'hide', before: { status: row.status }, after: { status: press.status } };
  });
}

/** 'Quitar': the photo leaves the list (its file stays, as every stored upload does, for the older builds). */
export async function removeTravellerPhoto(db: Db, press: HomePress & { id: string }): Promise<boolean> {
  return once(db, { ...press, entityType: 'traveller-photo', entityId: press.id }, async (trx) => {
    const row = await photo(trx, press.id);
    await trx.deleteFrom('travellerPhotos').where('id', '=', press.id).execute();
    return { action: 'photo-remove', before: { caption: row.name, thumbnail: row.thumbnail }, after: null };
  });
}

/** 'Subir' / 'Bajar': swaps with the neighbour; positions are written afresh 0…n-1. */
export async function moveHomeItem(
  db: Db,
  press: HomePress & { kind: 'activities' | 'travellerPhotos'; id: string; direction: 'up' | 'down' },
): Promise<boolean> {
  const entityType: Entity = press.kind === 'activities' ? 'activity' : 'traveller-photo';
  return once(db, { ...press, entityType, entityId: press.id }, async (trx) => {
    const rows = press.kind === 'activities' ? await activitiesOf(trx) : await photosOf(trx);
    const at = rows.findIndex((r) => r.id === press.id);
    if (at < 0) throw notFound(HOME_BLOCK_MESSAGES.notFound);
    const to = press.direction === 'up' ? at - 1 : at + 1;
    if (!rows[to]) throw new AppError('CONFLICT', HOME_BLOCK_MESSAGES.edge);
    const before = rows.map((r) => r.id);
    const after = [...before];
    [after[at], after[to]] = [after[to] as string, after[at] as string];
    for (const [position, id] of after.entries()) await trx.updateTable(press.kind).set({ position }).where('id', '=', id).execute();
    return { action: `move-${press.direction}`, before, after };
  });
}
