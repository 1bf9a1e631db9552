import { getInstalledRenderScope } from 'astro/app';
import { describe, expect, it } from 'vitest';
import { type RenderingApp, renderPageBytes } from './page-bytes.ts';

/** Astro's app of a build (internal: what `streamRenders` switches on). */
const { BuildApp } = (await import(new URL('./core/build/app.js', import.meta.resolve('astro')).href)) as { BuildApp: { prototype: object } };

const utf8 = new TextEncoder();
const logger = { warn: () => {} } as unknown as RenderingApp<string>['logger'];
const page = '<!doctype html><p>Japón, 1.290 €</p>';

/** An app answering `answer()` to every render, as Astro's does. */
const appAnswering = (answer: () => Response): RenderingApp<string> & { routes: string[] } => {
  const routes: string[] = [];
  return {
    routes,
    logger,
    render: async (_request, { routeData }) => {
      routes.push(routeData);
      return answer();
    },
  };
};

/** What a render records while its body is read, as a page's images would (Astro's `recordReferencedImage`). */
const recordWhileRead = (path: string) => getInstalledRenderScope()?.getStore()?.referencedImages?.add(path);

describe('a page rendered for the build, its bytes read once', () => {
  it('gives the page’s status, headers and bytes, and the route it was asked with', async () => {
    const app = appAnswering(() => new Response(utf8.encode(page), { status: 200, headers: { 'content-type': 'text/html' } }));
    const read = await renderPageBytes(app, new Request('http://tienda.test/tour/japon'), { routeData: 'tour' });
    expect(app.routes).toEqual(['tour']);
    expect(read.status).toBe(200);
    expect(read.headers).toContainEqual(['content-type', 'text/html']);
    expect(new TextDecoder().decode(read.body ?? new Uint8Array())).toBe(page);
    // One chunk: the buffer the response held, the whole of it (the build hands it on without a copy).
    expect(read.body?.byteOffset).toBe(0);
    expect(read.body?.byteLength).toBe(read.body?.buffer.byteLength);
    expect(read.metadata).toBeUndefined();
  });

  it('joins a body streamed in several chunks, and collects what the render records while it streams', async () => {
    const parts = ['<!doctype html>', '<p>Japón', ', 1.290 €</p>'];
    const app = appAnswering(() => {
      let next = 0;
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            const part = parts[next++];
            if (part === undefined) return controller.close();
            recordWhileRead(`/imagenes/${next}.jpg`);
            controller.enqueue(utf8.encode(part));
          },
        }),
      );
    });
    const read = await renderPageBytes(app, new Request('http://tienda.test/'), { routeData: 'home', collectMetadata: true });
    expect(new TextDecoder().decode(read.body ?? new Uint8Array())).toBe(parts.join(''));
    expect(read.metadata).toEqual({ contentEntryKeys: [], staticImages: [], referencedImages: ['/imagenes/1.jpg', '/imagenes/2.jpg', '/imagenes/3.jpg'] });
    // Each render its own record.
    const again = await renderPageBytes(app, new Request('http://tienda.test/'), { routeData: 'home', collectMetadata: true });
    expect((again.metadata as { referencedImages: string[] }).referencedImages).toHaveLength(3);
  });

  it('gives no body for a status that has none, and keeps a 404 page’s', async () => {
    const empty = await renderPageBytes(
      appAnswering(() => new Response(null, { status: 204 })),
      new Request('http://tienda.test/x'),
      { routeData: 'x' },
    );
    expect(empty).toMatchObject({ status: 204, body: null });
    const missing = await renderPageBytes(
      appAnswering(() => new Response(utf8.encode(page), { status: 404 })),
      new Request('http://tienda.test/404'),
      {
        routeData: '404',
      },
    );
    expect(missing.status).toBe(404);
    expect(missing.body?.byteLength).toBe(utf8.encode(page).byteLength);
  });

  it('renders the page as a stream, where Astro’s build app would render it as one string', async () => {
    /** Like Astro's `BuildApp`: whole strings unless its `resolveStreaming` says otherwise. */
    class WholeStringApp {
      readonly logger = logger;
      seen: (boolean | undefined)[] = [];
      resolveStreaming(): boolean | undefined {
        return undefined;
      }
      async render() {
        this.seen.push(this.resolveStreaming());
        return new Response(utf8.encode(page));
      }
    }
    const app = new WholeStringApp();
    await renderPageBytes(app, new Request('http://tienda.test/'), { routeData: 'home' });
    await renderPageBytes(app, new Request('http://tienda.test/viajes'), { routeData: 'viajes' });
    expect(app.seen).toEqual([true, true]);
    // Astro's own build app has the switch, off by default: an Astro without it fails here, not silently.
    const resolveStreaming = (BuildApp.prototype as { resolveStreaming?: () => unknown }).resolveStreaming;
    expect(typeof resolveStreaming).toBe('function');
    expect(resolveStreaming?.call({})).toBeUndefined();
  });
});
