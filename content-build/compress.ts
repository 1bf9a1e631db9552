/**
 * Precompressed copies of a build's text files, so nginx (`brotli_static`, `gzip_static`) and the Node
 * server send them without compressing per request: a `.br` of every text file, and a `.gz` of the
 * bundles only (`copiesOf`). The bundles' and the other files' are written before the build goes live.
 *
 * A page's are not. Its brotli copy is made on the page's first request (`brotliOnRequest`) by the Node
 * server, which writes it beside the page (`writeBrotliBeside`; nginx passes a brotli client to it while
 * the copy is missing), and every later build links it for as long as the page's bytes stay the same.
 * At build it was the largest part of a build's CPU after the rendering (1.1 ms of about 6 a page, at
 * every page of every full build, most never asked for before the next); on request it costs the first
 * visitor about a millisecond, once per version of a page (docs/decisions/054-page-brotli-on-request.md).
 * A page's gzip is for the few clients without brotli: the Node server makes it on the first request that
 * asks and keeps it in memory (`api/middleware/site-files.ts`), nginx per request (`gzip on`).
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, readFileSync, type Stats, statSync, writeFileSync } from 'node:fs';
import { access, copyFile, link, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { type BrotliOptions, brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type ZlibOptions } from 'node:zlib';
import { ROUTES, shellFile } from '#shared/routes.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const COMPRESSED_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.js', '.css', '.json', '.xml', '.svg']);
/** Below this a compressed copy saves less than its own request overhead. */
const MIN_BYTES = 1024;
/**
 * Bundles live a year in caches and are few: they get brotli's best. Pages change with each build and
 * number in the thousands: quality 5 costs about a hundredth of 11 and gives up a few per cent. Measured on
 * 1,200 pages of a 10,000-tour build (tours and listings): 6 took 1.22 ms a page for 14.51 % of the bytes,
 * 5 1.09 ms for 14.58 %, 4 0.78 ms for 15.70 % (docs/decisions/052-render-workers.md, last addendum).
 */
const BROTLI_QUALITY_ASSETS = 11;
const BROTLI_QUALITY_PAGES = 5;
/** gzip is for the few clients without brotli: on a page, level 9 costs two thirds more time than 6 for 0.3 % fewer bytes. */
const GZIP_LEVEL_ASSETS = 9;
const GZIP_LEVEL_PAGES = 6;
/** zlib runs on libuv's thread pool (4 threads by default). */
const CONCURRENCY = 4;

export interface CompressResult {
  /** Files compressed in this build. */
  compressed: number;
  /** Files identical to the previous build's, whose copies were linked instead. */
  reused: number;
  /** Files whose copies were already there (`keepWritten`): the build's renderer wrote them. */
  written: number;
  /** Pages left without a copy: the server makes it on their first request (`brotliOnRequest`). */
  onRequest: number;
}

const isBundle = (rel: string) => rel.startsWith('_astro/');

/**
 * The shell pages (`/shells/…`, `/busqueda/index.html`): nginx sends them in place of other paths (its
 * `try_files`), where it cannot tell a missing copy from the request's path, so the build writes theirs.
 */
const SHELL_PAGES: ReadonlySet<string> = new Set(ROUTES.flatMap((route) => (route.kind === 'shell' ? [shellFile(route.shell).slice(1)] : [])));

/**
 * Whether a file of the build (`rel`: its path in it) is a page whose brotli copy is made on its first
 * request instead of at build: a folder's `index.html`, which nginx finds from the request's path alone,
 * but for the shells. Tours, listings and texts: thousands, one per path.
 */
export const brotliOnRequest = (rel: string): boolean => (rel === 'index.html' || rel.endsWith('/index.html')) && !SHELL_PAGES.has(rel);

/**
 * The compressed copies a file of the build has (`rel`: its path in the build): both for a bundle, brotli
 * otherwise; a page's is made on its first request (`brotliOnRequest`), the others' by the build.
 */
export const copiesOf = (rel: string): readonly ('.br' | '.gz')[] => (isBundle(rel) ? ['.br', '.gz'] : ['.br']);

/** Brotli's and gzip's settings for a file: the bundles' best, or the pages' faster levels. */
function settings(rel: string, length: number): [BrotliOptions, ZlibOptions] {
  const asset = isBundle(rel);
  return [
    { params: { [constants.BROTLI_PARAM_QUALITY]: asset ? BROTLI_QUALITY_ASSETS : BROTLI_QUALITY_PAGES, [constants.BROTLI_PARAM_SIZE_HINT]: length } },
    { level: asset ? GZIP_LEVEL_ASSETS : GZIP_LEVEL_PAGES },
  ];
}

/**
 * A page made on request gets its copy whatever its size: nginx passes a brotli client to the server for as
 * long as the page has none (its configuration cannot look at a file's size).
 */
const worthCompressing = (rel: string, length: number) => COMPRESSED_EXTENSIONS.has(extname(rel)) && (length >= MIN_BYTES || brotliOnRequest(rel));

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && COMPRESSED_EXTENSIONS.has(extname(e.name)))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** Hard link when possible (builds share a disk), copy otherwise. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await rm(to, { force: true });
  await link(from, to).catch(() => copyFile(from, to));
}

/**
 * `compressFiles` for one file whose bytes the caller has, on the calling thread: a render worker
 * (`render-worker.ts`) writes each page's copies as the page is rendered. The
 * previous build's copies are linked when it holds the same bytes at `rel` (for a page made on request,
 * the brotli copy the server made, if it did). `compressFiles` does the same on libuv's pool.
 */
export function writeCompressedCopiesSync({
  dir,
  rel,
  bytes,
  previousDir,
}: {
  dir: string;
  rel: string;
  bytes: Uint8Array;
  previousDir?: string | null;
}): 'compressed' | 'reused' | 'onRequest' | 'skipped' {
  if (!worthCompressing(rel, bytes.length)) return 'skipped';
  const file = join(dir, rel);
  const copies = copiesOf(rel);
  if (previousDir) {
    const previous = join(previousDir, rel);
    const size = (path: string) => statSync(path, { throwIfNoEntry: false })?.size;
    if (copies.every((copy) => size(`${previous}${copy}`) !== undefined) && size(previous) === bytes.length) {
      if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(readFileSync(previous))) {
        mkdirSync(dirname(file), { recursive: true });
        for (const copy of copies) {
          try {
            linkSync(`${previous}${copy}`, `${file}${copy}`);
          } catch {
            copyFileSync(`${previous}${copy}`, `${file}${copy}`);
          }
        }
        return 'reused';
      }
    }
  }
  if (brotliOnRequest(rel)) return 'onRequest';
  mkdirSync(dirname(file), { recursive: true });
  const [brotliOptions, gzipOptions] = settings(rel, bytes.length);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, brotliOptions));
  if (copies.includes('.gz')) writeFileSync(`${file}.gz`, gzipSync(bytes, gzipOptions));
  return 'compressed';
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** The previous build's copies of an identical file, if it has every one the file gets. */
async function reuse(file: string, bytes: Buffer, previous: string, copies: readonly string[]): Promise<boolean> {
  const sizeOf = (path: string) =>
    stat(path)
      .then(({ size }) => size)
      .catch(() => -1);
  const sizes = await Promise.all([previous, ...copies.map((copy) => `${previous}${copy}`)].map(sizeOf));
  if (sizes.includes(-1) || sizes[0] !== bytes.length) return false;
  if (!bytes.equals(await readFile(previous))) return false;
  for (const copy of copies) await linkOrCopy(`${previous}${copy}`, `${file}${copy}`);
  return true;
}

/**
 * Writes the copies (`copiesOf`) of every HTML, JS, CSS, JSON, XML and SVG file of `dir` of at least 1 KiB,
 * but a page made on request (`brotliOnRequest`). Where `previousDir` (the live build) holds the same bytes
 * at the same path, its copies are linked, a page's made on request included: after an incremental build
 * most pages are unchanged and cost nothing.
 */
export async function compressBuild({
  dir,
  previousDir,
  keepWritten = false,
}: {
  dir: string;
  previousDir?: string | null;
  /** Leave the files that already have both copies (a fresh build folder, where the renderer wrote them). */
  keepWritten?: boolean;
}): Promise<CompressResult> {
  return compressFiles({ dir, files: await listFiles(dir), previousDir, keepWritten });
}

/** `compressBuild` for the given files of `dir` (relative paths) only: the pages a targeted rebuild wrote. */
export async function compressFiles({
  dir,
  files,
  previousDir,
  keepWritten = false,
}: {
  dir: string;
  files: readonly string[];
  previousDir?: string | null;
  keepWritten?: boolean;
}): Promise<CompressResult> {
  const result: CompressResult = { compressed: 0, reused: 0, written: 0, onRequest: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const rel = files[next++] as string;
      if (!COMPRESSED_EXTENSIONS.has(extname(rel))) continue;
      const file = join(dir, rel);
      const copies = copiesOf(rel);
      const onRequest = brotliOnRequest(rel);
      if (keepWritten && (await Promise.all(copies.map((copy) => exists(`${file}${copy}`)))).every(Boolean)) {
        result.written++;
        continue;
      }
      // Most pages of a build were never asked for: no copy in the live build, nothing to read.
      if (onRequest && !(previousDir && (await exists(`${join(previousDir, rel)}.br`)))) {
        result.onRequest++;
        continue;
      }
      const bytes = await readFile(file);
      if (!worthCompressing(rel, bytes.length)) continue;
      if (previousDir && (await reuse(file, bytes, join(previousDir, rel), copies))) {
        result.reused++;
        continue;
      }
      if (onRequest) {
        result.onRequest++;
        continue;
      }
      const [brotliOptions, gzipOptions] = settings(rel, bytes.length);
      await Promise.all([
        brotli(bytes, brotliOptions).then((br) => writeFile(`${file}.br`, br)),
        copies.includes('.gz') ? gz(bytes, gzipOptions).then((gzipped) => writeFile(`${file}.gz`, gzipped)) : null,
      ]);
      result.compressed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return result;
}

/** Brotli's settings for a page's copy made on request: a page's (not a bundle's). */
const pageBrotliOptions = (length: number): BrotliOptions => settings('index.html', length)[0];

/** The brotli copy the server makes of a page (`writeBrotliBeside`), made here: for what a page weighs as sent. */
export const pageBrotliSync = (bytes: Uint8Array): Buffer => brotliCompressSync(bytes, pageBrotliOptions(bytes.length));

/**
 * The brotli copy of a page made on its first request (`brotliOnRequest`), by the server that answers it:
 * written beside the page, for nginx and for the next build (which links it while the page stays the
 * same). `page` is the file as the caller read it (`stat` of the handle it read `bytes` from). A copy is
 * written under a name of its own and renamed into place; if by then a publication has put another page
 * at that path, the copy is taken away again, so a copy never outlives the page it was made of (but for
 * that moment, as between a publication's own renames). Where the folder cannot be written (a read-only
 * volume), the copy is only answered: `stats` is null.
 */
export async function writeBrotliBeside(path: string, bytes: Buffer, page: Pick<Stats, 'ino' | 'mtimeMs'>): Promise<{ br: Buffer; stats: Stats | null }> {
  const br = await brotli(bytes, pageBrotliOptions(bytes.length));
  const temp = `${path}.br.${randomBytes(6).toString('hex')}.tmp`;
  let written: Stats;
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(br);
      written = await handle.stat();
    } finally {
      await handle.close();
    }
    await rename(temp, `${path}.br`);
  } catch {
    await rm(temp, { force: true });
    return { br, stats: null };
  }
  const [now, copy] = await Promise.all([stat(path).catch(() => null), stat(`${path}.br`).catch(() => null)]);
  const ours = copy?.ino === written.ino;
  if (now?.ino !== page.ino || now.mtimeMs !== page.mtimeMs) {
    if (ours) await rm(`${path}.br`, { force: true });
    return { br, stats: null };
  }
  return { br, stats: ours ? copy : null };
}
