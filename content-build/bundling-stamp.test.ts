import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundlingStamp, forgetCacheOnNewBundling } from './bundling-stamp.ts';

describe('the bundling stamp of the incremental cache', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bundling-stamp-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('changes when a file that decides the bundling changes, and only then', async () => {
    writeFileSync(join(dir, 'astro.config.mjs'), 'export default {}');
    const first = await bundlingStamp(dir, ['astro.config.mjs', 'missing.ts']);
    expect(await bundlingStamp(dir, ['astro.config.mjs', 'missing.ts'])).toBe(first);
    writeFileSync(join(dir, 'astro.config.mjs'), 'export default { vite: {} }');
    expect(await bundlingStamp(dir, ['astro.config.mjs', 'missing.ts'])).not.toBe(first);
  });

  it('keeps the manifest of a cache made with the same bundling and forgets it after a change', async () => {
    const cache = join(dir, 'astro-cache');
    const manifest = join(cache, 'incremental-build.json');
    // A cache from before the stamp existed: its pages may name any bundle.
    expect(await forgetCacheOnNewBundling(cache, 'incremental-build.json', 'aaaa')).toBe(true);
    writeFileSync(manifest, '{}');
    expect(await forgetCacheOnNewBundling(cache, 'incremental-build.json', 'aaaa')).toBe(false);
    expect(existsSync(manifest)).toBe(true);
    expect(await forgetCacheOnNewBundling(cache, 'incremental-build.json', 'bbbb')).toBe(true);
    expect(existsSync(manifest)).toBe(false);
    writeFileSync(manifest, '{}');
    expect(await forgetCacheOnNewBundling(cache, 'incremental-build.json', 'bbbb')).toBe(false);
    expect(existsSync(manifest)).toBe(true);
  });
});
