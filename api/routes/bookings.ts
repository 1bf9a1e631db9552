import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getCookie } from 'hono/cookie';
import { isVisitId, VISIT_COOKIE } from '#shared/schemas/visits.ts';
import { linkBookingToVisit } from '../services/content/visits.ts';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import {
  BUDGET_LINK_MESSAGES,
  BudgetSchema,
  CreateBookingSchema,
  FlightChoiceSchema,
  QuoteRequestSchema,
  ResumeBookingSchema,
  UpdateBookingSchema,
} from '#shared/schemas/bookings.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow, authOf, ownsOrAdministers } from '../middleware/access.ts';
import { apiFastPathHeaders } from '../middleware/security-headers.ts';
import { clientAddress, enforceRateLimit, rateLimit, rateLimitOrChallenge } from '../middleware/rate-limit.ts';
import { createBooking, describeBooking, findPaymentBlockers, PASSENGERS_INCOMPLETE_MESSAGE, updateBooking } from '../services/bookings/bookings.ts';
import { invalidFields, notFound } from '../errors.ts';
import { saveBudget } from '../services/bookings/budgets.ts';
import { listCustomiseOptions } from '../services/bookings/customise-options.ts';
import { quoteChoices } from '../services/bookings/quote.ts';
import { checkBudgetLinkToken, funnelBookingsOf, grantFunnelBooking } from '../services/bookings/funnel-access.ts';
import { findBooking } from '../services/bookings/queries.ts';
import { holdForPayStep } from '../services/bookings/hold-limits.ts';
import { type Booking, bookingNotFound } from '../services/bookings/records.ts';
import { DEFAULT_HOLD_MINUTES, releaseExpiredHolds } from '../services/bookings/seat-holds.ts';
import { chooseFlight, listFlightOptions } from '../services/bookings/flights/flight-step.ts';
import { createFlightsProvider, type FlightsProvider } from '../services/bookings/flights/provider.ts';
import { RATE_LIMITS } from '../services/platform/rate-limits.ts';
import { validate } from '../validation.ts';

/** Booking ids are UUIDs: anything else names no booking. */
const IdParam = z.strictObject({ id: z.uuid() });

export interface BookingRouteOptions {
  /** How long the pay step holds seats. */
  holdMinutes?: number;
  /** Where fares come from; by default the provider the configuration names. */
  flights?: FlightsProvider;
}

/**
 * Who may see a booking. An IN_PROGRESS booking holds its travellers' names and documents before anyone has
 * an account, so it belongs to the browser that made it (the funnel cookie, or the budget link exchanged for
 * it), to its traveller's account and to staff admins; once it moves on, only to its owner and staff. Anyone
 * else gets the same 404 as for a booking that does not exist.
 */
export async function findVisibleBooking(c: Context<ApiEnv>, { db, config }: Pick<AppDeps, 'db' | 'config'>, id: string): Promise<Booking> {
  const row = await findBooking(db, id);
  if (!row) throw bookingNotFound();
  if (ownsOrAdministers(authOf(c), row.travelerId)) return row;
  if (row.status === 'IN_PROGRESS' && (await funnelBookingsOf(c, config)).includes(row.id)) return row;
  throw bookingNotFound();
}

/** The quote's address, as `listen` sees it before Hono. */
export const QUOTE_PATH = '/api/bookings/quote';
/** A quote request is a few hundred bytes: a larger one is read by Hono, under the API's own limit. */
const QUOTE_FAST_PATH_MAX_BYTES = 16 * 1024;
const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);

/**
 * The quote answered by the shop's Node fast path (`api/server.ts`): every visitor on the pay step prices
 * again on each choice, and a launch day's visitors price the same departures (issue 15). It answers what
 * the route above answers for a plain request: a JSON body the schema accepts, no coupon (coupon checks
 * are counted per address), a same-origin page or a caller that is no browser. Anything else, and any
 * error, is the route's to answer: the body read here is handed to Hono as the Node adapter's `rawBody`.
 * The quote needs no session: `allow('public')`, and the caller is never read.
 */
/**
 * The whole body of a request, or null when it breaks off. Collected from its chunks: `node:stream/consumers`'
 * `buffer` goes through a Blob, which cost about 4% of the quote's time under load.
 */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    req.once('error', () => resolve(null));
    req.once('aborted', () => resolve(null));
  });
}

export function quoteFastPath({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  const headers = { ...apiFastPathHeaders({ production: config.env === 'production' }), 'cache-control': 'no-store' };
  const publicOrigin = new URL(config.publicUrl).origin;
  const crossOrigin = config.corsOrigins.length > 0;
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const { origin, referer, cookie } = req.headers;
    const length = Number(req.headers['content-length']);
    if (
      req.headers['x-request-id'] !== undefined ||
      req.headers['transfer-encoding'] !== undefined ||
      !(length > 0 && length <= QUOTE_FAST_PATH_MAX_BYTES) ||
      !JSON_TYPES.has(req.headers['content-type']?.toLowerCase() ?? '')
    ) {
      return false;
    }
    // The origin check (csrf.ts), for what it lets through without a doubt; the rest is its to refuse.
    const trusted =
      origin === undefined
        ? referer === undefined && cookie === undefined
        : !crossOrigin && (origin === publicOrigin || origin === `http://${req.headers.host}`);
    if (!trusted) return false;
    const body = await readBody(req);
    if (body === null) return false;
    try {
      const request = QuoteRequestSchema.safeParse(JSON.parse(body.toString('utf8')));
      if (request.success && !request.data.couponCode) {
        const { periodId, ...choices } = request.data;
        const json = JSON.stringify(await quoteChoices(db, { periodId, choices, now: new Date() }));
        res.writeHead(200, { ...headers, 'x-request-id': randomUUID(), 'content-length': String(Buffer.byteLength(json)) });
        res.end(json);
        return true;
      }
    } catch {
      // Bad JSON, an unknown departure, a refused choice: the route says so, in the API's words.
    }
    (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
    return false;
  };
}

/** A coupon code is something people guess: checks are counted per client address. */
async function limitCouponChecks(c: Context<ApiEnv>, { db, config }: AppDeps, code: string | null | undefined) {
  if (code) await enforceRateLimit(c, { db, limit: RATE_LIMITS.couponPerIp, key: clientAddress(c, config) });
}

/**
 * The booking funnel: quote, create, read and change a booking; its flights, customise options and budget
 * (shared/schemas/payments.ts); and hold its seats for payment.
 */
export function bookingRoutes(deps: AppDeps, { holdMinutes = DEFAULT_HOLD_MINUTES, flights = createFlightsProvider(deps) }: BookingRouteOptions = {}) {
  const { db, config } = deps;
  return (
    new Hono<ApiEnv>()
      .post('/quote', allow('public'), validate('json', QuoteRequestSchema), async (c) => {
        const { periodId, ...choices } = c.req.valid('json');
        await limitCouponChecks(c, deps, choices.couponCode);
        c.header('Cache-Control', 'no-store');
        return c.json(await quoteChoices(db, { periodId, choices, now: new Date() }));
      })
      .post('/', allow('public'), rateLimit({ db, config, limit: RATE_LIMITS.bookingsPerIp }), validate('json', CreateBookingSchema), async (c) => {
        const request = c.req.valid('json');
        const now = new Date();
        const auth = authOf(c);
        const created = await createBooking(db, { request, by: auth?.userId ?? null, byTravelerId: auth?.travelerId ?? null, now });
        // A booking made within a campaign's 15 days, by a browser that agreed to be counted, is credited to it.
        const visit = getCookie(c, VISIT_COOKIE);
        if (isVisitId(visit)) {
          const travelerId = (await db.selectFrom('bookings').select('travelerId').where('id', '=', created.id).executeTakeFirst())?.travelerId ?? null;
          await linkBookingToVisit(db, {
            hash: visit,
            bookingId: created.id,
            passengers: request.adults + request.children,
            travelerId,
            path: new URL(c.req.header('referer') ?? 'http://x/reserva').pathname,
            now,
          });
        }
        await grantFunnelBooking(c, config, created.id, now);
        return c.json(created, 201);
      })
      .post('/:id/resume', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), validate('json', ResumeBookingSchema), async (c) => {
        // The budget mail's link: its token lets this browser continue the booking, as the one that made it.
        const { id } = c.req.valid('param');
        const now = new Date();
        const check = await checkBudgetLinkToken(c.req.valid('json').token, id, config, now);
        if (check === 'expired') throw notFound(BUDGET_LINK_MESSAGES.expired);
        const row = check === 'ok' ? await findBooking(db, id) : undefined;
        if (row?.status !== 'IN_PROGRESS') throw notFound(BUDGET_LINK_MESSAGES.invalid);
        // The budget mail goes to the lead's address: whoever opens its link reads the lead's mailbox, so the
        // booking now shows in the lead account's profile.
        await db.updateTable('bookings').set({ ownerConfirmedAt: now.toISOString() }).where('id', '=', id).where('ownerConfirmedAt', 'is', null).execute();
        await grantFunnelBooking(c, config, id, now);
        return c.json({ id });
      })
      .get('/:id', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), async (c) => {
        const row = await findVisibleBooking(c, deps, c.req.valid('param').id);
        c.header('Cache-Control', 'no-store');
        return c.json(await describeBooking(db, row, { now: new Date() }));
      })
      .patch('/:id', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), validate('json', UpdateBookingSchema), async (c) => {
        const row = await findVisibleBooking(c, deps, c.req.valid('param').id);
        const request = c.req.valid('json');
        await limitCouponChecks(c, deps, request.couponCode);
        const quote = await updateBooking(db, { row, request, now: new Date() });
        return c.json({ id: row.id, quote });
      })
      // The pay step holds the seats while the visitor pays. Without a payment started, what one browser and
      // one address hold at once is limited, and so is how often an address holds a departure's seats afresh
      // (api/services/bookings/hold-limits.ts); a reload renews a live hold without moving its deadline.
      .post('/:id/hold', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), async (c) => {
        const row = await findVisibleBooking(c, deps, c.req.valid('param').id);
        const now = new Date();
        const blockers = await findPaymentBlockers(db, row, now);
        if (Object.keys(blockers).length > 0) throw invalidFields(blockers, PASSENGERS_INCOMPLETE_MESSAGE);
        // Seats of abandoned payments go back on sale before anyone is told a departure is full.
        await releaseExpiredHolds(db, now);
        const visitor = { address: clientAddress(c, config), browserBookings: await funnelBookingsOf(c, config, now) };
        return c.json(await holdForPayStep(db, { row, visitor, minutes: holdMinutes, now }));
      })
      .get('/:id/flights', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), async (c) => {
        const row = await findVisibleBooking(c, deps, c.req.valid('param').id);
        // Fares and seats change by the minute.
        c.header('Cache-Control', 'no-store');
        return c.json(await listFlightOptions(db, flights, { row, now: new Date() }));
      })
      .post('/:id/flight', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), validate('json', FlightChoiceSchema), async (c) => {
        const row = await findVisibleBooking(c, deps, c.req.valid('param').id);
        const { flightId, acceptedPriceCents, shownTotalCents } = c.req.valid('json');
        return c.json(await chooseFlight(db, flights, { row, flightId, acceptedPriceCents, shownTotalCents, now: new Date() }));
      })
      .get('/:id/options', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), async (c) => {
        const row = await findVisibleBooking(c, deps, c.req.valid('param').id);
        c.header('Cache-Control', 'no-store');
        return c.json(await listCustomiseOptions(db, { periodId: row.periodId, bookingId: row.id, extraIds: row.extraIds }));
      })
      .post(
        '/:id/budget',
        allow('public'),
        // Counted before validation: every attempt to have a mail sent counts.
        rateLimitOrChallenge({ db, config, limit: RATE_LIMITS.budgetPerIp }),
        validate('param', IdParam, { invalid: bookingNotFound }),
        validate('json', BudgetSchema),
        async (c) => {
          const row = await findVisibleBooking(c, deps, c.req.valid('param').id);
          return c.json(await saveBudget(db, { row, budgetName: c.req.valid('json').budgetName, config, now: new Date() }));
        },
      )
  );
}
