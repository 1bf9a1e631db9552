import { Hono } from 'hono';
import { z } from 'zod';
import { GridSlugSchema, LandingSaveSchema, type LandingView, RestoreSchema, type Saved } from '#shared/schemas/cms.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv, type AuthContext } from '../auth-context.ts';
import { notFound } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { findHistoryEntry, listHistory } from '../services/content/history.ts';
import { findLanding, landingChange, saveLanding } from '../services/content/landings.ts';
import { validate } from '../validation.ts';

const SlugParam = z.object({ slug: GridSlugSchema });

/**
 * `/api/cms/landings/{slug}`, admins only (group drAdmin): a landing's banner and rich-text block edited in
 * place. A save answers `{ saved, publication }`; the publication renders the pages that show the landing.
 */
export function cmsLandingRoutes({ db, config, rebuilds }: AppDeps) {
  const view = (slug: string) => findLanding(db, slug, { secret: config.authSecret, now: new Date() });
  const save = async (slug: string, input: z.output<typeof LandingSaveSchema>, auth: AuthContext | null, reason: string) => {
    const { changed } = await saveLanding(db, slug, input, { actor: actorOf(auth), now: new Date(), filesDir: config.filesDir });
    const publication = changed ? (rebuilds?.publish(landingChange(slug), reason) ?? null) : null;
    return { saved: await view(slug), publication } satisfies Saved<LandingView>;
  };
  return new Hono<ApiEnv>()
    .get('/:slug', allow('admin'), validate('param', SlugParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ landing: await view(c.req.valid('param').slug) });
    })
    .put('/:slug', allow('admin'), validate('param', SlugParam), validate('json', LandingSaveSchema), async (c) => {
      const { slug } = c.req.valid('param');
      return c.json(await save(slug, c.req.valid('json'), c.var.auth, `página ${slug} guardada`));
    })
    .get('/:slug/history', allow('admin'), validate('param', SlugParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      const landing = await view(c.req.valid('param').slug);
      return c.json({ history: landing.id ? await listHistory(db, 'landing', landing.id) : [] });
    })
    .post(
      '/:slug/history/:entry/restore',
      allow('admin'),
      validate('param', SlugParam.extend({ entry: z.string().min(1).max(100) })),
      validate('json', RestoreSchema),
      async (c) => {
        const { slug, entry } = c.req.valid('param');
        const landing = await view(slug);
        const found = await findHistoryEntry(db, entry);
        const after = (landing.id && found?.entityType === 'landing' && found.entityId === landing.id ? found.after : null) as Record<string, unknown> | null;
        const state = after ? LandingSaveSchema.omit({ version: true }).safeParse(after) : null;
        if (!state?.success) throw notFound('No encontramos esa versión de la página.');
        return c.json(await save(slug, { ...state.data, version: c.req.valid('json').version }, c.var.auth, `página ${slug} restaurada`));
      },
    );
}
