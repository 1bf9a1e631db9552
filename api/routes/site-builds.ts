import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { AppError } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { readCurrentBuild } from '#content-build/site-folder.ts';

const noQueue = () => new AppError('UNAVAILABLE', 'Esta instalación no reconstruye la web por sí misma.');

/**
 * `/api/admin/site-builds`, staff only (admins): the live build and the rebuild queue, and a rebuild on
 * request ("sync" rebuilds the pages, cms-and-backoffice.md §6).
 */
export function siteBuildRoutes({ config, rebuilds }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/', allow('admin'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ live: await readCurrentBuild(config.siteDir), queue: rebuilds?.status() ?? null });
    })
    .post('/', allow('admin'), async (c) => {
      if (!rebuilds) throw noQueue();
      const who = c.var.auth?.email ?? 'admin';
      rebuilds.request(`pedido por ${who}`);
      return c.json({ queue: rebuilds.status() }, 202);
    });
}
