import { Hono } from 'hono';
import { z } from 'zod';
import {
  AgencyBookingSchema,
  RetailerBookingsQuerySchema,
  RetailerCreateSchema,
  RetailerListQuerySchema,
  RetailerSaveSchema,
  StatementQuerySchema,
} from '#shared/schemas/retailers.ts';
import { AGENCY_SALE_MESSAGES } from '#shared/schemas/labels.ts';
import { agencyStatement, createAgencyBooking, statementSheet } from '../services/people/agency-sales.ts';
import { sheetDownload } from '../services/files/spreadsheet.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { createRetailer, deleteRetailer, listRetailers, retailerBookings, retailerDetail, saveRetailer } from '../services/people/retailers.ts';
import { IdParam, validate } from '../validation.ts';

const VersionQuery = z.object({ version: z.coerce.number().int().positive() });

/**
 * `/api/admin/retailers`, admins only (group drAdmin): the agencies, searched and paged on the server;
 * one agency with its figures and staff log, its bookings page by page; create (once per press), edit
 * (versioned) and delete (never one with bookings). Nothing is cached.
 */
export function adminRetailerRoutes({ db }: AppDeps) {
  return (
    new Hono<ApiEnv>()
      .get('/', allow('admin'), validate('query', RetailerListQuerySchema), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await listRetailers(db, c.req.valid('query')));
      })
      .post('/', allow('admin'), validate('json', RetailerCreateSchema), async (c) => {
        const { requestId, retailer } = c.req.valid('json');
        const { retailer: saved, created } = await createRetailer(db, { requestId, input: retailer, actor: actorOf(c.var.auth), now: new Date() });
        return c.json({ retailer: saved }, created ? 201 : 200);
      })
      .get('/:id', allow('admin'), validate('param', IdParam), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await retailerDetail(db, c.req.valid('param').id));
      })
      .get('/:id/bookings', allow('admin'), validate('param', IdParam), validate('query', RetailerBookingsQuerySchema), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await retailerBookings(db, c.req.valid('param').id, c.req.valid('query').page));
      })
      // Agency sales (docs/decisions/042): a booking made for the agency, and its statement of a month.
      .post('/:id/bookings', allow('admin'), validate('param', IdParam), validate('json', AgencyBookingSchema), async (c) => {
        const { applied, bookingId } = await createAgencyBooking(db, {
          retailerId: c.req.valid('param').id,
          input: c.req.valid('json'),
          actor: actorOf(c.var.auth),
          now: new Date(),
        });
        return c.json({ applied, bookingId, message: AGENCY_SALE_MESSAGES.created }, applied ? 201 : 200);
      })
      .get('/:id/statement.csv', allow('admin'), validate('param', IdParam), validate('query', StatementQuerySchema), async (c) => {
        const { month } = c.req.valid('query');
        return sheetDownload(statementSheet(await agencyStatement(db, c.req.valid('param').id, month), month), 'csv', `liquidacion-${month}`);
      })
      .get('/:id/statement.xlsx', allow('admin'), validate('param', IdParam), validate('query', StatementQuerySchema), async (c) => {
        const { month } = c.req.valid('query');
        return sheetDownload(statementSheet(await agencyStatement(db, c.req.valid('param').id, month), month), 'xlsx', `liquidacion-${month}`);
      })
      .put('/:id', allow('admin'), validate('param', IdParam), validate('json', RetailerSaveSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { version, retailer } = c.req.valid('json');
        await saveRetailer(db, { id, version, input: retailer, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await retailerDetail(db, id));
      })
      .delete('/:id', allow('admin'), validate('param', IdParam), validate('query', VersionQuery), async (c) => {
        const deleted = await deleteRetailer(db, {
          id: c.req.valid('param').id,
          version: c.req.valid('query').version,
          actor: actorOf(c.var.auth),
          now: new Date(),
        });
        return c.json({ deleted });
      })
  );
}
