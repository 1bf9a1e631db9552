import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from 'node:http';
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
import { isFileLinkValid } from './services/files/uploads.ts';
import { createApi, unknownApiPathFastPath } from './app.ts';
import { QUOTE_PATH, quoteFastPath } from './routes/bookings.ts';
import type { AppDeps } from './app-deps.ts';
import {
  answerSiteFile,
  asksWholeFile,
  chooseEncoding,
  createSiteFileCache,
  keptPerPair,
  representationBytes,
  type SiteFile,
  siteFileName,
  siteFiles,
  wholeAnswerHeaders,
} from './middleware/site-files.ts';
import { liveBuildScriptHashes, pageContentSecurityPolicy, pageFormActions, pageSecurityHeaderObject, securityHeaders } from './middleware/security-headers.ts';
import { departuresFastPath } from './routes/tours.ts';
import { HEALTH_PATH, healthFastPath } from './routes/health.ts';
import { currentSiteDir, mediaDir } from '#content-build/site-folder.ts';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The cache and robots headers of the paths asked for lately: the route table is matched once per path. */
const cacheHeadersByPath = new Map<string, Record<string, string> | null>();

/** Cache and robots headers of an answer outside the API (which sets its own); none on redirects. */
function siteCacheHeaders(path: string, status: number): Record<string, string> | null {
  if (status !== 200) return siteCacheHeadersOf(path, status);
  let kept = cacheHeadersByPath.get(path);
  if (kept === undefined) {
    kept = siteCacheHeadersOf(path, status);
    if (cacheHeadersByPath.size >= 10_000) cacheHeadersByPath.delete(cacheHeadersByPath.keys().next().value as string);
    cacheHeadersByPath.set(path, kept);
  }
  return kept;
}

function siteCacheHeadersOf(path: string, status: number): Record<string, string> | null {
  if (REDIRECT_STATUSES.has(status)) return null;
  const kept = (status >= 200 && status < 300) || status === 304;
  const immutable = kept && IMMUTABLE_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
  const headers: Record<string, string> = { 'cache-control': immutable ? CACHE_IMMUTABLE : CACHE_REVALIDATE };
  if (matchRoute(path)?.route.noindex) headers['x-robots-tag'] = 'noindex';
  return headers;
}

const siteHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const extra = siteCacheHeaders(c.req.path, c.res.status);
  // On the answer's own headers: `c.header` after the answer is made copies it into a web Response, and
  // the Node adapter then streams that body instead of writing its bytes at once.
  if (extra) for (const [name, value] of Object.entries(extra)) c.res.headers.set(name, value);
};

/** A page's cache headers then its security headers, as one object per pair (kept while both are current). */
const combined = keptPerPair<Record<string, string>, Record<string, string>, Record<string, string>>();
const securityWithCache = (security: Record<string, string>, cache: Record<string, string>) => combined(cache, security, () => ({ ...cache, ...security }));

/** How long the pages' policy is kept before the live build's inline-script hashes are looked at again. */
const POLICY_RECHECK_MS = 1_000;

/** The Node-level answer from memory that `listen` tries before Hono; false: Hono answers. */
type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
const FAST_PATH = Symbol('fast path');
export type Shop = Hono & { [FAST_PATH]?: FastPath };

/**
 * The whole shop on one port: the spec's redirects, the API under `/api`, the prebuilt static site
 * (precompressed copies when the browser accepts them), the shell page of every 'shell' route of
 * `shared/routes.ts` for its concrete paths, and the Spanish 404 page for the rest. The generated
 * nginx config (`deploy/nginx.conf`) answers the same way.
 *
 * Pages and shells are answered from memory (`site-files.ts`). Served by `listen`, a GET of one of them
 * skips Hono altogether: the same bytes and headers, written straight to Node's response (issue 15: the
 * web Request, Response and Headers objects cost more than the answer itself).
 */
export function createShop(deps: AppDeps): Shop {
  const site = currentSiteDir(deps.config.siteDir);
  const files = createSiteFileCache({ root: site });
  const app: Shop = new Hono();
  const production = deps.config.env === 'production';
  const securityBase = pageSecurityHeaderObject({ production });

  // First, so every answer carries them: pages, files, redirects, 404s. The API sets its own policy.
  const scriptHashes = liveBuildScriptHashes(deps.config.siteDir);
  const formActions = pageFormActions(deps.config);
  type Policy = { value: string; at: number; headers: Record<string, string> };
  let policy: Policy | null = null;
  const keptPolicy = () => (policy && Date.now() - policy.at < POLICY_RECHECK_MS ? policy : null);
  const livePolicy = async (): Promise<Policy> => {
    const kept = keptPolicy();
    if (kept) return kept;
    const value = pageContentSecurityPolicy({ scriptHashes: await scriptHashes(), formActions });
    // The same headers object while the policy is the same: kept pages' answers are made once per object.
    const headers = policy?.value === value ? policy.headers : { ...securityBase, 'content-security-policy': value };
    policy = { value, at: Date.now(), headers };
    return policy;
  };
  // A publication of this process shows at once; another process's build within a second (the caches' recheck).
  deps.rebuilds?.onLiveSiteChanged(() => {
    files.invalidate();
    policy = null;
  });

  app.use('*', securityHeaders({ production, contentSecurityPolicy: async () => (await livePolicy()).value }));
  app.use('*', async (c, next) => {
    const target = findRedirect(c.req.path);
    // The query string goes along: campaign parameters (utm_*) must survive an old link.
    return target ? c.redirect(`${target}${new URL(c.req.url).search}`, 301) : next();
  });
  const api = createApi(deps);
  app.route('/api', api);
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
  app.use('/media/*', serveStatic({ root: mediaDir(deps.config.siteDir), rewriteRequestPath: (p) => p.slice('/media'.length) }));
  // Shells answer only in place of their routes, never at their own address.
  app.use(`${SHELLS_PATH_PREFIX}*`, async (c) => c.notFound());
  app.use('*', siteFiles({ cache: files }));

  const shells = new Map<ShellName, MiddlewareHandler>();
  app.get('*', (c, next) => {
    const match = matchRoute(c.req.path);
    if (match?.route.kind !== 'shell') return next();
    const name = match.route.shell;
    let serveShell = shells.get(name);
    if (!serveShell) {
      serveShell = siteFiles({ cache: files, path: shellFile(name) });
      shells.set(name, serveShell);
    }
    return serveShell(c, next);
  });

  app.notFound(async (c) => {
    const page = (await files.lookup('/404.html'))?.variants.identity?.bytes.toString('utf8') ?? 'Página no encontrada';
    return c.html(page, 404);
  });

  // Every request the fast path can answer without waiting (a kept file, a kept policy) is answered in the
  // same tick: no promise, one header object.
  const write = (req: IncomingMessage, res: ServerResponse, path: string, file: SiteFile, security: Record<string, string>) => {
    const request = { range: req.headers.range, ifNoneMatch: req.headers['if-none-match'], ifModifiedSince: req.headers['if-modified-since'] };
    const cache = siteCacheHeaders(path, 200);
    if (asksWholeFile(request) && cache) {
      // Most requests: the whole page, with headers made once for it (answerSiteFile's answer, kept).
      const encoding = chooseEncoding(file, req.headers['accept-encoding']);
      res.writeHead(200, wholeAnswerHeaders(file, encoding, securityWithCache(security, cache)));
      res.end(req.method === 'HEAD' ? undefined : representationBytes(file, encoding));
      return true;
    }
    const answer = answerSiteFile(file, {
      method: req.method as string,
      acceptEncoding: req.headers['accept-encoding'],
      range: req.headers.range,
      ifNoneMatch: req.headers['if-none-match'],
      ifModifiedSince: req.headers['if-modified-since'],
    });
    res.writeHead(answer.status, Object.assign(answer.headers, siteCacheHeaders(path, answer.status), security));
    res.end(answer.body ?? undefined);
    return true;
  };
  const departures = departuresFastPath(deps);
  const health = healthFastPath(deps);
  const quote = quoteFastPath(deps);
  const unknownApiPath = unknownApiPathFastPath(api, deps);
  app[FAST_PATH] = (req, res) => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (req.method === 'POST') return path === QUOTE_PATH && query === -1 && quote(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (req.method === 'GET' && path.startsWith('/api/tours/') && departures(req, res, path)) return true;
    if (req.method === 'GET' && path.startsWith(HEALTH_PATH)) {
      const answered = health(req, res, path);
      if (answered !== false) return answered;
    }
    if (!path.startsWith('/') || path === '/api' || path === '/busqueda' || findRedirect(path)) return false;
    if (path.startsWith('/api/')) return unknownApiPath(req, res, path);
    if (['/files/', '/media/', SHELLS_PATH_PREFIX].some((prefix) => path.startsWith(prefix))) return false;
    const name = siteFileName(path);
    if (name === null) return false;
    const kept = files.peek(name);
    const security = keptPolicy()?.headers;
    if (kept && security) return write(req, res, path, kept, security);
    return slowFastPath(req, res, path, name);
  };
  /** The same, when the file or the policy has to be read first. */
  const slowFastPath = async (req: IncomingMessage, res: ServerResponse, path: string, name: string) => {
    let file = await files.lookup(name);
    if (!file) {
      const match = matchRoute(path);
      if (match?.route.kind !== 'shell') return false;
      file = await files.lookup(shellFile(match.route.shell));
      if (!file) return false;
    }
    return write(req, res, path, file, (await livePolicy()).headers);
  };
  return app;
}

/** Starts listening; resolves once the port is bound. A shop's pages are answered from memory before Hono. */
export function listen(app: Shop, port: number, hostname: string): Promise<ServerType> {
  const fast = app[FAST_PATH];
  return new Promise((resolve) => {
    const server = serve(
      {
        fetch: app.fetch,
        port,
        hostname,
        createServer: ((options: ServerOptions, honoListener: RequestListener) =>
          createServer(
            options,
            fast
              ? (req, res) => {
                  let answered: boolean | Promise<boolean>;
                  try {
                    answered = fast(req, res);
                  } catch {
                    answered = false;
                  }
                  if (answered === true) return;
                  if (answered === false) return honoListener(req, res);
                  answered.then(
                    (done) => done || honoListener(req, res),
                    () => (res.headersSent ? res.destroy() : honoListener(req, res)),
                  );
                }
              : honoListener,
          )) as typeof createServer,
      },
      () => resolve(server),
    );
  });
}
