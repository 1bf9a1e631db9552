/**
 * The search index brought up to date after targeted rebuilds. A page is rendered again in a tenth of a
 * second; Pagefind indexes the whole catalogue in seconds (2.6 s at 10,000 tours). So the pages of an edit
 * go live first, and the index follows behind them: the renderer writes a new one into a folder of its
 * own, and its files are renamed into the live build, the entry file (which names the index) last.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, realpath, rename, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { RendererProcess } from './build.ts';
import { compressFiles } from './compress.ts';
import { buildsDir, currentSiteDir } from './site-folder.ts';

const SEARCH_DIR = 'pagefind';
/** Where Pagefind looks first: it names the index, whose files are named by their content. */
const ENTRY_FILE = `${SEARCH_DIR}/pagefind-entry.json`;

async function searchFiles(root: string): Promise<string[]> {
  const dir = join(root, SEARCH_DIR);
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && !/\.(br|gz)$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

/**
 * Writes the renderer's search index into the live build. Files of the index before (`keep`, what the
 * last refresh installed) stay for a visitor whose search page read the older entry; older ones go. With
 * no `keep` (the first refresh after a full build) nothing is removed.
 *
 * @param exclusive runs the swap alone among the builds and publications of every instance sharing the site folder.
 * @returns the files installed, or null when a full build replaced the live build meanwhile (it has its own index).
 */
export async function refreshSearchIndex({
  siteDir,
  renderer,
  keep,
  exclusive = (work) => work(),
}: {
  siteDir: string;
  renderer: RendererProcess;
  keep: ReadonlySet<string> | null;
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
}): Promise<Set<string> | null> {
  const liveDir = await realpath(currentSiteDir(siteDir));
  const staging = join(buildsDir(siteDir), `search.tmp-${process.pid}-${Date.now().toString(36)}`);
  try {
    await renderer.indexSearch(staging);
    const files = await searchFiles(staging);
    await compressFiles({ dir: staging, files, previousDir: liveDir });
    return await exclusive(async () => {
      if ((await realpath(currentSiteDir(siteDir))) !== liveDir) return null;
      const install = async (file: string) => {
        await mkdir(dirname(join(liveDir, file)), { recursive: true });
        for (const copy of [`${file}.br`, `${file}.gz`]) {
          if (existsSync(join(staging, copy))) await rename(join(staging, copy), join(liveDir, copy));
          else await rm(join(liveDir, copy), { force: true });
        }
        await rename(join(staging, file), join(liveDir, file));
      };
      for (const file of files) if (file !== ENTRY_FILE) await install(file);
      await install(ENTRY_FILE);
      const installed = new Set(files);
      if (keep) {
        for (const file of await searchFiles(liveDir)) {
          if (installed.has(file) || keep.has(file)) continue;
          await rm(join(liveDir, file), { force: true });
          await rm(join(liveDir, `${file}.br`), { force: true });
          await rm(join(liveDir, `${file}.gz`), { force: true });
        }
      }
      return installed;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
