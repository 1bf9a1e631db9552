import { Hono } from 'hono';
import { ExtendDeadlineSchema, OverdueQuerySchema, RemindSchema } from '#shared/schemas/balances.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { listOverdue } from '../services/bookings/desk.ts';
import { extendDeadline, remindAgain } from '../services/payments/balances.ts';
import { IdParam, validate } from '../validation.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * `/api/admin/balances`, admins only: the bookings whose deadlines passed unpaid (/admin/cobros) and the
 * presses on them (docs/decisions/042). Cancelling is the booking's own action (`/api/admin/bookings`).
 */
export function adminBalanceRoutes({ db, config }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/overdue', allow('admin'), validate('query', OverdueQuerySchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listOverdue(db, c.req.valid('query'), today()));
    })
    .post('/:id/remind', allow('admin'), validate('param', IdParam), validate('json', RemindSchema), async (c) => {
      const { applied } = await remindAgain(db, config, {
        bookingId: c.req.valid('param').id,
        requestId: c.req.valid('json').requestId,
        actor: actorOf(c.var.auth),
        now: new Date(),
      });
      return c.json({ applied });
    })
    .post('/:id/extend', allow('admin'), validate('param', IdParam), validate('json', ExtendDeadlineSchema), async (c) => {
      const { applied } = await extendDeadline(db, { bookingId: c.req.valid('param').id, ...c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() });
      return c.json({ applied });
    });
}
