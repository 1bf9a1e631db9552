import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow, requireAuth } from '../middleware/access.ts';
import { listMyReviews, readMyReviewPhoto, reviewNotFound } from '../services/content/traveller-reviews.ts';
import { IdParam, validate } from '../validation.ts';

/**
 * `/api/me/reviews`, the signed-in traveller's reviews (`/perfil/mis-resenas`): the ones they wrote, with
 * their status, the trips still waiting for one with fresh feedback links, and a review's photo. Narrowed
 * to the caller's traveller on the server; someone else's review is a 404, like one that does not exist.
 */
export function meReviewRoutes({ db, config }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/', allow('traveler'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      if (!travelerId) return c.json({ reviews: [], waiting: [] });
      return c.json(await listMyReviews(db, { travelerId, config, now: new Date() }));
    })
    .get('/:id/photo', allow('traveler'), validate('param', IdParam, { invalid: reviewNotFound }), async (c) => {
      const { travelerId } = requireAuth(c);
      if (!travelerId) throw reviewNotFound();
      const photo = await readMyReviewPhoto(db, { travelerId, reviewId: c.req.valid('param').id, filesDir: config.filesDir });
      return new Response(new Uint8Array(photo.bytes), {
        headers: { 'Content-Type': photo.contentType, 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
      });
    });
}
