import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../app.ts';
import type { ApiEnv } from '../auth-context.ts';
import { AppError } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { findTourDepartures } from '../services/tour-departures.ts';
import { validate } from '../validation.ts';

const tourNotFound = () => new AppError('NOT_FOUND', 'No encontramos ese viaje. Puede que ya no esté a la venta.');

/** A slug longer than any web slug cannot name a tour: not found, without asking the database. */
const SlugParam = z.strictObject({ slug: z.string().min(1).max(200) });

/** Tours, by web slug. */
export function tourRoutes({ db }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/:slug/booking', allow('public'), validate('param', SlugParam, { invalid: tourNotFound }), async (c) => {
      const { slug } = c.req.valid('param');
      const departures = await findTourDepartures(db, { slug, now: new Date() });
      if (departures === null) throw tourNotFound();
      const tour = await db.selectFrom('tours').select(['name', 'webSlug', 'tourType', 'thumbnail']).where('webSlug', '=', slug).executeTakeFirstOrThrow();
      c.header('Cache-Control', 'no-store');
      return c.json({ tour: { name: tour.name, slug: tour.webSlug, tourType: tour.tourType }, departures });
    })
    .get('/:slug/departures', allow('public'), validate('param', SlugParam, { invalid: tourNotFound }), async (c) => {
    const departures = await findTourDepartures(db, { slug: c.req.valid('param').slug, now: new Date() });
    if (departures === null) throw tourNotFound();
    // Seats change with every booking: never cached, by browsers or by anything in between.
    c.header('Cache-Control', 'no-store');
    return c.json(departures);
  });
}
