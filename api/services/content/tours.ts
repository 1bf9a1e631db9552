/**
 * The admin card tools on tour cards (cms-and-backoffice.md §2 "Admin-only tools: upload photo, sync,
 * remove"; §7 "updateTour (id, thumbnail) after an image upload"): a new photo becomes the tour's
 * thumbnail and every page that shows the card is rendered again; 'Sincronizar' checks the tour's data
 * and rebuilds its pages. While its pages are on their way the tour reports UPDATING, then ACTIVE again,
 * on the staff's event stream: the card's spinner follows it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { contentKeys } from '#shared/page-deps.ts';
import { isHiddenTour } from '#shared/rules/catalogue.ts';
import { findLowestAdultPriceCents } from '#shared/rules/prices.ts';
import { TOUR_CARD_MESSAGES, type TourCardView, type TourStatusEvent, type TourThumbnailSchema } from '#shared/schemas/cms.ts';
import type { z } from 'zod';
import type { AuthContext } from '../../auth-context.ts';
import type { Db } from '../../db/database.ts';
import { invalidFields, notFound } from '../../errors.ts';
import type { RebuildQueue } from './rebuilds.ts';
import type { EventHub } from './events.ts';
import { recordHistory, versionConflict } from './history.ts';
import { signFileLink } from '../files/uploads.ts';

interface Context {
  actor: Pick<AuthContext, 'userId' | 'email'>;
  now: Date;
  filesDir: string;
  secret: string;
}

const tourNotFound = () => notFound('Este tour ya no existe.');

export async function findCardTour(db: Db, id: string, { secret, now }: Pick<Context, 'secret' | 'now'>): Promise<TourCardView> {
  const tour = await db.selectFrom('tours').select(['id', 'name', 'version', 'status', 'thumbnail']).where('id', '=', id).executeTakeFirst();
  if (!tour) throw tourNotFound();
  return { ...tour, thumbnailUrl: tour.thumbnail ? signFileLink({ key: tour.thumbnail, secret, now }) : null };
}

/** "updateTour (id, thumbnail) after an image upload": the key must be a photo uploaded for this tour. */
export async function saveThumbnail(db: Db, id: string, input: z.output<typeof TourThumbnailSchema>, ctx: Context): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const tour = await trx.selectFrom('tours').select(['id', 'version', 'thumbnail']).where('id', '=', id).executeTakeFirst();
    if (!tour) throw tourNotFound();
    if (tour.thumbnail === input.thumbnail && input.version >= tour.version - 1) return { changed: false };
    if (input.version !== tour.version) throw versionConflict();
    const key = input.thumbnail;
    if (!key.startsWith(`${id}/`) || key.includes('..') || !existsSync(join(ctx.filesDir, key))) {
      throw invalidFields({ thumbnail: TOUR_CARD_MESSAGES.photoNotUploaded });
    }
    const version = tour.version + 1;
    const updated = await trx
      .updateTable('tours')
      .set({ thumbnail: key, version, updatedAt: ctx.now.toISOString() })
      .where('id', '=', id)
      .where('version', '=', tour.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw versionConflict();
    await recordHistory(
      trx,
      { type: 'tour', entityId: id, version, action: 'update', actor: ctx.actor, before: { thumbnail: tour.thumbnail }, after: { thumbnail: key } },
      ctx.now,
    );
    return { changed: true };
  });
}

/** What keeps a tour off the shop, read from its own data (what 'Sincronizar' reports). */
export async function checkTourData(db: Db, id: string, now: Date): Promise<string[]> {
  const tour = await db.selectFrom('tours').selectAll().where('id', '=', id).executeTakeFirst();
  if (!tour) throw tourNotFound();
  const issues: string[] = [];
  if (tour.publishWeb !== 1) issues.push('No está publicado en la web.');
  if (tour.status === 'INACTIVE') issues.push('Está desactivado.');
  if (isHiddenTour(tour)) issues.push("Está oculto (palabra clave 'oculto').");
  const prices = await db
    .selectFrom('prices')
    .select(['ageGroupName', 'categoryName', 'valueCents'])
    .where('tourId', '=', id)
    .where('periodId', 'is', null)
    .where('flightId', 'is', null)
    .execute();
  const adult = findLowestAdultPriceCents(prices);
  if (adult === null || adult <= 0) issues.push('No tiene precio de adulto.');
  const today = now.toISOString().slice(0, 10);
  const onSale = await db
    .selectFrom('periods')
    .select('id')
    .where('tourId', '=', id)
    .where('publishWeb', '=', 1)
    .where('webBookable', '=', 1)
    .where('dayOne', '>=', today)
    .executeTakeFirst();
  if (!onSale) issues.push('No tiene salidas a la venta.');
  return issues;
}

/**
 * Marks the tour UPDATING (an INACTIVE tour is left as it is) and tells the staff's stream. Call the
 * returned function with the publication right after asking for it: when that publication ends the
 * tour is ACTIVE again.
 */
export async function markTourUpdating({
  db,
  events,
  tourId,
}: {
  db: Db;
  events: EventHub<TourStatusEvent> | undefined;
  tourId: string;
}): Promise<(rebuilds: RebuildQueue, publication: string) => void> {
  const tour = await db.selectFrom('tours').select(['name', 'status']).where('id', '=', tourId).executeTakeFirst();
  if (!tour || tour.status === 'INACTIVE') return () => {};
  const announce = (status: TourStatusEvent['status']) => events?.emit({ type: 'tour', id: tourId, name: tour.name, status });
  await db.updateTable('tours').set({ status: 'UPDATING' }).where('id', '=', tourId).where('status', '!=', 'INACTIVE').execute();
  announce('UPDATING');
  return (rebuilds, publication) => {
    const stop = rebuilds.subscribe((event) => {
      if (event.id !== publication || event.state === 'publishing') return;
      stop();
      void db
        .updateTable('tours')
        .set({ status: 'ACTIVE' })
        .where('id', '=', tourId)
        .where('status', '=', 'UPDATING')
        .execute()
        .then(() => announce('ACTIVE'))
        .catch((err: unknown) => console.error(JSON.stringify({ level: 'error', event: 'cms.tour_status', tourId, error: String(err) })));
    });
  };
}

/** A new thumbnail: the pages that show the tour's card, with the patched tour. */
export const thumbnailChange = (id: string, thumbnail: string) => ({ changed: [contentKeys.tour(id)], tours: [{ id, thumbnail }] });
/** 'Sincronizar': the tour's data read again by a full build (only changed pages are rendered). */
export const syncChange = (id: string) => ({ changed: [contentKeys.tour(id)], pageSet: true });
