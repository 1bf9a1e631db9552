/**
 * The shop's configuration for a test: `loadConfig` over the variables the test names, with a data folder
 * of its own unless the test names one. `loadConfig({})` alone resolves `DATA_DIR` to the checkout's
 * `data/`, where `npm start` keeps the demo shop: a test reading the built site there, or writing the
 * development secret, would pass or fail by what a shop started beside it left. Tests take their
 * configuration only from here (tests/integration/test-isolation.test.ts checks it).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, loadConfig } from '#api/config.ts';

/** The checkout's own data folder, which no test may use. */
export const REPOSITORY_DATA_DIR = fileURLToPath(new URL('../../data', import.meta.url));

let root: string | undefined;
let count = 0;

/** A new empty folder under this process's temporary root, removed when the process exits. */
export function temporaryDataDir(): string {
  if (!root) {
    const made = mkdtempSync(join(tmpdir(), 'shop-test-data-'));
    root = made;
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  const dir = join(root, String(count++));
  mkdirSync(dir);
  return dir;
}

/** True when `dir` is the checkout's `data/` or inside it. */
export function insideRepositoryData(dir: string): boolean {
  const path = relative(REPOSITORY_DATA_DIR, resolve(dir));
  return path === '' || (!path.startsWith('..') && !path.startsWith('/'));
}

export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  // Checked before loadConfig runs: in development it writes its secret into the data folder.
  for (const path of [env.DATA_DIR, env.DATABASE_URL]) {
    if (path && !path.startsWith('postgres') && insideRepositoryData(path)) {
      throw new Error(`A test's configuration must not use the checkout's data folder (${path}): leave DATA_DIR out, or name a temporary folder`);
    }
  }
  return loadConfig({ DATA_DIR: temporaryDataDir(), ...env });
}
