import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { brotliOnRequest, compressBuild, writeBrotliBeside, writeCompressedCopiesSync } from './compress.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function build(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-compress-'));
  dirs.push(dir);
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
  return dir;
}

const page = (title: string) => `<!doctype html><html lang="es"><h1>${title}</h1>${'<p>Salidas garantizadas desde Madrid y Barcelona.</p>'.repeat(60)}</html>`;

describe('brotliOnRequest', () => {
  it("names a folder's page, not the shells nginx sends in place of other paths, nor other files", () => {
    for (const rel of ['index.html', 'tour/japon/index.html', 'viajes/pagina/2/index.html', 'login/index.html']) expect(brotliOnRequest(rel), rel).toBe(true);
    for (const rel of ['shells/booking-passengers/index.html', 'busqueda/index.html', '404.html', 'sitemap.xml', '_astro/island.js'])
      expect(brotliOnRequest(rel), rel).toBe(false);
  });
});

describe('compressBuild', () => {
  it("writes brotli copies of text files of at least 1 KiB, gzip ones of the bundles only, none of a folder's page", async () => {
    const dir = build({
      'tour/japon/index.html': page('Japón'),
      'shells/booking-passengers/index.html': page('Pasajeros'),
      '_astro/island.js': 'export const isla = 1;\n'.repeat(100),
      'tiny.css': 'body{margin:0}',
      'sitemap.xml': `<urlset>${'<url><loc>https://example.es/</loc></url>'.repeat(40)}</urlset>`,
      'logo.webp': 'x'.repeat(5000),
    });
    expect(await compressBuild({ dir })).toEqual({ compressed: 3, reused: 0, written: 0, onRequest: 1 });
    for (const file of ['shells/booking-passengers/index.html', '_astro/island.js', 'sitemap.xml']) {
      const original = readFileSync(join(dir, file));
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`)))).toEqual(original);
    }
    // A page's gzip is made by the server for the client that asks for it (site-files.ts).
    expect(gunzipSync(readFileSync(join(dir, '_astro/island.js.gz')))).toEqual(readFileSync(join(dir, '_astro/island.js')));
    // A page's brotli is made on its first request (writeBrotliBeside).
    expect(existsSync(join(dir, 'tour/japon/index.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'tour/japon/index.html.gz'))).toBe(false);
    expect(existsSync(join(dir, 'sitemap.xml.gz'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'logo.webp.br'))).toBe(false);
  });

  it("links the live build's copies of unchanged files, a page's made on request included, and compresses changed files", async () => {
    const live = build({ 'a/index.html': page('A'), 'b/index.html': page('B'), 'c/index.html': page('C'), 'sitemap.xml': page('S') });
    await compressBuild({ dir: live });
    for (const rel of ['a/index.html', 'b/index.html']) {
      const path = join(live, rel);
      await writeBrotliBeside(path, readFileSync(path), statSync(path));
    }
    const next = build({ 'a/index.html': page('A'), 'b/index.html': page('B renovado'), 'c/index.html': page('C'), 'sitemap.xml': page('S2') });
    expect(await compressBuild({ dir: next, previousDir: live })).toEqual({ compressed: 1, reused: 1, written: 0, onRequest: 2 });
    expect(statSync(join(next, 'a/index.html.br')).ino).toBe(statSync(join(live, 'a/index.html.br')).ino);
    // Changed since the copy was made, or never asked for: left for its first request.
    expect(existsSync(join(next, 'b/index.html.br'))).toBe(false);
    expect(existsSync(join(next, 'c/index.html.br'))).toBe(false);
    expect(brotliDecompressSync(readFileSync(join(next, 'sitemap.xml.br'))).toString()).toBe(page('S2'));
  });

  it("writes one file's copies as it is rendered, linking the live build's when the bytes are the same", async () => {
    const shell = 'shells/booking-passengers/index.html';
    const live = build({ 'a/index.html': page('A'), [shell]: page('P') });
    await writeBrotliBeside(join(live, 'a/index.html'), readFileSync(join(live, 'a/index.html')), statSync(join(live, 'a/index.html')));
    writeCompressedCopiesSync({ dir: live, rel: shell, bytes: readFileSync(join(live, shell)) });
    const next = build({});
    const write = (rel: string, body: string) => writeCompressedCopiesSync({ dir: next, rel, bytes: Buffer.from(body), previousDir: live });
    expect(write('a/index.html', page('A'))).toBe('reused');
    expect(write('b/index.html', page('B'))).toBe('onRequest');
    expect(write(shell, page('P'))).toBe('reused');
    expect(write('shells/payment/index.html', page('Pago'))).toBe('compressed');
    expect(write('tiny.css', 'body{margin:0}')).toBe('skipped');
    expect(statSync(join(next, 'a/index.html.br')).ino).toBe(statSync(join(live, 'a/index.html.br')).ino);
    expect(statSync(join(next, `${shell}.br`)).ino).toBe(statSync(join(live, `${shell}.br`)).ino);
    expect(existsSync(join(next, 'b/index.html.br'))).toBe(false);
    expect(brotliDecompressSync(readFileSync(join(next, 'shells/payment/index.html.br'))).toString()).toBe(page('Pago'));
    expect(existsSync(join(next, 'shells/payment/index.html.gz'))).toBe(false);
    expect(existsSync(join(next, 'tiny.css.br'))).toBe(false);
  });

  it('leaves the copies the renderer wrote and compresses the files it did not render', async () => {
    const [a, b] = ['shells/payment/index.html', 'shells/receipts/index.html'];
    const dir = build({ [a]: page('A'), [b]: page('B') });
    writeCompressedCopiesSync({ dir, rel: a, bytes: readFileSync(join(dir, a)) });
    const written = statSync(join(dir, `${a}.br`)).ino;
    expect(await compressBuild({ dir, keepWritten: true })).toEqual({ compressed: 1, reused: 0, written: 1, onRequest: 0 });
    expect(statSync(join(dir, `${a}.br`)).ino).toBe(written);
    expect(brotliDecompressSync(readFileSync(join(dir, `${b}.br`))).toString()).toBe(page('B'));
  });

  it("links both of a bundle's copies from the live build, and compresses it again when one is missing", async () => {
    const bundle = 'export const isla = 1;\n'.repeat(100);
    const live = build({ '_astro/a.js': bundle, '_astro/b.js': bundle });
    await compressBuild({ dir: live });
    rmSync(join(live, '_astro/b.js.gz'));
    const next = build({ '_astro/a.js': bundle, '_astro/b.js': bundle });
    expect(await compressBuild({ dir: next, previousDir: live })).toEqual({ compressed: 1, reused: 1, written: 0, onRequest: 0 });
    expect(statSync(join(next, '_astro/a.js.gz')).ino).toBe(statSync(join(live, '_astro/a.js.gz')).ino);
    expect(gunzipSync(readFileSync(join(next, '_astro/b.js.gz'))).toString()).toBe(bundle);
  });
});

describe('writeBrotliBeside', () => {
  it("writes a page's brotli copy beside it, readable by others (nginx's workers), and answers it", async () => {
    const dir = build({ 'tour/japon/index.html': page('Japón') });
    const path = join(dir, 'tour/japon/index.html');
    const made = await writeBrotliBeside(path, readFileSync(path), statSync(path));
    expect(brotliDecompressSync(made.br).toString()).toBe(page('Japón'));
    expect(readFileSync(`${path}.br`).equals(made.br)).toBe(true);
    expect(made.stats?.ino).toBe(statSync(`${path}.br`).ino);
    expect(statSync(`${path}.br`).mode & 0o044).toBe(0o044);
    // Nothing left under another name.
    expect(readdirSync(dirname(path)).sort()).toEqual(['index.html', 'index.html.br']);
  });

  it('takes its copy away again when another page took the place of the one it was made of', async () => {
    const dir = build({ 'tour/japon/index.html': page('Japón') });
    const path = join(dir, 'tour/japon/index.html');
    const read = statSync(path);
    const bytes = readFileSync(path);
    // A publication puts the new page in place while the old one is compressed.
    writeFileSync(`${path}.new`, page('Japón renovado'));
    renameSync(`${path}.new`, path);
    const made = await writeBrotliBeside(path, bytes, read);
    expect(brotliDecompressSync(made.br).toString()).toBe(page('Japón'));
    expect(made.stats).toBeNull();
    expect(readdirSync(dirname(path))).toEqual(['index.html']);
  });

  it('answers the copy without keeping it where the folder cannot be written', async () => {
    const dir = build({ 'tour/japon/index.html': page('Japón') });
    const path = join(dir, 'tour/japon/index.html');
    // Gone by the time it is written: as a folder that refuses the write.
    const bytes = readFileSync(path);
    const read = statSync(path);
    rmSync(dirname(path), { recursive: true });
    const made = await writeBrotliBeside(path, bytes, read);
    expect(brotliDecompressSync(made.br).toString()).toBe(page('Japón'));
    expect(made.stats).toBeNull();
  });
});
