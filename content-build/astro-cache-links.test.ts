/**
 * Astro's own incremental cache class, with its copies made links (astro-cache-links.ts): a page and its cached
 * copy share an inode, a restored page too, a copy rewritten never changes the page linked before, and across
 * file systems (where no link can be made) Astro's copies are made as before.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkIncrementalCacheCopies } from './astro-cache-links.ts';

interface Cache {
  writeOutputFile(settings: unknown, outputFile: string, body: Uint8Array): Promise<void>;
  restoreOutputFile(settings: unknown, outputFile: string, destination: URL): Promise<boolean>;
  deleteOutputFile(settings: unknown, outputFile: string): Promise<void>;
}
let IncrementalBuildCache: { load(settings: unknown, ...rest: unknown[]): Cache };
const folders: string[] = [];
const folder = (base = tmpdir()) => {
  const dir = mkdtempSync(join(base, 'astro-cache-links-'));
  folders.push(dir);
  return dir;
};
/** Where a page's copy is kept: one folder for all, named after the page's path. */
const copyOf = (cacheDir: string, file: string) => join(cacheDir, 'pages', encodeURIComponent(file));
const settingsOf = (outDir: string, cacheDir: string) => ({ config: { outDir: pathToFileURL(`${outDir}/`), cacheDir: pathToFileURL(`${cacheDir}/`) } });
/** Astro writes the page, then hands the cache the same bytes (generate.js). */
async function built(cache: Cache, settings: { config: { outDir: URL } }, file: string, text: string) {
  const page = new URL(file, settings.config.outDir);
  mkdirSync(new URL('./', page), { recursive: true });
  writeFileSync(page, text);
  await cache.writeOutputFile(settings, file, Buffer.from(text));
}

beforeAll(async () => {
  expect(await linkIncrementalCacheCopies()).toBe(true);
  const url = new URL('./core/build/incremental.js', import.meta.resolve('astro'));
  ({ IncrementalBuildCache } = await import(url.href));
});
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("Astro's incremental cache", () => {
  it('keeps a page as a link to the built page, and restores it as a link', async () => {
    const [first, second, cacheDir] = [folder(), folder(), folder()];
    const cache = IncrementalBuildCache.load(settingsOf(first, cacheDir), 'config', 'lock', 'keys');
    await built(cache, settingsOf(first, cacheDir), 'tour/japon/index.html', '<p>Japón</p>');
    const cached = copyOf(cacheDir, 'tour/japon/index.html');
    expect(statSync(cached).ino).toBe(statSync(join(first, 'tour/japon/index.html')).ino);

    const restored = join(second, 'tour/japon/index.html');
    expect(await cache.restoreOutputFile(settingsOf(second, cacheDir), 'tour/japon/index.html', pathToFileURL(restored))).toBe(true);
    expect(statSync(restored).ino).toBe(statSync(cached).ino);
    expect(await cache.restoreOutputFile(settingsOf(second, cacheDir), 'tour/otro/index.html', pathToFileURL(join(second, 'tour/otro/index.html')))).toBe(
      false,
    );
  });

  it('links a newer page under the old name without writing through the old link', async () => {
    const [first, second, cacheDir] = [folder(), folder(), folder()];
    const cache = IncrementalBuildCache.load(settingsOf(first, cacheDir), 'config', 'lock', 'keys');
    await built(cache, settingsOf(first, cacheDir), 'index.html', '<p>antes</p>');
    await built(cache, settingsOf(second, cacheDir), 'index.html', '<p>después</p>');
    // The first build may still be the one served: its page is as it was written.
    expect(readFileSync(join(first, 'index.html'), 'utf8')).toBe('<p>antes</p>');
    expect(statSync(copyOf(cacheDir, 'index.html')).ino).toBe(statSync(join(second, 'index.html')).ino);
  });

  it('keeps every copy in one folder, takes a removed page’s away, and removes a cache of the layout before once', async () => {
    const [outDir, cacheDir] = [folder(), folder()];
    // The earlier layout: a folder for each page's copy, under dist/.
    mkdirSync(join(cacheDir, 'dist/tour/japon'), { recursive: true });
    writeFileSync(join(cacheDir, 'dist/tour/japon/index.html'), '<p>vieja</p>');
    const cache = IncrementalBuildCache.load(settingsOf(outDir, cacheDir), 'config', 'lock', 'keys');
    await built(cache, settingsOf(outDir, cacheDir), 'tour/japon/index.html', '<p>Japón</p>');
    await built(cache, settingsOf(outDir, cacheDir), 'viajes/index.html', '<p>Viajes</p>');
    expect(existsSync(join(cacheDir, 'dist'))).toBe(false);
    expect(readdirSync(join(cacheDir, 'pages')).sort()).toEqual(['tour%2Fjapon%2Findex.html', 'viajes%2Findex.html']);
    await cache.deleteOutputFile(settingsOf(outDir, cacheDir), 'viajes/index.html');
    expect(readdirSync(join(cacheDir, 'pages'))).toEqual(['tour%2Fjapon%2Findex.html']);
  });

  it.runIf(existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev)(
    'makes copies where the cache is on another file system',
    async () => {
      const [outDir, cacheDir, restoreDir] = [folder(), folder('/dev/shm'), folder()];
      const cache = IncrementalBuildCache.load(settingsOf(outDir, cacheDir), 'config', 'lock', 'keys');
      await built(cache, settingsOf(outDir, cacheDir), 'viajes/index.html', '<p>Viajes</p>');
      expect(readFileSync(join(cacheDir, 'dist/viajes/index.html'), 'utf8')).toBe('<p>Viajes</p>');
      const restored = join(restoreDir, 'viajes/index.html');
      expect(await cache.restoreOutputFile(settingsOf(restoreDir, cacheDir), 'viajes/index.html', pathToFileURL(restored))).toBe(true);
      expect(readFileSync(restored, 'utf8')).toBe('<p>Viajes</p>');
    },
  );
});
