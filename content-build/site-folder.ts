/**
 * The site folder's format, in one place: what the content build writes under `SITE_DIR` and what the
 * server, the health check and the nginx config read from it.
 *
 *     SITE_DIR/
 *       current -> builds/<hash>     the live build, a link swapped atomically
 *       builds/<hash>/               a finished build: its pages, BUILD_INFO_FILE, CSP_HASHES_FILE, PAGE_DEPS_FILE
 *       builds/<name>.tmp-<pid>/     a build under way (never served)
 *       media/                       image variants, named by content and shared by every build
 *       astro-cache/                 Astro's cache between builds, with BUILD_PHASES_FILE and PAGE_DEPS_FILE
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a finished build writes beside its pages, so the server and health check can tell which build is live. */
export interface BuildInfo {
  hash: string;
  builtAt: string;
  pages: number;
  tours: number;
}

/** What `csp-hashes.json` holds. */
export interface CspHashes {
  /** `'sha256-…'` sources, one per distinct inline script of the build. */
  scripts: string[];
}

export const BUILD_INFO_FILE = 'build-info.json';
/** The distinct inline-script hashes of a build's pages, for the pages' content security policy. */
export const CSP_HASHES_FILE = 'csp-hashes.json';
/** Which pages show which content, for targeted rebuilds (in a build and in the Astro cache). */
export const PAGE_DEPS_FILE = 'page-deps.json';
/** Where the Astro build's time went, read back by the builder for benchmarks. */
export const BUILD_PHASES_FILE = 'build-phases.json';

/** The folder the server serves: a link swapped atomically to the newest finished build. */
export const currentSiteDir = (siteDir: string) => join(siteDir, 'current');
/** Finished builds (the live one and the one before it) and builds under way. */
export const buildsDir = (siteDir: string) => join(siteDir, 'builds');
/** Image variants, shared by every build. */
export const mediaDir = (siteDir: string) => join(siteDir, 'media');
export const astroCacheDir = (siteDir: string) => join(siteDir, 'astro-cache');

/** The live build's info, or null when no site has been built yet. */
export async function readCurrentBuild(siteDir: string): Promise<BuildInfo | null> {
  return readBuildInfo(currentSiteDir(siteDir));
}

/** A build folder's info, or null when it has none (unfinished, or not a build). */
export const readBuildInfo = (dir: string): Promise<BuildInfo | null> =>
  readFile(join(dir, BUILD_INFO_FILE), 'utf8')
    .then((text) => JSON.parse(text) as BuildInfo)
    .catch(() => null);

/** True when a site has been built and swapped in. */
export const hasBuiltSite = (siteDir: string) => existsSync(join(currentSiteDir(siteDir), BUILD_INFO_FILE));

/** Which pages get their brotli copy on their first request, and how the server writes it beside them. */
export { brotliOnRequest, writeBrotliBeside } from './compress.ts';
