/**
 * The recommended carousels block, edited in place (cms-and-backoffice.md §2.1, §4, §5, §6): create with
 * the spec's defaults, save label, category, position, status and the tour roll in one transaction,
 * delete links then slider. Every write checks the version it was made from and leaves a history record.
 */
import { randomUUID } from 'node:crypto';
import { isHiddenTour } from '#shared/rules/catalogue.ts';
import { diffTourLinks, listCarousels } from '#shared/rules/content.ts';
import { findLowestAdultPriceCents } from '#shared/rules/prices.ts';
import { isOneOf, WEBSITE_TYPES } from '#shared/enums.ts';
import {
  type CarouselCreateSchema,
  type CarouselSaveSchema,
  type CarouselTourView,
  type CarouselView,
  type PickableTour,
  SLIDER_FORM_MESSAGES,
} from '#shared/schemas/cms.ts';
import { contentKeys } from '#shared/page-deps.ts';
import type { z } from 'zod';
import type { AuthContext } from '../../auth-context.ts';
import type { Db } from '../../db/database.ts';
import { invalidFields, notFound } from '../../errors.ts';
import type { Trx } from '../../db/database.ts';
import type { TargetedChange } from './rebuilds.ts';
import { findReplayedCreate, recordHistory, versionConflict, wasDeleted } from './history.ts';

export const carouselNotFound = () => notFound('Este carrusel ya no existe.');

type Actor = Pick<AuthContext, 'userId' | 'email'>;

/** What a carousel change makes the live pages render again: the carousels block (and its slug's page, if any). */
export const carouselChange = (slug: string | null): TargetedChange => ({
  changed: [contentKeys.carousels, ...(slug ? [contentKeys.slider(slug)] : [])],
  content: true,
});

/** A slider's tour links, by position, each with what a card needs and whether visitors see it. */
export async function readRoll(db: Db | Trx, sliderId: string): Promise<CarouselTourView[]> {
  const links = await db
    .selectFrom('tourSliders')
    .innerJoin('tours', 'tours.id', 'tourSliders.tourId')
    .select([
      'tourSliders.id as linkId',
      'tourSliders.tourId',
      'tourSliders.position',
      'tours.name',
      'tours.webSlug',
      'tours.thumbnail',
      'tours.tagKeywords',
      'tours.tagSeason',
    ])
    .where('tourSliders.sliderId', '=', sliderId)
    .orderBy('tourSliders.position')
    .orderBy('tourSliders.id')
    .execute();
  const prices = await db
    .selectFrom('prices')
    .select(['tourId', 'ageGroupName', 'categoryName', 'valueCents'])
    .where('tourId', 'in', links.length ? links.map((l) => l.tourId) : [''])
    .where('periodId', 'is', null)
    .where('flightId', 'is', null)
    .execute();
  return links.map((link) => {
    const adult = findLowestAdultPriceCents(prices.filter((p) => p.tourId === link.tourId));
    return {
      linkId: link.linkId,
      tourId: link.tourId,
      position: link.position,
      name: link.name,
      webSlug: link.webSlug,
      thumbnail: link.thumbnail,
      visibleToVisitors: !isHiddenTour(link) && adult !== null && adult > 0,
    };
  });
}

async function readCarousel(db: Db | Trx, id: string): Promise<CarouselView | null> {
  const slider = await db.selectFrom('sliders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!slider || slider.category === 'GRID') return null;
  return {
    id: slider.id,
    version: slider.version,
    website: slider.website,
    label: slider.label,
    category: slider.category,
    position: slider.position,
    status: slider.status,
    updatedAt: slider.updatedAt,
    tours: await readRoll(db, id),
  };
}

/** Every carousel of the block for `website`, drafts and hidden ones included (admins see them dimmed). */
export async function listEditableCarousels(db: Db, { website }: { website: string }): Promise<CarouselView[]> {
  const sliders = await db.selectFrom('sliders').select(['id', 'position', 'website', 'category', 'status']).where('category', '!=', 'GRID').execute();
  const shown = listCarousels({
    // The spec's site types; a slider of another (unknown) site is not this block's.
    sliders: sliders.flatMap((s) => (s.website === null || isOneOf(WEBSITE_TYPES, s.website) ? [{ ...s, website: s.website }] : [])),
    website,
    category: null,
    isAdmin: true,
  });
  const views: CarouselView[] = [];
  for (const slider of shown) {
    const view = await readCarousel(db, slider.id);
    if (view) views.push(view);
  }
  return views;
}

export async function findCarousel(db: Db, id: string): Promise<CarouselView> {
  const view = await readCarousel(db, id);
  if (!view) throw carouselNotFound();
  return view;
}

/** Visible tours whose name contains `q` (accents and case ignored), for the slider tour picker. */
export async function searchPickableTours(db: Db, { q }: { q: string }): Promise<PickableTour[]> {
  const tours = await db
    .selectFrom('tours')
    .select(['id', 'name', 'webSlug', 'tagKeywords', 'tagSeason'])
    .where('status', '!=', 'INACTIVE')
    .orderBy('name')
    .execute();
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase('es');
  const wanted = fold(q);
  return tours
    .filter((tour) => !isHiddenTour(tour) && fold(tour.name).includes(wanted))
    .slice(0, 20)
    .map(({ id, name, webSlug }) => ({ id, name, webSlug }));
}

/** 'Agregar carrusel': empty title, position 0, GROUP, DRAFT unless said otherwise. The same press twice creates one. */
export async function createCarousel(db: Db, input: z.output<typeof CarouselCreateSchema>, actor: Actor, now: Date): Promise<CarouselView> {
  const id = await db.transaction().execute(async (trx) => {
    const replayed = await findReplayedCreate(trx, 'carousel', input.requestId);
    if (replayed) return replayed;
    const id = randomUUID();
    const at = now.toISOString();
    const row = {
      id,
      website: input.website,
      label: input.label,
      category: input.category,
      position: input.position,
      status: input.status,
      createdAt: at,
      updatedAt: at,
      version: 1,
    };
    await trx.insertInto('sliders').values(row).execute();
    await recordHistory(
      trx,
      { type: 'carousel', entityId: id, version: 1, action: 'create', actor, requestId: input.requestId, before: null, after: { ...row, tours: [] } },
      now,
    );
    return id;
  });
  return findCarousel(db, id);
}

/** Refuses a roll with a tour twice, an unknown tour or a hidden one, naming the entry. */
export async function checkRoll(trx: Trx, roll: z.output<typeof CarouselSaveSchema>['tours']): Promise<void> {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const tours = roll.length
    ? await trx
        .selectFrom('tours')
        .select(['id', 'tagKeywords', 'tagSeason'])
        .where(
          'id',
          'in',
          roll.map((r) => r.tourId),
        )
        .execute()
    : [];
  const byId = new Map(tours.map((t) => [t.id, t]));
  roll.forEach((entry, index) => {
    const tour = byId.get(entry.tourId);
    if (seen.has(entry.tourId)) fields[`tours.${index}.tourId`] = SLIDER_FORM_MESSAGES.duplicateTour;
    else if (!tour) fields[`tours.${index}.tourId`] = SLIDER_FORM_MESSAGES.unknownTour;
    else if (isHiddenTour(tour)) fields[`tours.${index}.tourId`] = SLIDER_FORM_MESSAGES.hiddenTour;
    seen.add(entry.tourId);
  });
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

type CarouselState = Omit<CarouselView, 'tours' | 'updatedAt' | 'version'> & { tours: { tourId: string; position: number }[] };
const stateOf = (view: CarouselView): CarouselState => ({
  id: view.id,
  website: view.website,
  label: view.label,
  category: view.category,
  position: view.position,
  status: view.status,
  tours: view.tours.map((t) => ({ tourId: t.tourId, position: t.position })),
});

/**
 * 'Guardar': the slider's fields, then the dropped links removed, the added ones created and moved ones
 * repositioned, in one transaction, from the version the editor opened. Saving what is already saved
 * (the same press arriving twice) changes nothing and answers as the first did.
 */
export async function saveCarousel(
  db: Db,
  id: string,
  input: z.output<typeof CarouselSaveSchema>,
  actor: Actor,
  now: Date,
  { action = 'update' }: { action?: 'update' | 'restore' } = {},
): Promise<{ view: CarouselView; changed: boolean; slug: string | null }> {
  const result = await db.transaction().execute(async (trx) => {
    const current = await readCarousel(trx, id);
    if (!current) throw carouselNotFound();
    const slider = await trx.selectFrom('sliders').select(['sliderSlug']).where('id', '=', id).executeTakeFirstOrThrow();
    const before = stateOf(current);
    const after: CarouselState = {
      ...before,
      label: input.label,
      category: input.category,
      position: input.position,
      status: input.status,
      tours: input.tours,
    };
    const same =
      JSON.stringify({ ...after, tours: [...after.tours].sort((a, b) => a.tourId.localeCompare(b.tourId)) }) ===
      JSON.stringify({ ...before, tours: [...before.tours].sort((a, b) => a.tourId.localeCompare(b.tourId)) });
    if (same && input.version >= current.version - 1) return { changed: false, slug: slider.sliderSlug };
    if (input.version !== current.version) throw versionConflict();
    await checkRoll(trx, input.tours);
    const version = current.version + 1;
    const updated = await trx
      .updateTable('sliders')
      .set({ label: input.label, category: input.category, position: input.position, status: input.status, updatedAt: now.toISOString(), version })
      .where('id', '=', id)
      .where('version', '=', current.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw versionConflict();
    await writeRoll(trx, id, current.tours, input.tours);
    await recordHistory(trx, { type: 'carousel', entityId: id, version, action, actor, before, after }, now);
    return { changed: true, slug: slider.sliderSlug };
  });
  return { view: await findCarousel(db, id), ...result };
}

/** Removes the dropped links, creates the added ones and repositions moved ones. */
export async function writeRoll(
  trx: Trx,
  sliderId: string,
  current: readonly CarouselTourView[],
  edited: z.output<typeof CarouselSaveSchema>['tours'],
): Promise<void> {
  const saved = current.map((t) => ({ id: t.linkId, tourId: t.tourId, position: t.position }));
  const { toRemove, toAdd, toUpdate } = diffTourLinks({ saved, edited });
  if (toRemove.length) {
    await trx
      .deleteFrom('tourSliders')
      .where(
        'id',
        'in',
        toRemove.map((l) => l.id),
      )
      .execute();
  }
  for (const { link, position } of toUpdate) await trx.updateTable('tourSliders').set({ position }).where('id', '=', link.id).execute();
  if (toAdd.length) {
    await trx
      .insertInto('tourSliders')
      .values(toAdd.map((entry) => ({ id: randomUUID(), tourId: entry.tourId, sliderId, position: entry.position, tourOfferId: null })))
      .execute();
  }
}

/** Deletes a section: "tour links first, then the slider". A second press answers as the first. */
export async function deleteCarousel(db: Db, id: string, version: number, actor: Actor, now: Date): Promise<{ slug: string | null } | null> {
  const current = await readCarousel(db, id);
  if (!current) {
    if (await wasDeleted(db, 'carousel', id)) return null;
    throw carouselNotFound();
  }
  return db.transaction().execute(async (trx) => {
    if (version !== current.version) throw versionConflict();
    const slider = await trx.selectFrom('sliders').select(['sliderSlug']).where('id', '=', id).executeTakeFirstOrThrow();
    await trx.deleteFrom('tourSliders').where('sliderId', '=', id).execute();
    const deleted = await trx.deleteFrom('sliders').where('id', '=', id).where('version', '=', version).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw versionConflict();
    await recordHistory(trx, { type: 'carousel', entityId: id, version: version + 1, action: 'delete', actor, before: stateOf(current), after: null }, now);
    return { slug: slider.sliderSlug };
  });
}
