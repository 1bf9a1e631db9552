import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '#api/app.ts';
import { testConfig } from '../support/test-config.ts';
import { migrateToLatest, openDatabase } from '#api/db/database.ts';
import { seedDemo } from '#api/db/seed/index.ts';
import { createShop } from '#api/server.ts';
import { createRebuildQueue } from '#api/services/content/rebuilds.ts';
import { currentSiteDir } from '#content-build/site-folder.ts';
import { buildSite } from '#content-build/build.ts';
import { brotliOnRequest } from '#content-build/compress.ts';
import { readCspHashes } from '#content-build/csp.ts';
import { inlineScriptHashes } from '#content-build/script-hashes.ts';
import { suiteToday } from '../support/test-today.ts';

// The real thing, once: demo catalogue → Astro build → served page; a tour renamed in the database
// shows on the served page after a queued rebuild. Slow (two Astro builds), so it is the only one.
const dataDir = mkdtempSync(join(tmpdir(), 'shop-rebuild-'));
const config = testConfig({ DATA_DIR: dataDir });
const db = openDatabase({ url: config.databaseUrl });
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The live build's copies of its pages: every `.br` holds exactly its page's bytes, and no page has a `.gz` (the
 * server makes that for the client that asks: content-build/compress.ts). A shell has its `.br` from the build;
 * a folder's page only once it was asked for (`brotliOnRequest`), then linked by each build while its bytes
 * stay the same. Answers the folder's pages that have one, and how many pages there are.
 */
function expectCopiesOfThePages(siteDir: string): { copied: string[]; pages: number } {
  const dir = currentSiteDir(siteDir);
  const copied: string[] = [];
  let pages = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const rel = relative(dir, file);
    const bytes = readFileSync(file);
    pages++;
    expect(existsSync(`${file}.gz`), `${file}.gz`).toBe(false);
    if (!brotliOnRequest(rel)) {
      if (bytes.length >= 1024) expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(bytes), `${file}.br`).toBe(true);
      continue;
    }
    if (!existsSync(`${file}.br`)) continue;
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(bytes), `${file}.br`).toBe(true);
    copied.push(rel);
  }
  return { copied: copied.sort(), pages };
}

/**
 * The build's `csp-hashes.json` names exactly the inline scripts of its pages: the build hashes the pages
 * it renders as it writes them and takes those of the pages restored from its cache from the last build,
 * so this reads every page back to check both.
 */
async function expectCspHashesOfEveryPage(siteDir: string): Promise<void> {
  const dir = currentSiteDir(siteDir);
  const scripts = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.html'))
      for (const hash of inlineScriptHashes(readFileSync(join(entry.parentPath, entry.name), 'utf8'))) scripts.add(hash);
  }
  expect(scripts.size).toBeGreaterThan(0);
  expect(await readCspHashes(dir)).toEqual({ scripts: [...scripts].sort() });
}

const contains = (html: string, name: string) => html.toLocaleLowerCase('es').includes(name.toLocaleLowerCase('es'));

describe('a content change reaches the served site through the rebuild queue', () => {
  it('rebuilds, swaps and serves the new page; health reports the build', async () => {
    await migrateToLatest(db);
    await seedDemo(db, { today: suiteToday(), filesDir: config.filesDir });
    await buildSite({ databaseUrl: config.databaseUrl, siteDir: config.siteDir, filesDir: config.filesDir });
    const built = expectCopiesOfThePages(config.siteDir);
    expect(built.copied).toEqual([]);
    expect(built.pages).toBeGreaterThan(50);
    await expectCspHashesOfEveryPage(config.siteDir);

    const rebuilds = createRebuildQueue({
      run: () => buildSite({ databaseUrl: config.databaseUrl, siteDir: config.siteDir, filesDir: config.filesDir }),
      debounceMs: 50,
      intervalMs: 0,
      log: () => {},
    });
    const shop = createShop({ db, config, rebuilds });
    const page = async (path: string) => {
      const res = await shop.request(path);
      return res.status === 200 ? res.text() : null;
    };

    // A listed tour, and a served page that shows its name: its own page once the storefront has one.
    const tours = await db.selectFrom('tours').select(['id', 'name', 'webSlug']).where('publishWeb', '=', 1).orderBy('sortTour').orderBy('id').execute();
    let found: { id: string; name: string; path: string } | null = null;
    for (const tour of tours) {
      for (const path of [`/tour/${tour.webSlug}`, '/']) {
        const html = await page(path);
        if (html !== null && contains(html, tour.name)) {
          found = { id: tour.id, name: tour.name, path };
          break;
        }
      }
      if (found) break;
    }
    expect(found, 'no served page shows a tour name').not.toBeNull();
    const { id, path } = found as { id: string; name: string; path: string };
    // Its page's brotli copy, made as it was asked for, and a page no tour shows, asked for too.
    expect(await page('/aviso-legal/')).toContain('<h1');
    const legal = 'aviso-legal/index.html';
    const shown = path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
    expect(expectCopiesOfThePages(config.siteDir).copied).toEqual(expect.arrayContaining([legal, shown]));
    const legalCopy = statSync(join(currentSiteDir(config.siteDir), `${legal}.br`)).ino;
    const renamed = 'Gran ruta renombrada para la prueba';
    expect(contains((await page(path)) ?? '', renamed)).toBe(false);

    await db.updateTable('tours').set({ name: renamed }).where('id', '=', id).execute();
    rebuilds.request(`tour ${id} renombrado`);
    expect(rebuilds.status().pending).toBe(true);
    await rebuilds.whenIdle();

    const status = rebuilds.status();
    expect(status.lastError).toBeNull();
    const html = (await page(path)) ?? '';
    // The old name may still show where other fields quote it (meta title, description): only the new one is checked.
    expect(contains(html, renamed)).toBe(true);
    // The new build linked the copy of the page that did not change; the changed page got its own as it was asked for.
    expect(expectCopiesOfThePages(config.siteDir).copied).toEqual(expect.arrayContaining([legal, shown]));
    expect(statSync(join(currentSiteDir(config.siteDir), `${legal}.br`)).ino).toBe(legalCopy);
    await expectCspHashesOfEveryPage(config.siteDir);

    const health = (await (await createApi({ db, config, rebuilds }).request('/health')).json()) as {
      build: { hash: string };
      rebuild: { lastBuild: { hash: string } };
    };
    expect(health.rebuild.lastBuild.hash).toBe(health.build.hash);
    expect(health.build.hash).toBe(status.lastBuild?.hash);
    rebuilds.stop();
  }, 600_000);
});
