import { Hono } from 'hono';
import { PeriodNoticeSchema } from '#shared/schemas/booking-desk.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { manifestSheet, periodManifest } from '../services/bookings/manifest.ts';
import { sheetDownload } from '../services/files/spreadsheet.ts';
import { saleOptions } from '../services/people/agency-sales.ts';
import { notifyPeriod } from '../services/bookings/mails.ts';
import { IdParam, validate } from '../validation.ts';

/**
 * `/api/admin/periods`, admins only: one departure's manifest (on screen, as CSV and as a workbook) and the
 * notices mailed to everyone booked on it. The departures themselves are edited with their tour
 * (`/api/admin/tours/{id}/periods`).
 */
export function adminPeriodRoutes({ db, config }: AppDeps) {
  return (
    new Hono<ApiEnv>()
      .get('/:id/manifest', allow('admin'), validate('param', IdParam), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await periodManifest(db, c.req.valid('param').id));
      })
      // What a departure offers a sale from the back office (an agency's booking, docs/decisions/042).
      .get('/:id/sale-options', allow('admin'), validate('param', IdParam), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await saleOptions(db, c.req.valid('param').id));
      })
      .get('/:id/manifest.csv', allow('admin'), validate('param', IdParam), async (c) => {
        const manifest = await periodManifest(db, c.req.valid('param').id);
        return sheetDownload(manifestSheet(manifest), 'csv', `manifiesto-${manifest.period.dayOne}`);
      })
      .get('/:id/manifest.xlsx', allow('admin'), validate('param', IdParam), async (c) => {
        const manifest = await periodManifest(db, c.req.valid('param').id);
        return sheetDownload(manifestSheet(manifest), 'xlsx', `manifiesto-${manifest.period.dayOne}`);
      })
      .post('/:id/notifications', allow('admin'), validate('param', IdParam), validate('json', PeriodNoticeSchema), async (c) => {
        const result = await notifyPeriod(
          { db, config },
          { periodId: c.req.valid('param').id, request: c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() },
        );
        return c.json(result);
      })
  );
}
