/**
 * Security headers on every answer of the shop, API and static site alike (DESIGN.md, Security), the
 * content security policy the static pages and islands run under, and CORS, closed unless
 * `CORS_ORIGINS` names other origins.
 *
 * The pages' policy allows scripts from the shop itself plus, by hash, the few inline scripts Astro
 * writes into pages (its island loaders, one `is:inline` script). The build lists their sha256 hashes
 * in `csp-hashes.json` beside the pages (`content-build/csp.ts`), so a new Astro version or a new
 * inline script changes the policy with the build that introduces it. JSON-LD is data, not script:
 * browsers never run it, so CSP does not concern it.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { Config } from '../config.ts';
import { CSP_HASHES_FILE, type CspHashes, currentSiteDir } from '#content-build/site-folder.ts';

/**
 * The pages' policy. `'wasm-unsafe-eval'` lets the static search (Pagefind) compile its WebAssembly;
 * it allows no JavaScript eval. Styles may be inline: Astro and the islands set `style` attributes,
 * and inline styles cannot run code.
 *
 * @example pageContentSecurityPolicy({ scriptHashes: ["'sha256-abc='"], formActions: ['https://accounts.google.com'] })
 */
export function pageContentSecurityPolicy({
  scriptHashes = [],
  formActions = [],
}: {
  scriptHashes?: readonly string[];
  formActions?: readonly string[];
} = {}): string {
  return [
    "default-src 'self'",
    "img-src 'self' data:",
    ["script-src 'self' 'wasm-unsafe-eval'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "font-src 'self'",
    ["form-action 'self'", ...formActions].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Where the configured social sign-in providers take a browser: the origin of each authorization
 * endpoint (an OpenID issuer serves its own), for `form-action`.
 */
export function oauthFormActions({ oauthProviders }: Pick<Config, 'oauthProviders'>): string[] {
  const origins = new Set<string>();
  for (const provider of Object.values(oauthProviders)) {
    const address = provider?.endpoints?.authorization ?? provider?.issuer;
    if (address && URL.canParse(address)) origins.add(new URL(address).origin);
  }
  return [...origins];
}

/** JSON answers load nothing: the API's own policy, unless a route sets one of its own (an HTML page it serves). */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers every page carries, in the order the server sets them: the one list the Node server
 * (`securityHeaders`) and the generated nginx config (`api/services/platform/nginx-config.ts`) both send, so a page
 * answers alike from either. Without `contentSecurityPolicy` the list leaves the policy out, for a
 * caller that works it out per answer.
 *
 * @example pageSecurityHeaders({ production: true, contentSecurityPolicy: pageContentSecurityPolicy() })
 */
export function pageSecurityHeaders({
  production,
  contentSecurityPolicy,
}: {
  production: boolean;
  contentSecurityPolicy?: string;
}): [name: string, value: string][] {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    // Browsers remember HSTS for a year: sent only where the shop is served over HTTPS for good.
    ...(production ? [['Strict-Transport-Security', HSTS] as [string, string]] : []),
    ...(contentSecurityPolicy === undefined ? [] : [['Content-Security-Policy', contentSecurityPolicy] as [string, string]]),
  ];
}

/** The same headers as one object with lower-case names, as Node's `writeHead` takes them (the fast path, api/server.ts). */
export const pageSecurityHeaderObject = ({ production }: { production: boolean }): Record<string, string> =>
  Object.fromEntries(pageSecurityHeaders({ production }).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * The API's headers for a JSON answer that `listen` writes before Hono (api/server.ts): the pages' headers
 * with the API's own policy, and the answer's type, as the envelope (api/app.ts) sets them.
 */
export const apiFastPathHeaders = ({ production }: { production: boolean }): Record<string, string> => ({
  ...pageSecurityHeaderObject({ production }),
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
  'content-type': 'application/json',
});

/**
 * Where the pages' forms may post besides the shop: the social sign-in providers, and the Redsys
 * terminal the pay step posts its redirect form to, unless it is the built-in sandbox (the shop's own
 * origin).
 */
export function pageFormActions(config: Pick<Config, 'oauthProviders' | 'redsys' | 'publicUrl'>): string[] {
  const terminal = new URL(config.redsys.url).origin;
  return [...oauthFormActions(config), ...(terminal === new URL(config.publicUrl).origin ? [] : [terminal])];
}

/**
 * Sets the headers on every answer that does not carry its own already, so a route (or the API
 * mounted inside the shop) keeps a stricter or looser policy it chose.
 */
export function securityHeaders({
  production,
  contentSecurityPolicy,
}: {
  production: boolean;
  contentSecurityPolicy: (c: Context) => string | Promise<string>;
}): MiddlewareHandler {
  // The policy follows the live build, so it is asked for per answer, and only when the answer has none.
  const fixed = pageSecurityHeaders({ production });
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of fixed) if (!headers.has(name)) headers.set(name, value);
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', await contentSecurityPolicy(c));
  };
}

/**
 * The inline-script hashes of the live build, read again only when the file changes: a new build
 * swapped in (the `current` link points at another folder) or a targeted rebuild that renamed a new
 * list over it in place. Either gives the file another inode, so one `stat` per page tells. A build
 * without the file (an old one, a test's fake site) gets no inline scripts.
 */
export function liveBuildScriptHashes(siteDir: string): () => Promise<string[]> {
  let cached: { version: string; hashes: string[] } | null = null;
  const file = join(currentSiteDir(siteDir), CSP_HASHES_FILE);
  return async () => {
    const info = await stat(file).catch(() => null);
    const version = info ? `${info.dev}:${info.ino}:${info.mtimeMs}:${info.size}` : 'none';
    if (cached?.version === version) return cached.hashes;
    const hashes = await readFile(file, 'utf8')
      .then((text) => (JSON.parse(text) as CspHashes).scripts.filter((h) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(h)))
      .catch(() => []);
    cached = { version, hashes };
    return hashes;
  };
}

/**
 * CORS for the configured origins only: with `CORS_ORIGINS` empty no answer carries
 * `Access-Control-Allow-Origin`, so no other site's script can read the API. Configured origins may
 * send cookies, and the origin check (csrf.ts) trusts them too.
 */
export function corsPolicy({ corsOrigins }: Pick<Config, 'corsOrigins'>): MiddlewareHandler {
  if (corsOrigins.length === 0) return async (_c, next) => next();
  const allowed = new Set(corsOrigins);
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Content-Type'],
    maxAge: 600,
  });
}
