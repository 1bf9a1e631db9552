import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '#api/db/database.ts';
import type { ContentKey } from '#shared/page-deps.ts';
import type { RendererAnswer, RendererRequest } from './astro-build.ts';
import { claimBuildFolder, removeAbandonedBuildFolders } from './build-folders.ts';
import { bundlingStamp, forgetCacheOnNewBundling } from './bundling-stamp.ts';
import { compressBuild, compressFiles } from './compress.ts';
import { cspHashesChangeWarning, readCspHashes } from './csp.ts';
import { inlineScriptHashes } from './script-hashes.ts';
import { collectImageKeys, prepareImageKeys } from './images.ts';
import type { CatalogueDelta, RenderResult, TourPatch } from './page-renderer.ts';
import { startPhaseClock } from './phases.ts';
import { readSearchRecords, searchRecordsFile, writeSearchIndex } from './search-index.ts';
import { refreshSearchIndex } from './search-refresh.ts';
import type { WrittenSnapshot } from './snapshot-file.ts';
import type { SnapshotWritten } from './snapshot-writer.ts';
import { readContentSnapshot } from './snapshot-content.ts';
import {
  astroCacheDir,
  BUILD_INFO_FILE,
  BUILD_PHASES_FILE,
  type BuildInfo,
  buildsDir as buildsDirOf,
  CSP_HASHES_FILE,
  type CspHashes,
  currentSiteDir,
  mediaDir,
  PAGE_DEPS_FILE,
  readBuildInfo,
} from './site-folder.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Code that shapes the pages: a change here must rebuild even when the catalogue did not change. */
const SOURCE_PATHS = ['site', 'shared', 'content-build', 'astro.config.mjs', 'package-lock.json'];
const KEEP_BUILDS = 2;
/** From this many tours a build's memory, not its time, is what limits it (see `runAstroBuild`). */
const LARGE_CATALOGUE = 20_000;
/**
 * Astro's incremental build cache (its manifest and every page with a `cacheKey`, as hard links to the built
 * pages: astro-cache-links.ts). It lives beside the builds, not in them: each build goes to a fresh folder
 * and Astro restores unchanged pages into it from here.
 */
const INCREMENTAL_MANIFEST = 'incremental-build.json';

async function hashSources(hash: ReturnType<typeof createHash>, path: string): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (!info) return;
  if (info.isDirectory()) {
    for (const entry of (await readdir(path)).sort()) {
      if (entry === 'node_modules' || entry.endsWith('.test.ts')) continue;
      await hashSources(hash, join(path, entry));
    }
  } else {
    hash.update(relative(ROOT, path)).update(await readFile(path));
  }
}

/**
 * Astro bundles the pages' server code into `<outDir>/.prerender` when the outDir lies inside its working
 * directory and into `<cwd>/.astro/.prerender` otherwise; the bundle must sit inside the project to
 * resolve its packages. Each build therefore runs in its own folder under the project's `.astro/`, so
 * two builds at once (a CLI build beside the server's queue, parallel tests) never share one.
 */
async function runAstroBuild(
  snapshotPath: string,
  manifestPath: string,
  outDir: string,
  cacheDir: string,
  {
    serve = false,
    liveDir = null,
    largeCatalogue = false,
    workers,
  }: { serve?: boolean; liveDir?: string | null; largeCatalogue?: boolean; workers?: number } = {},
): Promise<RendererProcess | null> {
  await mkdir(join(ROOT, '.astro'), { recursive: true });
  await removeAbandonedBuildFolders(join(ROOT, '.astro'));
  const cwd = await mkdtemp(join(ROOT, '.astro', 'build-'));
  // Every page records its content keys when it renders: without the record of earlier builds, the pages
  // Astro would restore from its cache would have none, so render them all this once.
  if (!existsSync(join(cacheDir, PAGE_DEPS_FILE))) await rm(join(cacheDir, INCREMENTAL_MANIFEST), { force: true });
  await forgetCacheOnNewBundling(cacheDir, INCREMENTAL_MANIFEST, await bundlingStamp(ROOT));
  // A young generation twice V8's default: rendering allocates short-lived strings by the gigabyte, and
  // a larger nursery is swept half as often. 32 MB semi-spaces took about 8 % off the build's user CPU at
  // 10,000 tours, with the same peak (docs/decisions/029-build-speed.md); 64 MB took no more.
  // Where memory is what limits the build, the renderer's uncollected garbage made its peak: V8 lets the old
  // generation grow by a factor it picks from how fast it collects (up to four times what the last full
  // collection left). A fixed half took 180 MB off the peak at 50,000 tours for 1 % more CPU
  // (docs/decisions/049-catalogue-in-parts.md, last addendum), and keeps render workers, a heap each, under
  // 1.5 GB together (1,618 MB with two at 10,000 tours without it, 1,125 with it: ADR 055, second addendum).
  // Rendering in its own thread at 10,000 tours, it would only cost CPU.
  const heapGrowth = largeCatalogue || (workers ?? 0) > 0 ? ['--heap-growing-percent=50'] : [];
  const args = ['--max-semi-space-size=32', ...heapGrowth, join(ROOT, 'content-build/astro-build.ts'), snapshotPath, outDir, ...(serve ? ['--serve'] : [])];
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit', ...(serve ? (['ipc'] as const) : [])],
    // NODE_ENV is the server's mode (tests run with 'test'); Vite would bundle React's development build
    // for anything but 'production', and visitors must always get the production one.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ASTRO_TELEMETRY_DISABLED: '1',
      IMAGE_MANIFEST: manifestPath,
      ASTRO_CACHE_DIR: cacheDir,
      LIVE_SITE_DIR: liveDir ?? '',
      RENDER_WORKERS: workers === undefined ? '' : String(workers),
      // Memory freed is given back to the system (docs/decisions/049-catalogue-in-parts.md). Rolldown (Astro's
      // bundler) allocates with mimalloc, which keeps what it freed: after the bundling, about 300 MB the
      // rendering never uses.
      MIMALLOC_PURGE_DELAY: '100',
      MIMALLOC_ARENA_EAGER_COMMIT: '0',
      // Each page's bytes (tens of KB, in several copies) go to glibc's main heap, which fragments and is not
      // trimmed: about 250 MB at 50,000 tours. Mapped apart from 16 KB up, they are returned at once, for
      // twice the system time: only where memory is what limits the build.
      ...(largeCatalogue ? { MALLOC_MMAP_THRESHOLD_: '16384', MALLOC_TRIM_THRESHOLD_: '1048576' } : {}),
    },
  });
  const removeCwd = () => rm(cwd, { recursive: true, force: true });
  // The folder is the child's for as long as it runs (a renderer left serving, for days).
  if (child.pid) await claimBuildFolder(cwd, child.pid);
  try {
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 && !serve ? resolve() : reject(new Error(`astro build exited with ${code}`))));
      if (serve) child.on('message', (message: RendererAnswer) => message.type === 'ready' && resolve());
    });
  } catch (err) {
    await removeCwd();
    throw err;
  }
  if (!serve) {
    await removeCwd();
    return null;
  }
  return connectRenderer(child, removeCwd);
}

/** The renderer a `--serve` build left running, spoken to over its IPC channel. */
export interface RendererProcess {
  render(delta: CatalogueDelta, changed: readonly ContentKey[]): Promise<RenderResult>;
  /** Writes the search index of what the renderer shows now into `<outDir>/pagefind`. */
  indexSearch(outDir: string): Promise<void>;
  alive(): boolean;
  stop(): void;
}

/** A request to the renderer before `ask` numbers it: each kind without its `id`. */
type Unnumbered<R> = R extends unknown ? Omit<R, 'id'> : never;

function connectRenderer(child: ChildProcess, cleanup: () => Promise<void>): RendererProcess {
  let nextId = 1;
  let exited = false;
  const waiting = new Map<number, { resolve: (answer: RendererAnswer) => void; reject: (err: Error) => void }>();
  child.on('message', (message: RendererAnswer) => {
    if (message.type === 'ready') return;
    const call = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.type === 'failed') call?.reject(new Error(message.message));
    else call?.resolve(message);
  });
  child.on('exit', () => {
    exited = true;
    for (const call of waiting.values()) call.reject(new Error('El renderizador de páginas se ha detenido.'));
    waiting.clear();
    void cleanup();
  });
  // The shop must be able to exit while its renderer waits for work.
  child.unref();
  child.channel?.unref();
  const ask = (request: Unnumbered<RendererRequest>) =>
    new Promise<RendererAnswer>((resolve, reject) => {
      if (exited) return reject(new Error('El renderizador de páginas se ha detenido.'));
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      child.channel?.ref();
      child.send({ ...request, id } satisfies RendererRequest);
    }).finally(() => {
      if (waiting.size === 0) child.channel?.unref();
    });
  return {
    render: async (delta, changed) => {
      const answer = await ask({ type: 'render', delta, changed: [...changed] });
      if (answer.type !== 'rendered') throw new Error(`unexpected renderer answer ${answer.type}`);
      return { pages: answer.pages, searchChanged: answer.searchChanged };
    },
    indexSearch: async (outDir) => {
      await ask({ type: 'index', outDir });
    },
    alive: () => !exited,
    stop: () => {
      if (!exited) child.kill();
    },
  };
}

async function countPages(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) n++;
  }
  return n;
}

export interface BuildResult {
  info: BuildInfo;
  skipped: boolean;
  /** Seconds each phase took, in order (the build process's prefixed `astro:`): what the bench reports. */
  phases: Record<string, number>;
  /** With `serve`: the build's process, kept to render pages again (see `publishChange`). */
  renderer: RendererProcess | null;
}

/**
 * Snapshot → Astro → swap. The new site is built into its own folder and the `current` link is
 * replaced atomically (rename over a symlink), so visitors never see a half-built site. An unchanged
 * catalogue and unchanged site code give the same hash and skip the build.
 *
 * With `serve`, the build's process stays as the page renderer of targeted rebuilds (`publishChange`);
 * when the build is skipped, the renderer comes from a build into a scratch folder that Astro fills
 * from its cache and that is then dropped.
 */
export async function buildSite({
  databaseUrl,
  siteDir,
  filesDir,
  now = new Date(),
  force = false,
  serve = false,
  workers,
}: {
  /** The shop's database (`DATABASE_URL`): the snapshot is read from it in a process of its own. */
  databaseUrl: string;
  siteDir: string;
  /** Where uploaded and seeded images live; their responsive variants go to `<siteDir>/media`. */
  filesDir: string;
  now?: Date;
  force?: boolean;
  serve?: boolean;
  /** Render worker threads (docs/decisions/052-render-workers.md); none when not given: the build renders in its own. */
  workers?: number;
}): Promise<BuildResult> {
  const { phases, lap } = startPhaseClock();
  // Written in parts as it is read, a batch of tours at a time (snapshot-file.ts).
  const snapshotPath = join(siteDir, `snapshot.tmp-${process.pid}-${Date.now().toString(36)}`);
  let written: WrittenSnapshot;
  let manifest: string;
  try {
    const snapshot = await writeSnapshot(databaseUrl, now, snapshotPath);
    written = snapshot.written;
    lap('snapshot');
    manifest = JSON.stringify(await prepareImageKeys({ keys: snapshot.imageKeys, filesDir, mediaDir: mediaDir(siteDir) }));
  } catch (err) {
    // The snapshot of 50,000 tours is hundreds of megabytes: not left behind by a build that failed.
    await rm(snapshotPath, { recursive: true, force: true });
    throw err;
  }
  const hasher = createHash('sha256').update(written.digest).update(manifest);
  for (const p of SOURCE_PATHS) await hashSources(hasher, join(ROOT, p));
  const hash = hasher.digest('hex').slice(0, 16);
  lap('images and hash');

  const buildsDir = buildsDirOf(siteDir);
  await mkdir(buildsDir, { recursive: true });
  const liveDir = await realpath(currentSiteDir(siteDir)).catch(() => null);
  const liveInfo = liveDir ? await readBuildInfo(liveDir) : null;
  // The live build's info names what it shows: a targeted rebuild (publishChange) edits that folder in
  // place and gives it another hash, so a folder named after this snapshot may no longer hold it.
  const unchanged = !force && liveInfo?.hash === hash;
  if (unchanged && !serve) {
    await rm(snapshotPath, { recursive: true, force: true });
    return { info: liveInfo, skipped: true, renderer: null, phases };
  }
  // Never build over the live folder, which keeps its first name through targeted rebuilds.
  const name = liveDir && basename(liveDir) === hash ? `${hash}-${Date.now().toString(36)}` : hash;

  const work = join(buildsDir, unchanged ? `scratch.tmp-${process.pid}` : `${name}.tmp-${process.pid}`);
  await rm(work, { recursive: true, force: true });
  const manifestPath = join(siteDir, `images-${hash}.json`);
  await writeFile(manifestPath, manifest);
  const cacheDir = astroCacheDir(siteDir);
  let renderer: RendererProcess | null = null;
  try {
    renderer = await runAstroBuild(snapshotPath, manifestPath, work, cacheDir, { serve, liveDir, largeCatalogue: written.tours > LARGE_CATALOGUE, workers });
    lap('astro');
    // Here, with the Astro process ended (or, serving, done with the build): Pagefind takes its most memory as
    // it writes the index, and beside the rendering at its largest it made the whole build's peak.
    if (!unchanged) await writeSearchIndex({ records: readSearchRecords(searchRecordsFile(snapshotPath)), outDir: work });
  } catch (err) {
    // A renderer whose build then failed (its search index) renders nothing of it.
    renderer?.stop();
    // A build that died midway may have refreshed some cached pages but not the manifest naming them:
    // forget the manifest so the next build renders every page rather than trust a mismatched copy.
    await rm(join(cacheDir, INCREMENTAL_MANIFEST), { force: true });
    await rm(work, { recursive: true, force: true });
    throw err;
  } finally {
    // The renderer a `serve` build leaves keeps its tours file open: it reads tours from it after this.
    await rm(snapshotPath, { recursive: true, force: true });
    await rm(manifestPath, { force: true });
  }
  lap('search index');
  const astroPhases = await readFile(join(cacheDir, BUILD_PHASES_FILE), 'utf8')
    .then((text) => JSON.parse(text) as Record<string, number>)
    .catch(() => ({}));
  for (const [phase, seconds] of Object.entries(astroPhases)) phases[`astro: ${phase}`] = seconds;
  if (unchanged) {
    await rm(work, { recursive: true, force: true });
    return { info: liveInfo, skipped: true, renderer, phases };
  }
  // The pages Astro rendered came with their copies; those it restored from its cache, and the bundles,
  // keep the live build's where the bytes are the same (linked, not compressed again).
  await compressBuild({ dir: work, previousDir: liveDir, keepWritten: true });
  lap('compression');
  const info: BuildInfo = { hash, builtAt: new Date().toISOString(), pages: await countPages(work), tours: written.tours };
  const newHashes = await readCspHashes(work);
  const cspWarning = liveDir && newHashes ? cspHashesChangeWarning(await readCspHashes(liveDir), newHashes) : null;
  await goLive({ siteDir, work, name, info });
  lap('swap');
  await dropOldBuilds(siteDir, name);
  lap('older builds removed');
  if (cspWarning) console.warn(cspWarning);
  return { info, skipped: false, renderer, phases };
}

/**
 * Writes the catalogue's snapshot of the database at `databaseUrl` into `dir`, in a process of its own
 * (snapshot-writer.ts); answers what was written and every image key it shows.
 */
async function writeSnapshot(databaseUrl: string, now: Date, dir: string): Promise<SnapshotWritten> {
  const child = spawn(process.execPath, [join(ROOT, 'content-build/snapshot-writer.ts'), dir, now.toISOString()], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, SNAPSHOT_DATABASE_URL: databaseUrl },
  });
  let answer: SnapshotWritten | null = null;
  child.on('message', (message: SnapshotWritten) => {
    answer = message;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0 || !answer) throw new Error(`The catalogue snapshot could not be written (exit code ${code}).`);
  return answer;
}

/** Moves a finished build folder to `builds/<name>` and points `current` at it atomically. */
async function goLive({ siteDir, work, name, info }: { siteDir: string; work: string; name: string; info: BuildInfo }): Promise<void> {
  const buildsDir = buildsDirOf(siteDir);
  const target = join(buildsDir, name);
  const current = currentSiteDir(siteDir);
  await writeFile(join(work, BUILD_INFO_FILE), JSON.stringify(info, null, 2));
  await rm(target, { recursive: true, force: true });
  await rename(work, target);

  const link = `${current}.tmp-${process.pid}`;
  await rm(link, { force: true });
  await symlink(join('builds', name), link);
  await rename(link, current);
}

/** Keeps the previous build for pages a visitor already has open; drops older ones. */
async function dropOldBuilds(siteDir: string, name: string): Promise<void> {
  const buildsDir = buildsDirOf(siteDir);
  const builds = (await readdir(buildsDir, { withFileTypes: true })).filter((d) => d.isDirectory() && !d.name.includes('.tmp-'));
  const dated = await Promise.all(builds.map(async (d) => ({ name: d.name, mtime: (await stat(join(buildsDir, d.name))).mtimeMs })));
  for (const old of dated.sort((a, b) => b.mtime - a.mtime).slice(KEEP_BUILDS)) {
    if (old.name !== name) await rm(join(buildsDir, old.name), { recursive: true, force: true });
  }
}

/** What staff changed, as the targeted rebuild needs it: the content keys, and what to read again. */
export interface ContentChange {
  /** The keys of the changed content (`contentKeys` of `#shared/page-deps.ts`). */
  changed: ContentKey[];
  /** Read the content part of the snapshot again (sliders, offers, landings, banners). */
  content?: boolean;
  /** Fields of tours changed in place (a card's new photo, a tour the editor changed, an optional activity's photos). */
  tours?: TourPatch[];
}

export interface PublishResult {
  info: BuildInfo;
  /** The pages rendered again and swapped in. */
  pages: string[];
  /** The search index shows a changed tour otherwise: `refreshSearchIndex` brings it up to date. */
  searchChanged: boolean;
}

/**
 * A targeted rebuild: renders again only the pages that show the changed content, in `renderer` (the
 * process the last full build left), and renames them over the live build's copies. Each file's swap
 * is atomic and the new files are staged whole first; only the renames touch the live build, so a
 * failed render or write leaves it as it was. Copying the live build instead (one hard link per file)
 * costs seconds at 10,000 tours, where the renames cost a few milliseconds.
 */
export async function publishChange({
  db,
  siteDir,
  filesDir,
  renderer,
  change,
}: {
  db: Db;
  siteDir: string;
  filesDir: string;
  renderer: RendererProcess;
  change: ContentChange;
}): Promise<PublishResult> {
  const content = change.content ? await readContentSnapshot(db) : undefined;
  const imageKeys = [
    ...(content ? collectImageKeys(content) : []),
    ...(change.tours ?? []).flatMap((t) => [
      ...[t.thumbnail, t.banner, t.expertOpinionAvatar].filter((key): key is string => Boolean(key)),
      ...Object.values(t.activityPhotos ?? {}).flat(),
    ]),
  ];
  const images = await prepareImageKeys({ keys: imageKeys, filesDir, mediaDir: mediaDir(siteDir) });
  const delta: CatalogueDelta = { content, tours: change.tours, images };
  const { pages, searchChanged } = await renderer.render(delta, change.changed);

  const liveDir = await realpath(currentSiteDir(siteDir));
  const liveInfo = await readBuildInfo(liveDir);
  if (!liveInfo) throw new Error('No hay ninguna versión del sitio publicada.');
  const name = createHash('sha256').update(liveInfo.hash).update(JSON.stringify(delta)).update(JSON.stringify(pages)).digest('hex').slice(0, 16);
  // Beside the live build, so every rename stays on one file system and is atomic.
  const staging = join(buildsDirOf(siteDir), `${name}.tmp-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  try {
    for (const page of pages) {
      await mkdir(dirname(join(staging, page.file)), { recursive: true });
      await writeFile(join(staging, page.file), page.body);
    }
    await compressFiles({ dir: staging, files: pages.map((p) => p.file) });
    // The inline scripts of the new pages are those of the pages they replace unless the code changed,
    // which needs a full build: the live list plus theirs keeps every page allowed, old and new.
    const liveHashes = JSON.parse(await readFile(join(liveDir, CSP_HASHES_FILE), 'utf8').catch(() => '{"scripts":[]}')) as CspHashes;
    const scripts = new Set([...liveHashes.scripts, ...pages.flatMap((p) => inlineScriptHashes(p.body))]);
    const hashes: CspHashes = { scripts: [...scripts].sort() };
    await writeFile(join(staging, CSP_HASHES_FILE), `${JSON.stringify(hashes, null, 2)}\n`);
    const cspWarning = cspHashesChangeWarning(liveHashes, hashes);
    const info: BuildInfo = { ...liveInfo, hash: name, builtAt: new Date().toISOString() };
    await writeFile(join(staging, BUILD_INFO_FILE), JSON.stringify(info, null, 2));

    // The policy first, so a new page's scripts are allowed before the page is served; the info last.
    await rename(join(staging, CSP_HASHES_FILE), join(liveDir, CSP_HASHES_FILE));
    for (const page of pages) {
      await mkdir(dirname(join(liveDir, page.file)), { recursive: true });
      // The page before its copies: a server making the old page's brotli copy on request (compress.ts,
      // `writeBrotliBeside`) checks the page is still the one it read after putting its copy in place, so
      // a copy it put there before this rename is taken away below, and one after it by the server itself.
      await rename(join(staging, page.file), join(liveDir, page.file));
      for (const file of [`${page.file}.br`, `${page.file}.gz`]) {
        // A page made on request, or too small to compress, has no copies: the old page's must not be served for it.
        if (existsSync(join(staging, file))) await rename(join(staging, file), join(liveDir, file));
        else await rm(join(liveDir, file), { force: true });
      }
    }
    await rename(join(staging, BUILD_INFO_FILE), join(liveDir, BUILD_INFO_FILE));
    if (cspWarning) console.warn(cspWarning);
    return { info, pages: pages.map((p) => p.path), searchChanged };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * The running shop's builder: full builds whose process stays as the page renderer, and targeted
 * publications through it. The renderer of the previous build is stopped before a full build starts,
 * so two never hold memory at once; without one, `publish` answers null and the queue builds in full.
 * A publication that changed what search shows of a tour has the search index written again behind it
 * (`refreshSearchIndex`), one at a time: edits that come meanwhile are covered by one more run.
 *
 * @param exclusive runs a change to the live build alone among every instance sharing the site folder
 *   (the shop's builds and publications already run under it; the search index's swap is started by it).
 */
export function createSiteBuilder({
  db,
  databaseUrl,
  siteDir,
  filesDir,
  exclusive,
}: {
  db: Db;
  /** The database `db` opened, for the full builds' snapshot (`buildSite`). */
  databaseUrl: string;
  siteDir: string;
  filesDir: string;
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
}) {
  let renderer: RendererProcess | null = null;
  // The search files the last refresh installed in the live build; none after a full build.
  let installed: Set<string> | null = null;
  let search: { done: Promise<void>; again: boolean } | null = null;
  const refreshSearch = () => {
    if (search) {
      search.again = true;
      return;
    }
    const running = { again: true, done: Promise.resolve() };
    running.done = (async () => {
      while (running.again && renderer?.alive()) {
        running.again = false;
        const current = renderer;
        try {
          const files = await refreshSearchIndex({ siteDir, renderer: current, keep: installed, exclusive });
          if (files && current === renderer) installed = files;
        } catch (err) {
          // A full build stopped the renderer meanwhile: its own index replaces this one.
          if (current.alive()) console.error(JSON.stringify({ level: 'error', event: 'site.search_index', error: String(err) }));
        }
      }
      search = null;
    })();
    search = running;
  };
  return {
    build: async (): Promise<BuildResult> => {
      renderer?.stop();
      renderer = null;
      installed = null;
      const result = await buildSite({ databaseUrl, siteDir, filesDir, serve: true });
      renderer = result.renderer;
      return result;
    },
    publish: async (change: ContentChange): Promise<PublishResult | null> => {
      if (!renderer?.alive()) return null;
      const result = await publishChange({ db, siteDir, filesDir, renderer, change });
      if (result.searchChanged) refreshSearch();
      return result;
    },
    /** Resolves once the search index shows every publication so far. */
    searchIdle: async (): Promise<void> => {
      while (search) await search.done;
    },
    stop: () => {
      renderer?.stop();
      renderer = null;
    },
  };
}
