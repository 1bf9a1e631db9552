import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from '../server.ts';
import { createSiteFileCache, siteFiles } from './site-files.ts';

const root = mkdtempSync(join(tmpdir(), 'shop-site-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
// Checked against the disk on every request: these tests change files under a running server.
const app = new Hono().use('*', siteFiles({ cache: createSiteFileCache({ root, revalidateMs: 0 }) })).notFound((c) => c.text('no', 404));
const server = await listen(app, 0, '127.0.0.1');
afterAll(() => server.close());
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('the live build’s files', () => {
  it('serve a folder’s index.html, the compressed copy the browser accepts, HEAD and ranges, and nothing outside', async () => {
    mkdirSync(join(root, 'viajes'), { recursive: true });
    const page = `<!doctype html><p>${'Viajes '.repeat(300)}</p>`;
    writeFileSync(join(root, 'viajes/index.html'), page);
    writeFileSync(join(root, 'viajes/index.html.br'), brotliCompressSync(page));
    const plain = await fetch(`${base}/viajes/`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await plain.text()).toBe(page);
    const br = await fetch(`${base}/viajes`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(await br.text()).toBe(page);
    const head = await fetch(`${base}/viajes/index.html`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(page)));
    const part = await fetch(`${base}/viajes/index.html`, { headers: { range: 'bytes=0-14', 'accept-encoding': 'identity' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('<!doctype html>');
    expect((await fetch(`${base}/viajes/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404);
    expect((await fetch(`${base}/nada.html`)).status).toBe(404);
  });

  // The build writes no gzip of its pages (content-build/compress.ts): a client without brotli gets one made
  // for it, the same bytes and ETag for the next such client, and a 304 when it has them.
  it('make a page’s gzip for a client without brotli, once, and answer its validators', async () => {
    const cache = createSiteFileCache({ root, revalidateMs: 60_000 });
    const local = await listen(new Hono().use('*', siteFiles({ cache })), 0, '127.0.0.1');
    try {
      const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
      mkdirSync(join(root, 'ofertas'), { recursive: true });
      const page = `<!doctype html><p>${'Ofertas de última hora '.repeat(200)}</p>`;
      writeFileSync(join(root, 'ofertas/index.html'), page);
      writeFileSync(join(root, 'ofertas/index.html.br'), brotliCompressSync(page));
      const gzip = async (headers: Record<string, string> = {}) => {
        const res = await fetch(`${at}/ofertas/`, { headers: { 'accept-encoding': 'gzip', ...headers } });
        return { res, bytes: Buffer.from(await res.arrayBuffer()) };
      };
      const first = await gzip();
      expect(first.res.headers.get('content-encoding')).toBe('gzip');
      expect(first.res.headers.get('vary')).toBe('Accept-Encoding');
      // fetch decodes what it is sent: the page, from fewer bytes than the page.
      expect(first.bytes.toString()).toBe(page);
      // As sent, undecoded.
      const raw = await new Promise<Buffer>((resolve, reject) => {
        get(`${at}/ofertas/`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        }).on('error', reject);
      });
      expect(raw.length).toBeLessThan(Buffer.byteLength(page) / 5);
      expect(gunzipSync(raw).toString()).toBe(page);
      const etag = first.res.headers.get('etag') as string;
      expect((await gzip()).res.headers.get('etag')).toBe(etag);
      expect((await gzip({ 'if-none-match': etag })).res.status).toBe(304);
      // Brotli is still the build's copy; a small file has no copy at all.
      expect((await fetch(`${at}/ofertas/`, { headers: { 'accept-encoding': 'gzip, br' } })).headers.get('content-encoding')).toBe('br');
      writeFileSync(join(root, 'poco.html'), '<p>poco</p>');
      const small = await fetch(`${at}/poco.html`, { headers: { 'accept-encoding': 'gzip' } });
      expect(small.headers.get('content-encoding')).toBeNull();
      expect(small.headers.get('vary')).toBeNull();
    } finally {
      local.close();
    }
  });

  // The build leaves a page's brotli copy to its first request (content-build/compress.ts, brotliOnRequest).
  it('make a page’s brotli copy on its first request and keep it beside the page, for nginx and the next build', async () => {
    mkdirSync(join(root, 'destino/peru'), { recursive: true });
    mkdirSync(join(root, 'shells/payment'), { recursive: true });
    const page = (title: string) => `<!doctype html><h1>${title}</h1><p>${'Machu Picchu en tren '.repeat(200)}</p>`;
    const path = join(root, 'destino/peru/index.html');
    writeFileSync(path, page('Perú'));
    const brotli = async () => {
      const res = await fetch(`${base}/destino/peru/`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      return { encoding: res.headers.get('content-encoding'), etag: res.headers.get('etag'), text: await res.text() };
    };
    const first = await brotli();
    expect(first).toMatchObject({ encoding: 'br', text: page('Perú') });
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(page('Perú'));
    const copy = statSync(`${path}.br`).ino;
    // The next request (this cache looks at the disk each time) finds the copy it wrote: not made again.
    expect(await brotli()).toEqual(first);
    expect(statSync(`${path}.br`).ino).toBe(copy);

    // A publication renames a new page in place and takes the old copy away (content-build/build.ts).
    writeFileSync(`${path}.tmp`, page('Perú renovado'));
    renameSync(`${path}.tmp`, path);
    rmSync(`${path}.br`);
    expect(await brotli()).toMatchObject({ encoding: 'br', text: page('Perú renovado') });
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(page('Perú renovado'));

    // Not for a shell (nginx sends it in place of other paths: the build writes its copy) nor other files.
    writeFileSync(join(root, 'shells/payment/index.html'), page('Pago'));
    writeFileSync(join(root, 'datos.json'), JSON.stringify({ texto: 'Perú '.repeat(400) }));
    for (const other of ['/shells/payment/index.html', '/datos.json']) {
      const res = await fetch(`${base}${other}`, { headers: { 'accept-encoding': 'br' } });
      expect(res.headers.get('content-encoding'), other).toBeNull();
      await res.arrayBuffer();
    }
    expect(existsSync(join(root, 'shells/payment/index.html.br'))).toBe(false);
    expect(existsSync(join(root, 'datos.json.br'))).toBe(false);
  });

  it('keeps no brotli copy of a page that a new version replaced while it was made', async () => {
    const versions = [`<p>${'a'.repeat(30_000)}</p>`, `<p>${'b'.repeat(60_000)}</p>`];
    mkdirSync(join(root, 'tour/rapido'), { recursive: true });
    const file = join(root, 'tour/rapido/index.html');
    writeFileSync(file, versions[0] as string);
    const stale: string[] = [];
    for (let n = 1; n <= 150; n++) {
      const answer = fetch(`${base}/tour/rapido/`, { headers: { 'accept-encoding': 'br' } }).then((r) => r.text());
      // A publication lands somewhere in the request's reading, compressing and writing, in its order
      // (content-build/build.ts): the new page, then the old page's copy taken away.
      await new Promise((resolve) => setTimeout(resolve, n % 4));
      writeFileSync(`${file}.tmp`, versions[n % 2] as string);
      renameSync(`${file}.tmp`, file);
      rmSync(`${file}.br`, { force: true });
      expect(versions).toContain(await answer);
      // Once the request is answered, whatever copy it left beside the page is the page's own.
      if (existsSync(`${file}.br`) && !brotliDecompressSync(readFileSync(`${file}.br`)).equals(readFileSync(file))) stale.push(`round ${n}`);
    }
    expect(stale).toEqual([]);
    expect(readdirSync(join(root, 'tour/rapido')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('never sends a page under another version’s length while a new version is renamed over it', async () => {
    const small = `<p>${'a'.repeat(2_000)}</p>`;
    const large = `<p>${'b'.repeat(60_000)}</p>`;
    const file = join(root, 'oferta.html');
    writeFileSync(file, small);
    let swapping = true;
    let n = 0;
    const swapper = (async () => {
      while (swapping) {
        n += 1;
        writeFileSync(`${file}.tmp`, n % 2 ? large : small);
        renameSync(`${file}.tmp`, file);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const bodies: string[] = [];
    try {
      for (let i = 0; i < 400; i++) {
        const answers = await Promise.all(
          Array.from({ length: 4 }, () =>
            fetch(`${base}/oferta.html`, { headers: { 'accept-encoding': 'identity' } }).then(
              (r) => r.text(),
              (err: Error) => `error: ${err.message}`,
            ),
          ),
        );
        bodies.push(...answers);
      }
    } finally {
      swapping = false;
      await swapper;
    }
    expect(n).toBeGreaterThan(100);
    expect(bodies.filter((b) => b !== small && b !== large).map((b) => b.slice(0, 40))).toEqual([]);
  });
});
