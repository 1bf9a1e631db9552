import { Hono } from 'hono';
import { z } from 'zod';
import {
  CarouselCreateSchema,
  CarouselSaveSchema,
  RestoreSchema,
  type Saved,
  type CarouselView,
  TourSearchQuerySchema,
  VersionQuerySchema,
} from '#shared/schemas/cms.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { notFound } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import {
  carouselChange,
  createCarousel,
  deleteCarousel,
  findCarousel,
  listEditableCarousels,
  saveCarousel,
  searchPickableTours,
} from '../services/content/carousels.ts';
import { findHistoryEntry, listHistory } from '../services/content/history.ts';
import { IdParam, validate } from '../validation.ts';

const WebsiteQuery = z.object({ website: z.string().trim().min(1).max(40).default('WEBDR') });

/**
 * `/api/cms/carousels`, admins only (group drAdmin): the recommended carousels block edited in place.
 * Each write answers `{ saved, publication }`; the publication renders the pages that show carousels
 * again and is followed on `/api/cms/events`.
 */
export function cmsCarouselRoutes({ db, rebuilds }: AppDeps) {
  const publish = (slug: string | null, reason: string) => rebuilds?.publish(carouselChange(slug), reason) ?? null;
  return new Hono<ApiEnv>()
    .get('/', allow('admin'), validate('query', WebsiteQuery), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ carousels: await listEditableCarousels(db, c.req.valid('query')) });
    })
    .get('/tours', allow('admin'), validate('query', TourSearchQuerySchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ tours: await searchPickableTours(db, c.req.valid('query')) });
    })
    .post('/', allow('admin'), validate('json', CarouselCreateSchema), async (c) => {
      const carousel = await createCarousel(db, c.req.valid('json'), actorOf(c.var.auth), new Date());
      // A new carousel is a draft unless created published: visitors see nothing new until then.
      const publication = carousel.status === 'ACTIVE' ? publish(null, `carrusel ${carousel.id} creado`) : null;
      return c.json({ saved: carousel, publication } satisfies Saved<CarouselView>, 201);
    })
    .get('/:id', allow('admin'), validate('param', IdParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ carousel: await findCarousel(db, c.req.valid('param').id) });
    })
    .put('/:id', allow('admin'), validate('param', IdParam), validate('json', CarouselSaveSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { view, changed, slug } = await saveCarousel(db, id, c.req.valid('json'), actorOf(c.var.auth), new Date());
      const publication = changed ? publish(slug, `carrusel ${id} guardado`) : null;
      return c.json({ saved: view, publication } satisfies Saved<CarouselView>);
    })
    .delete('/:id', allow('admin'), validate('param', IdParam), validate('query', VersionQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await deleteCarousel(db, id, c.req.valid('query').version, actorOf(c.var.auth), new Date());
      const publication = deleted ? publish(deleted.slug, `carrusel ${id} borrado`) : null;
      return c.json({ saved: { id, deleted: true }, publication });
    })
    .get('/:id/history', allow('admin'), validate('param', IdParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ history: await listHistory(db, 'carousel', c.req.valid('param').id) });
    })
    .post(
      '/:id/history/:entry/restore',
      allow('admin'),
      validate('param', IdParam.extend({ entry: z.string().min(1).max(100) })),
      validate('json', RestoreSchema),
      async (c) => {
        const { id, entry } = c.req.valid('param');
        const found = await findHistoryEntry(db, entry);
        const after = (found?.entityType === 'carousel' && found.entityId === id ? found.after : null) as Record<string, unknown> | null;
        const state = after
          ? CarouselSaveSchema.omit({ version: true }).safeParse({
              label: after.label,
              category: after.category,
              position: after.position,
              status: after.status,
              tours: after.tours,
            })
          : null;
        if (!state?.success) throw notFound('No encontramos esa versión del carrusel.');
        const { view, changed, slug } = await saveCarousel(db, id, { ...state.data, version: c.req.valid('json').version }, actorOf(c.var.auth), new Date(), {
          action: 'restore',
        });
        const publication = changed ? publish(slug, `carrusel ${id} restaurado`) : null;
        return c.json({ saved: view, publication } satisfies Saved<CarouselView>);
      },
    );
}
