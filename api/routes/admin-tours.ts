import { Hono } from 'hono';
import { z } from 'zod';
import { AdminTourListQuerySchema, TourPublishSchema } from '#shared/schemas/admin-tours.ts';
import { OwnPolicySaveSchema } from '#shared/schemas/payment-policies.ts';
import { PAYMENT_POLICY_MESSAGES, TOUR_EDITOR_MESSAGES, EXTRA_MESSAGES } from '#shared/schemas/tour-editor-texts.ts';
import {
  CampaignSaveSchema,
  FlightAddSchema,
  FlightSaveSchema,
  PeriodPricesSchema,
  PeriodSaveSchema,
  TourActivitySchema,
  type TourEditorAnswer,
  TourPressSchema,
  TourRegionSchema,
  TourSaveSchema,
} from '#shared/schemas/tour-editor.ts';
import type { AppDeps } from '../app-deps.ts';
import { type ApiEnv, type AuthContext, actorOf } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { listAdminTours, setTourPublished } from '../services/catalogue/tours.ts';
import { findTourEditor, saveTourFields, tourPagesChange } from '../services/catalogue/tour-editor.ts';
import { saveOwnPolicy } from '../services/payments/policies.ts';
import { addCampaign, removeCampaign, updateCampaign } from '../services/catalogue/tour-campaigns.ts';
import { ExtraOfferSchema, ExtraSaveSchema } from '#shared/schemas/tour-extras.ts';
import { addExtra, updateExtra } from '../services/catalogue/tour-extras.ts';
import { addFlight, removeFlight, updateFlight } from '../services/catalogue/tour-flights.ts';
import { changeTourLink } from '../services/catalogue/tour-links.ts';
import { addPeriod, removePeriod, savePeriodPrices, updatePeriod } from '../services/catalogue/tour-periods.ts';
import { syncChange } from '../services/content/tours.ts';
import { validate } from '../validation.ts';

const Id = z.string().min(1).max(100);
const IdParam = z.object({ id: Id });
const PeriodParam = z.object({ id: Id, periodId: Id });
const RegionParam = z.object({ id: Id, regionId: Id });
const ActivityParam = z.object({ id: Id, activityId: Id });
const FlightParam = z.object({ id: Id, periodId: Id, flightId: Id });
const ExtraParam = z.object({ id: Id, extraId: Id });
const CampaignParam = z.object({ id: Id, periodId: Id, campaignId: Id });
const OptionalActivityParam = z.object({ id: Id, periodId: Id, optionalActivityId: Id });

/** How a change reaches the pages: the tour's own (default), a full build (`pageSet`), or the snapshot's content part only. */
type Reach = 'tour' | 'pageSet' | 'content';

/**
 * `/api/admin/tours`, admins only (group drAdmin): the catalogue desk's search; publishing a tour on the web
 * (POST …/publish) or hiding it (DELETE …/publish), which rebuilds the site in full as the page set changes;
 * and the tour editor. The tour's fields (saved against their version: 409 when another tab saved first),
 * its departures with their prices, flights and campaigns, its regions and the activities that name it.
 * Every editor change answers the editor as it is now and the publication it asked for: the tour's pages
 * rendered again alone when the change stays within them, a full build when it can move the tour between
 * listings (departures added or removed, dates, web sale, regions).
 */
export function adminTourRoutes({ db, config, rebuilds }: AppDeps) {
  const answer = async ({ id, applied, reach = 'tour', reason, message }: { id: string; applied: boolean; reach?: Reach; reason: string; message: string }) => {
    const now = new Date();
    const change =
      !applied || !rebuilds
        ? null
        : reach === 'content'
          ? { changed: [], content: true }
          : await tourPagesChange(db, id, { now, pageSet: reach === 'pageSet' });
    const publication = change && rebuilds ? rebuilds.publish(change, reason) : null;
    const result: TourEditorAnswer = { editor: await findTourEditor(db, id, { secret: config.authSecret, now }), applied, publication, message };
    return result;
  };
  /** The answer of a change no page shows: the editor as it is now, nothing published. */
  const unpublished = async (id: string, applied: boolean, message: string): Promise<TourEditorAnswer> => ({
    editor: await findTourEditor(db, id, { secret: config.authSecret, now: new Date() }),
    applied,
    publication: null,
    message,
  });
  const press = (tourId: string, targetId: string, requestId: string, auth: AuthContext | null) => ({
    tourId,
    targetId,
    requestId,
    actor: actorOf(auth),
    now: new Date(),
  });
  const publish = async ({ id, requestId, auth, on }: { id: string; requestId: string; auth: AuthContext | null; on: boolean }) => {
    const applied = await setTourPublished(db, { id, publish: on, requestId, actor: actorOf(auth), now: new Date() });
    const publication = applied && rebuilds ? rebuilds.publish(syncChange(id), `tour ${id} ${on ? 'publicado' : 'ocultado'} en la web`) : null;
    return { applied, publication };
  };
  return (
    new Hono<ApiEnv>()
      .get('/', allow('admin'), validate('query', AdminTourListQuerySchema), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await listAdminTours(db, c.req.valid('query'), { today: new Date().toISOString().slice(0, 10) }));
      })
      .post('/:id/publish', allow('admin'), validate('param', IdParam), validate('json', TourPublishSchema), async (c) =>
        c.json(await publish({ ...c.req.valid('param'), ...c.req.valid('json'), auth: c.var.auth, on: true })),
      )
      .delete('/:id/publish', allow('admin'), validate('param', IdParam), validate('json', TourPublishSchema), async (c) =>
        c.json(await publish({ ...c.req.valid('param'), ...c.req.valid('json'), auth: c.var.auth, on: false })),
      )
      .get('/:id', allow('admin'), validate('param', IdParam), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await findTourEditor(db, c.req.valid('param').id, { secret: config.authSecret, now: new Date() }));
      })
      .put('/:id', allow('admin'), validate('param', IdParam), validate('json', TourSaveSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { requestId, version, fields } = c.req.valid('json');
        const actor = actorOf(c.var.auth);
        const { changed } = await saveTourFields(db, { id, version, requestId, fields, actor, now: new Date(), filesDir: config.filesDir });
        // The status is the back office's own: no page shows it.
        const shown = changed.some((field) => field !== 'status');
        const saved = await answer({ id, applied: shown, reason: `tour ${id} editado`, message: TOUR_EDITOR_MESSAGES.saved });
        return c.json({ ...saved, applied: changed.length > 0 });
      })
      .post('/:id/periods', allow('admin'), validate('param', IdParam), validate('json', PeriodSaveSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { requestId, period } = c.req.valid('json');
        const { applied } = await addPeriod(db, { tourId: id, requestId, input: period, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer({ id, applied, reach: 'pageSet', reason: `salida añadida al tour ${id}`, message: TOUR_EDITOR_MESSAGES.periodAdded }));
      })
      .put('/:id/periods/:periodId', allow('admin'), validate('param', PeriodParam), validate('json', PeriodSaveSchema), async (c) => {
        const { id, periodId } = c.req.valid('param');
        const { requestId, period } = c.req.valid('json');
        const { applied, pageSet } = await updatePeriod(db, { tourId: id, periodId, requestId, input: period, actor: actorOf(c.var.auth), now: new Date() });
        const reach = pageSet ? 'pageSet' : 'tour';
        return c.json(await answer({ id, applied, reach, reason: `salida ${periodId} editada`, message: TOUR_EDITOR_MESSAGES.periodSaved }));
      })
      .delete('/:id/periods/:periodId', allow('admin'), validate('param', PeriodParam), validate('json', TourPressSchema), async (c) => {
        const { id, periodId } = c.req.valid('param');
        const { requestId } = c.req.valid('json');
        const { applied } = await removePeriod(db, { tourId: id, periodId, requestId, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer({ id, applied, reach: 'pageSet', reason: `salida ${periodId} quitada`, message: TOUR_EDITOR_MESSAGES.periodRemoved }));
      })
      .put('/:id/periods/:periodId/prices', allow('admin'), validate('param', PeriodParam), validate('json', PeriodPricesSchema), async (c) => {
        const { id, periodId } = c.req.valid('param');
        const { requestId, prices } = c.req.valid('json');
        const { applied } = await savePeriodPrices(db, { tourId: id, periodId, requestId, prices, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer({ id, applied, reason: `precios de la salida ${periodId}`, message: TOUR_EDITOR_MESSAGES.pricesSaved }));
      })
      .put(
        '/:id/periods/:periodId/activities/:optionalActivityId/prices',
        allow('admin'),
        validate('param', OptionalActivityParam),
        validate('json', PeriodPricesSchema),
        async (c) => {
          const { id, periodId, optionalActivityId } = c.req.valid('param');
          const { requestId, prices } = c.req.valid('json');
          const actor = actorOf(c.var.auth);
          const { applied } = await savePeriodPrices(db, { tourId: id, periodId, optionalActivityId, requestId, prices, actor, now: new Date() });
          return c.json(await answer({ id, applied, reason: `precios de la actividad ${optionalActivityId}`, message: TOUR_EDITOR_MESSAGES.pricesSaved }));
        },
      )
      .put('/:id/periods/:periodId/flights/:flightId', allow('admin'), validate('param', FlightParam), validate('json', FlightSaveSchema), async (c) => {
        const { id, periodId, flightId } = c.req.valid('param');
        const { requestId, flight } = c.req.valid('json');
        const actor = actorOf(c.var.auth);
        const { applied } = await updateFlight(db, { tourId: id, periodId, flightId, requestId, ...flight, actor, now: new Date() });
        return c.json(await answer({ id, applied, reason: `vuelo ${flightId} editado`, message: TOUR_EDITOR_MESSAGES.flightSaved }));
      })
      // A flight added or removed shows on the tour page's departures and in the funnel's flights step: the tour's pages.
      .post('/:id/periods/:periodId/flights', allow('admin'), validate('param', PeriodParam), validate('json', FlightAddSchema), async (c) => {
        const { id, periodId } = c.req.valid('param');
        const { requestId, flight } = c.req.valid('json');
        const { applied, flightId } = await addFlight(db, { tourId: id, periodId, requestId, input: flight, actor: actorOf(c.var.auth), now: new Date() });
        const added = await answer({ id, applied, reason: `vuelo añadido a la salida ${periodId}`, message: TOUR_EDITOR_MESSAGES.flightAdded });
        return c.json({ ...added, flightId });
      })
      .delete('/:id/periods/:periodId/flights/:flightId', allow('admin'), validate('param', FlightParam), validate('json', TourPressSchema), async (c) => {
        const { id, periodId, flightId } = c.req.valid('param');
        const { requestId } = c.req.valid('json');
        const { applied } = await removeFlight(db, { tourId: id, periodId, flightId, requestId, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer({ id, applied, reason: `vuelo ${flightId} quitado`, message: TOUR_EDITOR_MESSAGES.flightRemoved }));
      })
      // A campaign changes the departure's price on the tour page and the cards' former price: the tour's pages.
      .post('/:id/periods/:periodId/campaigns', allow('admin'), validate('param', PeriodParam), validate('json', CampaignSaveSchema), async (c) => {
        const { id, periodId } = c.req.valid('param');
        const { requestId, campaign } = c.req.valid('json');
        const { applied } = await addCampaign(db, { tourId: id, periodId, requestId, input: campaign, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await answer({ id, applied, reason: `campaña añadida a la salida ${periodId}`, message: TOUR_EDITOR_MESSAGES.campaignAdded }));
      })
      .put(
        '/:id/periods/:periodId/campaigns/:campaignId',
        allow('admin'),
        validate('param', CampaignParam),
        validate('json', CampaignSaveSchema),
        async (c) => {
          const { id, periodId, campaignId } = c.req.valid('param');
          const { requestId, campaign } = c.req.valid('json');
          const actor = actorOf(c.var.auth);
          const { applied } = await updateCampaign(db, { tourId: id, periodId, campaignId, requestId, input: campaign, actor, now: new Date() });
          return c.json(await answer({ id, applied, reason: `campaña ${campaignId} editada`, message: TOUR_EDITOR_MESSAGES.campaignSaved }));
        },
      )
      .delete(
        '/:id/periods/:periodId/campaigns/:campaignId',
        allow('admin'),
        validate('param', CampaignParam),
        validate('json', TourPressSchema),
        async (c) => {
          const { id, periodId, campaignId } = c.req.valid('param');
          const { requestId } = c.req.valid('json');
          const { applied } = await removeCampaign(db, { tourId: id, periodId, campaignId, requestId, actor: actorOf(c.var.auth), now: new Date() });
          return c.json(await answer({ id, applied, reason: `campaña ${campaignId} quitada`, message: TOUR_EDITOR_MESSAGES.campaignRemoved }));
        },
      )
      // A tour's or departure's own payment schedule (docs/decisions/042): no page shows it, nothing is published.
      .put('/:id/payment-policy', allow('admin'), validate('param', IdParam), validate('json', OwnPolicySaveSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { applied } = await saveOwnPolicy(db, { tourId: id, ...c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await unpublished(id, applied, PAYMENT_POLICY_MESSAGES.tourSaved));
      })
      .put('/:id/periods/:periodId/payment-policy', allow('admin'), validate('param', PeriodParam), validate('json', OwnPolicySaveSchema), async (c) => {
        const { id, periodId } = c.req.valid('param');
        const { applied } = await saveOwnPolicy(db, { tourId: id, periodId, ...c.req.valid('json'), actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await unpublished(id, applied, PAYMENT_POLICY_MESSAGES.periodSaved));
      })
      // No page shows a tour's extras (the funnel reads them from the API): nothing is published.
      .post('/:id/extras', allow('admin'), validate('param', IdParam), validate('json', ExtraSaveSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { requestId, extra } = c.req.valid('json');
        const { applied } = await addExtra(db, { tourId: id, requestId, input: extra, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await unpublished(id, applied, EXTRA_MESSAGES.added));
      })
      .put('/:id/extras/:extraId', allow('admin'), validate('param', ExtraParam), validate('json', ExtraSaveSchema), async (c) => {
        const { id, extraId } = c.req.valid('param');
        const { requestId, extra } = c.req.valid('json');
        const { applied } = await updateExtra(db, { tourId: id, extraId, requestId, change: extra, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await unpublished(id, applied, EXTRA_MESSAGES.saved));
      })
      .put('/:id/extras/:extraId/offer', allow('admin'), validate('param', ExtraParam), validate('json', ExtraOfferSchema), async (c) => {
        const { id, extraId } = c.req.valid('param');
        const { requestId, active } = c.req.valid('json');
        const { applied } = await updateExtra(db, { tourId: id, extraId, requestId, change: { active }, actor: actorOf(c.var.auth), now: new Date() });
        return c.json(await unpublished(id, applied, active ? EXTRA_MESSAGES.offered : EXTRA_MESSAGES.withdrawn));
      })
      // A region's page lists the tour or stops listing it: a page that never showed the tour changes.
      .post('/:id/regions', allow('admin'), validate('param', IdParam), validate('json', TourRegionSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { requestId, parentRegionId } = c.req.valid('json');
        const { applied } = await changeTourLink(db, 'region', press(id, parentRegionId, requestId, c.var.auth), true);
        return c.json(await answer({ id, applied, reach: 'pageSet', reason: `región añadida al tour ${id}`, message: TOUR_EDITOR_MESSAGES.regionAdded }));
      })
      .delete('/:id/regions/:regionId', allow('admin'), validate('param', RegionParam), validate('json', TourPressSchema), async (c) => {
        const { id, regionId } = c.req.valid('param');
        const { applied } = await changeTourLink(db, 'region', press(id, regionId, c.req.valid('json').requestId, c.var.auth), false);
        return c.json(await answer({ id, applied, reach: 'pageSet', reason: `región quitada del tour ${id}`, message: TOUR_EDITOR_MESSAGES.regionRemoved }));
      })
      // No page shows which activities name a tour: the renderer's snapshot is brought up to date, no page is rendered.
      .post('/:id/activities', allow('admin'), validate('param', IdParam), validate('json', TourActivitySchema), async (c) => {
        const { id } = c.req.valid('param');
        const { requestId, activityId } = c.req.valid('json');
        const { applied } = await changeTourLink(db, 'activity', press(id, activityId, requestId, c.var.auth), true);
        return c.json(
          await answer({ id, applied, reach: 'content', reason: `actividad enlazada con el tour ${id}`, message: TOUR_EDITOR_MESSAGES.activityLinked }),
        );
      })
      .delete('/:id/activities/:activityId', allow('admin'), validate('param', ActivityParam), validate('json', TourPressSchema), async (c) => {
        const { id, activityId } = c.req.valid('param');
        const { applied } = await changeTourLink(db, 'activity', press(id, activityId, c.req.valid('json').requestId, c.var.auth), false);
        return c.json(
          await answer({ id, applied, reach: 'content', reason: `actividad desenlazada del tour ${id}`, message: TOUR_EDITOR_MESSAGES.activityUnlinked }),
        );
      })
  );
}
