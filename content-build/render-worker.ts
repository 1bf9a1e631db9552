/**
 * One render worker of a full build (docs/decisions/052-render-workers.md): a thread that loads the pages'
 * server bundle the Astro build made and the catalogue snapshot, and renders the pages the build asks it
 * for. Astro's build (on the process's main thread) lists the pages, writes them and keeps its cache; the
 * workers do what costs: each renders a page, writes its compressed copies (`compress.ts`) and hashes its
 * inline scripts (`script-hashes.ts`), and answers the page's bytes with the content keys it showed.
 *
 * The bundle is rendered through Astro's own default prerenderer, given the parts of the build's internals
 * its rendering reads (each page's styles, the bundles' names) and the build's page scripts: the bytes are
 * those the build's own thread would render. `render-pool.ts` starts it and speaks to it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFile } from 'node:fs/promises';
import { isMainThread, parentPort } from 'node:worker_threads';
import type { ImageManifest } from '#shared/images.ts';
import { type ContentKey, LIVE_CATALOGUE, type LiveCatalogue, PAGE_DEPS } from '#shared/page-deps.ts';
import { writeCompressedCopiesSync } from './compress.ts';
import { type RenderingApp, renderPageBytes } from './page-bytes.ts';
import { buildSearchRecords, searchRecordsFile, writeSearchRecords } from './search-index.ts';
import { inlineScriptHashes } from './script-hashes.ts';
import { openSnapshotParts } from './snapshot-file.ts';

/** What a worker needs of the build that started it. */
export interface WorkerSetup {
  /** The folder of the pages' server bundle (`file:` URL, ending in `/`) and its entry's name in it. */
  prerenderOutputDir: string;
  prerenderEntryFileName: string;
  /** The styles of each page of the build (Astro's page-data key → its styles), and the bundles' names. */
  pageStyles: [string, unknown[]][];
  bundles: [string, string][];
  /** The build's page-stage and head-inline scripts (Astro's `settings.scripts`). */
  scripts: unknown[];
  snapshotPath: string;
  manifestPath: string | null;
  /** Where the build writes the pages (their copies go beside them) and the live build, whose identical copies are linked. */
  outDir: string;
  previousDir: string | null;
  /** This worker also writes the records of the search index (`writeSearchRecords`) into the snapshot's folder. */
  indexSearch: boolean;
}

/** A route as both threads name it: component and pattern. */
export interface RouteRef {
  component: string;
  route: string;
}

export type WorkerRequest =
  | { type: 'setup'; setup: WorkerSetup }
  | { type: 'paths' }
  | { type: 'render'; id: number; url: string; route: RouteRef; file: string; collectMetadata: boolean }
  | { type: 'close' };

export type WorkerAnswer =
  | { type: 'ready' }
  | { type: 'paths'; paths: { pathname: string; route: RouteRef; cacheKey?: string }[] }
  | {
      type: 'rendered';
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      body: Uint8Array<ArrayBuffer> | null;
      metadata: unknown;
      deps: ContentKey[];
      scripts: string[] | null;
      outcome: ReturnType<typeof writeCompressedCopiesSync> | null;
    }
  | { type: 'closed' }
  | { type: 'failed'; id: number | null; message: string };

// Astro's prerenderer and routes, as far as they are used here.
interface Route {
  component: string;
  route: string;
  fallbackRoutes?: Route[];
}
interface DefaultPrerenderer {
  setup(): Promise<void>;
  getStaticPaths(): Promise<{ pathname: string; route: Route; cacheKey?: string }[]>;
  app?: RenderingApp<Route> & { manifest: { routes: { routeData: Route }[] } };
}

export const routeRef = ({ component, route }: RouteRef): RouteRef => ({ component, route });
export const routeKey = ({ component, route }: RouteRef) => `${component}\0${route}`;

type Globals = { [PAGE_DEPS]?: AsyncLocalStorage<Set<ContentKey>>; [LIVE_CATALOGUE]?: LiveCatalogue };

async function startWorker(setup: WorkerSetup) {
  const globals = globalThis as Globals;
  const images = setup.manifestPath ? (JSON.parse(await readFile(setup.manifestPath, 'utf8')) as ImageManifest) : {};
  const catalogue = openSnapshotParts(setup.snapshotPath, images);
  globals[LIVE_CATALOGUE] = catalogue;
  const recordings = new AsyncLocalStorage<Set<ContentKey>>();
  globals[PAGE_DEPS] = recordings;
  // Pagefind indexes them once the build's process has ended (build.ts).
  const searchIndex = setup.indexSearch
    ? writeSearchRecords({ records: buildSearchRecords(catalogue), file: searchRecordsFile(setup.snapshotPath) })
    : Promise.resolve();
  searchIndex.catch(() => {});

  // Astro's own prerenderer, as its build makes it: the page bundle is its code, not ours.
  const { createDefaultPrerenderer } = (await import(new URL('../node_modules/astro/dist/core/build/default-prerenderer.js', import.meta.url).href)) as {
    createDefaultPrerenderer(input: { internals: unknown; options: unknown; prerenderOutputDir: URL }): DefaultPrerenderer;
  };
  const internals = {
    prerenderEntryFileName: setup.prerenderEntryFileName,
    pagesByKeys: new Map(setup.pageStyles.map(([key, styles]) => [key, { styles }])),
    entrySpecifierToBundleMap: new Map(setup.bundles),
  };
  const destination = {
    write: (event: { level: string; label: string | null; message: string }) => {
      if (event.level === 'error' || event.level === 'warn') process.stderr.write(`[${event.label ?? 'astro'}] ${event.message}\n`);
      return true;
    },
  };
  const options = { settings: { scripts: setup.scripts }, logger: { options: { destination } } };
  const prerenderer = createDefaultPrerenderer({ internals, options, prerenderOutputDir: new URL(setup.prerenderOutputDir) });
  await prerenderer.setup();
  const routes = new Map<string, Route>();
  for (const { routeData } of prerenderer.app?.manifest.routes ?? []) {
    for (const route of [routeData, ...(routeData.fallbackRoutes ?? [])]) routes.set(routeKey(route), route);
  }

  return {
    paths: async () => (await prerenderer.getStaticPaths()).map(({ pathname, route, cacheKey }) => ({ pathname, route: routeRef(route), cacheKey })),
    render: async ({ id, url, route, file, collectMetadata }: Extract<WorkerRequest, { type: 'render' }>): Promise<WorkerAnswer> => {
      const routeData = routes.get(routeKey(route));
      if (!routeData) throw new Error(`No route ${route.route} in the page bundle.`);
      const app = prerenderer.app;
      if (!app) throw new Error('Astro’s prerenderer has no app: its setup has not run.');
      const recording = new Set<ContentKey>();
      // Its own buffer, handed over to the build's thread without a copy.
      const { status, statusText, headers, body, metadata } = await recordings.run(recording, () =>
        renderPageBytes(app, new Request(url), { routeData, collectMetadata }),
      );
      let scripts: string[] | null = null;
      let outcome: ReturnType<typeof writeCompressedCopiesSync> | null = null;
      if (body && status === 200) {
        // While its bytes are here: otherwise every page is read back from disk once the build is done (csp.ts).
        if (file.endsWith('.html')) scripts = inlineScriptHashes(body);
        outcome = writeCompressedCopiesSync({ dir: setup.outDir, rel: file, bytes: body, previousDir: setup.previousDir });
      }
      return {
        type: 'rendered',
        id,
        status,
        statusText,
        headers,
        body,
        metadata,
        deps: [...recording].sort(),
        scripts,
        outcome,
      };
    },
    close: () => searchIndex,
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const send = (answer: WorkerAnswer) => port.postMessage(answer, answer.type === 'rendered' && answer.body ? [answer.body.buffer] : []);
  const fail = (id: number | null, err: unknown) => send({ type: 'failed', id, message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  let worker: ReturnType<typeof startWorker> | null = null;
  // One page at a time, in the order asked: the build keeps several in flight per worker, so none waits idle.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (id: number | null, task: (started: Awaited<ReturnType<typeof startWorker>>) => Promise<WorkerAnswer>) => {
    queue = queue.then(async () => {
      try {
        if (!worker) throw new Error('The render worker was not set up.');
        send(await task(await worker));
      } catch (err) {
        fail(id, err);
      }
    });
  };
  port.on('message', (message: WorkerRequest) => {
    if (message.type === 'setup') {
      worker = startWorker(message.setup);
      worker.then(
        () => send({ type: 'ready' }),
        (err: unknown) => fail(null, err),
      );
    } else if (message.type === 'paths') enqueue(null, async (w) => ({ type: 'paths', paths: await w.paths() }));
    else if (message.type === 'render') enqueue(message.id, (w) => w.render(message));
    else if (message.type === 'close')
      enqueue(null, async (w) => {
        await w.close();
        return { type: 'closed' };
      });
  });
}
