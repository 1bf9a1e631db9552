import { Hono } from 'hono';
import { z } from 'zod';
import { AgencyMailSchema } from '#shared/schemas/retailers.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv, AuthContext } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { sendAgencyMail } from '../services/bookings/agency-mail.ts';
import { validate } from '../validation.ts';

const IdParam = z.object({ id: z.string().min(1).max(100) });
const actorOf = (auth: AuthContext | null) => ({ userId: auth?.userId ?? '', email: auth?.email ?? '' });

/**
 * `POST /api/admin/bookings/{id}/notify-agency`, admins only: the agency mail of a booking (the spec's
 * `/v2/different/booking/notification/agency/{id}`). It lives with the booking, not the agency: the
 * booking names its agency, the press is recorded in the booking's log and the mail among its mails.
 * Mounted before `/admin`, whose `/bookings/:id/:action` would otherwise answer first.
 */
export function adminAgencyMailRoutes({ db }: AppDeps) {
  return new Hono<ApiEnv>().post('/:id/notify-agency', allow('admin'), validate('param', IdParam), validate('json', AgencyMailSchema), async (c) => {
    const answer = await sendAgencyMail(db, {
      bookingId: c.req.valid('param').id,
      requestId: c.req.valid('json').requestId,
      actor: actorOf(c.var.auth),
      now: new Date(),
    });
    return c.json(answer, answer.applied ? 201 : 200);
  });
}
