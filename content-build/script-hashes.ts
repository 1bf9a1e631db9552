/**
 * The sha256 sources of a page's inline scripts, for the content security policy (`csp.ts`). A module of
 * its own, with nothing but node:crypto, because the render workers (`render-worker.ts`) hash the pages
 * they render, as the build's thread does its own (`page-renderer.ts`).
 */
import { createHash } from 'node:crypto';

/** Script types a browser runs; anything else (`application/ld+json`, templates) is data. */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);

/** HTML's whitespace between a tag's attributes: ASCII only, which UTF-8 never uses inside a longer character. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\t\n\f\r ]*>/gi;
const SRC_ATTRIBUTE = /[\t\n\f\r ]src[\t\n\f\r ]*=/i;
const TYPE_ATTRIBUTE = /\btype[\t\n\f\r ]*=[\t\n\f\r ]*["']?([^"'\t\n\f\r >]+)/i;

/**
 * The hash of each script already seen, by its text as read (one map per reading): pages share a handful of
 * scripts (Astro's island loaders, ours), and sha256 was most of the work of hashing a page's.
 */
const knownHashes = { utf8: new Map<string, string>(), latin1: new Map<string, string>() };
const KNOWN_HASHES_KEPT = 1000;

function hashOf(script: string, encoding: keyof typeof knownHashes): string {
  const known = knownHashes[encoding];
  let hash = known.get(script);
  if (hash === undefined) {
    hash = `'sha256-${createHash('sha256').update(script, encoding).digest('base64')}'`;
    if (known.size >= KNOWN_HASHES_KEPT) known.clear();
    // A copy of its own: the match is a slice of the whole page, which the key would otherwise keep.
    known.set(Buffer.from(script, encoding).toString(encoding), hash);
  }
  return hash;
}

/**
 * The `'sha256-…'` source of each inline executable script of a page, in order of appearance. A page's bytes
 * are read a byte to a character (Latin-1: ten times faster than decoding UTF-8) and each script hashed as the
 * bytes it is: the markup looked for is ASCII, which UTF-8 never uses inside a longer character.
 *
 * @example inlineScriptHashes('<script>alert(1)</script><script type="application/ld+json">{}</script>') // ["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]
 */
export function inlineScriptHashes(page: string | Uint8Array): string[] {
  const [html, encoding] =
    typeof page === 'string' ? [page, 'utf8' as const] : [Buffer.from(page.buffer, page.byteOffset, page.byteLength).toString('latin1'), 'latin1' as const];
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    if (SRC_ATTRIBUTE.test(` ${attributes}`)) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.push(hashOf(match[2] ?? '', encoding));
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
