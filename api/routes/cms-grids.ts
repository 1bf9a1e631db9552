import { Hono } from 'hono';
import { z } from 'zod';
import { GridSaveSchema, GridSlugSchema, type GridView, RestoreSchema, type Saved } from '#shared/schemas/cms.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { notFound } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { findGrid, gridChange, saveGrid } from '../services/content/grids.ts';
import { findHistoryEntry, listHistory } from '../services/content/history.ts';
import { validate } from '../validation.ts';

const SlugParam = z.object({ slug: GridSlugSchema });

/**
 * `/api/cms/grids/{slug}`, admins only (group drAdmin): a campaign's tour grid edited in place. A save
 * answers `{ saved, publication }`; the publication renders the campaign's page again (a new campaign:
 * a full build) and is followed on `/api/cms/events`.
 */
export function cmsGridRoutes({ db, rebuilds }: AppDeps) {
  const publish = (slug: string, created: boolean, reason: string) => rebuilds?.publish(gridChange(slug, created), reason) ?? null;
  return new Hono<ApiEnv>()
    .get('/:slug', allow('admin'), validate('param', SlugParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ grid: await findGrid(db, c.req.valid('param').slug) });
    })
    .put('/:slug', allow('admin'), validate('param', SlugParam), validate('json', GridSaveSchema), async (c) => {
      const { slug } = c.req.valid('param');
      const { view, changed, created } = await saveGrid(db, slug, c.req.valid('json'), actorOf(c.var.auth), new Date());
      const publication = changed ? publish(slug, created, `campaña ${slug} guardada`) : null;
      return c.json({ saved: view, publication } satisfies Saved<GridView>);
    })
    .get('/:slug/history', allow('admin'), validate('param', SlugParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      const grid = await findGrid(db, c.req.valid('param').slug);
      return c.json({ history: grid.id ? await listHistory(db, 'grid', grid.id) : [] });
    })
    .post(
      '/:slug/history/:entry/restore',
      allow('admin'),
      validate('param', SlugParam.extend({ entry: z.string().min(1).max(100) })),
      validate('json', RestoreSchema),
      async (c) => {
        const { slug, entry } = c.req.valid('param');
        const grid = await findGrid(db, slug);
        const found = await findHistoryEntry(db, entry);
        const after = (grid.id && found?.entityType === 'grid' && found.entityId === grid.id ? found.after : null) as Record<string, unknown> | null;
        const state = after ? GridSaveSchema.omit({ version: true }).safeParse({ title: after.title, tours: after.tours }) : null;
        if (!state?.success) throw notFound('No encontramos esa versión de la campaña.');
        const { view, changed, created } = await saveGrid(db, slug, { ...state.data, version: c.req.valid('json').version }, actorOf(c.var.auth), new Date(), {
          action: 'restore',
        });
        const publication = changed ? publish(slug, created, `campaña ${slug} restaurada`) : null;
        return c.json({ saved: view, publication } satisfies Saved<GridView>);
      },
    );
}
