/**
 * A landing's banner and rich-text block edited in place (cms-and-backoffice.md §2.6, §2.7, §5): title,
 * subtitle, desktop and mobile images (uploaded under `landing/{slug}/desktop|mobile`), and the main
 * content, sanitised with the allow-list before it is stored. "If no landing exists for the slug, saving
 * first creates the landing (created active), then its content."
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { contentKeys } from '#shared/page-deps.ts';
import { hasRichTextContent, sanitizeRichText } from '#shared/rich-text.ts';
import { LAST_MINUTE_CONTENT_SLUG, OFFERS_CONTENT_SLUG } from '#shared/constants.ts';
import { LANDING_BLOCK_NAMES, pickLandingBlock } from '#shared/rules/landings.ts';
import { LANDING_FORM_MESSAGES, type LandingSaveSchema, type LandingView } from '#shared/schemas/cms.ts';
import type { z } from 'zod';
import type { AuthContext } from '../../auth-context.ts';
import type { Db } from '../../db/database.ts';
import type { LandingContentRow } from '../../db/tables.ts';
import { invalidFields } from '../../errors.ts';
import type { Trx } from '../../db/database.ts';
import type { TargetedChange } from './rebuilds.ts';
import { recordHistory, versionConflict } from './history.ts';
import { signFileLink } from '../files/uploads.ts';
import { infoPageText } from './info-texts.ts';

type Actor = Pick<AuthContext, 'userId' | 'email'>;

export const landingChange = (slug: string): TargetedChange => ({ changed: [contentKeys.landing(slug)], content: true });

type LandingState = Pick<LandingView, 'title' | 'subtitle' | 'desktopImage' | 'mobileImage' | 'html'>;

/** A slug's state before its first save: empty, or a text page's first text (site/content/info). */
function unsavedState(slug: string): LandingState {
  return { title: '', subtitle: '', desktopImage: null, mobileImage: null, html: infoPageText(slug)?.html ?? '' };
}

async function readLanding(db: Db | Trx, slug: string) {
  const landing = await db.selectFrom('landings').selectAll().where('slug', '=', slug).orderBy('id').executeTakeFirst();
  if (!landing) return null;
  const contents = await db.selectFrom('landingContents').selectAll().where('landingId', '=', landing.id).orderBy('id').execute();
  const image = pickLandingBlock(contents, 'IMAGE', LANDING_BLOCK_NAMES.image);
  const state: LandingState = {
    title: pickLandingBlock(contents, 'TITLE', LANDING_BLOCK_NAMES.title)?.value1 ?? '',
    subtitle: pickLandingBlock(contents, 'TEXT', LANDING_BLOCK_NAMES.subtitle)?.value1 ?? '',
    desktopImage: image?.value1 || null,
    mobileImage: image?.value2 || null,
    html: pickLandingBlock(contents, 'ENRICHED_TEXT', LANDING_BLOCK_NAMES.mainContent)?.value1 ?? '',
  };
  return { landing, contents, state };
}

/** The slug's landing as the editors show it; empty (no id, no version) when the slug has none yet. */
export async function findLanding(db: Db, slug: string, { secret, now }: { secret: string; now: Date }): Promise<LandingView> {
  const found = await readLanding(db, slug);
  const state = found?.state ?? unsavedState(slug);
  const link = (key: string | null) => (key ? signFileLink({ key, secret, now }) : null);
  return {
    slug,
    id: found?.landing.id ?? null,
    version: found?.landing.version ?? null,
    ...state,
    desktopImageUrl: link(state.desktopImage),
    mobileImageUrl: link(state.mobileImage),
  };
}

/**
 * An image a save may name: the one already saved, or one uploaded into this landing's folder for that
 * image (`landing/{slug}/desktop/…`) that exists. Anything else is refused.
 */
function checkImage(key: string | null | undefined, saved: string | null, folder: string, filesDir: string): boolean {
  if (key === undefined || key === null || key === saved) return true;
  return (key.startsWith(`${folder}/`) || key.startsWith(`${folder}.`)) && !key.includes('..') && existsSync(join(filesDir, key));
}

async function upsertBlock(
  trx: Trx,
  {
    landingId,
    slug,
    contents,
    type,
    name,
    value1,
    value2,
    now,
  }: {
    landingId: string;
    slug: string;
    contents: LandingContentRow[];
    type: LandingContentRow['contentType'];
    name: string;
    value1: string | null;
    value2: string | null;
    now: string;
  },
): Promise<void> {
  const existing = pickLandingBlock(contents, type, name);
  if (existing) {
    await trx.updateTable('landingContents').set({ value1, value2, updatedAt: now }).where('id', '=', existing.id).execute();
  } else {
    await trx.insertInto('landingContents').values({ id: randomUUID(), landingId, slug, contentType: type, name, value1, value2, updatedAt: now }).execute();
  }
}

/**
 * 'Guardar' on the banner or the rich-text block: the fields sent, from the version the editor opened.
 * Saving what is already saved changes nothing; a slug without a landing gets one (active) first.
 */
export async function saveLanding(
  db: Db,
  slug: string,
  input: z.output<typeof LandingSaveSchema>,
  { actor, now, filesDir }: { actor: Actor; now: Date; filesDir: string },
): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    let found = await readLanding(trx, slug);
    const before: LandingState = found?.state ?? unsavedState(slug);
    const html = input.html === undefined ? before.html : hasRichTextContent(input.html) ? sanitizeRichText(input.html) : '';
    const after: LandingState = {
      title: input.title ?? before.title,
      subtitle: input.subtitle ?? before.subtitle,
      desktopImage: input.desktopImage === undefined ? before.desktopImage : input.desktopImage,
      mobileImage: input.mobileImage === undefined ? before.mobileImage : input.mobileImage,
      html,
    };
    if (JSON.stringify(after) === JSON.stringify(before) && (input.version ?? 0) >= (found?.landing.version ?? 0) - 1) return { changed: false };
    if ((input.version ?? null) !== (found?.landing.version ?? null)) throw versionConflict();
    const fields: Record<string, string> = {};
    if (!checkImage(input.desktopImage, before.desktopImage, `landing/${slug}/desktop`, filesDir)) fields.desktopImage = LANDING_FORM_MESSAGES.imageNotUploaded;
    if (!checkImage(input.mobileImage, before.mobileImage, `landing/${slug}/mobile`, filesDir)) fields.mobileImage = LANDING_FORM_MESSAGES.imageNotUploaded;
    if (Object.keys(fields).length > 0) throw invalidFields(fields);

    const at = now.toISOString();
    let version: number;
    if (!found) {
      await trx.insertInto('landings').values({ id: randomUUID(), slug, name: slug, status: 'ACTIVE', version: 1 }).execute();
      found = await readLanding(trx, slug);
      if (!found) throw new Error(`landing ${slug} not created`);
      version = 1;
    } else {
      version = found.landing.version + 1;
      const updated = await trx
        .updateTable('landings')
        .set({ version })
        .where('id', '=', found.landing.id)
        .where('version', '=', found.landing.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw versionConflict();
    }
    const block = { landingId: found.landing.id, slug, contents: found.contents, now: at };
    if (after.title !== before.title) await upsertBlock(trx, { ...block, type: 'TITLE', name: LANDING_BLOCK_NAMES.title, value1: after.title, value2: null });
    if (after.subtitle !== before.subtitle)
      await upsertBlock(trx, { ...block, type: 'TEXT', name: LANDING_BLOCK_NAMES.subtitle, value1: after.subtitle, value2: null });
    if (after.desktopImage !== before.desktopImage || after.mobileImage !== before.mobileImage)
      await upsertBlock(trx, { ...block, type: 'IMAGE', name: LANDING_BLOCK_NAMES.image, value1: after.desktopImage, value2: after.mobileImage });
    if (after.html !== before.html)
      await upsertBlock(trx, { ...block, type: 'ENRICHED_TEXT', name: LANDING_BLOCK_NAMES.mainContent, value1: after.html, value2: null });
    await recordHistory(trx, { type: 'landing', entityId: found.landing.id, version, action: version === 1 ? 'create' : 'update', actor, before, after }, now);
    return { changed: true };
  });
}

/** Pages of their own (site/pages/) that carry an editable landing, whether or not it was ever saved. */
const CONTENT_PAGE_SLUGS: readonly string[] = ['home', OFFERS_CONTENT_SLUG, LAST_MINUTE_CONTENT_SLUG, 'black-friday', 'viajes-en-familia'];

/**
 * Whether the shop has a landing called `slug`: one saved before, a campaign slider's (its page is the
 * slider's slug), or a page with its own text. An upload into another slug's folder would create a folder
 * for a page that does not exist.
 */
export async function landingExists(db: Db, slug: string): Promise<boolean> {
  if (CONTENT_PAGE_SLUGS.includes(slug) || infoPageText(slug) !== null) return true;
  const saved = await db.selectFrom('landings').select('id').where('slug', '=', slug).executeTakeFirst();
  if (saved) return true;
  return (await db.selectFrom('sliders').select('id').where('sliderSlug', '=', slug).executeTakeFirst()) !== undefined;
}
