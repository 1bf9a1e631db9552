import { Hono } from 'hono';
import { z } from 'zod';
import { ApiKeyCreateSchema, IntegrationPressSchema, type IntegrationsAnswer, WebhookEndpointSaveSchema } from '#shared/schemas/integration.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv, type AuthContext } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/integration/api-keys.ts';
import { createEndpoint, listWebhooks, replayDelivery, setEndpointActive } from '../services/integration/webhooks.ts';
import { validate } from '../validation.ts';

const IdParam = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * `/api/admin/integrations`, admins only (/admin/integraciones): webhook endpoints and their delivery log with
 * a replay, and API keys. A new endpoint's secret and a new key are answered once, on the press that made them.
 */
export function adminIntegrationRoutes({ db, config }: AppDeps) {
  const view = async () => ({ ...(await listWebhooks(db)), keys: await listApiKeys(db) });
  const answer = async (applied: boolean, secret: string | null = null): Promise<IntegrationsAnswer> => ({ applied, secret, ...(await view()) });
  const press = (auth: AuthContext | null, requestId: string) => ({ requestId, actor: actorOf(auth), now: new Date() });
  return new Hono<ApiEnv>()
    .get('/', allow('admin'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await view());
    })
    .post('/endpoints', allow('admin'), validate('json', WebhookEndpointSaveSchema), async (c) => {
      const { requestId, ...fields } = c.req.valid('json');
      const { applied, secret } = await createEndpoint(db, { ...press(c.var.auth, requestId), ...fields, env: config.env });
      c.header('Cache-Control', 'no-store');
      return c.json(await answer(applied, secret), applied ? 201 : 200);
    })
    .post('/endpoints/:id/pause', allow('admin'), validate('param', IdParam), validate('json', IntegrationPressSchema), async (c) =>
      c.json(await answer(await setEndpointActive(db, { ...press(c.var.auth, c.req.valid('json').requestId), id: c.req.valid('param').id, active: false }))),
    )
    .post('/endpoints/:id/resume', allow('admin'), validate('param', IdParam), validate('json', IntegrationPressSchema), async (c) =>
      c.json(await answer(await setEndpointActive(db, { ...press(c.var.auth, c.req.valid('json').requestId), id: c.req.valid('param').id, active: true }))),
    )
    .post('/deliveries/:id/replay', allow('admin'), validate('param', IdParam), validate('json', IntegrationPressSchema), async (c) =>
      c.json(await answer(await replayDelivery(db, { ...press(c.var.auth, c.req.valid('json').requestId), id: c.req.valid('param').id }))),
    )
    .post('/keys', allow('admin'), validate('json', ApiKeyCreateSchema), async (c) => {
      const { requestId, ...fields } = c.req.valid('json');
      const { applied, key } = await createApiKey(db, { ...press(c.var.auth, requestId), ...fields });
      c.header('Cache-Control', 'no-store');
      return c.json(await answer(applied, key), applied ? 201 : 200);
    })
    .post('/keys/:id/revoke', allow('admin'), validate('param', IdParam), validate('json', IntegrationPressSchema), async (c) =>
      c.json(await answer(await revokeApiKey(db, { ...press(c.var.auth, c.req.valid('json').requestId), id: c.req.valid('param').id }))),
    );
}
