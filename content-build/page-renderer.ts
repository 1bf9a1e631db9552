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
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import type { ImageManifest } from '#shared/images.ts';
import { contentKeys, LIVE_CATALOGUE, type LiveCatalogue, PAGE_DEPS, type ContentKey, type PageDeps, pagesShowing } from '#shared/page-deps.ts';
import { CatalogueSnapshotSchema, type SiteCatalogue, summariseTour, type TourSnapshot, TourSnapshotSchema } from '#shared/snapshot.ts';
import { type CompressThread, startCompressThread } from './compress-thread.ts';
import { type PageScriptHashes, writeCspHashes } from './csp.ts';
import { buildSearchRecords, writeSearchIndex } from './search-index.ts';
import { PAGE_DEPS_FILE } from './site-folder.ts';
import { hashTour } from './snapshot-file.ts';

/** The pages' content keys as of the last render of each, kept with Astro's cache between builds. */
/**
 * The inline-script hashes of the pages of the last full build, kept with Astro's cache: a page Astro
 * restores from its cache has the same bytes, so the same hashes, and is not read back to find them.
 */
const SCRIPT_HASHES_FILE = 'page-script-hashes.json';

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
  type: string;
  pattern: RegExp;
}
interface Prerenderer {
  getStaticPaths(): Promise<{ pathname: string; route: RouteData; cacheKey?: string }[]>;
  render(request: Request, options: { routeData: RouteData; collectMetadata?: boolean }): Promise<Response | { response: Response }>;
  setup?(): Promise<void>;
  teardown?(): Promise<void>;
  app?: { routeCache: { clearAll(): void } };
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
  /** Waits for the compressed copies of the pages the build rendered (`compressInto`); answers their count. */
  flush(): Promise<{ compressed: number; reused: number }>;
  /**
   * Writes the build's `csp-hashes.json` (`csp.ts`) once it is flushed: the hashes of the pages it rendered
   * came from the compression thread, those of the pages Astro restored from the last build's record;
   * only the rest are read back. Answers how many distinct hashes there are.
   */
  writeCspHashes(outDir: string): Promise<number>;
  /** Applies `delta` to the snapshot and renders every page that showed one of `changed`. */
  render(delta: CatalogueDelta, changed: readonly ContentKey[]): Promise<RenderResult>;
  /** Writes the search index of the snapshot as the renders left it into `<outDir>/pagefind`, as the build does. */
  indexSearch(outDir: string): Promise<void>;
}

/**
 * @param load reads the build's snapshot (validated) and image manifest; the renderer keeps them and applies
 *   deltas to them. Called when Astro starts rendering, after it bundled the pages: at 10,000 tours the
 *   snapshot held through the bundling added about 300 MB to that phase's memory.
 * @param cacheDir Astro's cache folder, where the keys of pages the build restores from cache are kept.
 * @param compressInto the build's output folder, and the live build's: the `.br` and `.gz` of each page
 *   the build renders are written by a thread of their own as the build goes on (`compress-thread.ts`).
 */
export function createPageRenderer({
  load,
  cacheDir,
  compressInto,
}: {
  load: () => Promise<LiveCatalogue>;
  cacheDir: string;
  compressInto?: { dir: string; previousDir: string | null };
}): PageRenderer {
  let prerenderer: Prerenderer | null = null;
  let compressor: CompressThread | null = null;
  let origin = 'http://localhost:4321';
  const depsFile = join(cacheDir, PAGE_DEPS_FILE);
  const previous: PageDeps = existsSync(depsFile) ? (JSON.parse(readFileSync(depsFile, 'utf8')) as PageDeps) : {};
  // Read, then removed until this build saves its own: a build that dies midway may leave Astro's cache
  // with pages newer than this record, and then none is better than a wrong one.
  const scriptsFile = join(cacheDir, SCRIPT_HASHES_FILE);
  const previousScripts: PageScriptHashes = existsSync(scriptsFile) ? (JSON.parse(readFileSync(scriptsFile, 'utf8')) as PageScriptHashes) : {};
  rmSync(scriptsFile, { force: true });
  let renderedScripts: PageScriptHashes = {};
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

  const renderRecording = async (target: Prerenderer, request: Request, options: { routeData: RouteData; collectMetadata?: boolean }) => {
    const recording = new Set<ContentKey>();
    const result = await recordings.run(recording, () => target.render(request, options));
    deps[new URL(request.url).pathname] = [...recording].sort();
    return result;
  };

  const integration: AstroIntegration = {
    name: 'shop-page-renderer',
    hooks: {
      'astro:config:done': ({ config }) => {
        if (config.site) origin = new URL(config.site).origin;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((astroDefault) => {
          const kept = astroDefault as unknown as Prerenderer;
          prerenderer = kept;
          return {
            name: 'shop-page-renderer',
            setup: async () => {
              const loaded = await load();
              readBuiltTour = loaded.tour;
              globals[LIVE_CATALOGUE] = loaded;
              if (compressInto) compressor = startCompressThread(compressInto);
              await kept.setup?.();
            },
            getStaticPaths: async () => {
              const paths = await kept.getStaticPaths();
              for (const { pathname, route } of paths) {
                routes.set(pathname, route);
                // Restored from cache, not rendered: its data (the cache key) and so its keys are unchanged.
                if (previous[pathname]) deps[pathname] = previous[pathname];
              }
              return paths as never;
            },
            render: (async (request: Request, options: { routeData: RouteData; collectMetadata?: boolean }) => {
              rendered.add(outputFileOf(new URL(request.url).pathname, options.routeData.type));
              const result = await renderRecording(kept, request, options);
              const response = result instanceof Response ? result : result.response;
              if (!compressor || response.status !== 200 || !response.body) return result;
              // Astro reads the body to write the page: it gets the same bytes from a copy.
              const bytes = new Uint8Array(await response.arrayBuffer());
              await compressor.compress(outputFileOf(new URL(request.url).pathname, options.routeData.type), bytes);
              const copy = new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
              return result instanceof Response ? copy : { ...result, response: copy };
            }) as never,
            // Kept for later renders: the build would tear it down here.
            teardown: async () => {},
          };
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
      const { scripts: hashed, ...counts } = (await compressor?.close()) ?? { compressed: 0, reused: 0, scripts: {} };
      compressor = null;
      renderedScripts = { ...renderedScripts, ...hashed };
      return counts;
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
      const live = globals[LIVE_CATALOGUE] as LiveCatalogue;
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
        const rendered = await renderRecording(prerenderer, new Request(new URL(path, origin)), { routeData: route });
        const response = rendered instanceof Response ? rendered : rendered.response;
        pages.push({ path, file: outputFileOf(path, route.type), body: await response.text() });
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
