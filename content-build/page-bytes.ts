/**
 * A page rendered by the build's Astro app, its bytes read once. Astro's default prerenderer reads each page's
 * body and wraps the bytes in a new `Response` (to collect the page's metadata while the body is read), and
 * the build reads that one again: with the app's own `Response`, four copies of every page, each allocated
 * outside V8's heap and counted against it, for bytes then written once. Here the app's `Response` is read
 * through its stream, which hands over the one copy it holds (docs/decisions/055-build-cpu-per-page.md).
 *
 * The same steps as Astro's `renderForPrerender` (astro/dist/core/app/prerender.js), through what `astro/app`
 * exports for prerenderers: the metadata is collected while the body is read. One difference: the page is
 * rendered as a stream (`streamRenders`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { collectPrerenderMetadata, getInstalledRenderScope, installRenderScope } from 'astro/app';

/** Statuses whose response has no body (the Fetch standard's null body statuses), as Astro treats them. */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304]);

export interface PageBytes {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer> | null;
  /** Astro's incremental-build metadata of the render, when asked for. */
  metadata?: unknown;
}

/** The part of Astro's app (`BaseApp`) a prerenderer renders with. */
export interface RenderingApp<Route> {
  render(request: Request, options: { routeData: Route }): Promise<Response>;
  readonly logger: Parameters<typeof collectPrerenderMetadata>[1];
  /** Whether pages render as streams; Astro's build app answers none, which renders each page as one string. */
  resolveStreaming?(): boolean | undefined;
}

/** The apps `streamRenders` was given. */
const streamed = new WeakSet<object>();

/**
 * Has `app` render its pages as streams, as Astro renders pages on request, instead of as one string: the same
 * bytes (every page of a 10,000-tour build compared). Rendered whole, each page came back as a `Response` around
 * its bytes, and those bytes outlived V8's young-generation collections: the array buffers grew by about 2 MB a
 * collection until V8 collected the old generation for them, 15 of the build's 18 full collections. Streamed,
 * they stay under 15 MB and the build makes 5 (docs/decisions/055-build-cpu-per-page.md, second addendum).
 * Astro's `BuildApp` leaves streaming to its environment through `resolveStreaming`; if a later Astro has no such
 * method, pages render whole as before (`page-bytes.test.ts` fails then).
 */
function streamRenders(app: RenderingApp<unknown>): void {
  if (streamed.has(app)) return;
  streamed.add(app);
  if (typeof app.resolveStreaming === 'function') Object.defineProperty(app, 'resolveStreaming', { value: () => true, configurable: true });
}

/** The bytes of a body, as the stream gives them: its one chunk itself (a page's), or the chunks joined. */
async function bodyBytes(body: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let length = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    length += read.value.byteLength;
  }
  const [only] = chunks;
  if (chunks.length === 1 && only) return only;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Renders `request` with `app` and reads its body once; with `collectMetadata`, Astro's metadata of the render. */
export async function renderPageBytes<Route>(
  app: RenderingApp<Route>,
  request: Request,
  { routeData, collectMetadata = false }: { routeData: Route; collectMetadata?: boolean },
): Promise<PageBytes> {
  streamRenders(app);
  const read = async (): Promise<PageBytes> => {
    const response = await app.render(request, { routeData });
    const body = response.body === null ? null : await bodyBytes(response.body as ReadableStream<Uint8Array<ArrayBuffer>>);
    return {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: NULL_BODY_STATUSES.has(response.status) ? null : body,
    };
  };
  if (!collectMetadata) return read();
  // What Astro's default prerenderer installs before its first render (`ensureAsyncRenderScope`): once a process.
  if (!getInstalledRenderScope()) installRenderScope(new AsyncLocalStorage());
  const { value, metadata } = await collectPrerenderMetadata(read, app.logger);
  return { ...value, metadata };
}
