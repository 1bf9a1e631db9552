import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCompressThread } from './compress-thread.ts';
import { inlineScriptHashes } from './script-hashes.ts';

describe('the compression thread beside the renderer', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'shop-compress-thread-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the copy of every page queued, though together they weigh more than its queue holds', async () => {
    const thread = startCompressThread({ dir, previousDir: null });
    // 24 pages of 512 KB: three times what the queue holds, so the renderer's side waits for the thread.
    const pages = Array.from({ length: 24 }, (_, i) => {
      const rel = `viajes/pagina/${i + 1}/index.html`;
      const html = `<html><script>page(${i})</script><body>${randomBytes(256 * 1024).toString('hex')}</body></html>`;
      return { rel, bytes: new TextEncoder().encode(html), html };
    });
    for (const page of pages) {
      mkdirSync(join(dir, page.rel, '..'), { recursive: true });
      await thread.compress(page.rel, page.bytes);
    }
    const closed = await thread.close();
    expect(closed.compressed).toBe(pages.length);
    for (const page of pages) {
      expect(brotliDecompressSync(readFileSync(join(dir, `${page.rel}.br`))).toString('utf8')).toBe(page.html);
      expect(closed.scripts[page.rel]).toEqual(inlineScriptHashes(page.html));
    }
  });
});
