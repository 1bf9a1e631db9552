import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareImageKeys } from './images.ts';

let dir: string;
let filesDir: string;
const saved = process.env.MEDIA_CACHE_DIR;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'images-test-'));
  filesDir = join(dir, 'files');
  const photo = await sharp({ create: { width: 700, height: 400, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  mkdirSync(filesDir);
  writeFileSync(join(filesDir, 'foto.png'), photo);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  if (saved === undefined) delete process.env.MEDIA_CACHE_DIR;
  else process.env.MEDIA_CACHE_DIR = saved;
});

const prepare = (mediaDir: string) => prepareImageKeys({ keys: ['foto.png'], filesDir, mediaDir });

describe('image variants', () => {
  it('are made once per media folder: a later build reads the entry kept beside them, and makes again what is missing', async () => {
    delete process.env.MEDIA_CACHE_DIR;
    const media = join(dir, 'media');
    const first = await prepare(media);
    const entry = first['foto.png'];
    expect(entry).toMatchObject({ width: 700, height: 400, placeholder: expect.stringMatching(/^data:image\/webp;base64,/) });
    expect(entry?.variants.map((v) => v.width)).toEqual([320, 480, 640, 700]);
    const files = readdirSync(media).sort();
    expect(files.filter((f) => f.endsWith('.webp'))).toHaveLength(4);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(1);
    expect(await prepare(media)).toEqual(first);

    // A variant lost from the folder is made again, with the same bytes.
    const lost = join(media, files.find((f) => f.endsWith('-480.webp')) ?? '');
    const bytes = readFileSync(lost);
    rmSync(lost);
    expect(await prepare(media)).toEqual(first);
    expect(readFileSync(lost).equals(bytes)).toBe(true);
  });

  it('made for one site folder are taken by another from MEDIA_CACHE_DIR instead of being encoded again', async () => {
    const shared = join(dir, 'shared');
    process.env.MEDIA_CACHE_DIR = shared;
    const first = await prepare(join(dir, 'shop-a', 'media'));
    expect(readdirSync(shared).sort()).toEqual(readdirSync(join(dir, 'shop-a', 'media')).sort());

    // What the second folder gets comes from the shared folder: marked there, the mark arrives.
    const name = readdirSync(shared).find((f) => f.endsWith('-320.webp')) ?? '';
    const marked = Buffer.from('variant from the shared folder');
    rmSync(join(shared, name));
    writeFileSync(join(shared, name), marked);
    const second = await prepare(join(dir, 'shop-b', 'media'));
    expect(second).toEqual(first);
    expect(readFileSync(join(dir, 'shop-b', 'media', name)).equals(marked)).toBe(true);
    for (const file of readdirSync(shared)) expect(statSync(join(dir, 'shop-b', 'media', file)).size).toBe(statSync(join(shared, file)).size);
  });
});
