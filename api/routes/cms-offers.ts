import { Hono } from 'hono';
import { z } from 'zod';
import { OFFER_SLIDER_SLUGS } from '#shared/rules/landings.ts';
import { OfferCreateSchema, OfferSaveSchema, type OfferView, RestoreSchema, type Saved, VersionQuerySchema } from '#shared/schemas/cms.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { notFound } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { findHistoryEntry, listHistory } from '../services/content/history.ts';
import { createOffer, deleteOffer, listEditableOffers, listOfferOptions, offerChange, saveOffer } from '../services/content/offers.ts';
import { IdParam, validate } from '../validation.ts';

const SliderParam = z.object({ slider: z.enum(OFFER_SLIDER_SLUGS) });
const TourQuery = z.object({ tourId: z.string().trim().min(1).max(100) });
const unknownList = () => notFound('Esa lista de ofertas no existe.');

/**
 * `/api/cms/offers`, admins only (group drAdmin): the offer lists of /last-minute ('ultimas-plazas') and
 * /ofertas ('ofertas') edited in place. Each write answers `{ saved, publication }`; the publication
 * renders the list's page again.
 */
export function cmsOfferRoutes({ db, rebuilds }: AppDeps) {
  const publish = (slug: string | null, reason: string) => (slug ? (rebuilds?.publish(offerChange(slug), reason) ?? null) : null);
  return new Hono<ApiEnv>()
    .get('/options', allow('admin'), validate('query', TourQuery), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listOfferOptions(db, c.req.valid('query').tourId, new Date()));
    })
    .get('/list/:slider', allow('admin'), validate('param', SliderParam, { invalid: unknownList }), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { slider } = c.req.valid('param');
      return c.json(await listEditableOffers(db, slider));
    })
    .post('/list/:slider', allow('admin'), validate('param', SliderParam, { invalid: unknownList }), validate('json', OfferCreateSchema), async (c) => {
      const { slider } = c.req.valid('param');
      const offer = await createOffer(db, slider, c.req.valid('json'), actorOf(c.var.auth), new Date());
      return c.json({ saved: offer, publication: publish(slider, `oferta ${offer.id} creada`) } satisfies Saved<OfferView>, 201);
    })
    .put('/:id', allow('admin'), validate('param', IdParam), validate('json', OfferSaveSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { view, changed, sliderSlug } = await saveOffer(db, id, c.req.valid('json'), actorOf(c.var.auth), new Date());
      return c.json({ saved: view, publication: changed ? publish(sliderSlug, `oferta ${id} guardada`) : null } satisfies Saved<OfferView>);
    })
    .delete('/:id', allow('admin'), validate('param', IdParam), validate('query', VersionQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await deleteOffer(db, id, c.req.valid('query').version, actorOf(c.var.auth), new Date());
      return c.json({ saved: { id, deleted: true }, publication: deleted ? publish(deleted.sliderSlug, `oferta ${id} borrada`) : null });
    })
    .get('/:id/history', allow('admin'), validate('param', IdParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ history: await listHistory(db, 'offer', c.req.valid('param').id) });
    })
    .post(
      '/:id/history/:entry/restore',
      allow('admin'),
      validate('param', IdParam.extend({ entry: z.string().min(1).max(100) })),
      validate('json', RestoreSchema),
      async (c) => {
        const { id, entry } = c.req.valid('param');
        const found = await findHistoryEntry(db, entry);
        const after = (found?.entityType === 'offer' && found.entityId === id ? found.after : null) as {
          discountCents?: number;
          coupon?: string;
          status?: string;
        } | null;
        const state = after
          ? OfferSaveSchema.safeParse({
              version: c.req.valid('json').version,
              discount: (after.discountCents ?? 0) / 100,
              coupon: after.coupon,
              status: after.status,
            })
          : null;
        if (!state?.success) throw notFound('No encontramos esa versión de la oferta.');
        const { view, changed, sliderSlug } = await saveOffer(db, id, state.data, actorOf(c.var.auth), new Date(), { action: 'restore' });
        return c.json({ saved: view, publication: changed ? publish(sliderSlug, `oferta ${id} restaurada`) : null } satisfies Saved<OfferView>);
      },
    );
}
