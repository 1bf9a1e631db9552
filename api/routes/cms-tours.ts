import { Hono } from 'hono';
import { TOUR_CARD_MESSAGES, type TourSyncView, TourThumbnailSchema } from '#shared/schemas/cms.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv, AuthContext } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import type { TargetedChange } from '../services/content/rebuilds.ts';
import { checkTourData, findCardTour, markTourUpdating, saveThumbnail, syncChange, thumbnailChange } from '../services/content/tours.ts';
import { IdParam, validate } from '../validation.ts';

/**
 * `/api/cms/tours/{id}`, admins only: the card tools. A new thumbnail and 'Sincronizar' each answer the
 * publication of the tour's pages; meanwhile the tour reports UPDATING on `/api/cms/events`.
 */
export function cmsTourRoutes({ db, config, rebuilds, cmsEvents }: AppDeps) {
  const ctx = (auth: AuthContext | null) => ({
    actor: { userId: auth?.userId ?? '', email: auth?.email ?? '' },
    now: new Date(),
    filesDir: config.filesDir,
    secret: config.authSecret,
  });
  /** UPDATING while the tour's pages are published, ACTIVE again after. */
  const publishTour = async (tourId: string, change: TargetedChange, reason: string) => {
    if (!rebuilds) return null;
    const untilPublished = await markTourUpdating({ db, events: cmsEvents, tourId });
    const publication = rebuilds.publish(change, reason);
    untilPublished(rebuilds, publication);
    return publication;
  };
  return new Hono<ApiEnv>()
    .get('/:id', allow('admin'), validate('param', IdParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ tour: await findCardTour(db, c.req.valid('param').id, ctx(c.var.auth)) });
    })
    .put('/:id/thumbnail', allow('admin'), validate('param', IdParam), validate('json', TourThumbnailSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { changed } = await saveThumbnail(db, id, input, ctx(c.var.auth));
      const publication = changed ? await publishTour(id, thumbnailChange(id, input.thumbnail), `foto del tour ${id}`) : null;
      return c.json({ saved: await findCardTour(db, id, ctx(c.var.auth)), publication });
    })
    .post('/:id/sync', allow('admin'), validate('param', IdParam), async (c) => {
      const { id } = c.req.valid('param');
      const issues = await checkTourData(db, id, new Date());
      const publication = await publishTour(id, syncChange(id), `tour ${id} sincronizado`);
      const saved: TourSyncView = { tour: await findCardTour(db, id, ctx(c.var.auth)), issues };
      return c.json({ saved, publication, message: TOUR_CARD_MESSAGES.synced });
    });
}
