/**
 * Precompressed copies of a build's text files, written before the build goes live, so nginx
 * (`brotli_static`, `gzip_static`) and the Node server send them without compressing per request: a `.br`
 * of every text file, and a `.gz` of the bundles only (`copiesOf`). A page's gzip is for the few clients
 * without brotli: the Node server makes it on the first request that asks and keeps it with the page
 * (`api/middleware/site-files.ts`), nginx per request (`gzip on`). Written at build it cost about half a
 * millisecond of CPU a page, at every page of every build (docs/decisions/052-render-workers.md).
 */
import { copyFileSync, linkSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { access, copyFile, link, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { type BrotliOptions, brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type ZlibOptions } from 'node:zlib';

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
}

const isBundle = (rel: string) => rel.startsWith('_astro/');

/** The compressed copies a file of the build gets (`rel`: its path in the build): both for a bundle, brotli otherwise. */
export const copiesOf = (rel: string): readonly ('.br' | '.gz')[] => (isBundle(rel) ? ['.br', '.gz'] : ['.br']);

/** Brotli's and gzip's settings for a file: the bundles' best, or the pages' faster levels. */
function settings(rel: string, length: number): [BrotliOptions, ZlibOptions] {
  const asset = isBundle(rel);
  return [
    { params: { [constants.BROTLI_PARAM_QUALITY]: asset ? BROTLI_QUALITY_ASSETS : BROTLI_QUALITY_PAGES, [constants.BROTLI_PARAM_SIZE_HINT]: length } },
    { level: asset ? GZIP_LEVEL_ASSETS : GZIP_LEVEL_PAGES },
  ];
}

const worthCompressing = (rel: string, length: number) => COMPRESSED_EXTENSIONS.has(extname(rel)) && length >= MIN_BYTES;

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
 * `compressFiles` for one file whose bytes the caller has, on the calling thread: the build's
 * compression thread (`compress-thread.ts`) writes each page's copies as the page is rendered. The
 * previous build's copies are linked when it holds the same bytes at `rel`. `compressFiles` does the
 * same on libuv's pool: a publication compresses a few pages in the server, where starting a thread
 * would cost more than the compression (0.1–0.2 s of a 0.3–0.4 s publish, measured).
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
}): 'compressed' | 'reused' | 'skipped' {
  if (!worthCompressing(rel, bytes.length)) return 'skipped';
  const file = join(dir, rel);
  mkdirSync(dirname(file), { recursive: true });
  const copies = copiesOf(rel);
  if (previousDir) {
    const previous = join(previousDir, rel);
    const size = (path: string) => statSync(path, { throwIfNoEntry: false })?.size;
    if (copies.every((copy) => size(`${previous}${copy}`) !== undefined) && size(previous) === bytes.length) {
      if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(readFileSync(previous))) {
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
 * Writes the copies (`copiesOf`) of every HTML, JS, CSS, JSON, XML and SVG file of `dir` of at least 1 KiB.
 * Where `previousDir` (the live build) holds the same bytes at the same path, its copies are linked: after
 * an incremental build most pages are unchanged and cost nothing.
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
  const result: CompressResult = { compressed: 0, reused: 0, written: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const rel = files[next++] as string;
      if (!COMPRESSED_EXTENSIONS.has(extname(rel))) continue;
      const file = join(dir, rel);
      const copies = copiesOf(rel);
      if (keepWritten && (await Promise.all(copies.map((copy) => exists(`${file}${copy}`)))).every(Boolean)) {
        result.written++;
        continue;
      }
      const bytes = await readFile(file);
      if (!worthCompressing(rel, bytes.length)) continue;
      if (previousDir && (await reuse(file, bytes, join(previousDir, rel), copies))) {
        result.reused++;
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
