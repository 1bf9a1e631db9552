import { Hono } from 'hono';
import { z } from 'zod';
import { CouponCreateSchema, CouponSaveSchema } from '#shared/schemas/backoffice.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { createCoupon, deleteCoupon, listCoupons, saveCoupon } from '../services/payments/coupons.ts';
import { IdParam, validate } from '../validation.ts';

const ListQuery = z.object({ q: z.string().trim().max(40).optional() });
const VersionQuery = z.object({ version: z.coerce.number().int().positive() });

/** `/api/admin/coupons`, admins only (group drAdmin): list, create, edit (versioned) and delete coupons. */
export function adminCouponRoutes({ db }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/', allow('admin'), validate('query', ListQuery), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ coupons: await listCoupons(db, c.req.valid('query')) });
    })
    .post('/', allow('admin'), validate('json', CouponCreateSchema), async (c) => {
      const { requestId, coupon } = c.req.valid('json');
      const { coupon: saved, created } = await createCoupon(db, { requestId, input: coupon, actor: actorOf(c.var.auth), now: new Date() });
      return c.json({ coupon: saved }, created ? 201 : 200);
    })
    .put('/:id', allow('admin'), validate('param', IdParam), validate('json', CouponSaveSchema), async (c) => {
      const { version, coupon } = c.req.valid('json');
      const saved = await saveCoupon(db, { id: c.req.valid('param').id, version, input: coupon, actor: actorOf(c.var.auth), now: new Date() });
      return c.json({ coupon: saved });
    })
    .delete('/:id', allow('admin'), validate('param', IdParam), validate('query', VersionQuery), async (c) => {
      const deleted = await deleteCoupon(db, {
        id: c.req.valid('param').id,
        version: c.req.valid('query').version,
        actor: actorOf(c.var.auth),
        now: new Date(),
      });
      return c.json({ deleted });
    });
}
