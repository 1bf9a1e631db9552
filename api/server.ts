import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import {
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  findRedirect,
  IMMUTABLE_PATH_PREFIXES,
  matchRoute,
  type ShellName,
  SHELLS_PATH_PREFIX,
  shellFile,
  pathTo,
} from '#shared/routes.ts';
import { slugify } from '#shared/rules/text.ts';
import { isFileLinkValid } from './services/cms/uploads.ts';
import { createApi } from './app.ts';
import type { AppDeps } from './app-deps.ts';
import { siteFiles } from './middleware/site-files.ts';
import { liveBuildScriptHashes, pageContentSecurityPolicy, pageFormActions, securityHeaders } from './middleware/security-headers.ts';
import { currentSiteDir } from './services/site-builds.ts';

/** Cache and robots headers for everything the server answers outside the API (which sets its own). */
const siteHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status >= 300 && c.res.status < 400) return;
  const immutable = c.res.ok && IMMUTABLE_PATH_PREFIXES.some((prefix) => c.req.path.startsWith(prefix));
  c.header('Cache-Control', immutable ? CACHE_IMMUTABLE : CACHE_REVALIDATE);
  if (matchRoute(c.req.path)?.route.noindex) c.header('X-Robots-Tag', 'noindex');
};

/**
 * The whole shop on one port: the spec's redirects, the API under `/api`, the prebuilt static site
 * (precompressed copies when the browser accepts them), the shell page of every 'shell' route of
 * `shared/routes.ts` for its concrete paths, and the Spanish 404 page for the rest. The generated
 * nginx config (`deploy/nginx.conf`) answers the same way.
 */
export function createShop(deps: AppDeps) {
  const site = currentSiteDir(deps.config.siteDir);
  const app = new Hono();

  // First, so every answer carries them: pages, files, redirects, 404s. The API sets its own policy.
  const scriptHashes = liveBuildScriptHashes(deps.config.siteDir);
  const formActions = pageFormActions(deps.config);
  app.use(
    '*',
    securityHeaders({
      production: deps.config.env === 'production',
      contentSecurityPolicy: async () => pageContentSecurityPolicy({ scriptHashes: await scriptHashes(), formActions }),
    }),
  );
  app.use('*', async (c, next) => {
    const target = findRedirect(c.req.path);
    // The query string goes along: campaign parameters (utm_*) must survive an old link.
    return target ? c.redirect(`${target}${new URL(c.req.url).search}`, 301) : next();
  });
  app.route('/api', createApi(deps));
  app.use('*', siteHeaders);

  // The header search without JavaScript submits `?q=`: one address per search, /busqueda/{slug}.
  app.get('/busqueda', (c, next) => {
    const slug = slugify(c.req.query('q') ?? '');
    return slug ? c.redirect(pathTo('search', { slug }), 302) : next();
  });
  // Seeded and uploaded originals, only through a signed link that expires (the pages show /media/ variants).
  app.use('/files/*', async (c, next) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.slice('/files/'.length));
    } catch {
      return c.notFound();
    }
    const valid = isFileLinkValid({
      key,
      expires: c.req.query('expires'),
      signature: c.req.query('signature'),
      secret: deps.config.authSecret,
      now: new Date(),
    });
    return valid ? next() : c.text('Este enlace ha caducado o no es válido.', 403);
  });
  app.use('/files/*', serveStatic({ root: deps.config.filesDir, rewriteRequestPath: (p) => p.slice('/files'.length) }));
  // Image variants are shared by every build (content-build names them by content), so they sit beside the builds.
  app.use('/media/*', serveStatic({ root: join(deps.config.siteDir, 'media'), rewriteRequestPath: (p) => p.slice('/media'.length) }));
  // Shells answer only in place of their routes, never at their own address.
  app.use(`${SHELLS_PATH_PREFIX}*`, async (c) => c.notFound());
  app.use('*', siteFiles({ root: site }));

  const shells = new Map<ShellName, MiddlewareHandler>();
  app.get('*', (c, next) => {
    const match = matchRoute(c.req.path);
    if (match?.route.kind !== 'shell') return next();
    const name = match.route.shell;
    let serveShell = shells.get(name);
    if (!serveShell) {
      serveShell = siteFiles({ root: site, path: shellFile(name) });
      shells.set(name, serveShell);
    }
    return serveShell(c, next);
  });

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
