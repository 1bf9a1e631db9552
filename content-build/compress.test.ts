import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressBuild, writeCompressedCopiesSync } from './compress.ts';

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

describe('compressBuild', () => {
  it('writes brotli copies of text files of at least 1 KiB, gzip ones of the bundles only, nothing else', async () => {
    const dir = build({
      'tour/japon/index.html': page('Japón'),
      '_astro/island.js': 'export const isla = 1;\n'.repeat(100),
      'tiny.css': 'body{margin:0}',
      'sitemap.xml': `<urlset>${'<url><loc>https://example.es/</loc></url>'.repeat(40)}</urlset>`,
      'logo.webp': 'x'.repeat(5000),
    });
    expect(await compressBuild({ dir })).toEqual({ compressed: 3, reused: 0, written: 0 });
    for (const file of ['tour/japon/index.html', '_astro/island.js', 'sitemap.xml']) {
      const original = readFileSync(join(dir, file));
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`)))).toEqual(original);
    }
    // A page's gzip is made by the server for the client that asks for it (site-files.ts).
    expect(gunzipSync(readFileSync(join(dir, '_astro/island.js.gz')))).toEqual(readFileSync(join(dir, '_astro/island.js')));
    expect(existsSync(join(dir, 'tour/japon/index.html.gz'))).toBe(false);
    expect(existsSync(join(dir, 'sitemap.xml.gz'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'logo.webp.br'))).toBe(false);
  });

  it("links the live build's copies of unchanged files and compresses changed ones", async () => {
    const live = build({ 'a/index.html': page('A'), 'b/index.html': page('B') });
    await compressBuild({ dir: live });
    const next = build({ 'a/index.html': page('A'), 'b/index.html': page('B renovado'), 'c/index.html': page('C') });
    expect(await compressBuild({ dir: next, previousDir: live })).toEqual({ compressed: 2, reused: 1, written: 0 });
    expect(statSync(join(next, 'a/index.html.br')).ino).toBe(statSync(join(live, 'a/index.html.br')).ino);
    expect(brotliDecompressSync(readFileSync(join(next, 'b/index.html.br'))).toString()).toBe(page('B renovado'));
  });

  it("writes one page's copies as it is rendered, linking the live build's when the bytes are the same", () => {
    const live = build({ 'a/index.html': page('A'), 'b/index.html': page('B') });
    writeCompressedCopiesSync({ dir: live, rel: 'a/index.html', bytes: readFileSync(join(live, 'a/index.html')) });
    writeCompressedCopiesSync({ dir: live, rel: 'b/index.html', bytes: readFileSync(join(live, 'b/index.html')) });
    const next = build({});
    const write = (rel: string, body: string) => writeCompressedCopiesSync({ dir: next, rel, bytes: Buffer.from(body), previousDir: live });
    expect(write('a/index.html', page('A'))).toBe('reused');
    expect(write('b/index.html', page('B renovado'))).toBe('compressed');
    expect(write('c/index.html', page('C'))).toBe('compressed');
    expect(write('tiny.css', 'body{margin:0}')).toBe('skipped');
    expect(statSync(join(next, 'a/index.html.br')).ino).toBe(statSync(join(live, 'a/index.html.br')).ino);
    expect(brotliDecompressSync(readFileSync(join(next, 'b/index.html.br'))).toString()).toBe(page('B renovado'));
    expect(brotliDecompressSync(readFileSync(join(next, 'c/index.html.br'))).toString()).toBe(page('C'));
    expect(existsSync(join(next, 'c/index.html.gz'))).toBe(false);
    expect(existsSync(join(next, 'tiny.css.br'))).toBe(false);
  });

  it('leaves the copies the renderer wrote and compresses the files it did not render', async () => {
    const dir = build({ 'a/index.html': page('A'), 'b/index.html': page('B') });
    writeCompressedCopiesSync({ dir, rel: 'a/index.html', bytes: readFileSync(join(dir, 'a/index.html')) });
    const written = statSync(join(dir, 'a/index.html.br')).ino;
    expect(await compressBuild({ dir, keepWritten: true })).toEqual({ compressed: 1, reused: 0, written: 1 });
    expect(statSync(join(dir, 'a/index.html.br')).ino).toBe(written);
    expect(brotliDecompressSync(readFileSync(join(dir, 'b/index.html.br'))).toString()).toBe(page('B'));
  });

  it("links both of a bundle's copies from the live build, and compresses it again when one is missing", async () => {
    const bundle = 'export const isla = 1;\n'.repeat(100);
    const live = build({ '_astro/a.js': bundle, '_astro/b.js': bundle });
    await compressBuild({ dir: live });
    rmSync(join(live, '_astro/b.js.gz'));
    const next = build({ '_astro/a.js': bundle, '_astro/b.js': bundle });
    expect(await compressBuild({ dir: next, previousDir: live })).toEqual({ compressed: 1, reused: 1, written: 0 });
    expect(statSync(join(next, '_astro/a.js.gz')).ino).toBe(statSync(join(live, '_astro/a.js.gz')).ino);
    expect(gunzipSync(readFileSync(join(next, '_astro/b.js.gz'))).toString()).toBe(bundle);
  });
});
