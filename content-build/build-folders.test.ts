import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimBuildFolder, removeAbandonedBuildFolders } from './build-folders.ts';

describe('the folders Astro builds run in', () => {
  let astroDir: string;
  beforeEach(() => {
    astroDir = mkdtempSync(join(tmpdir(), 'shop-build-folders-'));
  });
  afterEach(() => rmSync(astroDir, { recursive: true, force: true }));

  const folder = (name: string, ageMs = 0) => {
    const dir = join(astroDir, name);
    mkdirSync(join(dir, '.astro', '.prerender'), { recursive: true });
    const when = (Date.now() - ageMs) / 1000;
    utimesSync(dir, when, when);
    return dir;
  };

  it('removes those whose process has ended and those never claimed for over an hour, and keeps the others', async () => {
    // A process that has ended: its pid is free (and, for the moment of the test, not reused).
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    await claimBuildFolder(folder('build-ended'), ended);
    await claimBuildFolder(folder('build-running', 3 * 60 * 60 * 1000), process.pid);
    folder('build-starting');
    folder('build-forgotten', 2 * 60 * 60 * 1000);
    folder('not-a-build', 2 * 60 * 60 * 1000);

    expect(await removeAbandonedBuildFolders(astroDir)).toBe(2);
    expect(readdirSync(astroDir).sort()).toEqual(['build-running', 'build-starting', 'not-a-build']);
    expect(existsSync(join(astroDir, 'build-running', '.astro', '.prerender'))).toBe(true);
  });

  it('answers nothing removed where there is no folder yet', async () => {
    expect(await removeAbandonedBuildFolders(join(astroDir, 'none'))).toBe(0);
  });
});
