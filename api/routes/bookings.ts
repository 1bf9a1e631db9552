import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { isAdmin } from '#shared/rules/session.ts';
import { CreateBookingSchema, QuoteRequestSchema, UpdateBookingSchema } from '#shared/schemas/booking.ts';
import type { AppDeps } from '../app.ts';
import type { ApiEnv } from '../auth-context.ts';
import type { Db } from '../db/database.ts';
import type { BookingRow } from '../db/tables.ts';
import { allow, authOf } from '../middleware/access.ts';
import { clientAddress, enforceRateLimit, RATE_LIMITS } from '../middleware/rate-limit.ts';
import { createBooking, describeBooking, findBookingRow, findPaymentBlockers, PASSENGERS_INCOMPLETE_MESSAGE, updateBooking } from '../services/bookings/bookings.ts';
import { AppError } from '../errors.ts';
import { quoteChoices } from '../services/bookings/quote.ts';
import { bookingNotFound } from '../services/bookings/records.ts';
import { DEFAULT_HOLD_MINUTES, holdSeats, releaseExpiredHolds } from '../services/bookings/seat-holds.ts';
import { validate } from '../validation.ts';

/** Booking ids are UUIDs: anything else names no booking. */
const IdParam = z.strictObject({ id: z.uuid() });

export interface BookingRouteOptions {
  /** How long the pay step holds seats. */
  holdMinutes?: number;
}

/**
 * Who may see a booking: an IN_PROGRESS booking belongs to whoever holds its (unguessable) id, as the funnel
 * works without an account; once it moves on it holds a paid trip and personal data, so only its owner
 * and staff admins see it. Anyone else gets the same 404 as for a booking that does not exist.
 */
export async function findVisibleBooking(c: Context<ApiEnv>, db: Db, id: string): Promise<BookingRow> {
  const row = await findBookingRow(db, id);
  if (!row) throw bookingNotFound();
  if (row.status === 'IN_PROGRESS') return row;
  const auth = authOf(c);
  if (auth && (isAdmin(auth.groups) || (auth.travelerId !== null && auth.travelerId === row.travelerId))) return row;
  throw bookingNotFound();
}

/** A coupon code is something people guess: checks are counted per client address. */
async function limitCouponChecks(c: Context<ApiEnv>, { db, config }: AppDeps, code: string | null | undefined) {
  if (code) await enforceRateLimit(c, { db, limit: RATE_LIMITS.couponPerIp, key: clientAddress(c, config) });
}

/** The booking funnel: quote, create, read and change a booking, and hold its seats for payment. */
export function bookingRoutes(deps: AppDeps, { holdMinutes = DEFAULT_HOLD_MINUTES }: BookingRouteOptions = {}) {
  const { db } = deps;
  return new Hono<ApiEnv>()
    .post('/quote', allow('public'), validate('json', QuoteRequestSchema), async (c) => {
      const { periodId, ...choices } = c.req.valid('json');
      await limitCouponChecks(c, deps, choices.couponCode);
      c.header('Cache-Control', 'no-store');
      return c.json(await quoteChoices(db, { periodId, choices, now: new Date() }));
    })
    .post('/', allow('public'), validate('json', CreateBookingSchema), async (c) => {
      const created = await createBooking(db, { request: c.req.valid('json'), by: authOf(c)?.userId ?? null, now: new Date() });
      return c.json(created, 201);
    })
    .get('/:id', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), async (c) => {
      const row = await findVisibleBooking(c, db, c.req.valid('param').id);
      c.header('Cache-Control', 'no-store');
      return c.json(await describeBooking(db, row, { now: new Date() }));
    })
    .patch('/:id', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), validate('json', UpdateBookingSchema), async (c) => {
      const row = await findVisibleBooking(c, db, c.req.valid('param').id);
      const request = c.req.valid('json');
      await limitCouponChecks(c, deps, request.couponCode);
      const quote = await updateBooking(db, { row, request, now: new Date() });
      return c.json({ id: row.id, quote });
    })
    .post('/:id/hold', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), async (c) => {
      const row = await findVisibleBooking(c, db, c.req.valid('param').id);
      const now = new Date();
      const blockers = await findPaymentBlockers(db, row, now);
      if (Object.keys(blockers).length > 0) throw new AppError('VALIDATION', PASSENGERS_INCOMPLETE_MESSAGE, blockers);
      // Seats of abandoned payments go back on sale before anyone is told a departure is full.
      await releaseExpiredHolds(db, now);
      return c.json(await holdSeats(db, row.id, { minutes: holdMinutes, now }));
    });
}
