import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    const only = { sources: ['astro.config.mjs', 'missing.ts'], folders: [] };
    const first = await bundlingStamp(dir, only);
    expect(await bundlingStamp(dir, only)).toBe(first);
    writeFileSync(join(dir, 'astro.config.mjs'), 'export default { vite: {} }');
    expect(await bundlingStamp(dir, only)).not.toBe(first);
  });

  it('changes with any module the scripts are bundled from, not with their tests', async () => {
    mkdirSync(join(dir, 'site', 'stores'), { recursive: true });
    writeFileSync(join(dir, 'site', 'stores', 'desk.ts'), 'export const a = 1;');
    const folders = { sources: [], folders: ['site', 'missing'] };
    const first = await bundlingStamp(dir, folders);
    writeFileSync(join(dir, 'site', 'stores', 'desk.test.ts'), 'test');
    expect(await bundlingStamp(dir, folders)).toBe(first);
    writeFileSync(join(dir, 'site', 'stores', 'desk.ts'), 'export const a = 2;');
    const changed = await bundlingStamp(dir, folders);
    expect(changed).not.toBe(first);
    writeFileSync(join(dir, 'site', 'stores', 'labels.ts'), 'export const b = 1;');
    expect(await bundlingStamp(dir, folders)).not.toBe(changed);
  });

  it('reads the modules themselves when the root is written with a trailing slash, as the build passes it', async () => {
    mkdirSync(join(dir, 'site', 'lib'), { recursive: true });
    writeFileSync(join(dir, 'site', 'lib', 'hearts.ts'), 'export const a = 1;');
    const folders = { sources: [], folders: ['site'] };
    const first = await bundlingStamp(`${dir}/`, folders);
    expect(first).toBe(await bundlingStamp(dir, folders));
    writeFileSync(join(dir, 'site', 'lib', 'hearts.ts'), 'export const a = 2;');
    expect(await bundlingStamp(`${dir}/`, folders)).not.toBe(first);
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
