import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { dashboard } from '../services/bookings/dashboard.ts';

/** `/api/admin/dashboard`, admins only: the day at a glance, never cached. */
export function adminDashboardRoutes({ db }: AppDeps) {
  return new Hono<ApiEnv>().get('/', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await dashboard(db, new Date()));
  });
}
