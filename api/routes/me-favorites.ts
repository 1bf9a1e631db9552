import { Hono } from 'hono';
import { TourIdParamSchema } from '#shared/schemas/me-lists.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow, requireAuth } from '../middleware/access.ts';
import {
  addFavorite,
  favoriteTourIds,
  favoriteTourNotFound,
  listFavorites,
  noTravelerProfile,
  notAFavorite,
  removeFavorite,
} from '../services/people/favorites.ts';
import { validate } from '../validation.ts';

/**
 * `/api/me/favorites`, the traveller's favourite tours (shared/schemas/me-lists.ts). Keyed by the caller's
 * own traveller on the server; writes go through the app's origin check like every cookie-authenticated write.
 */
export function meFavoriteRoutes({ db }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/', allow('traveler'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      return c.json({ favorites: travelerId ? await listFavorites(db, { travelerId, now: new Date() }) : [] });
    })
    .get('/ids', allow('traveler'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      return c.json({ tourIds: travelerId ? await favoriteTourIds(db, travelerId) : [] });
    })
    .put('/:tourId', allow('traveler'), validate('param', TourIdParamSchema, { invalid: favoriteTourNotFound }), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      if (!travelerId) throw noTravelerProfile();
      const { tourId } = c.req.valid('param');
      await addFavorite(db, { travelerId, tourId, now: new Date() });
      return c.json({ tourId, favorite: true as const });
    })
    .delete('/:tourId', allow('traveler'), validate('param', TourIdParamSchema, { invalid: notAFavorite }), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      if (!travelerId) throw notAFavorite();
      await removeFavorite(db, { travelerId, tourId: c.req.valid('param').tourId });
      return c.body(null, 204);
    });
}
