import { Hono } from 'hono';
import { z } from 'zod';
import { TOUR_TYPES } from '#shared/enums.ts';
import { TypePolicySaveSchema } from '#shared/schemas/payment-policies.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { notFound } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { listTypePolicies, saveTypePolicy } from '../services/payments/policies.ts';
import { validate } from '../validation.ts';

const TypeParam = z.object({ tourType: z.enum(TOUR_TYPES) });

/**
 * `/api/admin/payment-policies`, admins only: the deposit, instalments and balance each tour type asks
 * (docs/decisions/042). A tour's or a departure's own is set with the tour (`/api/admin/tours`).
 */
export function adminPaymentPolicyRoutes({ db }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/', allow('admin'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ policies: await listTypePolicies(db) });
    })
    .put(
      '/:tourType',
      allow('admin'),
      validate('param', TypeParam, { invalid: () => notFound('Ese tipo de viaje no existe.') }),
      validate('json', TypePolicySaveSchema),
      async (c) => {
        const { applied } = await saveTypePolicy(db, {
          ...c.req.valid('json'),
          tourType: c.req.valid('param').tourType,
          actor: actorOf(c.var.auth),
          now: new Date(),
        });
        return c.json({ applied, policies: await listTypePolicies(db) });
      },
    );
}
