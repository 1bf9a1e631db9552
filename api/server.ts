import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { type AppDeps, createApi } from './app.ts';
import { currentSiteDir } from './services/site-builds.ts';

/** The whole shop on one port: the API under `/api`, the prebuilt static site for everything else. */
export function createShop(deps: AppDeps) {
  const site = currentSiteDir(deps.config.siteDir);
  const app = new Hono();
  app.route('/api', createApi(deps));
  // Seeded and uploaded images; signed, expiring links arrive with the storefront's image pipeline.
  app.use('/files/*', serveStatic({ root: deps.config.filesDir, rewriteRequestPath: (p) => p.slice('/files'.length) }));
  app.use('*', serveStatic({ root: site }));
  app.notFound(async (c) => {
    const page = await readFile(join(site, '404.html'), 'utf8').catch(() => 'Página no encontrada');
    return c.html(page, 404);
  });
  return app;
}

/** Starts listening; resolves once the port is bound. */
export function listen(app: Hono, port: number, hostname: string): Promise<ServerType> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname }, () => resolve(server));
  });
}
