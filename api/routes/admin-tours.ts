import { Hono } from 'hono';
import { z } from 'zod';
import { AdminTourListQuerySchema, TourPublishSchema } from '#shared/schemas/admin-tours.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv, AuthContext } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { listAdminTours, setTourPublished } from '../services/catalogue/tours.ts';
import { syncChange } from '../services/content/tours.ts';
import { validate } from '../validation.ts';

const IdParam = z.object({ id: z.string().min(1).max(100) });
const actorOf = (auth: AuthContext | null) => ({ userId: auth?.userId ?? '', email: auth?.email ?? '' });

/**
 * `/api/admin/tours`, admins only (group drAdmin): the catalogue desk's search, and publishing a tour on
 * the web (POST …/publish) or hiding it (DELETE …/publish). A change that applied rebuilds the site: the
 * tour's page appears or goes, and every listing that shows it follows (a full build, as the page set changes).
 */
export function adminTourRoutes({ db, rebuilds }: AppDeps) {
  const publish = async ({ id, requestId, auth, on }: { id: string; requestId: string; auth: AuthContext | null; on: boolean }) => {
    const applied = await setTourPublished(db, { id, publish: on, requestId, actor: actorOf(auth), now: new Date() });
    const publication = applied && rebuilds ? rebuilds.publish(syncChange(id), `tour ${id} ${on ? 'publicado' : 'ocultado'} en la web`) : null;
    return { applied, publication };
  };
  return new Hono<ApiEnv>()
    .get('/', allow('admin'), validate('query', AdminTourListQuerySchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listAdminTours(db, c.req.valid('query'), { today: new Date().toISOString().slice(0, 10) }));
    })
    .post('/:id/publish', allow('admin'), validate('param', IdParam), validate('json', TourPublishSchema), async (c) =>
      c.json(await publish({ ...c.req.valid('param'), ...c.req.valid('json'), auth: c.var.auth, on: true })),
    )
    .delete('/:id/publish', allow('admin'), validate('param', IdParam), validate('json', TourPublishSchema), async (c) =>
      c.json(await publish({ ...c.req.valid('param'), ...c.req.valid('json'), auth: c.var.auth, on: false })),
    );
}
