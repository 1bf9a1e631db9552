/**
 * The home's main banners and the region banners edited in place (cms-and-backoffice.md §3 MainBanner,
 * RegionBanner; §7 create/update): created with safe defaults (a draft, hidden), saved from the version
 * the editor opened, deleted once however often the button is pressed. Images are the keys an upload
 * answered for the banner's folder (`landing/home/…` for the home, `landing/{region}/…` for a region).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { contentKeys } from '#shared/page-deps.ts';
import { hasRichTextContent, sanitizeRichText } from '#shared/rich-text.ts';
import {
  LANDING_FORM_MESSAGES,
  type MainBannerSaveSchema,
  type MainBannerView,
  type RegionBannerSaveSchema,
  type RegionBannerView,
} from '#shared/schemas/cms.ts';
import type { z } from 'zod';
import type { AuthContext } from '../../auth-context.ts';
import type { Db } from '../../db/database.ts';
import type { MainBannerRow, RegionBannerRow } from '../../db/tables.ts';
import { invalidFields, notFound } from '../../errors.ts';
import type { TargetedChange } from './rebuilds.ts';
import { findReplayedCreate, recordHistory, versionConflict, wasDeleted } from './history.ts';
import { signFileLink } from '../files/uploads.ts';

type Actor = Pick<AuthContext, 'userId' | 'email'>;
interface Context {
  actor: Actor;
  now: Date;
  filesDir: string;
  secret: string;
}

export const mainBannersChange: TargetedChange = { changed: [contentKeys.mainBanners], content: true };
export const regionBannersChange: TargetedChange = { changed: [contentKeys.regionBanners], content: true };
const bannerNotFound = () => notFound('Este banner ya no existe.');

const link = (key: string | null, { secret, now }: Pick<Context, 'secret' | 'now'>) => (key ? signFileLink({ key, secret, now }) : null);

/** A key the save may name: the one saved, or one uploaded into `folder` (`landing/{slug}/desktop|mobile`) that exists. */
function imageAllowed(key: string | null, saved: string | null, folder: string, filesDir: string): boolean {
  if (key === null || key === saved) return true;
  return (key.startsWith(`${folder}/`) || key.startsWith(`${folder}.`)) && !key.includes('..') && existsSync(join(filesDir, key));
}

function checkImages(images: { field: string; key: string | null; saved: string | null; folder: string }[], filesDir: string): void {
  const fields = Object.fromEntries(
    images.filter((i) => !imageAllowed(i.key, i.saved, i.folder, filesDir)).map((i) => [i.field, LANDING_FORM_MESSAGES.imageNotUploaded]),
  );
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

const mainView = (row: MainBannerRow, ctx: Pick<Context, 'secret' | 'now'>): MainBannerView => ({
  id: row.id,
  version: row.version,
  content: row.content ?? '',
  order: row.order,
  status: row.status,
  enhanceMenu: row.enhanceMenu === 1,
  backgroundImageDesktop: row.backgroundImageDesktop,
  backgroundImageMobile: row.backgroundImageMobile,
  desktopUrl: link(row.backgroundImageDesktop, ctx),
  mobileUrl: link(row.backgroundImageMobile, ctx),
});

const regionView = (row: RegionBannerRow, ctx: Pick<Context, 'secret' | 'now'>): RegionBannerView => ({
  id: row.id,
  version: row.version,
  region: row.region,
  description: row.description ?? '',
  order: row.order,
  visible: row.visible === 1,
  imageDesktop: row.imageDesktop,
  imageMobile: row.imageMobile,
  desktopUrl: link(row.imageDesktop, ctx),
  mobileUrl: link(row.imageMobile, ctx),
});

export async function listMainBanners(db: Db, ctx: Pick<Context, 'secret' | 'now'>): Promise<MainBannerView[]> {
  const rows = await db.selectFrom('mainBanners').selectAll().orderBy('order').orderBy('id').execute();
  return rows.map((row) => mainView(row, ctx));
}

export async function listRegionBanners(db: Db, region: string, ctx: Pick<Context, 'secret' | 'now'>): Promise<RegionBannerView[]> {
  const rows = await db.selectFrom('regionBanners').selectAll().where('region', '=', region).orderBy('order').orderBy('id').execute();
  return rows.map((row) => regionView(row, ctx));
}

/** A new main banner: a draft after the others, so visitors see nothing until it is published. */
export async function createMainBanner(db: Db, requestId: string, ctx: Context): Promise<MainBannerView> {
  const id = await db.transaction().execute(async (trx) => {
    const replayed = await findReplayedCreate(trx, 'main_banner', requestId);
    if (replayed) return replayed;
    const last = await trx
      .selectFrom('mainBanners')
      .select((eb) => eb.fn.max('order').as('order'))
      .executeTakeFirst();
    const row = { id: randomUUID(), content: '', order: Number(last?.order ?? -1) + 1, status: 'DRAFT' as const, enhanceMenu: 0, version: 1 };
    await trx.insertInto('mainBanners').values(row).execute();
    await recordHistory(
      trx,
      { type: 'main_banner', entityId: row.id, version: 1, action: 'create', actor: ctx.actor, requestId, before: null, after: row },
      ctx.now,
    );
    return row.id;
  });
  return mainView(await db.selectFrom('mainBanners').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), ctx);
}

/** A new region banner: hidden until it is made visible. */
export async function createRegionBanner(db: Db, region: string, requestId: string, ctx: Context): Promise<RegionBannerView> {
  const id = await db.transaction().execute(async (trx) => {
    const replayed = await findReplayedCreate(trx, 'region_banner', requestId);
    if (replayed) return replayed;
    const last = await trx
      .selectFrom('regionBanners')
      .select((eb) => eb.fn.max('order').as('order'))
      .where('region', '=', region)
      .executeTakeFirst();
    const row = { id: randomUUID(), region, description: '', order: Number(last?.order ?? -1) + 1, visible: 0, version: 1 };
    await trx.insertInto('regionBanners').values(row).execute();
    await recordHistory(
      trx,
      { type: 'region_banner', entityId: row.id, version: 1, action: 'create', actor: ctx.actor, requestId, before: null, after: row },
      ctx.now,
    );
    return row.id;
  });
  return regionView(await db.selectFrom('regionBanners').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), ctx);
}

/** Whether visitors see (or saw) this banner: only then does a change need publishing. */
const mainShown = (row: Pick<MainBannerRow, 'status'>) => row.status === 'ACTIVE';

export async function saveMainBanner(
  db: Db,
  id: string,
  input: z.output<typeof MainBannerSaveSchema>,
  ctx: Context,
): Promise<{ view: MainBannerView; changed: boolean; publish: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('mainBanners').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw bannerNotFound();
    const next = {
      content: hasRichTextContent(input.content) ? sanitizeRichText(input.content) : '',
      order: input.order,
      status: input.status,
      enhanceMenu: input.enhanceMenu ? 1 : 0,
      backgroundImageDesktop: input.backgroundImageDesktop,
      backgroundImageMobile: input.backgroundImageMobile,
    };
    const before = {
      content: row.content ?? '',
      order: row.order,
      status: row.status,
      enhanceMenu: row.enhanceMenu,
      backgroundImageDesktop: row.backgroundImageDesktop,
      backgroundImageMobile: row.backgroundImageMobile,
    };
    if (JSON.stringify(next) === JSON.stringify(before) && input.version >= row.version - 1)
      return { view: mainView(row, ctx), changed: false, publish: false };
    if (input.version !== row.version) throw versionConflict();
    checkImages(
      [
        { field: 'backgroundImageDesktop', key: next.backgroundImageDesktop, saved: row.backgroundImageDesktop, folder: 'landing/home/desktop' },
        { field: 'backgroundImageMobile', key: next.backgroundImageMobile, saved: row.backgroundImageMobile, folder: 'landing/home/mobile' },
      ],
      ctx.filesDir,
    );
    const version = row.version + 1;
    const updated = await trx
      .updateTable('mainBanners')
      .set({ ...next, version })
      .where('id', '=', id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw versionConflict();
    await recordHistory(trx, { type: 'main_banner', entityId: id, version, action: 'update', actor: ctx.actor, before, after: next }, ctx.now);
    return { view: mainView({ ...row, ...next, version }, ctx), changed: true, publish: mainShown(row) || mainShown(next) };
  });
}

export async function saveRegionBanner(
  db: Db,
  { id, region }: { id: string; region: string },
  input: z.output<typeof RegionBannerSaveSchema>,
  ctx: Context,
): Promise<{ view: RegionBannerView; changed: boolean; publish: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('regionBanners').selectAll().where('id', '=', id).where('region', '=', region).executeTakeFirst();
    if (!row) throw bannerNotFound();
    const next = {
      description: input.description,
      order: input.order,
      visible: input.visible ? 1 : 0,
      imageDesktop: input.imageDesktop,
      imageMobile: input.imageMobile,
    };
    const before = { description: row.description ?? '', order: row.order, visible: row.visible, imageDesktop: row.imageDesktop, imageMobile: row.imageMobile };
    if (JSON.stringify(next) === JSON.stringify(before) && input.version >= row.version - 1)
      return { view: regionView(row, ctx), changed: false, publish: false };
    if (input.version !== row.version) throw versionConflict();
    checkImages(
      [
        { field: 'imageDesktop', key: next.imageDesktop, saved: row.imageDesktop, folder: `landing/${row.region}/desktop` },
        { field: 'imageMobile', key: next.imageMobile, saved: row.imageMobile, folder: `landing/${row.region}/mobile` },
      ],
      ctx.filesDir,
    );
    const version = row.version + 1;
    const updated = await trx
      .updateTable('regionBanners')
      .set({ ...next, version })
      .where('id', '=', id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw versionConflict();
    await recordHistory(trx, { type: 'region_banner', entityId: id, version, action: 'update', actor: ctx.actor, before, after: next }, ctx.now);
    return { view: regionView({ ...row, ...next, version }, ctx), changed: true, publish: row.visible === 1 || next.visible === 1 };
  });
}

/** Deletes a banner; a second press answers as the first. Returns whether visitors saw it (then its pages are published). */
export async function deleteBanner(db: Db, kind: 'main' | 'region', id: string, version: number, ctx: Context): Promise<{ publish: boolean } | null> {
  const type = kind === 'main' ? 'main_banner' : 'region_banner';
  return db.transaction().execute(async (trx) => {
    const row =
      kind === 'main'
        ? await trx.selectFrom('mainBanners').selectAll().where('id', '=', id).executeTakeFirst()
        : await trx.selectFrom('regionBanners').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) {
      if (await wasDeleted(trx, type, id)) return null;
      throw bannerNotFound();
    }
    if (row.version !== version) throw versionConflict();
    await trx
      .deleteFrom(kind === 'main' ? 'mainBanners' : 'regionBanners')
      .where('id', '=', id)
      .execute();
    await recordHistory(trx, { type, entityId: id, version: version + 1, action: 'delete', actor: ctx.actor, before: row, after: null }, ctx.now);
    return { publish: 'status' in row ? row.status === 'ACTIVE' : row.visible === 1 };
  });
}
