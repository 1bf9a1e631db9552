import { Hono } from 'hono';
import { BudgetListQuerySchema } from '#shared/schemas/booking-desk.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { listBudgets } from '../services/bookings/desk.ts';
import { validate } from '../validation.ts';

/** `/api/admin/budgets`, admins only: the travellers' saved budgets, paged and never cached. */
export function adminBudgetRoutes({ db }: AppDeps) {
  return new Hono<ApiEnv>().get('/', allow('admin'), validate('query', BudgetListQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listBudgets(db, c.req.valid('query')));
  });
}
