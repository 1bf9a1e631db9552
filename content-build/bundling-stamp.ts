/**
 * Astro's incremental build restores a page when its `cacheKey` (its data) and its own modules' code are
 * unchanged. The browser's scripts are neither: the bundler names each script file after its content, and a
 * restored page would name files the new build does not have. A change to the bundling's config or to a
 * dependency renames them (every island of the catalogue pages failed to load after `client-chunks.ts` was
 * added), and so does a change to any module they bundle: moving the booking desk's labels out of the schemas
 * renamed the script of the layout every page loads, and the restored catalogue pages asked for the old one
 * (Lighthouse's best practices saw the 404). The cache keeps the stamp of the code that decides the bundle; when
 * it differs, every page is rendered again: once per new version of the shop, never for a content change.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** The project's files that decide the browser bundle's file names besides the pages' own code. */
export const BUNDLING_SOURCES = ['astro.config.mjs', 'content-build/client-chunks.ts', 'package-lock.json'];
/** The folders of the code the browser's scripts are bundled from (their tests are not). */
export const BUNDLED_FOLDERS = ['site', 'shared'];
const STAMP_FILE = 'bundling-stamp.txt';

/** A hash of the files under `root` that decide the bundling (a missing one counts as empty). */
export async function bundlingStamp(
  root: string,
  { sources = BUNDLING_SOURCES, folders = BUNDLED_FOLDERS }: { sources?: readonly string[]; folders?: readonly string[] } = {},
): Promise<string> {
  const hash = createHash('sha256');
  const bundled = await Promise.all(
    folders.map(async (folder) =>
      (await readdir(join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
        // Relative to the root however it is written: build.ts passes the project's folder with a trailing slash.
        .map((entry) => relative(root, join(entry.parentPath, entry.name))),
    ),
  );
  for (const source of [...sources, ...bundled.flat().sort()]) {
    hash.update(source).update('\0');
    hash.update(await readFile(join(root, source)).catch(() => Buffer.alloc(0)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Removes the cache's manifest (`manifestFile`, so Astro restores no page) unless the cache was made with
 * the same `stamp`, and records `stamp`. Answers whether it removed it.
 */
export async function forgetCacheOnNewBundling(cacheDir: string, manifestFile: string, stamp: string): Promise<boolean> {
  const stampPath = join(cacheDir, STAMP_FILE);
  if ((await readFile(stampPath, 'utf8').catch(() => null)) === stamp) return false;
  await rm(join(cacheDir, manifestFile), { force: true });
  await mkdir(cacheDir, { recursive: true });
  await writeFile(stampPath, stamp);
  return true;
}
