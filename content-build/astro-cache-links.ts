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
 */
import { link, mkdir, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

interface AstroSettings {
  config: { outDir: URL; cacheDir: URL };
}
interface IncrementalCache {
  writeOutputFile(settings: AstroSettings, outputFile: string, body: Uint8Array): Promise<void>;
  restoreOutputFile(settings: AstroSettings, outputFile: string, destination: URL): Promise<boolean>;
}

const cachedFile = (settings: AstroSettings, outputFile: string) => fileURLToPath(new URL(outputFile, new URL('dist/', settings.config.cacheDir)));

/** Makes Astro's incremental cache link its copies instead of writing them; answers whether it could. */
export async function linkIncrementalCacheCopies(): Promise<boolean> {
  const url = new URL('./core/build/incremental.js', import.meta.resolve('astro'));
  const module = (await import(url.href).catch(() => ({}))) as { IncrementalBuildCache?: { prototype: IncrementalCache } };
  const prototype = module.IncrementalBuildCache?.prototype;
  if (typeof prototype?.writeOutputFile !== 'function' || typeof prototype.restoreOutputFile !== 'function') return false;
  const { writeOutputFile: write, restoreOutputFile: restore } = prototype;
  const folders = new Set<string>();
  const linkFresh = async (from: string, to: string) => {
    const folder = dirname(to);
    if (!folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      folders.add(folder);
    }
    await unlink(to).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    await link(from, to);
  };

  prototype.writeOutputFile = async function (settings, outputFile, body) {
    // Astro calls this once it has written the page itself, at the same relative name in its outDir.
    const built = fileURLToPath(new URL(outputFile, settings.config.outDir));
    try {
      await linkFresh(built, cachedFile(settings, outputFile));
    } catch {
      await write.call(this, settings, outputFile, body);
    }
  };
  prototype.restoreOutputFile = async function (settings, outputFile, destination) {
    try {
      await linkFresh(cachedFile(settings, outputFile), fileURLToPath(destination));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      return restore.call(this, settings, outputFile, destination);
    }
  };
  return true;
}
