import { Hono } from 'hono';
import { readTourOpinions } from '#content-build/snapshot.ts';
import { contentKeys } from '#shared/page-deps.ts';
import {
  type ActivityOpinionActionAnswer,
  ActivityOpinionModerateSchema,
  type OpinionActionAnswer,
  OpinionListQuerySchema,
  OpinionModerateSchema,
  OpinionReplySchema,
} from '#shared/schemas/opinions.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { activityOpinionView, listActivityOpinions, moderateActivityOpinion, opinionHistory } from '../services/content/activity-opinions.ts';
import { listOpinions, moderateOpinion, opinionView, replyToOpinion } from '../services/content/opinions.ts';
import { IdParam, validate } from '../validation.ts';

/**
 * `/api/admin/opinions`, admins only (group drAdmin): the reviews moderation of /admin/tour/opinion. The
 * list is filtered and paged on the server; every action answers `applied` (false for a press already
 * applied), the review as it now is, and the publication of its tour's pages when they show the change.
 * Optional-activity reviews under `/activities` (before `/:id`, which would take the word for an id);
 * `/:id/history` is who did what to either kind of review.
 */
export function adminOpinionRoutes({ db, config, rebuilds }: AppDeps) {
  const viewCtx = () => ({ secret: config.authSecret, now: new Date() });
  return new Hono<ApiEnv>()
    .get('/', allow('admin'), validate('query', OpinionListQuerySchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listOpinions(db, c.req.valid('query'), viewCtx()));
    })
    .get('/activities', allow('admin'), validate('query', OpinionListQuerySchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listActivityOpinions(db, c.req.valid('query')));
    })
    .post('/activities/:id/moderate', allow('admin'), validate('param', IdParam), validate('json', ActivityOpinionModerateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { requestId, status } = c.req.valid('json');
      // No static page shows activity reviews: nothing to publish again.
      const applied = await moderateActivityOpinion(db, { id, requestId, status, actor: actorOf(c.var.auth), now: new Date() });
      const answer: ActivityOpinionActionAnswer = { applied, opinion: await activityOpinionView(db, id) };
      return c.json(answer);
    })
    .get('/:id/history', allow('admin'), validate('param', IdParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ entries: await opinionHistory(db, c.req.valid('param').id) });
    })
    .get('/:id', allow('admin'), validate('param', IdParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await opinionView(db, c.req.valid('param').id, viewCtx()));
    })
    .post('/:id/moderate', allow('admin'), validate('param', IdParam), validate('json', OpinionModerateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { requestId, ...change } = c.req.valid('json');
      const { applied, republishTour, republishHome } = await moderateOpinion(db, {
        id,
        requestId,
        change,
        actor: actorOf(c.var.auth),
        now: new Date(),
        publicUrl: config.publicUrl,
      });
      // The tour page lists its published reviews and its rating comes from them: its pages (and every
      // card of the tour) are rendered again with the tour's reviews as the snapshot would now carry them.
      // A review 'En la portada' is also in the home's block, read with the content.
      const publication =
        (republishTour || republishHome) && rebuilds
          ? rebuilds.publish(
              {
                changed: [...(republishTour ? [contentKeys.tour(republishTour)] : []), ...(republishHome ? [contentKeys.homeOpinions] : [])],
                ...(republishHome ? { content: true } : {}),
                tours: republishTour ? [{ id: republishTour, opinions: await readTourOpinions(db, republishTour) }] : [],
              },
              `opinión ${id} moderada`,
            )
          : null;
      const answer: OpinionActionAnswer = { applied, opinion: await opinionView(db, id, viewCtx()), publication };
      return c.json(answer);
    })
    .post('/:id/reply', allow('admin'), validate('param', IdParam), validate('json', OpinionReplySchema), async (c) => {
      const { id } = c.req.valid('param');
      const { requestId, comment } = c.req.valid('json');
      const applied = await replyToOpinion(db, { id, requestId, comment, actor: actorOf(c.var.auth), now: new Date() });
      const answer: OpinionActionAnswer = { applied, opinion: await opinionView(db, id, viewCtx()), publication: null };
      return c.json(answer);
    });
}
