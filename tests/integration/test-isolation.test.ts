/**
 * The guard of "a test never uses the checkout's data folder": `npm start` keeps the demo shop in `data/`,
 * and a test that resolved its configuration there read that shop's built site (a rebuild queue that
 * expected no live build found one). Every test configuration comes from tests/support/test-config.ts,
 * which gives each a temporary folder and refuses the checkout's; every shop a test starts is told its
 * DATA_DIR.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { insideRepositoryData, REPOSITORY_DATA_DIR, testConfig } from '../support/test-config.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every file of test code: the tests of each layer, and tests/ with its support, browser and fault code. */
function testSources(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && (dir.startsWith('tests') || /\.test\.tsx?$/.test(entry.name))) found.push(path);
    }
  };
  for (const dir of ['api', 'shared', 'site', 'content-build', 'tests']) walk(dir);
  return found;
}

/** Programs a test starts as a process of their own: like `npm start`, they read the DATA_DIR they are given. */
const PROGRAMS = new Set(['tests/faults/shop-process.ts']);

describe('no test uses the checkout’s data folder', () => {
  it('takes every configuration from testConfig, never from loadConfig directly', () => {
    const sources = testSources();
    expect(sources.length).toBeGreaterThan(100);
    const direct = sources.filter(
      (file) => !PROGRAMS.has(file) && file !== 'tests/support/test-config.ts' && /\bloadConfig\(/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(direct).toEqual([]);
  });

  it('gives each configuration a temporary folder of its own and refuses the checkout’s', () => {
    const a = testConfig();
    const b = testConfig({ NODE_ENV: 'test' });
    for (const config of [a, b]) {
      expect(insideRepositoryData(config.dataDir)).toBe(false);
      expect(relative(root, config.dataDir).startsWith('..')).toBe(true);
    }
    expect(a.dataDir).not.toBe(b.dataDir);
    expect(() => testConfig({ DATA_DIR: REPOSITORY_DATA_DIR })).toThrow(/data folder/);
    const inside = join(REPOSITORY_DATA_DIR, `prueba-${process.pid}`);
    expect(() => testConfig({ DATA_DIR: inside })).toThrow(/data folder/);
    expect(existsSync(inside)).toBe(false); // refused before anything was written there
    expect(() => testConfig({ DATABASE_URL: join(REPOSITORY_DATA_DIR, 'shop.db') })).toThrow(/data folder/);
  });

  it('tells every shop, job and program a test starts which data folder to use', () => {
    // A child process started with the runner's environment and no DATA_DIR resolves `data` in the checkout.
    const spawning = testSources().filter((file) => /\bspawn(Sync)?\(|\bexecFile(Sync)?\(|\bfork\(/.test(readFileSync(join(root, file), 'utf8')));
    const unnamed = spawning.filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      const startsShop = /api\/(start|jobs)\.ts|shop-process\.ts|seed\/cli\.ts|backup-cli\.ts|migrate-cli\.ts/.test(text);
      // startCluster gives each instance a data folder under the `dir` it is given.
      return startsShop && !/DATA_DIR|startCluster\(\{\s*dir\b/.test(text);
    });
    expect(unnamed).toEqual([]);
  });
});
