import { Hono } from 'hono';
import { BudgetIdParamSchema } from '#shared/schemas/me-lists.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow, requireAuth } from '../middleware/access.ts';
import { funnelBookingsOf } from '../services/bookings/funnel-access.ts';
import { budgetNotFound, deleteBudget, listBudgets } from '../services/bookings/saved-budgets.ts';
import { validate } from '../validation.ts';

/**
 * `/api/me/budgets`, the traveller's saved budgets. Every query is keyed by the caller's own traveller on the
 * server: another traveller's budget is a 404 under any id, exactly like one that does not exist.
 */
export function meBudgetRoutes({ db, config }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/', allow('traveler'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      const madeHere = travelerId ? await funnelBookingsOf(c, config) : [];
      return c.json({ budgets: travelerId ? await listBudgets(db, { travelerId, madeHere, now: new Date() }) : [] });
    })
    .delete('/:id', allow('traveler'), validate('param', BudgetIdParamSchema, { invalid: budgetNotFound }), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { travelerId } = requireAuth(c);
      if (!travelerId) throw budgetNotFound();
      await deleteBudget(db, { travelerId, bookingId: c.req.valid('param').id, now: new Date() });
      return c.body(null, 204);
    });
}
