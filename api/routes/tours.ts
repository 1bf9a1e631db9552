import { Hono } from 'hono';
import { z } from 'zod';
import { WaitingListSchema } from '#shared/schemas/tours.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { notFound } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { periodNotFound } from '../services/bookings/quote.ts';
import { RATE_LIMITS } from '../services/rate-limits.ts';
import { joinWaitingList } from '../services/waiting-list.ts';
import { findTourDepartures } from '../services/tour-departures.ts';
import { validate } from '../validation.ts';

const tourNotFound = () => notFound('No encontramos ese viaje. Puede que ya no esté a la venta.');

/** A slug longer than any web slug cannot name a tour: not found, without asking the database. */
const SlugParam = z.strictObject({ slug: z.string().min(1).max(200) });

/** Period ids are text ids; one longer than any id names no period. */
const PeriodParam = z.strictObject({ periodId: z.string().min(1).max(64) });

/** Tours, by web slug, and the waiting lists of their full departures. */
export function tourRoutes({ db, config }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/:slug/booking', allow('public'), validate('param', SlugParam, { invalid: tourNotFound }), async (c) => {
      const { slug } = c.req.valid('param');
      const departures = await findTourDepartures(db, { slug, now: new Date() });
      if (departures === null) throw tourNotFound();
      const tour = await db.selectFrom('tours').select(['name', 'webSlug', 'tourType']).where('webSlug', '=', slug).executeTakeFirstOrThrow();
      c.header('Cache-Control', 'no-store');
      return c.json({ tour: { name: tour.name, slug: tour.webSlug, tourType: tour.tourType }, departures });
    })
    .get('/:slug/departures', allow('public'), validate('param', SlugParam, { invalid: tourNotFound }), async (c) => {
      const departures = await findTourDepartures(db, { slug: c.req.valid('param').slug, now: new Date() });
      if (departures === null) throw tourNotFound();
      // Seats change with every booking: never cached, by browsers or by anything in between.
      c.header('Cache-Control', 'no-store');
      return c.json(departures);
    })
    .post(
      '/periods/:periodId/waiting-list',
      allow('public'),
      // Counted before validation: every attempt to put an address on a list counts.
      rateLimit({ db, config, limit: RATE_LIMITS.waitingListPerIp }),
      validate('param', PeriodParam, { invalid: periodNotFound }),
      validate('json', WaitingListSchema),
      async (c) => {
        const { name, email, travellers } = c.req.valid('json');
        await joinWaitingList(db, { periodId: c.req.valid('param').periodId, name, email, travellers, now: new Date() });
        return c.json({ ok: true as const }, 201);
      },
    );
}
