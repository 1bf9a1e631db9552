import { Hono } from 'hono';
import { BudgetIdParamSchema, TourIdParamSchema } from '#shared/schemas/me-lists.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow, requireAuth } from '../middleware/access.ts';
import { funnelBookingsOf } from '../services/bookings/funnel-access.ts';
import { budgetNotFound, deleteBudget, listBudgets } from '../services/bookings/saved-budgets.ts';
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
 * `/api/me` lists the traveller keeps: favourite tours and saved budgets (shared/schemas/me-lists.ts).
 * Every query is keyed by the caller's own traveller on the server: another traveller's budget or
 * favourite is a 404 under any id, exactly like one that does not exist. Writes go through the app's
 * origin check like every cookie-authenticated write.
 */
export function meListRoutes({ db, config }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/favorites', allow('traveller'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      return c.json({ favorites: travelerId ? await listFavorites(db, { travelerId, now: new Date() }) : [] });
    })
    .get('/favorites/ids', allow('traveller'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      return c.json({ tourIds: travelerId ? await favoriteTourIds(db, travelerId) : [] });
    })
    .put('/favorites/:tourId', allow('traveller'), validate('param', TourIdParamSchema, { invalid: favoriteTourNotFound }), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      if (!travelerId) throw noTravelerProfile();
      const { tourId } = c.req.valid('param');
      await addFavorite(db, { travelerId, tourId, now: new Date() });
      return c.json({ tourId, favorite: true as const });
    })
    .delete('/favorites/:tourId', allow('traveller'), validate('param', TourIdParamSchema, { invalid: notAFavorite }), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      if (!travelerId) throw notAFavorite();
      await removeFavorite(db, { travelerId, tourId: c.req.valid('param').tourId });
      return c.body(null, 204);
    })
    .get('/budgets', allow('traveller'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      const madeHere = travelerId ? await funnelBookingsOf(c, config) : [];
      return c.json({ budgets: travelerId ? await listBudgets(db, { travelerId, madeHere, now: new Date() }) : [] });
    })
    .delete('/budgets/:id', allow('traveller'), validate('param', BudgetIdParamSchema, { invalid: budgetNotFound }), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      if (!travelerId) throw budgetNotFound();
      await deleteBudget(db, { travelerId, bookingId: c.req.valid('param').id, now: new Date() });
      return c.body(null, 204);
    });
}
