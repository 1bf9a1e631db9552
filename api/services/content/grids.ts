/**
 * Campaign grids edited in place (cms-and-backoffice.md §2.4, §5, §6): the tours of the slider whose slug is
 * the campaign's first path segment, added with a position, moved, removed ('Eliminar') and saved in one
 * transaction. The first save for a slug without a grid creates it with the spec's defaults; that adds a
 * page, so it is published by a full build.
 */
import { randomUUID } from 'node:crypto';
import { matchRoute } from '#shared/routes.ts';
import { GRID_DEFAULTS, GRID_FORM_MESSAGES, type GridSaveSchema, type GridTexts, type GridView } from '#shared/schemas/cms.ts';
import { BANNER_ANIMATION_MS } from '#shared/constants.ts';
import { contentKeys } from '#shared/page-deps.ts';
import { OFFER_SLIDER_SLUGS } from '#shared/rules/landings.ts';
import type { z } from 'zod';
import type { AuthContext } from '../../auth-context.ts';
import type { Db } from '../../db/database.ts';
import { invalidFields } from '../../errors.ts';
import type { Trx } from '../../db/database.ts';
import type { TargetedChange } from './rebuilds.ts';
import { checkRoll, readRoll, writeRoll } from './carousels.ts';
import { recordHistory, versionConflict } from './history.ts';

type Actor = Pick<AuthContext, 'userId' | 'email'>;

/** A grid change renders the campaign's page again; a new grid is a new page. */
export const gridChange = (slug: string, created: boolean): TargetedChange => ({
  changed: [contentKeys.slider(slug)],
  content: true,
  pageSet: created,
});

/** Whether `slug` can be a campaign of its own: not an offer list and not an address another page answers. */
function isFreeCampaignSlug(slug: string): boolean {
  if ((OFFER_SLIDER_SLUGS as readonly string[]).includes(slug)) return false;
  return matchRoute(`/${slug}`)?.route.name === 'campaign';
}

type StoredGrid = GridView & { id: string; version: number };

async function readGrid(db: Db | Trx, slug: string): Promise<StoredGrid | null> {
  const slider = await db
    .selectFrom('sliders')
    .select([
      'id',
      'version',
      'label',
      'title',
      'category',
      'status',
      'sliderTitle',
      'promotionBanner',
      'labelFooter',
      'descriptionFooter',
      'sliderBannerAnimation',
    ])
    .where('sliderSlug', '=', slug)
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  if (!slider) return null;
  return {
    id: slider.id,
    slug,
    version: slider.version,
    title: slider.title ?? slider.label,
    category: slider.category,
    status: slider.status,
    sliderTitle: slider.sliderTitle ?? '',
    promotionBanner: slider.promotionBanner ?? '',
    labelFooter: slider.labelFooter ?? '',
    descriptionFooter: slider.descriptionFooter ?? '',
    bannerAnimation: Boolean(slider.sliderBannerAnimation),
    tours: await readRoll(db, slider.id),
  };
}

/** The slug's grid, or what its first save will create (the spec's defaults, no tours). */
export async function findGrid(db: Db, slug: string): Promise<GridView> {
  return (
    (await readGrid(db, slug)) ?? {
      id: null,
      slug,
      version: null,
      title: GRID_DEFAULTS.title,
      category: GRID_DEFAULTS.category,
      status: GRID_DEFAULTS.status,
      ...NO_TEXTS,
      tours: [],
    }
  );
}

const NO_TEXTS: GridTexts = { sliderTitle: '', promotionBanner: '', labelFooter: '', descriptionFooter: '', bannerAnimation: false };

type GridState = GridTexts & { title: string; tours: { tourId: string; position: number }[] };
const textsOf = (source: GridTexts): GridTexts => ({
  sliderTitle: source.sliderTitle,
  promotionBanner: source.promotionBanner,
  labelFooter: source.labelFooter,
  descriptionFooter: source.descriptionFooter,
  bannerAnimation: source.bannerAnimation,
});
const stateOf = (view: GridView): GridState => ({
  title: view.title,
  ...textsOf(view),
  tours: view.tours.map((t) => ({ tourId: t.tourId, position: t.position })),
});
/** The slider's columns for a grid's texts; an empty text is stored as none. */
const textColumns = (texts: GridTexts) => ({
  sliderTitle: texts.sliderTitle || null,
  promotionBanner: texts.promotionBanner || null,
  labelFooter: texts.labelFooter || null,
  descriptionFooter: texts.descriptionFooter || null,
  sliderBannerAnimation: texts.bannerAnimation ? String(BANNER_ANIMATION_MS) : null,
});
const sameState = (a: GridState, b: GridState) => {
  const key = (s: GridState) => JSON.stringify({ ...s, tours: [...s.tours].sort((x, y) => x.tourId.localeCompare(y.tourId)) });
  return key(a) === key(b);
};

/**
 * 'Guardar': the title and the roll from the version the editor opened. Saving what is already saved (the
 * same press twice) changes nothing; a slug without a grid gets one (defaults), once.
 */
export async function saveGrid(
  db: Db,
  slug: string,
  input: z.output<typeof GridSaveSchema>,
  actor: Actor,
  now: Date,
  { action = 'update' }: { action?: 'update' | 'restore' } = {},
): Promise<{ view: GridView; changed: boolean; created: boolean }> {
  const result = await db.transaction().execute(async (trx) => {
    const current = await readGrid(trx, slug);
    // A save that leaves a text out keeps it (the older editor sent only the title and tours).
    const kept = current ? textsOf(current) : NO_TEXTS;
    const after: GridState = {
      title: input.title,
      sliderTitle: input.sliderTitle ?? kept.sliderTitle,
      promotionBanner: input.promotionBanner ?? kept.promotionBanner,
      labelFooter: input.labelFooter ?? kept.labelFooter,
      descriptionFooter: input.descriptionFooter ?? kept.descriptionFooter,
      bannerAnimation: input.bannerAnimation ?? kept.bannerAnimation,
      tours: input.tours,
    };
    if (!current) {
      if (!isFreeCampaignSlug(slug)) throw invalidFields({ slug: GRID_FORM_MESSAGES.slugTaken });
      await checkRoll(trx, input.tours);
      const id = randomUUID();
      const at = now.toISOString();
      await trx
        .insertInto('sliders')
        .values({
          id,
          website: 'DRCAMPAIGN',
          label: input.title || GRID_DEFAULTS.title,
          title: input.title || GRID_DEFAULTS.title,
          sliderSlug: slug,
          category: GRID_DEFAULTS.category,
          position: GRID_DEFAULTS.position,
          status: GRID_DEFAULTS.status,
          ...textColumns(after),
          createdAt: at,
          updatedAt: at,
          version: 1,
        })
        .execute();
      await writeRoll(trx, id, [], input.tours);
      await recordHistory(trx, { type: 'grid', entityId: id, version: 1, action: 'create', actor, before: null, after }, now);
      return { changed: true, created: true };
    }
    const before = stateOf(current);
    if (sameState(before, after) && (input.version ?? 0) >= current.version - 1) return { changed: false, created: false };
    if (input.version !== current.version) throw versionConflict();
    await checkRoll(trx, input.tours);
    const version = current.version + 1;
    const updated = await trx
      .updateTable('sliders')
      .set({ label: input.title, title: input.title, ...textColumns(after), updatedAt: now.toISOString(), version })
      .where('id', '=', current.id)
      .where('version', '=', current.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw versionConflict();
    await writeRoll(trx, current.id, current.tours, input.tours);
    await recordHistory(trx, { type: 'grid', entityId: current.id, version, action, actor, before, after }, now);
    return { changed: true, created: false };
  });
  return { view: await findGrid(db, slug), ...result };
}
