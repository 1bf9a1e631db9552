/**
 * Precompressed copies (`.br`, `.gz`) of a build's text files, written before the build goes live, so
 * nginx (`brotli_static`, `gzip_static`) and the Node server (`precompressed`) send them without
 * compressing per request. The copies are written by a compression thread (`compress-thread.ts`): the
 * server that runs builds and publications keeps answering meanwhile.
 */
import { access, readdir, readFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { startCompressThread } from './compress-thread.ts';
import { COMPRESSED_EXTENSIONS } from './compressed-copies.ts';

export interface CompressResult {
  /** Files compressed in this build. */
  compressed: number;
  /** Files identical to the previous build's, whose copies were linked instead. */
  reused: number;
  /** Files whose copies were already there (`keepWritten`): the build's renderer wrote them. */
  written: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && COMPRESSED_EXTENSIONS.has(extname(e.name)))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * Writes `<file>.br` and `<file>.gz` beside every HTML, JS, CSS, JSON, XML and SVG file of `dir` of at
 * least 1 KiB. Where `previousDir` (the live build) holds the same bytes at the same path, its copies
 * are linked: after an incremental build most pages are unchanged and cost nothing.
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
  previousDir = null,
  keepWritten = false,
}: {
  dir: string;
  files: readonly string[];
  previousDir?: string | null;
  keepWritten?: boolean;
}): Promise<CompressResult> {
  const thread = startCompressThread({ dir, previousDir });
  let written = 0;
  try {
    for (const rel of files) {
      if (!COMPRESSED_EXTENSIONS.has(extname(rel))) continue;
      const file = join(dir, rel);
      if (keepWritten && (await exists(`${file}.br`)) && (await exists(`${file}.gz`))) {
        written++;
        continue;
      }
      await thread.compress(rel, await readFile(file));
    }
  } catch (err) {
    // The thread is stopped either way; the error that ended the loop is the one to report.
    await thread.close().catch(() => {});
    throw err;
  }
  return { ...(await thread.close()), written };
}
