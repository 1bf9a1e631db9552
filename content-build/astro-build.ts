/**
 * Runs one Astro build in its own process, so its memory is returned to the system when it ends and
 * a failed build cannot take the server down. Astro bundles the pages here and writes them; they are
 * rendered here or, with `RENDER_WORKERS` set, in that many worker threads (render-worker.ts), which write
 * their compressed copies as they come where LIVE_SITE_DIR (the live build) does not already have them for
 * the same bytes; otherwise the build's parent writes them once this process is done (build.ts). The search
 * index's records go into the snapshot's folder; the build's parent has Pagefind index them then too.
 *
 * With `--serve` (and an IPC channel, as `build.ts` starts it for the running shop) the process stays
 * after the build as the page renderer of that build: it answers `render` messages with the pages a
 * content change touches (content-build/page-renderer.ts), and `index` messages with a new search index
 * of what it renders now, until the next full build replaces it.
 *
 * Usage: node content-build/astro-build.ts <snapshot folder> <outDir> [--serve]
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'astro';
import type { ImageManifest } from '#shared/images.ts';
import type { ContentKey, LiveCatalogue } from '#shared/page-deps.ts';
import { linkIncrementalCacheCopies } from './astro-cache-links.ts';
import { type CatalogueDelta, createPageRenderer, type RenderResult } from './page-renderer.ts';
import { startPhaseClock } from './phases.ts';
import { BUILD_PHASES_FILE } from './site-folder.ts';
import { openSnapshotParts } from './snapshot-file.ts';

export type RendererRequest = { type: 'render'; id: number; delta: CatalogueDelta; changed: ContentKey[] } | { type: 'index'; id: number; outDir: string };
export type RendererAnswer =
  | { type: 'ready'; pages: number }
  | ({ type: 'rendered'; id: number } & RenderResult)
  | { type: 'indexed'; id: number }
  | { type: 'failed'; id: number; message: string };

const [snapshotPath, outDir] = process.argv.slice(2);
if (!snapshotPath || !outDir) {
  console.error('usage: astro-build.ts <snapshot folder> <outDir> [--serve]');
  process.exit(2);
}
const serve = process.argv.includes('--serve') && typeof process.send === 'function';
const cacheDir = process.env.ASTRO_CACHE_DIR ?? fileURLToPath(new URL('../node_modules/.astro', import.meta.url));

const manifestPath = process.env.IMAGE_MANIFEST;
const loadCatalogue = async (): Promise<LiveCatalogue> =>
  openSnapshotParts(snapshotPath, manifestPath ? (JSON.parse(await readFile(manifestPath, 'utf8')) as ImageManifest) : {});

const { phases, lap } = startPhaseClock();
const renderer = createPageRenderer({
  load: loadCatalogue,
  cacheDir,
  build: {
    // `build-site.ts --workers N`, checked there; none by default: rendering in this process measured faster
    // than workers on two cores (docs/decisions/052-render-workers.md).
    workers: Number(process.env.RENDER_WORKERS) || 0,
    snapshotPath,
    manifestPath: manifestPath || null,
    outDir,
    previousDir: process.env.LIVE_SITE_DIR || null,
  },
  onStart: () => lap('start and bundling'),
});

await linkIncrementalCacheCopies();
await build({ root: fileURLToPath(new URL('..', import.meta.url)), outDir, logLevel: 'warn', integrations: [renderer.integration] });
lap('rendering');
await renderer.flush();
lap('after the rendering (search records; with workers, their copies)');
await renderer.writeCspHashes(outDir);
lap('inline-script hashes');
await renderer.saveDeps(cacheDir);
await writeFile(join(cacheDir, BUILD_PHASES_FILE), JSON.stringify(phases));

let queue: Promise<void> = Promise.resolve();
if (serve) {
  const send = (answer: RendererAnswer) => process.send?.(answer);
  const failed = (id: number, err: unknown) => send({ type: 'failed', id, message: err instanceof Error ? err.message : String(err) });
  process.on('message', (message: RendererRequest) => {
    if (message?.type === 'index') {
      // Beside the renders, not queued behind them: Pagefind takes seconds where a render takes a tenth of
      // one, and reads the snapshot as it is when asked (the shop asks for one index at a time).
      renderer.indexSearch(message.outDir).then(
        () => send({ type: 'indexed', id: message.id }),
        (err: unknown) => failed(message.id, err),
      );
      return;
    }
    if (message?.type !== 'render') return;
    // One at a time, in the order asked: each render builds on the snapshot the previous one left.
    queue = queue.then(async () => {
      try {
        const result = await renderer.render(message.delta, message.changed);
        send({ type: 'rendered', id: message.id, ...result });
        // The pages' keys are not saved again here: the next full build restores from Astro's cache only
        // pages whose data is that of this build, whose keys this build saved; it renders the others anew.
        // Saving them after each render (5.6 MB at 10,000 tours) held the next edit's render by about 100 ms.
      } catch (err) {
        failed(message.id, err);
      }
    });
  });
  // The shop going away (its IPC channel closing) ends the renderer too.
  process.on('disconnect', () => process.exit(0));
  await renderer.prepare();
  send({ type: 'ready', pages: Object.keys(renderer.deps()).length });
}
