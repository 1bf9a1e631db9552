import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../support/test-config.ts';
import { migrateToLatest, openDatabase } from '#api/db/database.ts';
import { seedDemo } from '#api/db/seed/index.ts';
import { brotliOnRequest, writeBrotliBeside } from '#content-build/compress.ts';
import { inlineScriptHashes } from '#content-build/script-hashes.ts';
import { currentSiteDir } from '#content-build/site-folder.ts';
import { buildSite, createSiteBuilder, publishChange } from '#content-build/build.ts';
import { readTourSnapshot } from '#content-build/snapshot.ts';
import { refreshSearchIndex } from '#content-build/search-refresh.ts';
import { contentKeys } from '#shared/page-deps.ts';
import { ROUTES, shellFile } from '#shared/routes.ts';
import { suiteToday } from '../support/test-today.ts';
import { saveCompany } from '#api/services/content/company.ts';
import { saveLanding } from '#api/services/content/landings.ts';

// The targeted rebuild's promise, checked on the demo catalogue: after a content change, rendering only
// the pages that recorded the changed keys gives exactly the files a full build of the same data gives.
const dataDir = mkdtempSync(join(tmpdir(), 'shop-targeted-'));
const config = testConfig({ DATA_DIR: dataDir });
const db = openDatabase({ url: config.databaseUrl });
const fullDir = join(dataDir, 'full-site');
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Astro's incremental cache holds each page it keeps as a hard link to the page of the live build, not a copy
 * of its own (content-build/astro-cache-links.ts): both names, one inode, every copy in one folder named after
 * its page's path. Answers how many pages it holds.
 */
function expectCacheLinkedToPages(siteDir: string): number {
  const cache = join(siteDir, 'astro-cache');
  const live = currentSiteDir(siteDir);
  expect(existsSync(join(cache, 'dist')), 'Astro’s own copies, made only where no link can be').toBe(false);
  let linked = 0;
  for (const name of readdirSync(join(cache, 'pages'))) {
    const page = decodeURIComponent(name);
    expect(statSync(join(cache, 'pages', name)).ino, page).toBe(statSync(join(live, page)).ino);
    linked++;
  }
  return linked;
}

async function companyFields() {
  const row = await db.selectFrom('companyInfo').selectAll().executeTakeFirstOrThrow();
  return { name: row.name, phone: row.numberPhone, email: row.email ?? '', schedules: row.schedules, offerValidity: row.offerValidity };
}

/** The sha256 of every file of a build by path, without the files that describe the build itself. */
function readBuild(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || ['build-info.json', 'csp-hashes.json'].includes(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return files;
}

/**
 * What the render workers write beside each page (docs/decisions/052-render-workers.md): a shell's `.br` holds its
 * bytes, a folder's page has none until it is asked for (content-build/compress.ts, `brotliOnRequest`; none is
 * asked for here), and the build's `csp-hashes.json` names exactly the inline scripts of its pages.
 */
function expectCopiesAndScriptHashes(dir: string): void {
  const scripts = new Set<string>();
  const bundles = new Set<string>();
  let copied = 0;
  const madeOnRequest: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = readFileSync(path);
    for (const hash of inlineScriptHashes(bytes.toString('utf8'))) scripts.add(hash);
    for (const [bundle] of bytes.toString('utf8').matchAll(/\/_astro\/[\w.@-]+\.(?:js|css)/g)) bundles.add(bundle);
    if (brotliOnRequest(relative(dir, path))) {
      if (existsSync(`${path}.br`)) madeOnRequest.push(path);
      continue;
    }
    if (bytes.length < 1024) continue;
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).equals(bytes), `${path}.br`).toBe(true);
    copied++;
  }
  // Every shell the route table names, and the 404 page.
  expect(copied).toBe(new Set(ROUTES.flatMap((route) => (route.kind === 'shell' ? [shellFile(route.shell)] : []))).size + 1);
  expect(madeOnRequest).toEqual([]);
  // Every script a page names is in the build (a page restored from Astro's cache could name an older one's).
  expect([...bundles].filter((bundle) => !existsSync(join(dir, bundle)))).toEqual([]);
  expect(bundles.size).toBeGreaterThan(10);
  expect(JSON.parse(readFileSync(join(dir, 'csp-hashes.json'), 'utf8'))).toEqual({ scripts: [...scripts].sort() });
}

/**
 * A listing's cards after its first are rendered once per tour and written again on the other listings
 * (site/lib/card-cache.ts): each in the place of its own tour, and the hearts' script, which Astro writes
 * once a page, in the first card alone.
 */
function expectListingCards(dir: string): void {
  for (const listing of ['viajes/index.html', 'tipo-de-viaje/grupo/index.html', 'temporada/marzo/index.html']) {
    const items = readFileSync(join(dir, listing), 'utf8').match(/<li data-grid-tour="[^"]+"[^>]*>[\s\S]*?<\/article>/g) ?? [];
    expect(items.length, listing).toBeGreaterThan(10);
    for (const item of items) expect(item.match(/data-grid-tour="([^"]+)"/)?.[1], listing).toBe(item.match(/data-cms-tour="([^"]+)"/)?.[1]);
    expect(
      items.map((item) => item.includes('<script')),
      listing,
    ).toEqual(items.map((_, i) => i === 0));
  }
}

describe('a targeted rebuild', () => {
  it('renders only the pages that show the changed content, with the bytes of a full build', async () => {
    await migrateToLatest(db);
    await seedDemo(db, { today: suiteToday(), filesDir: config.filesDir });
    // Rendered in two worker threads, and then again by the build's own process after each change: the full
    // builds this is compared with render in their own (docs/decisions/052-render-workers.md).
    const first = await buildSite({ databaseUrl: config.databaseUrl, siteDir: config.siteDir, filesDir: config.filesDir, serve: true, workers: 2 });
    const renderer = first.renderer;
    expect(renderer).not.toBeNull();
    if (!renderer) return;
    try {
      const before = readBuild(currentSiteDir(config.siteDir));
      expectCopiesAndScriptHashes(currentSiteDir(config.siteDir));
      expect(expectCacheLinkedToPages(config.siteDir)).toBeGreaterThan(100);
      expectListingCards(currentSiteDir(config.siteDir));

      // A last-minute text, an offer's discount and a carousel's label: three kinds of content at once (and a tour below).
      const landing = await db.selectFrom('landings').select('id').where('slug', '=', 'last-minute').executeTakeFirstOrThrow();
      const title = await db
        .selectFrom('landingContents')
        .select('value1')
        .where('landingId', '=', landing.id)
        .where('name', '=', 'banner-title')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('landingContents')
        .set({ value1: 'Última hora, editada en la prueba' })
        .where('landingId', '=', landing.id)
        .where('name', '=', 'banner-title')
        .execute();
      const offer = await db
        .selectFrom('tourOffers')
        .innerJoin('tourSliders', 'tourSliders.tourOfferId', 'tourOffers.id')
        .innerJoin('sliders', 'sliders.id', 'tourSliders.sliderId')
        .select(['tourOffers.id', 'sliders.sliderSlug'])
        .where('tourOffers.status', '=', 'active')
        .where('sliders.sliderSlug', '=', 'ofertas')
        .executeTakeFirstOrThrow();
      const { discountCents } = await db.selectFrom('tourOffers').select('discountCents').where('id', '=', offer.id).executeTakeFirstOrThrow();
      await db.updateTable('tourOffers').set({ discountCents: 12_300 }).where('id', '=', offer.id).execute();
      const carousel = await db
        .selectFrom('sliders')
        .select('id')
        .where('status', '=', 'ACTIVE')
        .where('category', '!=', 'GRID')
        .where('sliderSlug', 'is', null)
        .orderBy('position')
        .executeTakeFirstOrThrow();
      const { label } = await db.selectFrom('sliders').select('label').where('id', '=', carousel.id).executeTakeFirstOrThrow();
      await db.updateTable('sliders').set({ label: 'Carrusel editado en la prueba' }).where('id', '=', carousel.id).execute();

      // A tour's fields as the tour editor saves them: the whole tour read again travels in the change. Its
      // name is on its cards: the listings' pages are those of the build with the renamed tour swapped in.
      const tour = await db.selectFrom('tours').select(['id', 'name', 'metaTitle', 'rate']).where('webSlug', '=', 'japon-esencial').executeTakeFirstOrThrow();
      await db
        .updateTable('tours')
        .set({ name: 'Japón esencial, renombrado', metaTitle: 'Japón, editado en la prueba', rate: 3.5 })
        .where('id', '=', tour.id)
        .execute();
      const tourSnapshot = await readTourSnapshot(db, tour.id, { now: new Date() });
      expect(tourSnapshot).not.toBeNull();

      // The last-minute page was asked for: its brotli copy beside it, made as the server makes it.
      const askedFor = join(currentSiteDir(config.siteDir), 'last-minute/index.html');
      expect((await writeBrotliBeside(askedFor, readFileSync(askedFor), statSync(askedFor))).stats).not.toBeNull();

      const published = await publishChange({
        db,
        siteDir: config.siteDir,
        filesDir: config.filesDir,
        renderer,
        change: {
          changed: [contentKeys.landing('last-minute'), contentKeys.slider('ofertas'), contentKeys.carousels, contentKeys.tour(tour.id)],
          content: true,
          tours: tourSnapshot ? [tourSnapshot] : [],
        },
      });
      expect(published.pages).toContain('/last-minute');
      expect(published.pages).toContain('/ofertas');
      expect(published.pages).toContain('/');
      // Only pages that show one of the four: the edited tour's page and no other, no info page.
      expect(published.pages).toContain('/tour/japon-esencial');
      expect(published.pages.filter((p) => p.startsWith('/tour/'))).toEqual(['/tour/japon-esencial']);
      expect(published.pages).not.toContain('/contacto');

      const targeted = readBuild(currentSiteDir(config.siteDir));
      const changedFiles = [...targeted.keys()].filter((path) => targeted.get(path) !== before.get(path));
      expect(changedFiles).toEqual(expect.arrayContaining(['index.html', 'last-minute/index.html', 'ofertas/index.html']));
      const lastMinute = join(currentSiteDir(config.siteDir), 'last-minute/index.html');
      expect(readFileSync(lastMinute, 'utf8')).toContain('Última hora, editada en la prueba');
      expect(readFileSync(join(currentSiteDir(config.siteDir), 'tour/japon-esencial/index.html'), 'utf8')).toContain(
        '<title>Japón, editado en la prueba</title>',
      );
      expect(published.pages).toContain('/viajes');
      expect(published.pages).toContain('/busqueda');
      expect(readFileSync(join(currentSiteDir(config.siteDir), 'viajes/index.html'), 'utf8')).toContain('Japón esencial, renombrado');
      // The pages went live; the search index, which shows the name too, follows them.
      expect(published.searchChanged).toBe(true);
      const installed = await refreshSearchIndex({ siteDir: config.siteDir, renderer, keep: new Set() });
      expect(installed?.size).toBeGreaterThan(0);
      const searched = readBuild(currentSiteDir(config.siteDir));
      expect([...searched.keys()].filter((path) => path.startsWith('pagefind/') && searched.get(path) !== targeted.get(path)).length).toBeGreaterThan(0);

      await buildSite({ databaseUrl: config.databaseUrl, siteDir: fullDir, filesDir: config.filesDir, force: true });
      const full = readBuild(currentSiteDir(fullDir));
      expect([...searched.keys()].sort()).toEqual([...full.keys()].sort());
      expect([...full.keys()].filter((path) => full.get(path) !== searched.get(path))).toEqual([]);

      // A replaced page keeps no copy of the old page's (its own is made on its first request); a shell's copy is its own.
      expect(existsSync(`${lastMinute}.br`)).toBe(false);
      const search = join(currentSiteDir(config.siteDir), 'busqueda/index.html');
      expect(brotliDecompressSync(readFileSync(`${search}.br`)).equals(readFileSync(search))).toBe(true);

      // Issue 33: a new phone on /admin/empresa and a text page's first save, as staff make them. The phone is
      // in every page's footer: every page is rendered again, with the bytes of a full build.
      const company = await db.selectFrom('companyInfo').select(['numberPhone', 'version']).executeTakeFirstOrThrow();
      const actor = await db.selectFrom('users').select(['id as userId', 'email']).where('email', '=', 'admin@different.demo').executeTakeFirstOrThrow();
      await saveCompany(db, {
        ...(await companyFields()),
        phone: '+34 933 444 555',
        version: company.version,
        requestId: 'company-phone-1',
        actor,
        now: new Date(),
      });
      await saveLanding(
        db,
        'preguntas-frecuentes',
        { version: null, html: '<h2>¿Cómo reservo?</h2><p>Llámanos al {{enlace_telefono}}.</p>' },
        {
          actor,
          now: new Date(),
          filesDir: config.filesDir,
        },
      );
      const second = await publishChange({
        db,
        siteDir: config.siteDir,
        filesDir: config.filesDir,
        renderer,
        change: { changed: [contentKeys.company, contentKeys.landing('preguntas-frecuentes')], content: true },
      });
      expect(second.pages).toContain('/contacto');
      expect(second.pages).toContain('/tour/japon-esencial');
      const phoned = readBuild(currentSiteDir(config.siteDir));
      const faq = readFileSync(join(currentSiteDir(config.siteDir), 'preguntas-frecuentes/index.html'), 'utf8');
      expect(faq).toContain('<h2 id="como-reservo">¿Cómo reservo?</h2><p>Llámanos al <a href="tel:+34933444555">+34\u00a0933\u00a0444\u00a0555</a>.</p>');
      expect(readFileSync(join(currentSiteDir(config.siteDir), 'viajes/index.html'), 'utf8')).toContain('+34 933 444 555');
      await buildSite({ databaseUrl: config.databaseUrl, siteDir: fullDir, filesDir: config.filesDir, force: true });
      const fullAgain = readBuild(currentSiteDir(fullDir));
      expect([...fullAgain.keys()].filter((path) => fullAgain.get(path) !== phoned.get(path))).toEqual([]);
      await db.updateTable('companyInfo').set({ numberPhone: company.numberPhone, version: company.version, updatedAt: null }).execute();
      await db.deleteFrom('landingContents').where('slug', '=', 'preguntas-frecuentes').execute();
      await db.deleteFrom('landings').where('slug', '=', 'preguntas-frecuentes').execute();

      // The live folder was edited in place and still bears the first build's name. Undo the edits:
      // the next full build has that very hash again, and must build anew rather than keep the edited
      // folder as if it matched, or build over the folder being served.
      await db.updateTable('landingContents').set({ value1: title.value1 }).where('landingId', '=', landing.id).where('name', '=', 'banner-title').execute();
      await db.updateTable('tourOffers').set({ discountCents }).where('id', '=', offer.id).execute();
      await db.updateTable('sliders').set({ label }).where('id', '=', carousel.id).execute();
      await db.updateTable('tours').set({ name: tour.name, metaTitle: tour.metaTitle, rate: tour.rate }).where('id', '=', tour.id).execute();
      const edited = realpathSync(currentSiteDir(config.siteDir));
      const again = await buildSite({ databaseUrl: config.databaseUrl, siteDir: config.siteDir, filesDir: config.filesDir });
      expect(again.skipped).toBe(false);
      expect(again.info.hash).toBe(first.info.hash);
      expect(realpathSync(currentSiteDir(config.siteDir))).not.toBe(edited);
      expect(readBuild(currentSiteDir(config.siteDir))).toEqual(before);
      // The pages it took from Astro's cache are links to the cache's, which the publications above never wrote through.
      expect(expectCacheLinkedToPages(config.siteDir)).toBeGreaterThan(100);
    } finally {
      renderer.stop();
    }
  }, 600_000);

  it("brings the search index up to date behind the pages, through the shop's builder", async () => {
    const site = createSiteBuilder({ db, databaseUrl: config.databaseUrl, siteDir: config.siteDir, filesDir: config.filesDir });
    try {
      await site.build();
      const built = readBuild(currentSiteDir(config.siteDir));
      const tour = await db.selectFrom('tours').select(['id', 'metaKeyword']).where('webSlug', '=', 'japon-esencial').executeTakeFirstOrThrow();
      // Two edits of what search finds, published one after the other: the second comes while the index of
      // the first may still be written, and the index that stays shows the second.
      const publish = async (keyword: string) => {
        await db.updateTable('tours').set({ metaKeyword: keyword }).where('id', '=', tour.id).execute();
        const whole = await readTourSnapshot(db, tour.id, { now: new Date() });
        return site.publish({ changed: [contentKeys.tour(tour.id)], tours: whole ? [whole] : [] });
      };
      const first = await publish('sakura');
      const second = await publish('hanami');
      expect(first?.searchChanged).toBe(true);
      expect(second?.searchChanged).toBe(true);
      expect(second?.pages).toContain('/busqueda');
      await site.searchIdle();
      const live = readBuild(currentSiteDir(config.siteDir));

      await buildSite({ databaseUrl: config.databaseUrl, siteDir: fullDir, filesDir: config.filesDir });
      const full = readBuild(currentSiteDir(fullDir));
      // Every file of a full build of the same data, with its bytes; beside them only files of the index before.
      expect([...full.keys()].filter((path) => full.get(path) !== live.get(path))).toEqual([]);
      const older = [...live.keys()].filter((path) => !full.has(path));
      expect(older.length).toBeGreaterThan(0);
      expect(older.every((path) => path.startsWith('pagefind/'))).toBe(true);
      expect(full.get('pagefind/pagefind-entry.json')).not.toBe(built.get('pagefind/pagefind-entry.json'));
      await db.updateTable('tours').set({ metaKeyword: tour.metaKeyword }).where('id', '=', tour.id).execute();
    } finally {
      site.stop();
    }
  }, 600_000);
});
