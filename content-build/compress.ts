/**
 * Precompressed copies (`.br`, `.gz`) of a build's text files, written before the build goes live, so
 * nginx (`brotli_static`, `gzip_static`) and the Node server (`precompressed`) send them without
 * compressing per request.
 */
import { copyFile, link, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const COMPRESSED_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.js', '.css', '.json', '.xml', '.svg']);
/** Below this a compressed copy saves less than its own request overhead. */
const MIN_BYTES = 1024;
/**
 * Bundles live a year in caches and are few: they get brotli's best. Pages change with each build and
 * number in the thousands: quality 6 costs about a hundredth of 11 and gives up a few per cent.
 */
const BROTLI_QUALITY_ASSETS = 11;
const BROTLI_QUALITY_PAGES = 6;
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
}

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

/** The previous build's copies of an identical file, if it has both. */
async function reuse(file: string, bytes: Buffer, previous: string): Promise<boolean> {
  const [br, gzCopy] = [`${previous}.br`, `${previous}.gz`];
  const sizes = await Promise.all([stat(previous), stat(br), stat(gzCopy)].map((p) => p.then((s) => s.size).catch(() => -1)));
  if (sizes.includes(-1) || sizes[0] !== bytes.length) return false;
  if (!bytes.equals(await readFile(previous))) return false;
  await linkOrCopy(br, `${file}.br`);
  await linkOrCopy(gzCopy, `${file}.gz`);
  return true;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every HTML, JS, CSS, JSON, XML and SVG file of `dir` of at
 * least 1 KiB. Where `previousDir` (the live build) holds the same bytes at the same path, its copies
 * are linked: after an incremental build most pages are unchanged and cost nothing.
 */
export async function compressBuild({ dir, previousDir }: { dir: string; previousDir?: string | null }): Promise<CompressResult> {
  return compressFiles({ dir, files: await listFiles(dir), previousDir });
}

/** `compressBuild` for the given files of `dir` (relative paths) only: the pages a targeted rebuild wrote. */
export async function compressFiles({
  dir,
  files,
  previousDir,
}: {
  dir: string;
  files: readonly string[];
  previousDir?: string | null;
}): Promise<CompressResult> {
  const result: CompressResult = { compressed: 0, reused: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const rel = files[next++] as string;
      if (!COMPRESSED_EXTENSIONS.has(extname(rel))) continue;
      const file = join(dir, rel);
      const bytes = await readFile(file);
      if (bytes.length < MIN_BYTES) continue;
      if (previousDir && (await reuse(file, bytes, join(previousDir, rel)))) {
        result.reused++;
        continue;
      }
      const asset = rel.startsWith('_astro/');
      const [br, gzipped] = await Promise.all([
        brotli(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: asset ? BROTLI_QUALITY_ASSETS : BROTLI_QUALITY_PAGES, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        }),
        gz(bytes, { level: asset ? GZIP_LEVEL_ASSETS : GZIP_LEVEL_PAGES }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      result.compressed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return result;
}
