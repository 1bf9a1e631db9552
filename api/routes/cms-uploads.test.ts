import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CallerName, seedCallers, signedInAs } from '../../tests/support/callers.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { createShop } from '../server.ts';
import { safeFileName, signFileLink } from '../services/files/uploads.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-uploads-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const png = () =>
  sharp({ create: { width: 900, height: 500, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 700, height: 400, channels: 3, background: '#c1121f' } })
    .jpeg()
    .toBuffer();

describe('safeFileName', () => {
  it.each([
    ['Plaza Mayor de Madrid.JPG', 'jpeg', 'Plaza_Mayor_de_Madrid.jpg'],
    ['../../etc/passwd', 'png', 'passwd.png'],
    ['..\\..\\windows\\evil name.png', 'png', 'evil_name.png'],
    ['Córdoba  mezquita (1).webp', 'webp', 'Cordoba_mezquita_1.webp'],
    ['.htaccess', 'png', 'imagen.png'],
    ['foto.png', 'jpeg', 'foto.jpg'],
  ] as const)('%s → %s', (name, type, expected) => {
    expect(safeFileName(name, type)).toBe(expected);
  });
});

describe.each(portableDialects)('POST /api/cms/uploads on %s', (dialect) => {
  let t: TestDatabase;
  let config: ReturnType<typeof testConfig>;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    const stamp = '2026-01-01T00:00:00.000Z';
    await t.db.insertInto('tours').values({ id: 'tour-peru', name: 'Perú', webSlug: 'peru', tourType: 'Group', createdAt: stamp, updatedAt: stamp }).execute();
    const dir = mkdtempSync(join(dataDir, 'run-'));
    config = { ...testConfig({ DATA_DIR: dir }), databaseUrl: t.url };
  });
  afterEach(async () => t.drop());

  const setup = () => {
    const { signIn } = signedInAs({ db: t.db, config });
    const shop = createShop({ db: t.db, config });
    const upload = async (who: CallerName, folder: string, file: Blob, name: string) => {
      const form = new FormData();
      form.set('folder', folder);
      form.set('file', file, name);
      const res = await shop.request('/api/cms/uploads', { method: 'POST', headers: { ...(await signIn(who)), origin: 'http://localhost:4321' }, body: form });
      // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    return { shop, upload };
  };
  const stored = () => (existsSync(config.filesDir) ? readdirSync(config.filesDir, { recursive: true }).map(String).sort() : []);

  it('stores a banner under landing/{slug}/desktop with a safe name, makes its variants and answers a signed link that expires', async () => {
    const { shop, upload } = setup();
    const res = await upload('admin', 'landing/black-friday/desktop', new Blob([new Uint8Array(await png())]), 'Plaza Mayor.png');
    expect(res.status).toBe(201);
    const { image } = res.body;
    expect(image).toMatchObject({ key: 'landing/black-friday/desktop/Plaza_Mayor.png', width: 900, height: 500 });
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(image.mediaUrl).toMatch(/^\/media\/[0-9a-f]{16}-900\.webp$/);
    expect(existsSync(join(config.siteDir, image.mediaUrl))).toBe(true);
    expect(stored()).toContain('landing/black-friday/desktop/Plaza_Mayor.png');

    const signed = await shop.request(image.url);
    expect(signed.status).toBe(200);
    expect(Buffer.from(await signed.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const url = new URL(image.url, 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(604_800 - 60);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(604_800);
    // Without the signature, with another one, or after the 7 days: refused.
    expect((await shop.request(url.pathname)).status).toBe(403);
    expect((await shop.request(`${url.pathname}?expires=${expires}&signature=AAAA`)).status).toBe(403);
    const old = signFileLink({ key: image.key, secret: config.authSecret, now: new Date(Date.now() - 604_801_000) });
    expect((await shop.request(old)).status).toBe(403);
    // A signature is for one file only.
    const other = url.searchParams.toString();
    expect((await shop.request(`/files/landing/black-friday/desktop/Otra.png?${other}`)).status).toBe(403);
  });

  it('reads the type from the bytes: a JPEG named .png is stored as .jpg; a tour photo goes under the tour id', async () => {
    const { upload } = setup();
    const res = await upload('admin', 'tour-peru', new Blob([new Uint8Array(await jpeg())]), 'machu picchu.png');
    expect(res.status).toBe(201);
    expect(res.body.image.key).toBe('tour-peru/machu_picchu.jpg');
  });

  it('refuses with 422 an upload into the folder of a landing that does not exist, creating nothing (issue 29)', async () => {
    const { upload } = setup();
    const image = async () => new Blob([new Uint8Array(await png())]);
    const res = await upload('admin', 'landing/escapadas-de-otono/desktop', await image(), 'Banner.png');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: { fields: { folder: 'No hay ninguna página con ese nombre: la imagen no se ha subido.' } } });
    expect(stored().some((path) => path.includes('escapadas-de-otono'))).toBe(false);
    // Once a campaign slider has that slug, its landing page exists, saved or not.
    const at = new Date().toISOString();
    await t.db
      .insertInto('sliders')
      .values({ id: 'slider-otono', website: 'DRCAMPAIGN', category: 'GRID', sliderSlug: 'escapadas-de-otono', createdAt: at, updatedAt: at })
      .execute();
    expect((await upload('admin', 'landing/escapadas-de-otono/desktop', await image(), 'Banner.png')).status).toBe(201);
  });

  it('refuses a non-image, a broken image, a file over 8 MB and any other folder, writing nothing', async () => {
    const { upload } = setup();
    const text = await upload('admin', 'tour-peru', new Blob(['<?php echo 1; ?>']), 'foto.png');
    expect(text.status).toBe(422);
    expect(text.body.error.fields.file).toBe('El archivo no es una imagen JPG, PNG, WebP o AVIF.');
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const unreadable = await upload('admin', 'tour-peru', new Blob([new Uint8Array(broken)]), 'rota.png');
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.error.fields.file).toBe('No hemos podido leer la imagen. Prueba con otro archivo.');
    const big = Buffer.concat([await png(), Buffer.alloc(8 * 1024 * 1024)]);
    const tooLarge = await upload('admin', 'tour-peru', new Blob([new Uint8Array(big)]), 'grande.png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.message).toBe('La imagen pesa demasiado: el máximo es 8 MB.');
    for (const folder of ['../etc', 'landing/../../x/desktop', 'landing/black-friday/otra', 'tour-que-no-existe', 'landing/black-friday/desktop/../../..']) {
      const res = await upload('admin', folder, new Blob([new Uint8Array(await png())]), 'a.png');
      expect(res.status, folder).toBe(422);
      expect(res.body.error.fields.folder).toBe('No se puede subir una imagen a esa carpeta.');
    }
    const missing = await upload('admin', 'tour-peru', new Blob([]), 'vacia.png');
    expect(missing.body.error.fields.file).toBe('Elige una imagen.');
    expect(stored().filter((f) => f.includes('.'))).toEqual([]);
  });

  it.each([
    ['visitor', 401],
    ['traveler', 403],
    ['guide', 403],
  ] as const)('refuses the %s (%i) and writes nothing', async (who, status) => {
    const { upload } = setup();
    expect((await upload(who, 'tour-peru', new Blob([new Uint8Array(await png())]), 'a.png')).status).toBe(status);
    expect(stored()).toEqual([]);
  });
});
