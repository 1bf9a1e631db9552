/**
 * The live build's files, served from memory (issue 15): each file is read once, whole, from one open
 * handle, with the precompressed `.br`/`.gz` copies beside it, and kept with its ETag until the build
 * changes. A page's brotli copy is made on its first request and written beside it (the build leaves it
 * to the first visitor: `brotliOnRequest` in content-build/compress.ts), its gzip made for the first
 * client that asks and kept in memory (`gzipVariant`). Reading from one handle keeps the property the
 * shop depends on while it publishes: a response's length and bytes are one version's, never the old
 * page's length with the new page's bytes that a rename between a `stat` and a read gives.
 *
 * A kept file is checked against the disk at most once per `revalidateMs` (a `stat` of the file and its
 * copies), so a build made by another process (a second instance, `npm run build:site`) shows within
 * that time; the rebuild queue of this process calls `invalidate()` the moment it publishes, so staff
 * see their change at once. Memory is bounded: the least recently used files go first.
 *
 * `answerSiteFile` is the whole HTTP answer (encoding, HEAD, ranges, 304s), shared by the Hono middleware
 * below and the shop's Node fast path (`api/server.ts`), so both answer alike.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { brotliOnRequest, writeBrotliBeside } from '#content-build/site-folder.ts';

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
export type Encoding = (typeof ENCODINGS)[number][0] | 'identity';
const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
const UNSAFE_PATH = /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\/;

/** One representation of a file: its bytes as read from one handle, and the validators that name them. */
interface Variant {
  bytes: Buffer;
  etag: string;
  lastModified: string;
  /** Seconds since the epoch, whole, for If-Modified-Since. */
  modifiedAt: number;
}

export interface SiteFile {
  type: string;
  variants: Partial<Record<Encoding, Variant>>;
}

interface Entry {
  /** Null: nothing is served at this path (kept too, so a missing file is not looked for on every request). */
  file: SiteFile | null;
  /** What the disk held when read: inode, time and size of the file and of each copy. */
  stamp: string;
  /** The real files read: the path itself, or its folder's index.html. */
  candidates: readonly string[];
  checkedAt: number;
  bytes: number;
}

export interface SiteFileCache {
  /** The file served at `filename` (a decoded request path, or a shell page's path), or null. */
  lookup(filename: string): Promise<SiteFile | null>;
  /** `lookup` without waiting: the kept answer while it needs no look at the disk, else undefined. */
  peek(filename: string): SiteFile | null | undefined;
  /** Forgets every kept file: the build changed. */
  invalidate(): void;
  /** Bytes and files kept (for the benchmarks' memory report). */
  size(): { bytes: number; files: number };
}

const stampOfStats = (stats: Pick<Stats, 'ino' | 'mtimeMs' | 'size'>) => `${stats.ino}:${stats.mtimeMs}:${stats.size}`;

async function readWhole(path: string): Promise<{ bytes: Buffer; stamp: string; stats: Stats } | null> {
  let handle: FileHandle | null = null;
  try {
    handle = await open(path, 'r');
    const stats = await handle.stat();
    if (!stats.isFile()) return null;
    const bytes = await handle.readFile();
    return { bytes, stamp: stampOfStats({ ...stats, size: bytes.length }), stats };
  } catch {
    return null;
  } finally {
    await handle?.close().catch(() => {});
  }
}

async function stampOf(path: string): Promise<string> {
  const stats = await stat(path).catch(() => null);
  return stats?.isFile() ? stampOfStats(stats) : '-';
}

const variantOf = (bytes: Buffer, mtime: Date): Variant => ({
  bytes,
  etag: `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`,
  lastModified: mtime.toUTCString(),
  modifiedAt: Math.floor(mtime.getTime() / 1000),
});

/**
 * The file at `path` (`rel` in the build) and its compressed copies, each from its own single read; null
 * when there is no file. A page without its brotli copy gets it here (`writeBrotliBeside`).
 */
async function load(path: string, rel: string): Promise<{ file: SiteFile; stamp: string; bytes: number } | null> {
  const plain = await readWhole(path);
  if (!plain) return null;
  const type = getMimeType(path) ?? 'application/octet-stream';
  const file: SiteFile = { type, variants: { identity: variantOf(plain.bytes, plain.stats.mtime) } };
  const stamps = [plain.stamp];
  let bytes = plain.bytes.length;
  if (COMPRESSIBLE.test(type)) {
    for (const [encoding, suffix] of ENCODINGS) {
      let copy: { bytes: Buffer; stamp: string; stats: Pick<Stats, 'mtime'> } | null = await readWhole(path + suffix);
      if (!copy && encoding === 'br' && brotliOnRequest(rel)) {
        // Stamped as missing when it could not be kept on disk: the next look finds the same, and keeps this one.
        const made = await writeBrotliBeside(path, plain.bytes, plain.stats);
        copy = { bytes: made.br, stamp: made.stats ? stampOfStats(made.stats) : '-', stats: made.stats ?? plain.stats };
      }
      stamps.push(copy?.stamp ?? '-');
      if (!copy) continue;
      file.variants[encoding] = variantOf(copy.bytes, copy.stats.mtime);
      bytes += copy.bytes.length;
    }
  }
  return { file, stamp: stamps.join('|'), bytes };
}

/** The stamps of whatever `load` would read for these candidates now, in the same order. */
async function currentStamp(candidates: readonly string[], compressible: boolean): Promise<string> {
  const stamps: string[] = [];
  for (const path of candidates) {
    const own = await stampOf(path);
    stamps.push(own);
    if (own === '-') continue;
    if (compressible) for (const [, suffix] of ENCODINGS) stamps.push(await stampOf(path + suffix));
    return stamps.join('|');
  }
  return stamps.join('|');
}

export const SITE_CACHE_DEFAULTS = { maxBytes: 128 * 1024 * 1024, maxFiles: 20_000, revalidateMs: 1_000 };

export function createSiteFileCache({
  root,
  maxBytes = SITE_CACHE_DEFAULTS.maxBytes,
  maxFiles = SITE_CACHE_DEFAULTS.maxFiles,
  revalidateMs = SITE_CACHE_DEFAULTS.revalidateMs,
}: {
  root: string;
  maxBytes?: number;
  maxFiles?: number;
  revalidateMs?: number;
}): SiteFileCache {
  // Insertion order is recency: a hit moves its entry to the end, eviction takes from the front.
  let entries = new Map<string, Entry>();
  let loading = new Map<string, Promise<Entry>>();
  let total = 0;

  const remember = (key: string, entry: Entry) => {
    const old = entries.get(key);
    if (old) {
      total -= old.bytes;
      entries.delete(key);
    }
    entries.set(key, entry);
    total += entry.bytes;
    for (const [oldest, evicted] of entries) {
      if (total <= maxBytes && entries.size <= maxFiles) break;
      entries.delete(oldest);
      total -= evicted.bytes;
    }
  };

  const read = async (candidates: readonly string[]): Promise<Entry> => {
    const checkedAt = Date.now();
    const stamps: string[] = [];
    for (const path of candidates) {
      const found = await load(path, relative(root, path));
      if (!found) {
        stamps.push('-');
        continue;
      }
      return { file: found.file, stamp: [...stamps, found.stamp].join('|'), candidates, checkedAt, bytes: found.bytes };
    }
    return { file: null, stamp: stamps.join('|'), candidates, checkedAt, bytes: 0 };
  };

  const fresh = async (entry: Entry): Promise<Entry> => {
    const compressible = entry.file ? COMPRESSIBLE.test(entry.file.type) : false;
    const now = Date.now();
    if ((await currentStamp(entry.candidates, compressible)) === entry.stamp) {
      entry.checkedAt = now;
      return entry;
    }
    return read(entry.candidates);
  };

  const peek = (filename: string): SiteFile | null | undefined => {
    const kept = entries.get(filename);
    if (!kept || Date.now() - kept.checkedAt >= revalidateMs) return undefined;
    entries.delete(filename);
    entries.set(filename, kept);
    return kept.file;
  };

  return {
    peek,
    async lookup(filename) {
      const key = filename;
      const known = peek(key);
      if (known !== undefined) return known;
      const kept = entries.get(key);
      let pending = loading.get(key);
      if (!pending) {
        const generation = loading;
        const path = join(root, filename);
        pending = (kept ? fresh(kept) : read([path, join(path, 'index.html')])).then((entry) => {
          // Read before an invalidation: answers this request, is not kept.
          if (generation === loading) remember(key, entry);
          return entry;
        });
        pending.finally(() => generation.delete(key)).catch(() => {});
        loading.set(key, pending);
      }
      return (await pending).file;
    },
    invalidate() {
      entries = new Map();
      loading = new Map();
      total = 0;
    },
    size: () => ({ bytes: total, files: entries.size }),
  };
}

/** The request path as a file name under the build, or null for a path that must not reach the disk. */
export function siteFileName(rawPath: string): string | null {
  if (rawPath.includes('%')) return null;
  let name: string;
  try {
    name = decodeURI(rawPath);
  } catch {
    return null;
  }
  return UNSAFE_PATH.test(name) ? null : name;
}

export interface FileRequest {
  method: string;
  acceptEncoding: string | undefined;
  range: string | undefined;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
}

export interface FileAnswer {
  status: 200 | 206 | 304 | 416;
  /** Lower-case names, as the Node server writes them. */
  headers: Record<string, string>;
  body: Buffer | null;
}

/** Accept-Encoding values parsed: browsers send a handful of distinct ones, so each is parsed once. */
const parsedEncodings = new Map<string, ReadonlySet<string>>();
const acceptedEncodings = (header: string | undefined): ReadonlySet<string> => {
  if (header === undefined) return new Set();
  let accepted = parsedEncodings.get(header);
  if (!accepted) {
    accepted = new Set(header.split(',').map((e) => e.trim().split(';')[0] as string));
    if (parsedEncodings.size >= 256) parsedEncodings.clear();
    parsedEncodings.set(header, accepted);
  }
  return accepted;
};

/** Below this a compressed copy saves less than its own overhead (as the build's, content-build/compress.ts). */
const MIN_COMPRESSED_BYTES = 1024;
const gzippable = (file: SiteFile) => COMPRESSIBLE.test(file.type) && (file.variants.identity?.bytes.length ?? 0) >= MIN_COMPRESSED_BYTES;

/**
 * The file's gzip copy: the build's, or, where the build writes none (its pages: only the few clients without
 * brotli ask for it, content-build/compress.ts), made for the first client that asks and kept with the file
 * from then on. It is not counted in the cache's bytes: a fifth of a page, only for pages such clients read.
 */
function gzipVariant(file: SiteFile): Variant | undefined {
  if (file.variants.gzip || !gzippable(file)) return file.variants.gzip;
  const identity = file.variants.identity as Variant;
  file.variants.gzip = variantOf(gzipSync(identity.bytes, { level: 6 }), new Date(identity.lastModified));
  return file.variants.gzip;
}

/** The representation a browser gets: brotli when it accepts it and the copy exists, gzip when it accepts that, else the file itself. */
export function chooseEncoding(file: SiteFile, acceptEncoding: string | undefined): Encoding {
  if (!file.variants.br && !file.variants.gzip && !gzippable(file)) return 'identity';
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br') && file.variants.br) return 'br';
  if (accepted.has('gzip') && gzipVariant(file)) return 'gzip';
  return 'identity';
}

/** The headers every answer of this representation carries (type, encoding, validators). */
function representationHeaders(file: SiteFile, encoding: Encoding): Record<string, string> {
  const variant = file.variants[encoding] as Variant;
  const headers: Record<string, string> = { 'content-type': file.type };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  if (file.variants.br || file.variants.gzip || gzippable(file)) headers.vary = 'Accept-Encoding';
  headers['last-modified'] = variant.lastModified;
  headers.etag = variant.etag;
  return headers;
}

/** Whether a request can have the whole file as it is: no validators to compare, no range. */
export const asksWholeFile = (request: Pick<FileRequest, 'range' | 'ifNoneMatch' | 'ifModifiedSince'>) =>
  request.range === undefined && request.ifNoneMatch === undefined && request.ifModifiedSince === undefined;

/**
 * The headers of a whole 200 answer of a representation, with `extra` (the cache and security headers), made
 * once per representation and `extra` object: a kept page is answered without building a header object.
 * Callers keep `extra` objects alive while they are the current ones (one per cache class and policy).
 */
const wholeAnswers = keptPerPair<Variant, Record<string, string>, Record<string, string>>();
export function wholeAnswerHeaders(file: SiteFile, encoding: Encoding, extra: Record<string, string>): Record<string, string> {
  const variant = file.variants[encoding] as Variant;
  return wholeAnswers(variant, extra, () =>
    Object.freeze({ ...representationHeaders(file, encoding), 'content-length': String(variant.bytes.length), ...extra }),
  );
}

/** A value per pair of objects, made once by `make` and kept for as long as both objects live. */
export function keptPerPair<A extends object, B extends object, V>(): (a: A, b: B, make: () => V) => V {
  const kept = new WeakMap<A, WeakMap<B, V>>();
  return (a, b, make) => {
    let byB = kept.get(a);
    if (!byB) {
      byB = new WeakMap();
      kept.set(a, byB);
    }
    let value = byB.get(b);
    if (value === undefined) {
      value = make();
      byB.set(b, value);
    }
    return value;
  };
}

/** The bytes of a representation. */
export const representationBytes = (file: SiteFile, encoding: Encoding): Buffer => (file.variants[encoding] as Variant).bytes;

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
const matchesEtag = (header: string, etag: string) => header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

/** The answer to a GET or HEAD of a kept file: the encoding the browser accepts, 304 when it has it, a range when asked. */
export function answerSiteFile(file: SiteFile, request: FileRequest): FileAnswer {
  const encoding = chooseEncoding(file, request.acceptEncoding);
  const variant = file.variants[encoding] as Variant;
  const headers = representationHeaders(file, encoding);

  const since = request.ifModifiedSince ? Date.parse(request.ifModifiedSince) / 1000 : Number.NaN;
  const unchanged = request.ifNoneMatch !== undefined ? matchesEtag(request.ifNoneMatch, variant.etag) : since >= variant.modifiedAt;
  if (unchanged) {
    delete headers['content-type'];
    delete headers['content-encoding'];
    return { status: 304, headers, body: null };
  }

  const bytes = variant.bytes;
  const range = request.method === 'GET' ? /^bytes=(\d*)-(\d*)$/.exec(request.range ?? '') : null;
  if (range && (range[1] !== '' || range[2] !== '')) {
    const total = bytes.length;
    headers['accept-ranges'] = 'bytes';
    const start = range[1] === '' ? Math.max(total - Number(range[2]), 0) : Number(range[1]);
    const end = range[1] === '' || range[2] === '' ? total - 1 : Math.min(Number(range[2]), total - 1);
    if (total === 0 || start > end || start >= total) {
      headers['content-range'] = `bytes */${total}`;
      return { status: 416, headers, body: null };
    }
    headers['content-length'] = String(end - start + 1);
    headers['content-range'] = `bytes ${start}-${end}/${total}`;
    return { status: 206, headers, body: bytes.subarray(start, end + 1) };
  }
  headers['content-length'] = String(bytes.length);
  return { status: 200, headers, body: request.method === 'HEAD' ? null : bytes };
}

/** `path`: always this file (a shell page); otherwise the request's path under the build. */
export function siteFiles({ cache, path: fixedPath }: { cache: SiteFileCache; path?: string }): MiddlewareHandler {
  return async (c, next) => {
    if (c.finalized || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const filename = fixedPath ?? siteFileName(c.req.path);
    if (filename === null) return next();
    const file = await cache.lookup(filename);
    if (!file) return next();
    const answer = answerSiteFile(file, {
      method: c.req.method,
      acceptEncoding: c.req.header('accept-encoding'),
      range: c.req.header('range'),
      ifNoneMatch: c.req.header('if-none-match'),
      ifModifiedSince: c.req.header('if-modified-since'),
    });
    // HEAD: Hono drops the body itself, and the length must be the GET's.
    if (answer.body === null) return c.body(null, answer.status, answer.headers);
    return c.body(new Uint8Array(answer.body), answer.status as 200 | 206, answer.headers);
  };
}
