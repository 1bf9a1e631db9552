/**
 * The nginx configuration for serving the built site in front of the Node app, generated from the same
 * route table the Node server uses (`shared/routes.ts`), so both answer every path the same way, and
 * with the same security headers (`pageSecurityHeaders`), content security policy included.
 *
 * The policy's inputs come from where the Node server takes them: the inline-script hashes from the
 * live build's `csp-hashes.json` under `--site-dir` (none when there is no build there), the form
 * actions and HSTS from the shop's environment (`loadConfig`: the OAuth and `REDSYS_URL` variables,
 * `NODE_ENV=production`). So run it with the environment `npm start` runs with, after a build:
 *
 *   npm run deploy:nginx                         # writes deploy/nginx.conf with the defaults below
 *   node api/services/platform/nginx-config.ts --site-dir /srv/shop/data/site --upstream 127.0.0.1:4321 --server-name tienda.example.es --out /etc/nginx/sites-available/shop.conf
 *   # several instances on one PostgreSQL (issue 16; docs/operations.md): one --upstream each
 *   node api/services/platform/nginx-config.ts --site-dir /srv/shop/data/site --upstream 10.0.0.11:4321 --upstream 10.0.0.12:4321
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Config } from '../../config.ts';
import { liveBuildScriptHashes, pageContentSecurityPolicy, pageFormActions, pageSecurityHeaders } from '../../middleware/security-headers.ts';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, REDIRECTS, ROUTES, SHELLS_PATH_PREFIX, patternToRegex, shellFile } from '#shared/routes.ts';

/** What the pages' security headers depend on, as the Node server works them out. */
export interface PageHeaderInputs {
  /** Strict-Transport-Security only in production, as the Node server sends it. */
  production: boolean;
  /** The live build's inline-script hashes (`csp-hashes.json`). */
  scriptHashes: readonly string[];
  /** Origins the pages' forms may post to (`pageFormActions`). */
  formActions: readonly string[];
}

export interface NginxOptions extends PageHeaderInputs {
  /** The shop's `<DATA_DIR>/site`: holds the `current` link to the live build and `media/`. */
  siteDir: string;
  /** Where the Node app listens (`npm start`): one address, or each instance's when there are several. */
  upstreams: readonly string[];
  serverName: string;
  /** The port nginx listens on (IPv4 and IPv6). */
  listen?: number;
}

/**
 * What `npm run deploy:nginx` writes in a development checkout: no build at the default site folder
 * (so no script hashes), the default environment (no OAuth provider, the sandbox terminal, no HSTS).
 */
export const NGINX_DEFAULTS: NginxOptions = {
  siteDir: '/srv/different-shop/data/site',
  upstreams: ['127.0.0.1:4321'],
  serverName: '_',
  production: false,
  scriptHashes: [],
  formActions: [],
};

/** The header inputs the Node server would use for the build under `siteDir` and the shop's configuration. */
export async function pageHeaderInputs({ siteDir, config }: { siteDir: string; config: Config }): Promise<PageHeaderInputs> {
  return { production: config.env === 'production', scriptHashes: await liveBuildScriptHashes(siteDir)(), formActions: pageFormActions(config) };
}

export const NGINX_CONF_PATH = fileURLToPath(new URL('../../../deploy/nginx.conf', import.meta.url));

const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
const block = (head: string, lines: readonly string[]) => [`    ${head} {`, ...lines.map((l) => `        ${l}`), '    }'];
const header = (name: string, value: string, always = false) => `add_header ${name} ${quote(value)}${always ? ' always' : ''};`;
const PROXY = [
  'proxy_pass http://different_shop;',
  // An instance that is down (refused, or silent for 2 s) passes the request to the next one. A write
  // already sent to an instance that then died is not sent again (nginx retries POST and PATCH only
  // when they never reached it): its client sees the error and nothing is done twice.
  'proxy_next_upstream error timeout;',
  'proxy_connect_timeout 2s;',
  'proxy_http_version 1.1;',
  'proxy_set_header Connection "";',
  'proxy_set_header Host $host;',
  'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
  'proxy_set_header X-Forwarded-Proto $scheme;',
];

/**
 * The page headers, in every location that answers by itself. nginx gives a location with any
 * `add_header` of its own none of the server's, so they are repeated in each rather than set once at
 * the server level, where the proxied locations would inherit them and send them twice (the Node app
 * sets its own), which makes a browser enforce two policies. `always`: the Node server sends them on
 * every status, 404 page included.
 */
const securityLines = (inputs: PageHeaderInputs) =>
  pageSecurityHeaders({ production: inputs.production, contentSecurityPolicy: pageContentSecurityPolicy(inputs) }).map(([name, value]) =>
    header(name, value, true),
  );

/**
 * Regular-expression locations for every pattern, also parameterless ones: they tolerate a trailing
 * slash as the Node matcher does, and nginx tries them in file order, which is the table's order.
 */
const locationFor = (pattern: string) => `location ~ ${quote(patternToRegex(pattern))}`;

/** The whole configuration file; the same options give the same bytes. */
export function generateNginxConfig(options: NginxOptions = NGINX_DEFAULTS): string {
  const { siteDir, upstreams, serverName, listen = 80 } = options;
  const security = securityLines(options);
  const lines: string[] = [
    '# Generated by `npm run deploy:nginx` (api/services/platform/nginx-config.ts) from the route table in',
    '# shared/routes.ts. Do not edit by hand: change the table and regenerate (a test fails while this',
    '# file is stale). The Node app (`npm start`) answers the same paths the same way on its own port.',
    '#',
    '# brotli_static needs the ngx_brotli module (Debian: libnginx-mod-http-brotli-static).',
    '# TLS is not configured here: add the `listen 443 ssl` lines (certbot does) or terminate it in front.',
    '#',
    "# The security headers are the Node server's (api/middleware/security-headers.ts). The content security",
    "# policy names the live build's inline-script hashes: regenerate and reload nginx after a build whose",
    '# hashes changed (the build warns), with the environment `npm start` runs with.',
    '',
    'upstream different_shop {',
    // With several instances, one that fails is left out for 5 s, then tried again.
    ...upstreams.map((address) => `    server ${address}${upstreams.length > 1 ? ' max_fails=1 fail_timeout=5s' : ''};`),
    '    keepalive 16;',
    '}',
    '',
    "# The folder's page a path names: itself when it is one (/x/index.html), else its index (/x, /x/).",
    'map $uri $page_index {',
    '    "~/index\\.html$" $uri;',
    '    default $uri/index.html;',
    '}',
    '',
    'server {',
    `    listen ${listen};`,
    `    listen [::]:${listen};`,
    `    server_name ${serverName};`,
    '',
    '    # content-build swaps this link to each finished build; nginx resolves it per request.',
    `    root ${siteDir}/current;`,
    '    index index.html;',
    '    absolute_redirect off;',
    '    charset utf-8;',
    '    # content-build writes a .br beside the bundles and the other text files of a build, and a .gz beside',
    "    # its bundles. A page's .br is made by the Node app on the page's first request and kept beside it",
    '    # (content-build/compress.ts): until it is there, a client that accepts brotli is passed to the app',
    '    # (@page_brotli below). The few clients without brotli get the pages gzipped per request (the Node app',
    '    # makes it once and keeps it).',
    '    brotli_static on;',
    '    gzip_static on;',
    '    gzip on;',
    '    gzip_comp_level 6;',
    '    gzip_min_length 1024;',
    '    gzip_vary on;',
    '    gzip_types text/css text/plain text/xml application/javascript application/json application/xml application/manifest+json image/svg+xml;',
    '    error_page 404 /404.html;',
    '    set $page_brotli "";',
    '    if ($http_accept_encoding ~ "\\bbr\\b") { set $page_brotli "a"; }',
    '    if (-f $document_root$page_index) { set $page_brotli "$page_brotli-p"; }',
    '    if (!-f $document_root$page_index.br) { set $page_brotli "$page_brotli-m"; }',
    '    if ($page_brotli = a-p-m) { return 418; }',
    '    error_page 418 = @page_brotli;',
    '',
    '    # Spec redirects (301), exact paths; the query string (utm_*) goes along.',
  ];
  for (const [from, to] of Object.entries(REDIRECTS)) lines.push(...block(`location = ${from}`, [...security, `return 301 ${to}$is_args$args;`]));

  lines.push('', '    # The API and the paths the Node app answers itself, with its own headers. Streams (SSE) set X-Accel-Buffering: no.');
  lines.push(...block('location ^~ /api/', PROXY), ...block('location ^~ /files/', PROXY));
  lines.push('    # A page whose brotli copy is not made yet (the 418 above): the app answers it and writes the copy.');
  lines.push(...block('location @page_brotli', PROXY));
  for (const route of ROUTES.filter((r) => r.kind === 'app')) lines.push(...block(locationFor(route.pattern), PROXY));

  lines.push('', '    # Content-hashed names: a new version always has a new name.');
  lines.push(...block('location ^~ /_astro/', [...security, header('Cache-Control', CACHE_IMMUTABLE), 'try_files $uri =404;']));
  lines.push(...block('location ^~ /media/', [`alias ${siteDir}/media/;`, ...security, header('Cache-Control', CACHE_IMMUTABLE)]));

  lines.push('', '    # Shell pages answer only in place of their routes (internal redirects from try_files below).');
  lines.push(
    ...block(`location ^~ ${SHELLS_PATH_PREFIX}`, ['internal;', ...security, header('Cache-Control', CACHE_REVALIDATE), header('X-Robots-Tag', 'noindex')]),
  );
  lines.push(...block('location = /404.html', ['internal;', ...security, header('Cache-Control', CACHE_REVALIDATE, true)]));

  lines.push('', "    # Shell routes: every concrete path gets its screen's prebuilt page.");
  for (const route of ROUTES) {
    if (route.kind !== 'shell') continue;
    lines.push(`    # ${route.name}: ${route.pattern}`);
    // The headers are repeated here for shells that are regular pages (not under /shells/).
    lines.push(
      ...block(locationFor(route.pattern), [
        ...security,
        header('Cache-Control', CACHE_REVALIDATE),
        header('X-Robots-Tag', 'noindex'),
        `try_files $uri $uri/index.html ${shellFile(route.shell)};`,
      ]),
    );
  }

  lines.push('', '    # Built pages kept out of search engines.');
  for (const route of ROUTES.filter((r) => r.kind === 'static' && r.noindex)) {
    lines.push(
      ...block(locationFor(route.pattern), [
        ...security,
        header('Cache-Control', CACHE_REVALIDATE),
        header('X-Robots-Tag', 'noindex'),
        'try_files $uri $uri/index.html =404;',
      ]),
    );
  }

  lines.push('', '    # Every other built page and file: revalidated on each visit, so a new build shows at once.');
  lines.push(...block('location /', [...security, header('Cache-Control', CACHE_REVALIDATE), 'try_files $uri $uri/index.html =404;']));
  lines.push('}', '');
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadConfig } = await import('../../config.ts');
  const { values } = parseArgs({
    options: {
      'site-dir': { type: 'string', default: NGINX_DEFAULTS.siteDir },
      upstream: { type: 'string', multiple: true, default: [...NGINX_DEFAULTS.upstreams] },
      'server-name': { type: 'string', default: NGINX_DEFAULTS.serverName },
      listen: { type: 'string', default: '80' },
      out: { type: 'string', default: NGINX_CONF_PATH },
    },
  });
  const siteDir = values['site-dir'];
  const inputs = await pageHeaderInputs({ siteDir, config: loadConfig(process.env) });
  await writeFile(
    values.out,
    generateNginxConfig({ siteDir, upstreams: values.upstream, serverName: values['server-name'], listen: Number(values.listen), ...inputs }),
  );
  console.log(
    `nginx config written to ${values.out}: ${inputs.scriptHashes.length} inline-script hashes, form-action ${inputs.formActions.join(' ') || "'self' only"}, HSTS ${inputs.production ? 'on' : 'off'}`,
  );
}
