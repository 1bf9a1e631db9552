import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '#api/db/database.ts';
import { BUILD_INFO_FILE, type BuildInfo, currentSiteDir } from '#api/services/site-builds.ts';
import { compressBuild } from './compress.ts';
import { prepareImages } from './images.ts';
import { readCatalogueSnapshot } from './snapshot.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Code that shapes the pages: a change here must rebuild even when the catalogue did not change. */
const SOURCE_PATHS = ['site', 'shared', 'content-build', 'astro.config.mjs', 'package-lock.json'];
const KEEP_BUILDS = 2;
/**
 * Astro's incremental build cache (its manifest and a copy of every page with a `cacheKey`). It lives
 * beside the builds, not in them: each build goes to a fresh folder and Astro restores unchanged pages
 * into it from here.
 */
export const astroCacheDir = (siteDir: string) => join(siteDir, 'astro-cache');
const INCREMENTAL_MANIFEST = 'incremental-build.json';

async function hashSources(hash: ReturnType<typeof createHash>, path: string): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (!info) return;
  if (info.isDirectory()) {
    for (const entry of (await readdir(path)).sort()) {
      if (entry === 'node_modules' || entry.endsWith('.test.ts')) continue;
      await hashSources(hash, join(path, entry));
    }
  } else {
    hash.update(relative(ROOT, path)).update(await readFile(path));
  }
}

/**
 * Astro bundles the pages' server code into `<outDir>/.prerender` when the outDir lies inside its working
 * directory and into `<cwd>/.astro/.prerender` otherwise; the bundle must sit inside the project to
 * resolve its packages. Each build therefore runs in its own folder under the project's `.astro/`, so
 * two builds at once (a CLI build beside the server's queue, parallel tests) never share one.
 */
async function runAstroBuild(snapshotPath: string, manifestPath: string, outDir: string, cacheDir: string): Promise<void> {
  await mkdir(join(ROOT, '.astro'), { recursive: true });
  const cwd = await mkdtemp(join(ROOT, '.astro', 'build-'));
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [join(ROOT, 'content-build/astro-build.ts'), snapshotPath, outDir], {
        cwd,
        stdio: ['ignore', 'inherit', 'inherit'],
        // NODE_ENV is the server's mode (tests run with 'test'); Vite would bundle React's development build
        // for anything but 'production', and visitors must always get the production one.
        env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', IMAGE_MANIFEST: manifestPath, ASTRO_CACHE_DIR: cacheDir },
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}`))));
    });
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

async function countPages(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) n++;
  }
  return n;
}

export interface BuildResult {
  info: BuildInfo;
  skipped: boolean;
}

/**
 * Snapshot → Astro → swap. The new site is built into its own folder and the `current` link is
 * replaced atomically (rename over a symlink), so visitors never see a half-built site. An unchanged
 * catalogue and unchanged site code give the same hash and skip the build.
 */
export async function buildSite({
  db,
  siteDir,
  filesDir,
  now = new Date(),
  force = false,
}: {
  db: Db;
  siteDir: string;
  /** Where uploaded and seeded images live; their responsive variants go to `<siteDir>/media`. */
  filesDir: string;
  now?: Date;
  force?: boolean;
}): Promise<BuildResult> {
  const snapshot = await readCatalogueSnapshot(db, { now });
  const json = JSON.stringify(snapshot);
  const manifest = JSON.stringify(await prepareImages({ snapshot, filesDir, mediaDir: join(siteDir, 'media') }));
  const hasher = createHash('sha256').update(json).update(manifest);
  for (const p of SOURCE_PATHS) await hashSources(hasher, join(ROOT, p));
  const hash = hasher.digest('hex').slice(0, 16);

  const buildsDir = join(siteDir, 'builds');
  const target = join(buildsDir, hash);
  const current = currentSiteDir(siteDir);
  await mkdir(buildsDir, { recursive: true });

  const live = await readlink(current).catch(() => null);
  if (!force && live === join('builds', hash) && existsSync(join(target, BUILD_INFO_FILE))) {
    return { info: JSON.parse(await readFile(join(target, BUILD_INFO_FILE), 'utf8')) as BuildInfo, skipped: true };
  }

  const work = `${target}.tmp-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  const snapshotPath = join(siteDir, `snapshot-${hash}.json`);
  const manifestPath = join(siteDir, `images-${hash}.json`);
  await writeFile(snapshotPath, json);
  await writeFile(manifestPath, manifest);
  const cacheDir = astroCacheDir(siteDir);
  try {
    await runAstroBuild(snapshotPath, manifestPath, work, cacheDir);
  } catch (err) {
    // A build that died midway may have refreshed some cached pages but not the manifest naming them:
    // forget the manifest so the next build renders every page rather than trust a mismatched copy.
    await rm(join(cacheDir, INCREMENTAL_MANIFEST), { force: true });
    await rm(work, { recursive: true, force: true });
    throw err;
  } finally {
    await rm(snapshotPath, { force: true });
    await rm(manifestPath, { force: true });
  }
  // Pages identical to the live build's keep its compressed copies (linked, not recompressed).
  await compressBuild({ dir: work, previousDir: live ? join(siteDir, live) : null });
  const info: BuildInfo = { hash, builtAt: new Date().toISOString(), pages: await countPages(work), tours: snapshot.tours.length };
  await writeFile(join(work, BUILD_INFO_FILE), JSON.stringify(info, null, 2));
  await rm(target, { recursive: true, force: true });
  await rename(work, target);

  const link = `${current}.tmp-${process.pid}`;
  await rm(link, { force: true });
  await symlink(join('builds', hash), link);
  await rename(link, current);

  // Keep the previous build for pages a visitor already has open; drop older ones.
  const builds = (await readdir(buildsDir, { withFileTypes: true })).filter((d) => d.isDirectory() && !d.name.includes('.tmp-'));
  const dated = await Promise.all(builds.map(async (d) => ({ name: d.name, mtime: (await stat(join(buildsDir, d.name))).mtimeMs })));
  for (const old of dated.sort((a, b) => b.mtime - a.mtime).slice(KEEP_BUILDS)) {
    if (old.name !== hash) await rm(join(buildsDir, old.name), { recursive: true, force: true });
  }
  return { info, skipped: false };
}

/** True when a site has been built and swapped in. */
export const hasBuiltSite = (siteDir: string) => existsSync(join(currentSiteDir(siteDir), BUILD_INFO_FILE));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadConfig } = await import('#api/config.ts');
  const { openDatabase, migrateToLatest } = await import('#api/db/database.ts');
  const config = loadConfig();
  const db = openDatabase({ url: config.databaseUrl });
  await migrateToLatest(db);
  const { info, skipped } = await buildSite({ db, siteDir: config.siteDir, filesDir: config.filesDir, force: process.argv.includes('--force') });
  console.log(skipped ? `Site unchanged (${info.hash}).` : `Built ${info.pages} pages (${info.hash}).`);
  await db.destroy();
}
