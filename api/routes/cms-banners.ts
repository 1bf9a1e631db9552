import { Hono } from 'hono';
import { z } from 'zod';
import { BannerCreateSchema, GridSlugSchema, MainBannerSaveSchema, RegionBannerSaveSchema, VersionQuerySchema } from '#shared/schemas/cms.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv, AuthContext } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import {
  createMainBanner,
  createRegionBanner,
  deleteBanner,
  listMainBanners,
  listRegionBanners,
  mainBannersChange,
  regionBannersChange,
  saveMainBanner,
  saveRegionBanner,
} from '../services/content/banners.ts';
import { IdParam, validate } from '../validation.ts';

const RegionParam = z.object({ region: GridSlugSchema });

/**
 * `/api/cms/banners/main` (the home's banners) and `/api/cms/banners/region/{region}` (a region page's),
 * admins only. Writes answer `{ saved, publication }`; a banner visitors never saw (a draft, a hidden one)
 * publishes nothing.
 */
export function cmsBannerRoutes({ db, config, rebuilds }: AppDeps) {
  const ctx = (auth: AuthContext | null) => ({
    actor: { userId: auth?.userId ?? '', email: auth?.email ?? '' },
    now: new Date(),
    filesDir: config.filesDir,
    secret: config.authSecret,
  });
  const publishMain = (yes: boolean, reason: string) => (yes ? (rebuilds?.publish(mainBannersChange, reason) ?? null) : null);
  const publishRegion = (yes: boolean, reason: string) => (yes ? (rebuilds?.publish(regionBannersChange, reason) ?? null) : null);
  return new Hono<ApiEnv>()
    .get('/main', allow('admin'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ banners: await listMainBanners(db, ctx(c.var.auth)) });
    })
    .post('/main', allow('admin'), validate('json', BannerCreateSchema), async (c) => {
      return c.json({ saved: await createMainBanner(db, c.req.valid('json').requestId, ctx(c.var.auth)), publication: null }, 201);
    })
    .put('/main/:id', allow('admin'), validate('param', IdParam), validate('json', MainBannerSaveSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { view, publish } = await saveMainBanner(db, id, c.req.valid('json'), ctx(c.var.auth));
      return c.json({ saved: view, publication: publishMain(publish, `banner ${id} guardado`) });
    })
    .delete('/main/:id', allow('admin'), validate('param', IdParam), validate('query', VersionQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await deleteBanner(db, 'main', id, c.req.valid('query').version, ctx(c.var.auth));
      return c.json({ saved: { id, deleted: true }, publication: publishMain(deleted?.publish ?? false, `banner ${id} borrado`) });
    })
    .get('/region/:region', allow('admin'), validate('param', RegionParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ banners: await listRegionBanners(db, c.req.valid('param').region, ctx(c.var.auth)) });
    })
    .post('/region/:region', allow('admin'), validate('param', RegionParam), validate('json', BannerCreateSchema), async (c) => {
      const banner = await createRegionBanner(db, c.req.valid('param').region, c.req.valid('json').requestId, ctx(c.var.auth));
      return c.json({ saved: banner, publication: null }, 201);
    })
    .put('/region/:region/:id', allow('admin'), validate('param', RegionParam.extend(IdParam.shape)), validate('json', RegionBannerSaveSchema), async (c) => {
      const { id, region } = c.req.valid('param');
      const { view, publish } = await saveRegionBanner(db, { id, region }, c.req.valid('json'), ctx(c.var.auth));
      return c.json({ saved: view, publication: publishRegion(publish, `banner de región ${id} guardado`) });
    })
    .delete('/region/:region/:id', allow('admin'), validate('param', RegionParam.extend(IdParam.shape)), validate('query', VersionQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await deleteBanner(db, 'region', id, c.req.valid('query').version, ctx(c.var.auth));
      return c.json({ saved: { id, deleted: true }, publication: publishRegion(deleted?.publish ?? false, `banner de región ${id} borrado`) });
    });
}
