/**
 * The folders each Astro build runs in (`<project>/.astro/build-…`, build.ts): removed by the build when it
 * ends, or by the shop when the renderer a build left running is replaced. A process killed meanwhile (the
 * shop restarted by a deploy, a test's server stopped) leaves its folder behind, about 170 KB each; the next
 * build removes the folders whose process is gone.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The file in a build's folder naming the process that uses it. */
const OWNER_FILE = 'owner.pid';
/** A folder without an owner yet is a build starting (between its folder and its process) unless older than this. */
const UNCLAIMED_FOR_MS = 60 * 60 * 1000;

/** Records that `pid` uses the build folder `dir`, for as long as it runs. */
export async function claimBuildFolder(dir: string, pid: number): Promise<void> {
  await writeFile(join(dir, OWNER_FILE), String(pid));
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the build folders under `astroDir` (the project's `.astro/`) whose process is no longer running, and
 * those that never named one and are over an hour old; answers how many. Other shops' builds (parallel tests,
 * a CLI build beside the server) keep theirs.
 */
export async function removeAbandonedBuildFolders(astroDir: string, now = Date.now()): Promise<number> {
  const entries = await readdir(astroDir, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith('build-')) continue;
    const dir = join(astroDir, entry.name);
    const owner = Number(await readFile(join(dir, OWNER_FILE), 'utf8').catch(() => ''));
    const abandoned =
      Number.isInteger(owner) && owner > 0
        ? !isRunning(owner)
        : now -
            (await stat(dir).then(
              ({ mtimeMs }) => mtimeMs,
              () => now,
            )) >
          UNCLAIMED_FOR_MS;
    if (!abandoned) continue;
    await rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
