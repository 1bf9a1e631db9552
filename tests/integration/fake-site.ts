/**
 * A hand-made build in the layout content-build writes (`<siteDir>/builds/<hash>` behind the `current`
 * link, image variants in `<siteDir>/media`), so serving rules are tested without running Astro.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { CSP_HASHES_FILE, type CspHashes } from '#content-build/site-folder.ts';
import { inlineScriptHashes } from '#content-build/script-hashes.ts';

export const FAKE_SHELL_HTML = '<!doctype html><html lang="es"><h1>Pasajeros</h1><p>Cargando…</p></html>';
export const FAKE_BUNDLE = 'console.log("isla");'.repeat(50);
export const FAKE_BUNDLE_PATH = '/_astro/island.abc123.js';
export const FAKE_MEDIA_PATH = '/media/f00d-320.webp';
/**
 * A page large enough to compress, without copies, as content-build leaves a page: its `.br` is made on its
 * first request by the Node server (content-build/compress.ts, `brotliOnRequest`).
 */
export const FAKE_LARGE_PAGE_PATH = '/destino/japon';
export const FAKE_LARGE_PAGE = `<!doctype html><html lang="es"><h1>Japón</h1>${'<p>Salidas garantizadas desde Madrid.</p>'.repeat(60)}</html>`;
/** The home page's inline script, as Astro writes its island loaders: the build lists its hash. */
const FAKE_INLINE_SCRIPT = '<script type="module">document.documentElement.dataset.isla = "1";</script>';

const put = (path: string, body: string | Buffer) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, body);
};

/** Writes the fake build under `siteDir` and makes it live. */
export function writeFakeSite(siteDir: string): void {
  const build = join(siteDir, 'builds', 'b1');
  put(join(build, 'index.html'), `<h1>Portada</h1>${FAKE_INLINE_SCRIPT}`);
  put(join(build, CSP_HASHES_FILE), JSON.stringify({ scripts: inlineScriptHashes(FAKE_INLINE_SCRIPT) } satisfies CspHashes));
  put(join(build, 'viajes', 'index.html'), '<h1>Todos los viajes</h1>');
  put(join(build, 'login', 'index.html'), '<h1>Inicia sesión</h1>');
  put(join(build, 'busqueda', 'index.html'), '<h1>Buscar viajes</h1>');
  put(join(build, '404.html'), '<h1>No encontramos esta página</h1>');
  put(join(build, 'build-info.json'), JSON.stringify({ hash: 'b1', builtAt: '2026-11-22T10:00:00.000Z', pages: 4, tours: 0 }));
  put(join(build, 'shells', 'booking-passengers', 'index.html'), FAKE_SHELL_HTML);
  put(join(build, 'shells', 'booking-passengers', 'index.html.br'), brotliCompressSync(FAKE_SHELL_HTML));
  put(join(build, 'shells', 'booking-passengers', 'index.html.gz'), gzipSync(FAKE_SHELL_HTML));
  put(join(build, FAKE_LARGE_PAGE_PATH, 'index.html'), FAKE_LARGE_PAGE);
  put(join(build, FAKE_BUNDLE_PATH), FAKE_BUNDLE);
  put(join(build, `${FAKE_BUNDLE_PATH}.br`), brotliCompressSync(FAKE_BUNDLE));
  put(join(build, `${FAKE_BUNDLE_PATH}.gz`), gzipSync(FAKE_BUNDLE));
  put(join(siteDir, FAKE_MEDIA_PATH), Buffer.from('RIFF-fake-webp'));
  symlinkSync(join('builds', 'b1'), join(siteDir, 'current'));
}
