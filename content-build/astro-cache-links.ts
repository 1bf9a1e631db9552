/**
 * Astro's incremental build keeps its own copy of every page it renders (`<cacheDir>/dist/`), to restore the
 * page in a later build whose data for it is unchanged. A copy doubled what a build writes (920 MB more at
 * 10,000 tours, 4.7 GB at 50,000) and the kernel time of writing it. Here the copy is a hard link to the page
 * Astro just wrote, and a restored page a hard link to the copy: the same bytes, one file on the disk.
 *
 * Safe because nothing writes a built page in place: builds write new folders, a targeted publication
 * renames new files over the live ones (content-build/build.ts), and older builds are removed by unlinking.
 * Astro itself wrote the copy in place (`writeFile` on an existing name), which through a link would change
 * a page a live build serves: the copy's old name is unlinked before the new link is made.
 *
 * Astro keeps this class internal (astro/dist/core/build/incremental.js); if its methods are not found, or a
 * link fails (another file system: the cache folder outside the site folder), Astro's own copy is made.
 * `astro-cache-links.test.ts` drives Astro's own class, and `tests/integration/targeted-rebuild.test.ts` a whole build:
 * both fail if an upgrade stops the links.
 *
 * The copies are kept in one folder (`<cacheDir>/pages/`), each named after its page's path
 * (`tour%2Fjapon%2Findex.html`), not in a folder per page as Astro keeps them: making a folder beside each
 * page's was a third of the file system calls the cache cost a build (a `mkdir` a page). A cache of the
 * earlier layout is removed once; its pages are rendered again by the next build.
 */
import { existsSync } from 'node:fs';
import { link, mkdir, rm, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface AstroSettings {
  config: { outDir: URL; cacheDir: URL };
}
interface IncrementalCache {
  writeOutputFile(settings: AstroSettings, outputFile: string, body: Uint8Array): Promise<void>;
  restoreOutputFile(settings: AstroSettings, outputFile: string, destination: URL): Promise<boolean>;
  deleteOutputFile(settings: AstroSettings, outputFile: string): Promise<void>;
}

const copiesFolder = (settings: AstroSettings) => fileURLToPath(new URL('pages/', settings.config.cacheDir));
const cachedFile = (settings: AstroSettings, outputFile: string) => join(copiesFolder(settings), encodeURIComponent(outputFile));

/** The folder of copies of each cache this process used, made (and the earlier layout removed) once. */
const folders = new Map<string, Promise<void>>();
function copiesFolderMade(settings: AstroSettings): Promise<void> {
  const folder = copiesFolder(settings);
  let made = folders.get(folder);
  if (!made) {
    made = (async () => {
      if (existsSync(folder)) return;
      // Copies of the layout before this one: never read again, and each holds an old page on the disk.
      await rm(fileURLToPath(new URL('dist/', settings.config.cacheDir)), { recursive: true, force: true });
      await mkdir(folder, { recursive: true });
    })();
    folders.set(folder, made);
  }
  return made;
}

/** `to` made a link to `from`, replacing what `to` was: one call where nothing was there, the usual case. */
async function linkOver(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    await unlink(to);
    await link(from, to);
  }
}

/** Makes Astro's incremental cache link its copies instead of writing them; answers whether it could. */
export async function linkIncrementalCacheCopies(): Promise<boolean> {
  const url = new URL('./core/build/incremental.js', import.meta.resolve('astro'));
  const module = (await import(url.href).catch(() => ({}))) as { IncrementalBuildCache?: { prototype: IncrementalCache } };
  const prototype = module.IncrementalBuildCache?.prototype;
  const methods = ['writeOutputFile', 'restoreOutputFile', 'deleteOutputFile'] as const;
  if (!prototype || methods.some((method) => typeof prototype[method] !== 'function')) return false;
  const { writeOutputFile: write, restoreOutputFile: restore, deleteOutputFile: remove } = prototype;
  /** The build folders' folders made by a restore: a page's folder is made once. */
  const pageFolders = new Set<string>();

  prototype.writeOutputFile = async function (settings, outputFile, body) {
    // Astro calls this once it has written the page itself, at the same relative name in its outDir.
    const built = fileURLToPath(new URL(outputFile, settings.config.outDir));
    try {
      await copiesFolderMade(settings);
      await linkOver(built, cachedFile(settings, outputFile));
    } catch {
      await write.call(this, settings, outputFile, body);
    }
  };
  prototype.restoreOutputFile = async function (settings, outputFile, destination) {
    const page = fileURLToPath(destination);
    try {
      const folder = dirname(page);
      if (!pageFolders.has(folder)) {
        await mkdir(folder, { recursive: true });
        pageFolders.add(folder);
      }
      await linkOver(cachedFile(settings, outputFile), page);
      return true;
    } catch {
      // No copy of ours: Astro's own, made where no link could be, or none. One of the earlier layout may be
      // removed while it is read (the first build after this layout): then the page is rendered again.
      return restore.call(this, settings, outputFile, destination).catch(() => false);
    }
  };
  prototype.deleteOutputFile = async function (settings, outputFile) {
    await rm(cachedFile(settings, outputFile), { force: true });
    await remove.call(this, settings, outputFile);
  };
  return true;
}
