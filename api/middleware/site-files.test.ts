import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
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
