import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ImageFile, type LandscapeOptions, renderAvatar, renderLandscape, writeImages } from './images.ts';

let dir: string;
const saved = process.env.MEDIA_CACHE_DIR;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'seed-images-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  if (saved === undefined) delete process.env.MEDIA_CACHE_DIR;
  else process.env.MEDIA_CACHE_DIR = saved;
});

const a: LandscapeOptions & { path: string } = { path: 'tours/a.webp', width: 320, height: 200, landscape: 'mountains', label: 'a' };
const b: LandscapeOptions & { path: string } = { path: 'tours/b.webp', width: 320, height: 200, landscape: 'mountains', label: 'b', quality: 60 };
const c = { path: 'avatars/c.webp', avatar: true as const, label: 'c', size: 64 };
const JOBS: ImageFile[] = [a, b, c];

describe("the demo seed's pictures", () => {
  it('are encoded from their drawing, and with MEDIA_CACHE_DIR read back for another seed instead of encoded again', async () => {
    delete process.env.MEDIA_CACHE_DIR;
    await writeImages(join(dir, 'plain'), JOBS);
    expect(readFileSync(join(dir, 'plain', a.path)).equals(await renderLandscape(a))).toBe(true);
    expect(readFileSync(join(dir, 'plain', b.path)).equals(await renderLandscape(b))).toBe(true);
    expect(readFileSync(join(dir, 'plain', c.path)).equals(await renderAvatar(c.label, c.size))).toBe(true);

    const shared = join(dir, 'shared');
    process.env.MEDIA_CACHE_DIR = shared;
    await writeImages(join(dir, 'first'), JOBS);
    for (const job of JOBS) expect(readFileSync(join(dir, 'first', job.path)).equals(readFileSync(join(dir, 'plain', job.path)))).toBe(true);
    const kept = readdirSync(join(shared, 'seed'));
    expect(kept).toHaveLength(3);

    // Marked in the shared folder, the mark is what the next seed writes: it was not encoded again.
    for (const name of kept) writeFileSync(join(shared, 'seed', name), `kept ${name}`);
    await writeImages(join(dir, 'second'), JOBS);
    const written = JOBS.map((job) => readFileSync(join(dir, 'second', job.path), 'utf8'));
    expect(written.every((text) => text.startsWith('kept '))).toBe(true);
    expect(new Set(written).size).toBe(3);
  });
});
