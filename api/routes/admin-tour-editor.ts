import { Hono } from 'hono';
import { z } from 'zod';
import {
  PeriodPricesSchema,
  TourPressSchema,
  PeriodSaveSchema,
  TOUR_EDITOR_MESSAGES,
  type TourEditorAnswer,
  TourRegionSchema,
  TourSaveSchema,
} from '#shared/schemas/tour-editor.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv, AuthContext } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { findTourEditor, saveTourFields, tourPagesChange } from '../services/backoffice/tour-editor.ts';
import { addTourRegion, removeTourRegion } from '../services/backoffice/tour-regions.ts';
import { addPeriod, removePeriod, savePeriodPrices, updatePeriod } from '../services/backoffice/tour-periods.ts';
import { validate } from '../validation.ts';

const IdParam = z.object({ id: z.string().min(1).max(100) });
const RegionParam = z.object({ id: z.string().min(1).max(100), regionId: z.string().min(1).max(100) });
const PeriodParam = z.object({ id: z.string().min(1).max(100), periodId: z.string().min(1).max(100) });
const actorOf = (auth: AuthContext | null) => ({ userId: auth?.userId ?? '', email: auth?.email ?? '' });

/**
 * `/api/admin/tours/{id}`, admins only (group drAdmin): the tour editor. The tour's fields (saved against
 * their version: 409 when another tab saved first) and its departures with their prices. Every change
 * answers the editor as it is now and the publication of the tour's pages: rendered again alone when the
 * change stays within them, by a full build when it can move the tour between listings.
 */
export function adminTourEditorRoutes({ db, config, rebuilds }: AppDeps) {
  const answer = async ({
    id,
    applied,
    pageSet = false,
    reason,
    message,
  }: {
    id: string;
    applied: boolean;
    pageSet?: boolean;
    reason: string;
    message: string;
  }): Promise<TourEditorAnswer> => {
    const now = new Date();
    const change = applied && rebuilds ? await tourPagesChange(db, id, { now, pageSet }) : null;
    const publication = change && rebuilds ? rebuilds.publish(change, reason) : null;
    return { editor: await findTourEditor(db, id, { secret: config.authSecret, now }), applied, publication, message };
  };
  return (
    new Hono<ApiEnv>()
      .get('/:id', allow('admin'), validate('param', IdParam), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await findTourEditor(db, c.req.valid('param').id, { secret: config.authSecret, now: new Date() }));
      })
      .put('/:id', allow('admin'), validate('param', IdParam), validate('json', TourSaveSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { requestId, version, fields } = c.req.valid('json');
        const { changed } = await saveTourFields(db, {
          id,
          version,
          requestId,
          fields,
          actor: actorOf(c.var.auth),
          now: new Date(),
          filesDir: config.filesDir,
        });
        // The status is the back office's own: no page shows it.
        const shown = changed.some((field) => field !== 'status');
        const saved = await answer({ id, applied: shown, reason: `tour ${id} editado`, message: TOUR_EDITOR_MESSAGES.saved });
        return c.json({ ...saved, applied: changed.length > 0 });
      })
      .post('/:id/periods', allow('admin'), validate('param', IdParam), validate('json', PeriodSaveSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { requestId, period } = c.req.valid('json');
        const { applied } = await addPeriod(db, { tourId: id, requestId, input: period, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer({ id, applied, pageSet: true, reason: `salida añadida al tour ${id}`, message: TOUR_EDITOR_MESSAGES.periodAdded }));
      })
      .put('/:id/periods/:periodId', allow('admin'), validate('param', PeriodParam), validate('json', PeriodSaveSchema), async (c) => {
        const { id, periodId } = c.req.valid('param');
        const { requestId, period } = c.req.valid('json');
        const { applied, pageSet } = await updatePeriod(db, { tourId: id, periodId, requestId, input: period, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer({ id, applied, pageSet, reason: `salida ${periodId} editada`, message: TOUR_EDITOR_MESSAGES.periodSaved }));
      })
      .delete('/:id/periods/:periodId', allow('admin'), validate('param', PeriodParam), validate('json', TourPressSchema), async (c) => {
        const { id, periodId } = c.req.valid('param');
        const { requestId } = c.req.valid('json');
        const { applied } = await removePeriod(db, { tourId: id, periodId, requestId, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer({ id, applied, pageSet: true, reason: `salida ${periodId} quitada`, message: TOUR_EDITOR_MESSAGES.periodRemoved }));
      })
      .put('/:id/periods/:periodId/prices', allow('admin'), validate('param', PeriodParam), validate('json', PeriodPricesSchema), async (c) => {
        const { id, periodId } = c.req.valid('param');
        const { requestId, prices } = c.req.valid('json');
        const { applied } = await savePeriodPrices(db, { tourId: id, periodId, requestId, prices, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer({ id, applied, reason: `precios de la salida ${periodId}`, message: TOUR_EDITOR_MESSAGES.pricesSaved }));
      })
      // A region's page lists the tour or stops listing it: a page that never showed the tour changes.
      .post('/:id/regions', allow('admin'), validate('param', IdParam), validate('json', TourRegionSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { requestId, parentRegionId } = c.req.valid('json');
        const { applied } = await addTourRegion(db, { tourId: id, parentRegionId, requestId, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer({ id, applied, pageSet: true, reason: `región añadida al tour ${id}`, message: TOUR_EDITOR_MESSAGES.regionAdded }));
      })
      .delete('/:id/regions/:regionId', allow('admin'), validate('param', RegionParam), validate('json', TourPressSchema), async (c) => {
        const { id, regionId } = c.req.valid('param');
        const { requestId } = c.req.valid('json');
        const { applied } = await removeTourRegion(db, { tourId: id, parentRegionId: regionId, requestId, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer({ id, applied, pageSet: true, reason: `región quitada del tour ${id}`, message: TOUR_EDITOR_MESSAGES.regionRemoved }));
      })
  );
}
