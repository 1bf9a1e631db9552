import { Hono } from 'hono';
import { StaffLogQuerySchema } from '#shared/schemas/staff-log.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { listStaffLog } from '../services/kit/staff-log.ts';
import { validate } from '../validation.ts';

/** `/api/admin/staff-actions`, admins only: the office's log of presses, paged and never cached. */
export function adminStaffActionRoutes({ db }: AppDeps) {
  return new Hono<ApiEnv>().get('/', allow('admin'), validate('query', StaffLogQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listStaffLog(db, c.req.valid('query')));
  });
}
