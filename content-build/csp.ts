/**
 * Keeps the built site within the shop's content security policy (`api/middleware/security-headers.ts`).
 *
 * - Inline scripts: Astro writes a few small scripts into the pages themselves (the island loaders for
 *   `client:load`, `client:idle`, `client:visible`, its island element, any `is:inline` script of
 *   ours); under a policy without 'unsafe-inline' a browser runs them only when the policy names their
 *   sha256. Once the build is done `writeCspHashes` (called by `astro-build.ts`) writes the distinct hashes
 *   of every page to `csp-hashes.json`, which the server puts into the policy of the build it serves.
 * - No eval: zod compiles object parsers with `new Function` when it may, and finds out by trying,
 *   which a policy without 'unsafe-eval' reports as a violation. The islands validate forms with the
 *   shared zod schemas, so every page tells zod, before any module runs, to skip that (`jitless`).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { AstroIntegration } from 'astro';
import { CSP_HASHES_FILE, type CspHashes } from './site-folder.ts';
import { inlineScriptHashes, sharedHashList } from './script-hashes.ts';

/** The inline-script hashes of each page of a build, by its file under the build's folder (`tour/japon/index.html`). */
export type PageScriptHashes = Record<string, string[]>;

/**
 * Writes the sorted distinct inline-script hashes of every HTML page under `dir` to `dir/csp-hashes.json`.
 * Pages in `known` are not read again (the build hashed them from the bytes it wrote); the others are.
 * Answers the hashes and every page's own.
 */
export async function writeCspHashes(dir: string, known: PageScriptHashes = {}): Promise<CspHashes & { pages: PageScriptHashes }> {
  const pages: PageScriptHashes = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const path = join(entry.parentPath, entry.name);
    const file = relative(dir, path).split(sep).join('/');
    pages[file] = known[file] ?? sharedHashList(inlineScriptHashes(await readFile(path)));
  }
  const result: CspHashes = { scripts: [...new Set(Object.values(pages).flat())].sort() };
  await writeFile(join(dir, CSP_HASHES_FILE), `${JSON.stringify(result, null, 2)}\n`);
  return { ...result, pages };
}

/** The hashes a build folder lists, or null when it has none (no build there, or one older than the list). */
export async function readCspHashes(dir: string): Promise<CspHashes | null> {
  return readFile(join(dir, CSP_HASHES_FILE), 'utf8')
    .then((text) => JSON.parse(text) as CspHashes)
    .catch(() => null);
}

/**
 * What to tell the operator when a build's inline-script hashes differ from the live build's. The Node
 * server reads the new list itself, but nginx carries the policy in its config (`api/services/platform/nginx-config.ts`):
 * until it is regenerated and reloaded, the scripts whose hash is new are blocked on the pages it serves.
 * Null when nothing changed, or when there is no live build to compare with.
 *
 * @example cspHashesChangeWarning({ scripts: ["'sha256-A='"] }, { scripts: ["'sha256-B='"] }) // 'The inline-script hashes … 1 added, 1 removed …'
 */
export function cspHashesChangeWarning(live: CspHashes | null, next: CspHashes): string | null {
  if (!live) return null;
  const before = new Set(live.scripts);
  const after = new Set(next.scripts);
  const added = [...after].filter((hash) => !before.has(hash)).length;
  const removed = [...before].filter((hash) => !after.has(hash)).length;
  if (added === 0 && removed === 0) return null;
  const consequence = added > 0 ? 'or it blocks the new inline scripts' : 'so it stops allowing scripts the site no longer has';
  return (
    `The inline-script hashes of the content security policy changed (${added} added, ${removed} removed). ` +
    `If nginx serves the site, run \`npm run deploy:nginx\` (with the shop's environment and --site-dir) and reload nginx, ${consequence}.`
  );
}

/** Runs before any module of the page: zod reads this object when its schemas are built. */
export const ZOD_JITLESS_SCRIPT = 'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });';

/**
 * Astro integration: the zod setting on every page. The hashes are written by `astro-build.ts`, which
 * knows those of the pages it rendered (`page-renderer.ts`) and has only the others read back.
 */
export default function contentSecurityPolicy(): AstroIntegration {
  return {
    name: 'shop-content-security-policy',
    hooks: {
      'astro:config:setup': ({ injectScript }) => injectScript('head-inline', ZOD_JITLESS_SCRIPT),
    },
  };
}
