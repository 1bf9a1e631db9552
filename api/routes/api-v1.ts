import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES } from '#shared/schemas/admin-importer.ts';
import { ApiListQuerySchema, type ApiScope, INTEGRATION_MESSAGES } from '#shared/schemas/integration.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { AppError, invalidFields } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { applyImport, checkImport } from '../services/catalogue/import/import.ts';
import { type ApiCaller, authenticateApiKey } from '../services/integration/api-keys.ts';
import { apiBooking, listApiBookings, listApiTravelers } from '../services/integration/read.ts';
import { validate } from '../validation.ts';

type V1Env = ApiEnv & { Variables: { apiCaller: ApiCaller } };

const importLimit = bodyLimit({
  maxSize: MAX_IMPORT_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge, { file: IMPORT_MESSAGES.tooLarge });
  },
});

/** The catalogue file of an import call: its body, JSON or CSV as the importer reads either. */
async function importFile(c: { req: { header: (name: string) => string | undefined; text: () => Promise<string> } }) {
  const type = c.req.header('content-type') ?? '';
  const name = type.includes('csv') ? 'catalogo.csv' : 'catalogo.json';
  const text = await c.req.text();
  if (text.trim() === '') throw invalidFields({ file: IMPORT_MESSAGES.missingFile }, IMPORT_MESSAGES.missingFile);
  return { name, text };
}

const ImportApplyQuery = z.strictObject({ requestId: z.string().trim().min(8).max(100) });

/**
 * `/api/v1`, for servers (an ERP), with an API key (docs/integration.md): bookings and travellers changed
 * since a moment, one booking, and the catalogue importer's check-then-apply. Each call needs the key's scope.
 */
export function apiV1Routes({ db, rebuilds }: AppDeps) {
  const scope =
    (needed: ApiScope): MiddlewareHandler<V1Env> =>
    async (c, next) => {
      const header = c.req.header('authorization');
      if (!header) throw new AppError('UNAUTHENTICATED', INTEGRATION_MESSAGES.apiKeyMissing);
      const caller = await authenticateApiKey(db, header, new Date());
      if (!caller) throw new AppError('UNAUTHENTICATED', INTEGRATION_MESSAGES.apiKeyInvalid);
      if (!caller.scopes.includes(needed)) throw new AppError('FORBIDDEN', INTEGRATION_MESSAGES.apiScope);
      c.set('apiCaller', caller);
      c.header('Cache-Control', 'no-store');
      await next();
    };
  return (
    new Hono<V1Env>()
      // Public to sessions: a server names its key instead, which `scope` checks on every call.
      .get('/bookings', allow('public'), scope('bookings:read'), validate('query', ApiListQuerySchema), async (c) =>
        c.json(await listApiBookings(db, c.req.valid('query'))),
      )
      .get('/bookings/:id', allow('public'), scope('bookings:read'), validate('param', z.object({ id: z.string().trim().min(1).max(100) })), async (c) =>
        c.json(await apiBooking(db, c.req.valid('param').id)),
      )
      .get('/travelers', allow('public'), scope('travelers:read'), validate('query', ApiListQuerySchema), async (c) =>
        c.json(await listApiTravelers(db, c.req.valid('query'))),
      )
      .post('/catalogue/check', allow('public'), scope('catalogue:import'), importLimit, async (c) =>
        c.json({ report: await checkImport(db, await importFile(c), { now: new Date() }), applied: false }),
      )
      .post('/catalogue/apply', allow('public'), scope('catalogue:import'), importLimit, validate('query', ImportApplyQuery), async (c) => {
        const file = await importFile(c);
        const answer = await applyImport(db, file, { requestId: c.req.valid('query').requestId, actor: c.var.apiCaller.actor, now: new Date() });
        // New tours add pages and listings change everywhere: one full build publishes the whole import.
        const publication =
          answer.applied && rebuilds ? rebuilds.publish({ changed: [], pageSet: true }, `catálogo importado por la API (${c.var.apiCaller.name})`) : null;
        return c.json({ ...answer, publication });
      })
  );
}
