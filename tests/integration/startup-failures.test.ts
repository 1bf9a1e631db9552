import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openShopDatabase, StartupError } from '#api/db/open-shop-database.ts';
import { DEMO_ACCOUNTS } from '#api/db/seed/accounts.ts';
import { BUILD_INFO_FILE } from '#content-build/site-folder.ts';
import { createAccount } from '../support/auth-client.ts';

// What an operator meets when the data folder is not what the shop expects (issue 16): `npm start` says so
// in Spanish and English and exits non-zero, leaving the files as they were.
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'shop-startup-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const start = () => {
  // The suite's own database settings are not the shop's here: the data folder alone decides.
  const { DATABASE_URL: _, ...inherited } = process.env;
  return spawnSync(process.execPath, ['api/start.ts'], {
    env: { ...inherited, DATA_DIR: dataDir, PORT: '4499', NODE_ENV: 'development' },
    encoding: 'utf8',
    timeout: 60_000,
  });
};

describe('npm start on a data folder it cannot use', () => {
  it('refuses a corrupt database file with a plain message, and leaves it untouched', () => {
    const file = join(dataDir, 'shop.db');
    const garbage = Buffer.alloc(16_384, 0x5a);
    writeFileSync(file, garbage);
    const run = start();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('está dañada');
    expect(run.stderr).toContain('is corrupt');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file).equals(garbage)).toBe(true);
  });

  it('refuses to start an empty shop where one has run before (a site is built, the database is gone)', () => {
    mkdirSync(join(dataDir, 'site', 'current'), { recursive: true });
    writeFileSync(join(dataDir, 'site', 'current', BUILD_INFO_FILE), '{}');
    const run = start();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Falta la base de datos');
    expect(run.stderr).toContain('ALLOW_NEW_DATABASE=1');
    expect(existsSync(join(dataDir, 'shop.db'))).toBe(false);
  });
});

describe('openShopDatabase', () => {
  it('says when PostgreSQL cannot be reached', async () => {
    const failure = openShopDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/tienda', siteDir: join(dataDir, 'site') });
    await expect(failure).rejects.toBeInstanceOf(StartupError);
    await expect(failure).rejects.toThrow(/No se puede conectar con PostgreSQL[\s\S]*Cannot connect/);
  });

  it('starts anew when told to, where the database is gone', async () => {
    mkdirSync(join(dataDir, 'site', 'current'), { recursive: true });
    writeFileSync(join(dataDir, 'site', 'current', BUILD_INFO_FILE), '{}');
    const config = { databaseUrl: join(dataDir, 'shop.db'), siteDir: join(dataDir, 'site') };
    await expect(openShopDatabase(config, {})).rejects.toThrow(/Falta la base de datos/);
    const db = await openShopDatabase(config, { ALLOW_NEW_DATABASE: '1' });
    await db.destroy();
    expect(existsSync(config.databaseUrl)).toBe(true);
  });
});

describe('npm start in production with the demo’s accounts (issue 29, hole 2)', () => {
  const production = { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), PUBLIC_URL: 'https://tienda.example.es' };
  /** A shop database that has the demo's administrator with its published password, and nothing else. */
  const withDemoAdmin = async ({ disabled = false } = {}) => {
    const db = await openShopDatabase({ databaseUrl: join(dataDir, 'shop.db'), siteDir: join(dataDir, 'site') });
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    await createAccount(db, { email: admin.email, password: admin.password, groups: ['drAdmin'], disabled });
    await db.destroy();
  };
  /** Starts the shop and says whether it went on past the checks (to its first build), then stops it. */
  const startsBuilding = (env: Record<string, string>) =>
    new Promise<{ built: boolean; output: string; code: number | null }>((resolve) => {
      const { DATABASE_URL: _, ...inherited } = process.env;
      const shop = spawn(process.execPath, ['api/start.ts'], { env: { ...inherited, DATA_DIR: dataDir, PORT: '4498', ...env }, detached: true });
      let output = '';
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Construyendo la web estática')) {
          process.kill(-shop.pid!, 'SIGKILL');
          resolve({ built: true, output, code: null });
        }
      };
      shop.stdout.on('data', read);
      shop.stderr.on('data', read);
      shop.on('exit', (code) => resolve({ built: false, output, code }));
    });

  it('refuses to serve while a demo account signs in with its published password, in Spanish and English', async () => {
    await withDemoAdmin();
    const run = await startsBuilding(production);
    expect(run).toMatchObject({ built: false, code: 1 });
    expect(run.output).toContain('La tienda no arranca en producción: las cuentas de demostración admin@different.demo');
    expect(run.output).toContain('The shop does not start in production');
    for (const account of DEMO_ACCOUNTS) expect(run.output).not.toContain(account.password);
  });

  it('serves once that account is disabled, or as a public demo with ALLOW_DEMO_ACCOUNTS=1; an empty production shop seeds no demo', async () => {
    await withDemoAdmin();
    expect((await startsBuilding({ ...production, ALLOW_DEMO_ACCOUNTS: '1' })).built).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir);
    await withDemoAdmin({ disabled: true });
    expect((await startsBuilding(production)).built).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir);
    const empty = await startsBuilding(production);
    expect(empty.built).toBe(true);
    expect(empty.output).not.toContain('catálogo de demostración');
  });
});

describe('two npm start on one data folder (issue 29)', () => {
  it('the second says a shop already runs there and exits 1, leaving the first serving; a folder left by a killed shop is taken over', async () => {
    const { DATABASE_URL: _, ...inherited } = process.env;
    const first = spawn(process.execPath, ['api/start.ts'], { env: { ...inherited, DATA_DIR: dataDir, PORT: '4497', NODE_ENV: 'test' }, detached: true });
    try {
      await new Promise<void>((resolve, reject) => {
        let output = '';
        first.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Construyendo la web estática')) resolve();
        });
        first.on('exit', (code) => reject(new Error(`the first shop exited (${code}): ${output}`)));
      });
      expect(readFileSync(join(dataDir, 'shop.pid'), 'utf8')).toBe(String(first.pid));
      // What only the shop's user may read: the database, the files, the mails and the backups.
      const mode = (path: string) => statSync(join(dataDir, path)).mode & 0o777;
      expect([mode('shop.db'), mode('files'), mode('mail'), mode('backups')]).toEqual([0o600, 0o700, 0o700, 0o700]);
      const second = start();
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`Ya hay una tienda en marcha con la carpeta de datos ${dataDir} (proceso ${first.pid})`);
      expect(second.stderr).toContain('A shop is already running on the data folder');
      expect(first.exitCode).toBeNull();
    } finally {
      process.kill(-first.pid!, 'SIGKILL');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Killed: its pid file stays behind, and the next start takes the folder over (it gets past the lock).
    expect(existsSync(join(dataDir, 'shop.pid'))).toBe(true);
    const next = spawnSync(
      process.execPath,
      ['-e', `import('./api/db/data-folder-lock.ts').then((m) => { m.lockDataFolder(${JSON.stringify(dataDir)})(); console.log('tomada'); })`],
      {
        encoding: 'utf8',
      },
    );
    expect(next.stdout).toContain('tomada');
  });
});
