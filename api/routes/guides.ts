import { Hono } from 'hono';
import { z } from 'zod';
import { isAdmin } from '#shared/rules/session.ts';
import { GuideDepartureListQuerySchema } from '#shared/schemas/guides.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow, requireAuth, requireGuidePeriod } from '../middleware/access.ts';
import { departureNotFound, guideDeparture, listGuideDepartures } from '../services/guides/departures.ts';
import { validate } from '../validation.ts';

const PeriodParam = z.object({ periodId: z.string().min(1).max(100) });
const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/**
 * `/api/guides`, the guides' area (group guides, or an admin): the caller's departures and one departure
 * as the guide needs it on tour. A guide asking for a departure not assigned to them gets 404, as for one
 * that does not exist. The answers carry travellers' personal data: never cached.
 */
export function guideRoutes({ db }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/departures', allow('guide'), validate('query', GuideDepartureListQuerySchema), async (c) => {
      const auth = requireAuth(c);
      c.header('Cache-Control', 'no-store');
      const viewer = isAdmin(auth.groups) ? 'admin' : 'guide';
      const { guideId } = c.req.valid('query');
      return c.json(await listGuideDepartures(db, { viewer, email: auth.email, guideId, today: todayUtc(new Date()) }));
    })
    .get('/departures/:periodId', allow('guide'), validate('param', PeriodParam), async (c) => {
      const { periodId } = c.req.valid('param');
      c.header('Cache-Control', 'no-store');
      await requireGuidePeriod(c, db, periodId, { notFound: departureNotFound });
      const now = new Date();
      return c.json(await guideDeparture(db, { periodId, today: todayUtc(now), now }));
    });
}
