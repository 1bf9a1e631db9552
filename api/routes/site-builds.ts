import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { AppError } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { applyOnce } from '../services/kit/apply-once.ts';
import { validate } from '../validation.ts';
import { readCurrentBuild } from '#content-build/site-folder.ts';

const noQueue = () => new AppError('UNAVAILABLE', 'Esta instalación no reconstruye la web por sí misma.');

const RebuildSchema = z.strictObject({ requestId: z.string().trim().min(8).max(100) });

/**
 * `/api/admin/site-builds`, staff only (admins): the live build and the rebuild queue, and a rebuild on
 * request ("sync" rebuilds the pages, cms-and-backoffice.md §6; the dashboard's 'Reconstruir toda la web').
 * A press is recorded once (who, when); pressed again while a build runs, the queue builds once more at most.
 */
export function siteBuildRoutes({ db, config, rebuilds }: AppDeps) {
  const state = async () => ({ live: await readCurrentBuild(config.siteDir), queue: rebuilds?.status() ?? null });
  return new Hono<ApiEnv>()
    .get('/', allow('admin'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await state());
    })
    .post('/', allow('admin'), validate('json', RebuildSchema), async (c) => {
      const queue = rebuilds;
      if (!queue) throw noQueue();
      const actor = actorOf(c.var.auth);
      const applied = await applyOnce(
        db,
        { entityType: 'site', entityId: 'site', requestId: c.req.valid('json').requestId, actor, now: new Date() },
        async (_trx, record) => {
          await record({ action: 'rebuild', before: null, after: null });
          return true;
        },
        () => false,
      );
      if (applied) queue.request(`pedido por ${actor.email}`);
      return c.json({ applied, ...(await state()) }, 202);
    });
}
