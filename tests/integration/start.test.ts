import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm start` on an empty data folder, as a newcomer runs it: the real server, the real build.
const port = 4500 + (process.pid % 400);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'shop-start-'));
let server: ChildProcess;
let output = '';

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited ${server.exitCode}:\n${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not become healthy:\n${output}`);
}

describe('npm start on an empty data folder', () => {
  beforeAll(async () => {
    server = spawn(process.execPath, ['api/start.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await waitForHealth(Date.now() + 240_000);
  }, 250_000);

  afterAll(() => {
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the address and the demo accounts', () => {
    expect(output).toContain(`La tienda está en marcha: http://localhost:${port}`);
    expect(output).toContain('admin@different.demo');
    expect(output).toContain('viajero@different.demo');
  });

  it('answers /api/health with database and build status', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; database: { ok: boolean; dialect: string; tours: number }; build: { ok: boolean; pages: number } };
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ ok: true, dialect: 'sqlite' });
    expect(body.database.tours).toBeGreaterThanOrEqual(40);
    expect(body.build.ok).toBe(true);
    expect(body.build.pages).toBeGreaterThanOrEqual(2);
  });

  it('serves the home page built from the catalogue snapshot', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toMatch(/desde [\d.]+ €/);
  });

  it('answers unknown pages with the Spanish 404 page and unknown API paths with the error shape', async () => {
    const page = await fetch(`${base}/no-existe`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('No encontramos esta página');
    const api = await fetch(`${base}/api/no-existe`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });
});
