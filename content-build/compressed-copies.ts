/**
 * What a precompressed copy is: which files get `.br` and `.gz` copies, at which levels, and the writer
 * of one file's copies (linking the previous build's for the same bytes). `compress-thread.ts` runs the
 * writer off the main thread; `compress.ts` hands it a build's files.
 */
import { copyFileSync, linkSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { type BrotliOptions, brotliCompressSync, constants, gzipSync, type ZlibOptions } from 'node:zlib';

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

/** Brotli's and gzip's settings for a file: the bundles' best, or the pages' faster levels. */
function settings(rel: string, length: number): [BrotliOptions, ZlibOptions] {
  const asset = rel.startsWith('_astro/');
  return [
    { params: { [constants.BROTLI_PARAM_QUALITY]: asset ? BROTLI_QUALITY_ASSETS : BROTLI_QUALITY_PAGES, [constants.BROTLI_PARAM_SIZE_HINT]: length } },
    { level: asset ? GZIP_LEVEL_ASSETS : GZIP_LEVEL_PAGES },
  ];
}

/** The previous build's copies of `previous` when it has both and holds exactly `bytes`. */
function previousCopies(previous: string, bytes: Uint8Array): [string, string] | null {
  const size = (path: string) => statSync(path, { throwIfNoEntry: false })?.size;
  const copies: [string, string] = [`${previous}.br`, `${previous}.gz`];
  if (size(copies[0]) === undefined || size(copies[1]) === undefined || size(previous) !== bytes.length) return null;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(readFileSync(previous)) ? copies : null;
}

/**
 * Writes `<dir>/<rel>.br` and `.gz` for `bytes`, the content of `<dir>/<rel>`, on the calling thread:
 * linked from `previousDir` (the live build) when it holds the same bytes at `rel`, compressed otherwise.
 * HTML, JS, CSS, JSON, XML and SVG files of at least 1 KiB only.
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
  if (!COMPRESSED_EXTENSIONS.has(extname(rel)) || bytes.length < MIN_BYTES) return 'skipped';
  const file = join(dir, rel);
  mkdirSync(dirname(file), { recursive: true });
  const reused = previousDir ? previousCopies(join(previousDir, rel), bytes) : null;
  if (reused) {
    for (const [copy, to] of [
      [reused[0], `${file}.br`],
      [reused[1], `${file}.gz`],
    ] as const) {
      // Hard link when possible (builds share a disk), copy otherwise.
      try {
        linkSync(copy, to);
      } catch {
        copyFileSync(copy, to);
      }
    }
    return 'reused';
  }
  const [brotliOptions, gzipOptions] = settings(rel, bytes.length);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, brotliOptions));
  writeFileSync(`${file}.gz`, gzipSync(bytes, gzipOptions));
  return 'compressed';
}
