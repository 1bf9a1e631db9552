import { Hono } from 'hono';
import { EraseTravelerSchema, ForcePasswordChangeSchema, TravelerListQuerySchema, TravelerSaveSchema } from '#shared/schemas/travelers.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { eraseTraveler, exportTraveler, forceTravelerPasswordChange, saveTraveler } from '../services/people/traveler-actions.ts';
import { listTravelers, travelerDetail } from '../services/people/travelers.ts';
import { IdParam, validate } from '../validation.ts';

/**
 * `/api/admin/travelers`, admins only (group drAdmin): search travellers, one traveller with everything
 * about them, and the staff actions on a traveller (edit, force a password change, export and erase the
 * personal data). Every action answers `applied` (false for a press already applied) and the traveller
 * as it now is. Nothing here is cached.
 */
export function adminTravelerRoutes({ db, config, rebuilds }: AppDeps) {
  return (
    new Hono<ApiEnv>()
      .get('/', allow('admin'), validate('query', TravelerListQuerySchema), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await listTravelers(db, c.req.valid('query')));
      })
      .get('/:id', allow('admin'), validate('param', IdParam), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await travelerDetail(db, c.req.valid('param').id));
      })
      .put('/:id', allow('admin'), validate('param', IdParam), validate('json', TravelerSaveSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { requestId, version, traveler } = c.req.valid('json');
        const applied = await saveTraveler(db, { id, requestId, version, input: traveler, actor: actorOf(c.var.auth), now: new Date() });
        return c.json({ applied, detail: await travelerDetail(db, id) });
      })
      .post('/:id/force-password-change', allow('admin'), validate('param', IdParam), validate('json', ForcePasswordChangeSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { requestId, sendMail } = c.req.valid('json');
        const applied = await forceTravelerPasswordChange({ db, config }, { id, requestId, sendMail, actor: actorOf(c.var.auth), now: new Date() });
        return c.json({ applied, detail: await travelerDetail(db, id) });
      })
      // GDPR access: the personal data as a JSON download; taking it is recorded.
      .get('/:id/export', allow('admin'), validate('param', IdParam), async (c) => {
        const { id } = c.req.valid('param');
        const data = await exportTraveler(db, { id, actor: actorOf(c.var.auth), now: new Date() });
        c.header('Cache-Control', 'no-store');
        c.header('Content-Type', 'application/json; charset=utf-8');
        c.header('Content-Disposition', `attachment; filename="datos-personales-${id}.json"`);
        // Indented: the person it belongs to may read it in any text editor.
        return c.body(JSON.stringify(data, null, 2));
      })
      .post('/:id/erase', allow('admin'), validate('param', IdParam), validate('json', EraseTravelerSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { requestId, reason } = c.req.valid('json');
        const summary = await eraseTraveler(db, { id, requestId, reason, actor: actorOf(c.var.auth), now: new Date() });
        // Tour pages show the names that sign reviews: a review now signed by nobody reaches them at the next build.
        if (summary && summary.reviews > 0) rebuilds?.request(`viajero ${id}: datos borrados (${summary.reviews} opiniones)`);
        return c.json({ applied: summary !== null, detail: await travelerDetail(db, id) });
      })
  );
}
