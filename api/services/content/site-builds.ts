import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a finished build writes beside its pages, so the server and health check can tell which build is live. */
export interface BuildInfo {
  hash: string;
  builtAt: string;
  pages: number;
  tours: number;
}

export const BUILD_INFO_FILE = 'build-info.json';

/** The folder the server serves: a link swapped atomically to the newest finished build. */
export const currentSiteDir = (siteDir: string) => join(siteDir, 'current');

/** The live build's info, or null when no site has been built yet. */
export async function readCurrentBuild(siteDir: string): Promise<BuildInfo | null> {
  try {
    return JSON.parse(await readFile(join(currentSiteDir(siteDir), BUILD_INFO_FILE), 'utf8')) as BuildInfo;
  } catch {
    return null;
  }
}
