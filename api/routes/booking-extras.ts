import { Hono } from 'hono';
import { z } from 'zod';
import { BudgetSchema, FlightChoiceSchema } from '#shared/schemas/funnel-api.ts';
import type { AppDeps } from '../app.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { RATE_LIMITS, rateLimit } from '../middleware/rate-limit.ts';
import { saveBudget } from '../services/bookings/budgets.ts';
import { listCustomiseOptions } from '../services/bookings/customise-options.ts';
import { chooseFlight, listFlightOptions } from '../services/flights/flight-step.ts';
import { createFlightsProvider, type FlightsProvider } from '../services/flights/provider.ts';
import { validate } from '../validation.ts';
import { bookingNotFound } from '../services/bookings/records.ts';
import { findVisibleBooking } from './bookings.ts';

/** Booking ids are UUIDs: anything else names no booking. */
const IdParam = z.strictObject({ id: z.uuid() });

export interface BookingExtraRouteOptions {
  /** Where fares come from; by default the provider the configuration names. */
  flights?: FlightsProvider;
}

/**
 * The funnel steps after the booking exists (shared/schemas/funnel-api.ts): flights, customise options and
 * budgets. Mounted under /bookings beside `bookingRoutes`.
 */
export function bookingExtraRoutes(deps: AppDeps, { flights = createFlightsProvider(deps) }: BookingExtraRouteOptions = {}) {
  const { db, config } = deps;
  return new Hono<ApiEnv>()
    .get('/:id/flights', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), async (c) => {
      const row = await findVisibleBooking(c, db, c.req.valid('param').id);
      // Fares and seats change by the minute.
      c.header('Cache-Control', 'no-store');
      return c.json(await listFlightOptions(db, flights, { row, now: new Date() }));
    })
    .post('/:id/flight', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), validate('json', FlightChoiceSchema), async (c) => {
      const row = await findVisibleBooking(c, db, c.req.valid('param').id);
      const { flightId, acceptedPriceCents, shownTotalCents } = c.req.valid('json');
      return c.json(await chooseFlight(db, flights, { row, flightId, acceptedPriceCents, shownTotalCents, now: new Date() }));
    })
    .get('/:id/options', allow('public'), validate('param', IdParam, { invalid: bookingNotFound }), async (c) => {
      const row = await findVisibleBooking(c, db, c.req.valid('param').id);
      c.header('Cache-Control', 'no-store');
      return c.json(await listCustomiseOptions(db, row.periodId));
    })
    .post(
      '/:id/budget',
      allow('public'),
      // Counted before validation: every attempt to have a mail sent counts.
      rateLimit({ db, config, limit: RATE_LIMITS.budgetPerIp }),
      validate('param', IdParam, { invalid: bookingNotFound }),
      validate('json', BudgetSchema),
      async (c) => {
        const row = await findVisibleBooking(c, db, c.req.valid('param').id);
        return c.json(await saveBudget(db, { row, budgetName: c.req.valid('json').budgetName, publicUrl: config.publicUrl, now: new Date() }));
      },
    );
}
