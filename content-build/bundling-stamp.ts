/**
 * Astro's incremental build restores a page when its `cacheKey` (its data) and its own modules' code are
 * unchanged. How the bundler splits the browser's scripts is neither: a change to the bundling's config or
 * to a dependency renames the script files, and a restored page would name files the new build does not
 * have (every island of the catalogue pages failed to load after `client-chunks.ts` was added). The
 * cache keeps the stamp of what decides the bundling; when it differs, every page is rendered again.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The project's files that decide the browser bundle's file names besides the pages' own code. */
export const BUNDLING_SOURCES = ['astro.config.mjs', 'content-build/client-chunks.ts', 'package-lock.json'];
const STAMP_FILE = 'bundling-stamp.txt';

/** A hash of the files under `root` that decide the bundling (a missing one counts as empty). */
export async function bundlingStamp(root: string, sources: readonly string[] = BUNDLING_SOURCES): Promise<string> {
  const hash = createHash('sha256');
  for (const source of sources) {
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
