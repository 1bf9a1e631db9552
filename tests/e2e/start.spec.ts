/**
 * `npm start` on an empty data folder, as a newcomer runs it: each lane's shop is exactly that
 * (`node api/start.ts` with a new DATA_DIR, tests/support/e2e-shops.ts), so the browser suite checks what
 * it printed and what it serves once, at one width, before any journey relies on it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/test.ts';
import { laneDataDir, START_OUTPUT_FILE } from '../support/lane-shop.ts';

test.describe('npm start on an empty data folder @one-width', () => {
  test('prints the address and the demo accounts', () => {
    const printed = readFileSync(join(laneDataDir(), START_OUTPUT_FILE), 'utf8');
    expect(printed).toContain('Base de datos vacía: cargando el catálogo de demostración…');
    expect(printed).toMatch(/La tienda está en marcha: http:\/\/localhost:\d+/);
    expect(printed).toContain('admin@different.demo');
    expect(printed).toContain('viajero@different.demo');
  });

  test('answers /api/health with database and build status', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { status: string; database: { ok: boolean; dialect: string; tours: number }; build: { ok: boolean; pages: number } };
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ ok: true, dialect: 'sqlite' });
    expect(body.database.tours).toBeGreaterThanOrEqual(40);
    expect(body.build.ok).toBe(true);
    expect(body.build.pages).toBeGreaterThanOrEqual(2);
  });

  test('serves the home page built from the catalogue snapshot', async ({ request }) => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toMatch(/desde [\d.]+ €/);
  });

  test('answers unknown pages with the Spanish 404 page and unknown API paths with the error shape', async ({ request }) => {
    const page = await request.get('/no-existe');
    expect(page.status()).toBe(404);
    expect(await page.text()).toContain('No encontramos esta página');
    const api = await request.get('/api/no-existe');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });
});
