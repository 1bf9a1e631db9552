import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { isVisitId, VISIT_COOKIE, VisitSchema } from '#shared/schemas/visits.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { RATE_LIMITS } from '../services/platform/rate-limits.ts';
import { logVisit } from '../services/content/visits.ts';
import { validate } from '../validation.ts';

/**
 * `POST /api/visits`: a page seen by a browser that came from a campaign and agreed to be counted (it
 * holds the `dr_visit` cookie, set by the page only after consent). Without that cookie nothing is kept.
 */
export function visitRoutes({ db, config }: AppDeps) {
  return new Hono<ApiEnv>().post('/', allow('public'), rateLimit({ db, config, limit: RATE_LIMITS.visitsPerIp }), validate('json', VisitSchema), async (c) => {
    const hash = getCookie(c, VISIT_COOKIE);
    if (!isVisitId(hash)) return c.body(null, 204);
    const logged = await logVisit(db, { hash, request: c.req.valid('json'), travelerId: c.var.auth?.travelerId ?? null, now: new Date() });
    return logged ? c.body(null, 201) : c.body(null, 204);
  });
}
