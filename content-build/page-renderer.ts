/**
 * Renders a handful of pages again after staff change content, without another Astro build
 * (docs/decisions/012-targeted-rebuilds.md). A full build prerenders every page through Astro's own
 * prerenderer; this integration keeps that prerenderer (with the page modules it loaded) after the
 * build, and notes two things on the way: every page's path and route, and the content keys each page
 * recorded while it rendered (`showsContent`, `#shared/page-deps.ts`). Later, given newer content, it
 * renders exactly the pages that showed a changed key, through the same code the build used: the bytes
 * are those a full build of the same data writes.
 */
import type { z } from 'zod';
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cp, readdir, rename, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { ImageManifest } from '#shared/images.ts';
import { contentKeys, LIVE_CATALOGUE, type LiveCatalogue, PAGE_DEPS, type ContentKey, type PageDeps, pagesShowing } from '#shared/page-deps.ts';
import { CatalogueSnapshotSchema, type SiteCatalogue, summariseTour, type TourSnapshot, TourSnapshotSchema } from '#shared/snapshot.ts';
import { type PageScriptHashes, writeCspHashes } from './csp.ts';
import { type PageBytes, type RenderingApp, renderPageBytes } from './page-bytes.ts';
import { inlineScriptHashes, sharedHashList } from './script-hashes.ts';
import { type RenderPool, startRenderPool } from './render-pool.ts';
import { routeKey, routeRef, type WorkerSetup } from './render-worker.ts';
import { buildSearchRecords, searchRecordsFile, writeSearchIndex, writeSearchRecords } from './search-index.ts';
import { PAGE_DEPS_FILE } from './site-folder.ts';
import { hashTour } from './snapshot-file.ts';

/** The pages' content keys as of the last render of each, kept with Astro's cache between builds. */
/**
 * The inline-script hashes of the pages of the last full build, kept with Astro's cache: a page Astro
 * restores from its cache has the same bytes, so the same hashes, and is not read back to find them.
 */
const SCRIPT_HASHES_FILE = 'page-script-hashes.json';
const utf8 = new TextDecoder();

/**
 * Fields of a tour changed in place (a card's new photo, its reviews, or the whole tour read again by the
 * tour editor) and its optional activities' photos (storage keys by optional activity id, each list
 * replacing that activity's whole).
 */
export type TourPatch = Pick<TourSnapshot, 'id'> & Partial<Omit<TourSnapshot, 'id'>> & { activityPhotos?: Record<string, string[]> };

/** The tour with its patch applied. */
function patchTour(tour: TourSnapshot, { activityPhotos, ...fields }: TourPatch): TourSnapshot {
  const periods = activityPhotos
    ? tour.periods.map((period) => ({
        ...period,
        optionalActivities: period.optionalActivities.map((a) => (activityPhotos[a.id] ? { ...a, photos: activityPhotos[a.id] } : a)),
      }))
    : tour.periods;
  return TourSnapshotSchema.parse({ ...tour, ...fields, periods });
}

export const ContentDeltaSchema = CatalogueSnapshotSchema.pick({
  company: true,
  sliders: true,
  landings: true,
  mainBanners: true,
  regionBanners: true,
  activities: true,
  homeOpinions: true,
  travellerPhotos: true,
}).partial();

/** Content newer than the renderer's snapshot: parts replaced whole, tours replaced by id. */
export interface CatalogueDelta {
  content?: Partial<z.infer<typeof ContentDeltaSchema>>;
  tours?: TourPatch[];
  /** Manifest entries of images new to this change. */
  images?: ImageManifest;
}

/** The pages a targeted render wrote, and whether the search index shows one of its tours otherwise now. */
export interface RenderResult {
  pages: RenderedPage[];
  /** A changed tour's search record differs (its name, photo, price…): the index is out of date (`indexSearch`). */
  searchChanged: boolean;
}

export interface RenderedPage {
  /** The page's path, as Astro builds it (`/`, `/last-minute`). */
  path: string;
  /** Where the page lives in the build, relative to its root (`last-minute/index.html`). */
  file: string;
  body: string;
}

// Astro's prerenderer and route data are internal types: only the members used here are named.
interface RouteData {
  route: string;
  component: string;
  type: string;
  pattern: RegExp;
  fallbackRoutes?: RouteData[];
}
interface Prerenderer {
  getStaticPaths(): Promise<{ pathname: string; route: RouteData; cacheKey?: string }[]>;
  render(request: Request, options: { routeData: RouteData; collectMetadata?: boolean }): Promise<Response | { response: Response; metadata?: unknown }>;
  setup?(): Promise<void>;
  teardown?(): Promise<void>;
  app?: BuildApp;
}
interface BuildApp extends RenderingApp<RouteData> {
  routeCache: { clearAll(): void };
  getComponentByRoute(route: RouteData): Promise<unknown>;
  manifest: { routes: { routeData: RouteData }[] };
  setInternals(internals: BuildInternals): void;
  getOptions(): { settings: { scripts: unknown[] } };
}
/** What the render workers need of Astro's build internals: see `render-worker.ts`. */
interface BuildInternals {
  prerenderEntryFileName?: string;
  pagesByKeys: Map<string, { styles: unknown[] }>;
  entrySpecifierToBundleMap: Map<string, string>;
}

/**
 * A page already read, as the build reads it: Astro takes the status, the headers and the body's bytes. Not
 * a `Response`, which would copy the bytes once more: the build's heap holds all of Astro's build, and every
 * copy of a page outside it (tens of KB each, at every page) brings its next full collection nearer.
 */
function pageResponse({
  status,
  statusText,
  headers,
  body,
}: {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer> | null;
}): Response {
  const bytes = () =>
    body && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body.buffer : (body?.slice().buffer ?? new ArrayBuffer(0));
  return {
    status,
    statusText,
    headers: new Headers(headers),
    body: body ? {} : null,
    arrayBuffer: async () => bytes(),
  } as unknown as Response;
}

/**
 * The pages' server bundle of the build running in this process: Astro writes it to `<outDir>/.prerender`
 * when the outDir lies within the working directory and to `<cwd>/.astro/.prerender` otherwise.
 */
async function prerenderBundle(outDir: URL): Promise<{ dir: URL; entry: string }> {
  const dir = fileURLToPath(outDir).startsWith(process.cwd())
    ? new URL('./.prerender/', outDir)
    : new URL('./.astro/.prerender/', pathToFileURL(process.cwd() + sep));
  const entry = (await readdir(dir)).find((name) => name.startsWith('prerender-entry') && name.endsWith('.mjs'));
  if (!entry) throw new Error(`No prerender entry in ${fileURLToPath(dir)}.`);
  return { dir, entry };
}

/**
 * The build output file of a page, as Astro writes it with `build.format: 'directory'`: `index.html`
 * for `/`, `404.html` for the not-found page, endpoints at their own path, other pages as
 * `<path>/index.html`.
 */
export function outputFileOf(pathname: string, routeType: string): string {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  if (routeType === 'endpoint') return path;
  if (path === '') return 'index.html';
  if (path === '404' || path === '500') return `${path}.html`;
  return `${path}/index.html`;
}

/** Whether the search records of tours `ids` differ between two catalogues (a tour shown in one only included). */
function searchRecordsDiffer(before: LiveCatalogue, after: LiveCatalogue, ids: ReadonlySet<string>): boolean {
  const records = ({ snapshot, images }: LiveCatalogue) =>
    JSON.stringify(buildSearchRecords({ snapshot: { ...snapshot, tours: snapshot.tours.filter((tour) => ids.has(tour.id)) }, images }));
  return records(before) !== records(after);
}

type Globals = { [PAGE_DEPS]?: AsyncLocalStorage<Set<ContentKey>>; [LIVE_CATALOGUE]?: LiveCatalogue };
const globals = globalThis as Globals;

export interface PageRenderer {
  /** Astro integration to add to the build whose prerenderer is kept. */
  integration: AstroIntegration;
  /** Every page of the build with the keys it showed (pages the build took from its cache keep theirs). */
  deps(): PageDeps;
  /** Writes the pages' keys, and their inline-script hashes, where the next build finds them. */
  saveDeps(cacheDir: string): Promise<void>;
  /** Waits for the search index's records (and with workers the pages' compressed copies); answers the copies' count. */
  flush(): Promise<{ compressed: number; reused: number }>;
  /**
   * Writes the build's `csp-hashes.json` (`csp.ts`) once it is flushed: the hashes of the pages it rendered
   * were taken as they were rendered, those of the pages Astro restored from the last build's record;
   * only the rest are read back. Answers how many distinct hashes there are.
   */
  writeCspHashes(outDir: string): Promise<number>;
  /** Reads the catalogue into this process, for the targeted renders and search indexes that follow the build. */
  prepare(): Promise<void>;
  /** Applies `delta` to the snapshot and renders every page that showed one of `changed` (after `prepare`). */
  render(delta: CatalogueDelta, changed: readonly ContentKey[]): Promise<RenderResult>;
  /** Writes the search index of the snapshot as the renders left it into `<outDir>/pagefind`, as the build does. */
  indexSearch(outDir: string): Promise<void>;
}

/**
 * @param load reads the build's snapshot (validated) and image manifest; the renderer keeps them and applies
 *   deltas to them. Rendering in this process, called when Astro starts rendering, after it bundled the
 *   pages (at 10,000 tours the snapshot held through the bundling added about 300 MB to that phase's
 *   memory); with render workers, once the build is done, for the targeted renders that follow (`prepare`).
 * @param cacheDir Astro's cache folder, where the keys of pages the build restores from cache are kept.
 * @param build what the build reads and writes: the snapshot and image manifest, its output folder and the
 *   live build's (render workers write the compressed copies of each page they render, or link the live build's
 *   for the same bytes), and how many render workers it starts (`render-worker.ts`; 0 renders in this
 *   process: docs/decisions/052-render-workers.md).
 * @param onStart called when Astro has bundled the pages and starts rendering them.
 */
export function createPageRenderer({
  load,
  cacheDir,
  build,
  onStart,
}: {
  load: () => Promise<LiveCatalogue>;
  cacheDir: string;
  build: { workers: number; snapshotPath: string; manifestPath: string | null; outDir: string; previousDir: string | null };
  onStart?: () => void;
}): PageRenderer {
  let prerenderer: Prerenderer | null = null;
  /** A full build is rendering in this process (not a targeted render after it). */
  let building = false;
  let pool: RenderPool | null = null;
  // The search index's records written, and with workers each page's copies too.
  let written: Promise<void> | null = null;
  let searchIndex: Promise<void> = Promise.resolve();
  const counts = { compressed: 0, reused: 0 };
  let outDirUrl: URL | null = null;
  let bundleDir: string | null = null;
  let origin = 'http://localhost:4321';
  const depsFile = join(cacheDir, PAGE_DEPS_FILE);
  const previous: PageDeps = existsSync(depsFile) ? (JSON.parse(readFileSync(depsFile, 'utf8')) as PageDeps) : {};
  // Read, then removed until this build saves its own: a build that dies midway may leave Astro's cache
  // with pages newer than this record, and then none is better than a wrong one.
  const scriptsFile = join(cacheDir, SCRIPT_HASHES_FILE);
  const previousScripts: PageScriptHashes = existsSync(scriptsFile)
    ? (JSON.parse(readFileSync(scriptsFile, 'utf8'), (_, value: unknown) =>
        Array.isArray(value) ? sharedHashList(value as string[]) : value,
      ) as PageScriptHashes)
    : {};
  rmSync(scriptsFile, { force: true });
  const renderedScripts: PageScriptHashes = {};
  let scripts: PageScriptHashes | null = null;
  // Tours a targeted render patched, whole, newest only; the others are read from the build's snapshot.
  const patchedTours = new Map<string, TourSnapshot>();
  let readBuiltTour: LiveCatalogue['tour'] = () => null;
  const readTour = (id: string) => patchedTours.get(id) ?? readBuiltTour(id);
  // The build's output files it rendered (not restored), whatever their status.
  const rendered = new Set<string>();
  const deps: PageDeps = {};
  const routes = new Map<string, RouteData>();
  // The build renders pages concurrently (`build.concurrency`): each render sees only its own recording.
  const recordings = new AsyncLocalStorage<Set<ContentKey>>();
  globals[PAGE_DEPS] = recordings;

  // Every page of the build, as Astro lists it. One it restores from its cache is not rendered: its data (the
  // cache key) is unchanged, and so are the keys it showed last time.
  const known = (pathname: string, route: RouteData) => {
    routes.set(pathname, route);
    if (previous[pathname]) deps[pathname] = previous[pathname];
  };

  /** Renders a page with `app`, recording the content keys it shows as the page's. */
  const renderRecording = async (
    app: BuildApp | undefined,
    request: Request,
    options: { routeData: RouteData; collectMetadata?: boolean },
  ): Promise<PageBytes> => {
    if (!app) throw new Error('Astro’s prerenderer has no app: its setup has not run.');
    const recording = new Set<ContentKey>();
    const page = await recordings.run(recording, () => renderPageBytes(app, request, options));
    deps[new URL(request.url).pathname] = [...recording].sort();
    return page;
  };

  const holdCatalogue = (loaded: LiveCatalogue) => {
    readBuiltTour = loaded.tour;
    globals[LIVE_CATALOGUE] = loaded;
  };
  const rendering = (pathname: string, route: RouteData) => {
    const file = outputFileOf(pathname, route.type);
    rendered.add(file);
    return file;
  };

  /**
   * Renders in this process. The pages' compressed copies are the build's compression phase's (build.ts,
   * `compressBuild`): most pages have none until their first request, and a thread to take the few others
   * while the pages render held 20–30 MB of its own (docs/decisions/055-build-cpu-per-page.md).
   */
  const inProcess = (kept: Prerenderer): Prerenderer => ({
    setup: async () => {
      onStart?.();
      const loaded = await load();
      holdCatalogue(loaded);
      // Pagefind indexes them once this process has ended (build.ts).
      searchIndex = writeSearchRecords({ records: buildSearchRecords(loaded), file: searchRecordsFile(build.snapshotPath) });
      searchIndex.catch(() => {});
      building = true;
      await kept.setup?.();
    },
    getStaticPaths: async () => {
      const paths = await kept.getStaticPaths();
      for (const { pathname, route } of paths) known(pathname, route);
      return paths;
    },
    render: async (request, options) => {
      const file = rendering(new URL(request.url).pathname, options.routeData);
      // Astro reads the body to write the page: it gets the same bytes, read once.
      const page = await renderRecording(kept.app, request, options);
      // While its bytes are here: otherwise every page is read back from disk once the build is done (csp.ts).
      if (building && page.status === 200 && page.body && file.endsWith('.html')) renderedScripts[file] = sharedHashList(inlineScriptHashes(page.body));
      return { response: pageResponse(page), metadata: page.metadata };
    },
    teardown: async () => {
      building = false;
      written = searchIndex;
    },
  });

  /** Renders in `build.workers` workers; the catalogue is not read here until the build is done. */
  const inWorkers = (kept: Prerenderer): Prerenderer => {
    const byKey = new Map<string, RouteData>();
    return {
      setup: async () => {
        onStart?.();
        if (!outDirUrl) throw new Error('Astro gave no outDir.');
        // Astro's own setup imports the bundle and hands it the build's internals, which the workers need a
        // part of: the same module, imported first, tells what it was given.
        const bundle = await prerenderBundle(outDirUrl);
        bundleDir = fileURLToPath(bundle.dir).replace(/\/$/, '');
        const { app } = (await import(new URL(bundle.entry, bundle.dir).href)) as { app: BuildApp };
        let internals: BuildInternals | null = null;
        const setInternals = app.setInternals.bind(app);
        app.setInternals = (given) => {
          internals = given;
          setInternals(given);
        };
        await kept.setup?.();
        if (!internals || kept.app !== app) throw new Error('The prerender bundle Astro loaded is not the one found.');
        const { pagesByKeys, entrySpecifierToBundleMap } = internals as BuildInternals;
        for (const { routeData } of app.manifest.routes) {
          for (const route of [routeData, ...(routeData.fallbackRoutes ?? [])]) byKey.set(routeKey(route), route);
        }
        const setup: WorkerSetup = {
          prerenderOutputDir: bundle.dir.href,
          prerenderEntryFileName: bundle.entry,
          pageStyles: [...pagesByKeys].map(([key, page]) => [key, page.styles]),
          bundles: [...entrySpecifierToBundleMap],
          scripts: app.getOptions().settings.scripts,
          snapshotPath: build.snapshotPath,
          manifestPath: build.manifestPath,
          outDir: build.outDir,
          previousDir: build.previousDir,
          indexSearch: true,
        };
        pool = await startRenderPool({ count: build.workers, setup });
      },
      getStaticPaths: async () => {
        if (!pool) throw new Error('The render workers did not start.');
        return (await pool.paths()).map(({ pathname, route: ref, cacheKey }) => {
          const route = byKey.get(routeKey(ref));
          if (!route) throw new Error(`No route ${ref.route} in the build.`);
          known(pathname, route);
          return { pathname, route, cacheKey };
        });
      },
      render: async (request, options) => {
        if (!pool) throw new Error('The render workers did not start.');
        const pathname = new URL(request.url).pathname;
        const file = rendering(pathname, options.routeData);
        const page = await pool.render({ url: request.url, route: routeRef(options.routeData), file, collectMetadata: Boolean(options.collectMetadata) });
        deps[pathname] = page.deps;
        if (page.scripts) renderedScripts[file] = sharedHashList(page.scripts);
        if (page.outcome === 'compressed' || page.outcome === 'reused') counts[page.outcome]++;
        return { response: pageResponse(page), metadata: page.metadata };
      },
      // The workers end once the search index's records are written. The bundle stays loaded here for later renders,
      // which import the modules the build's own thread never did (pages, middleware): Astro removes the
      // bundle's folder once this returns, so a copy is put back in its place when the build is done (`flush`).
      teardown: async () => {
        written = pool?.close() ?? Promise.resolve();
        written.catch(() => {});
        pool = null;
        // Never into the site: with the outDir inside the working directory the bundle is in it (not our builds').
        if (bundleDir && outDirUrl && !bundleDir.startsWith(fileURLToPath(outDirUrl))) await cp(bundleDir, `${bundleDir}.kept`, { recursive: true });
      },
    };
  };

  const integration: AstroIntegration = {
    name: 'shop-page-renderer',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        // Pages in flight per worker: one rendering, the next ones on their way or being written.
        if (build.workers > 0) updateConfig({ build: { concurrency: Math.max(config.build.concurrency, 4 * build.workers) } });
      },
      'astro:config:done': ({ config }) => {
        if (config.site) origin = new URL(config.site).origin;
        outDirUrl = config.outDir;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((astroDefault) => {
          const kept = astroDefault as unknown as Prerenderer;
          prerenderer = kept;
          return { name: 'shop-page-renderer', ...(build.workers > 0 ? inWorkers(kept) : inProcess(kept)) } as never;
        });
      },
    },
  };

  return {
    integration,
    deps: () => {
      const known: PageDeps = {};
      for (const path of routes.keys()) known[path] = deps[path] ?? [];
      return known;
    },
    flush: async () => {
      await written;
      if (bundleDir && existsSync(`${bundleDir}.kept`) && !existsSync(bundleDir)) await rename(`${bundleDir}.kept`, bundleDir);
      return { ...counts };
    },
    prepare: async () => {
      if (!globals[LIVE_CATALOGUE]) holdCatalogue(await load());
    },
    writeCspHashes: async (outDir) => {
      const known: PageScriptHashes = { ...renderedScripts };
      for (const [file, hashes] of Object.entries(previousScripts)) if (!rendered.has(file)) known[file] ??= hashes;
      const written = await writeCspHashes(outDir, known);
      scripts = written.pages;
      return written.scripts.length;
    },
    saveDeps: async (dir) => {
      await writeFile(join(dir, PAGE_DEPS_FILE), JSON.stringify(Object.fromEntries(Object.entries(deps).sort())));
      if (scripts) await writeFile(join(dir, SCRIPT_HASHES_FILE), JSON.stringify(scripts));
    },
    render: async (delta, changed) => {
      if (!prerenderer) throw new Error('No build has run in this renderer yet.');
      if (!globals[LIVE_CATALOGUE]) throw new Error('The renderer has not read the catalogue yet (prepare).');
      const live = globals[LIVE_CATALOGUE];
      // Checked with the schema the build reads its file with (a delta the pages cannot render is refused
      // here), but only the parts that changed: the rest was checked when the build read it.
      const next: SiteCatalogue = { ...live.snapshot, ...ContentDeltaSchema.parse(delta.content ?? {}) };
      if (delta.tours?.length) {
        const changed = new Map<string, TourSnapshot>();
        for (const patch of delta.tours) {
          const whole = readTour(patch.id);
          if (whole) changed.set(patch.id, patchTour(whole, patch));
        }
        for (const [id, whole] of changed) patchedTours.set(id, whole);
        next.tours = live.snapshot.tours.map((summary) => {
          const whole = changed.get(summary.id);
          return whole ? summariseTour(whole, hashTour(whole)) : summary;
        });
      }
      const nextLive: LiveCatalogue = { snapshot: next, images: { ...live.images, ...delta.images }, tour: readTour, afterBuild: true };
      const searchChanged = Boolean(delta.tours?.length) && searchRecordsDiffer(live, nextLive, new Set(delta.tours?.map((t) => t.id)));
      globals[LIVE_CATALOGUE] = nextLive;
      // getStaticPaths results (and the props pages get from them) were computed from the older snapshot.
      prerenderer.app?.routeCache.clearAll();
      const pages: RenderedPage[] = [];
      for (const path of pagesShowing(deps, searchChanged ? [...changed, contentKeys.search] : changed)) {
        const route = routes.get(path);
        if (!route) continue;
        const page = await renderRecording(prerenderer.app, new Request(new URL(path, origin)), { routeData: route });
        pages.push({ path, file: outputFileOf(path, route.type), body: page.body ? utf8.decode(page.body) : '' });
      }
      return { pages, searchChanged };
    },
    indexSearch: async (outDir) => {
      const live = globals[LIVE_CATALOGUE];
      if (!live) throw new Error('No build has run in this renderer yet.');
      await writeSearchIndex({ records: buildSearchRecords(live), outDir });
    },
  };
}
