/**
 * The sha256 sources of a page's inline scripts, for the content security policy (`csp.ts`). A module of
 * its own, with nothing but node:crypto, because the compression thread (`compress-thread.ts`) hashes the
 * pages as they are rendered.
 */
import { createHash } from 'node:crypto';

/** Script types a browser runs; anything else (`application/ld+json`, templates) is data. */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);

/**
 * The `'sha256-…'` source of each inline executable script of a page, in order of appearance.
 *
 * @example inlineScriptHashes('<script>alert(1)</script><script type="application/ld+json">{}</script>') // ["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

const hashLists = new Map<string, string[]>();

/**
 * One array for every equal list of hashes: the renderer holds a list for each page of the build, and pages
 * share a handful of scripts, so at 10,000 tours the lists were 8 MB of distinct copies of the same strings.
 * The arrays answered are shared: never change one.
 */
export function sharedHashList(hashes: string[]): string[] {
  const key = hashes.join(' ');
  const kept = hashLists.get(key);
  if (kept) return kept;
  hashLists.set(key, hashes);
  return hashes;
}
