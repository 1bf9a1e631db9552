import { Hono } from 'hono';
import { ContactRequestSchema } from '#shared/schemas/contact.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { rateLimitOrChallenge } from '../middleware/rate-limit.ts';
import { createContactRequest } from '../services/mail/contact-requests.ts';
import { RATE_LIMITS } from '../services/platform/rate-limits.ts';
import { validate } from '../validation.ts';

/**
 * `POST /api/contact`: a visitor's question about a tour or in general; answers 201 `{ id }`. Every
 * attempt counts against the client address's limit (5 per 10 minutes), refused ones too.
 */
export function contactRoutes({ db, config }: AppDeps) {
  return new Hono<ApiEnv>().post(
    '/',
    allow('public'),
    rateLimitOrChallenge({ db, config, limit: RATE_LIMITS.contact }),
    validate('json', ContactRequestSchema),
    async (c) => {
      const created = await createContactRequest(db, { request: c.req.valid('json'), travelerId: c.var.auth?.travelerId ?? null, config, now: new Date() });
      return c.json(created, 201);
    },
  );
}
