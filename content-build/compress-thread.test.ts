import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCompressThread } from './compress-thread.ts';

describe('the compression thread beside the renderer', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'shop-compress-thread-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the copy of every file queued, though together they weigh more than its queue holds', async () => {
    const thread = startCompressThread({ dir, previousDir: null });
    // 24 pages of 512 KB: three times what the queue holds, so the renderer's side waits for the thread.
    const pages = Array.from({ length: 24 }, (_, i) => {
      // Not a folder's page, whose copy is made on its first request (compress.ts, brotliOnRequest).
      const rel = `paginas/${i + 1}.html`;
      const html = `<html><body>${randomBytes(256 * 1024).toString('hex')}</body></html>`;
      return { rel, bytes: new TextEncoder().encode(html), html };
    });
    for (const page of pages) {
      mkdirSync(join(dir, page.rel, '..'), { recursive: true });
      await thread.compress(page.rel, page.bytes);
    }
    // A folder's page: no copy.
    const tour = '<html><body>Japón</body></html>';
    mkdirSync(join(dir, 'tour/japon'), { recursive: true });
    await thread.compress('tour/japon/index.html', new TextEncoder().encode(tour));
    const closed = await thread.close();
    expect(closed.compressed).toBe(pages.length);
    expect(closed.onRequest).toBe(1);
    expect(existsSync(join(dir, 'tour/japon/index.html.br'))).toBe(false);
    for (const page of pages) {
      expect(brotliDecompressSync(readFileSync(join(dir, `${page.rel}.br`))).toString('utf8')).toBe(page.html);
    }
  });
});
