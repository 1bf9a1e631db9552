import { Hono } from 'hono';
import { z } from 'zod';
import { isValidEmail } from '#shared/rules/validation.ts';
import { WaitingListSchema } from '#shared/schemas/funnel-api.ts';
import type { AppDeps } from '../app.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { RATE_LIMITS, rateLimit } from '../middleware/rate-limit.ts';
import { periodNotFound } from '../services/bookings/quote.ts';
import { joinWaitingList } from '../services/waiting-list.ts';
import { validate } from '../validation.ts';

/** Period ids are text ids; one longer than any id names no period. */
const PeriodParam = z.strictObject({ periodId: z.string().min(1).max(64) });

/** The contract's schema with the spec's e-mail pattern (§5), checked with the other fields. */
const WaitingListRequestSchema = WaitingListSchema.extend({
  email: WaitingListSchema.shape.email.refine(isValidEmail, 'Introduce un correo electrónico válido'),
});

/** The waiting list of a full departure, mounted under /tours beside `tourRoutes`. */
export function waitingListRoutes({ db, config }: AppDeps) {
  return new Hono<ApiEnv>().post(
    '/periods/:periodId/waiting-list',
    allow('public'),
    // Counted before validation: every attempt to put an address on a list counts.
    rateLimit({ db, config, limit: RATE_LIMITS.waitingListPerIp }),
    validate('param', PeriodParam, { invalid: periodNotFound }),
    validate('json', WaitingListRequestSchema),
    async (c) => {
      const { name, email, travellers } = c.req.valid('json');
      await joinWaitingList(db, { periodId: c.req.valid('param').periodId, name, email, travellers, now: new Date() });
      return c.json({ ok: true as const }, 201);
    },
  );
}
