import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono } from 'hono';
import { z } from 'zod';
import { WaitingListSchema } from '#shared/schemas/tours.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { notFound } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { apiFastPathHeaders } from '../middleware/security-headers.ts';
import { periodNotFound } from '../services/bookings/quote.ts';
import { RATE_LIMITS } from '../services/platform/rate-limits.ts';
import { joinWaitingList } from '../services/bookings/waiting-list.ts';
import { findTourDepartures, keptDeparturesJson } from '../services/catalogue/departures.ts';
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

/** `/api/tours/{slug}/departures`, a slug as the route above takes it (no escapes, no slash, at most 200). */
const DEPARTURES_PATH = /^\/api\/tours\/([^/%]{1,200})\/departures$/;

/**
 * The departures route answered by the shop's Node fast path (`api/server.ts`) while its kept answer is still
 * the database's (`keptDeparturesJson`): the same bytes and headers the route above gives, with a fresh
 * request id, without the API's envelope (issue 15: every tour page asks for them). False: Hono answers,
 * also for a request the envelope treats differently (its own request id, a cross-origin caller).
 */
export function departuresFastPath({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  const headers = { ...apiFastPathHeaders({ production: config.env === 'production' }), 'cache-control': 'no-store' };
  const crossOrigin = config.corsOrigins.length > 0;
  return (req: IncomingMessage, res: ServerResponse, path: string): boolean => {
    const slug = DEPARTURES_PATH.exec(path)?.[1];
    if (slug === undefined || req.headers['x-request-id'] !== undefined || (crossOrigin && req.headers.origin !== undefined)) return false;
    const json = keptDeparturesJson(db, { slug, now: new Date() });
    if (json === undefined) return false;
    res.writeHead(200, { ...headers, 'x-request-id': randomUUID(), 'content-length': String(Buffer.byteLength(json)) });
    res.end(json);
    return true;
  };
}
