/**
 * Edit → live: the time from a staff save's 200 to the new HTML being served by the shop, for each kind of
 * in-place edit (a carousel, a landing's rich text, a home banner, a tour's photo), 20 edits each, on the
 * demo catalogue and on a synthetic catalogue (default 10,000 tours). The shop runs in this process on a
 * real port, with the real rebuild queue and page renderer; edits go through the real API as an admin;
 * "served" is the first GET of the page, polled every 10 ms, whose body shows the edit. Not part of
 * `npm test`: it takes minutes, and tests never assert on time. Issue 11's target: p95 under 2 s at
 * 10,000 tours.
 *
 *   node bench/cms-publish.ts                   # demo and 10,000 tours
 *   node bench/cms-publish.ts --sizes 1000 --edits 5
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { loadConfig } from '#api/config.ts';
import { migrateToLatest, openDatabase } from '#api/db/database.ts';
import { seedDemo, seedScale } from '#api/db/seed/index.ts';
import { createShop, listen } from '#api/server.ts';
import { ACCESS_COOKIE } from '#api/services/people/auth/cookies.ts';
import { issueAccessToken } from '#api/services/people/auth/tokens.ts';
import { createEventHub } from '#api/services/content/events.ts';
import { createRebuildQueue } from '#api/services/content/rebuilds.ts';
import type { TourStatusEvent } from '#shared/schemas/cms.ts';
import { createSiteBuilder } from '../content-build/build.ts';
import { CALLERS, seedCallers } from '../tests/support/callers.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000' },
    'no-demo': { type: 'boolean', default: false },
    edits: { type: 'string', default: '20' },
  },
});
const EDITS = Number(values.edits);
const today = new Date().toISOString().slice(0, 10);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

async function measure(label: string, seed: (db: ReturnType<typeof openDatabase>, filesDir: string) => Promise<unknown>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-cms-'));
  const config = loadConfig({ DATA_DIR: dataDir });
  const db = openDatabase({ url: join(dataDir, 'shop.db') });
  await migrateToLatest(db);
  await seed(db, config.filesDir);
  await seedCallers(db);
  // The session the admin's tokens belong to, as a sign-in leaves it: the API refuses tokens of a session it has no record of.
  const now = new Date().toISOString();
  await db
    .insertInto('sessions')
    .values({
      id: 'bench-session',
      userId: CALLERS.admin.userId,
      familyId: 'bench',
      tokenHash: 'bench',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      rotatedAt: null,
      revokedAt: null,
      userAgent: null,
      createdAt: now,
    })
    .execute();
  const site = createSiteBuilder({ db, databaseUrl: config.databaseUrl, siteDir: config.siteDir, filesDir: config.filesDir });
  const rebuilds = createRebuildQueue({ run: () => site.build(), publish: site.publish, intervalMs: 0, log: () => {} });
  const started = performance.now();
  const { info } = await site.build();
  const buildSeconds = (performance.now() - started) / 1000;
  const server = await listen(createShop({ db, config, rebuilds, cmsEvents: createEventHub<TourStatusEvent>() }), 0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Access tokens live 15 minutes; a run at 10,000 tours lasts longer, so each call gets a fresh one.
  const headers = async () => {
    const { token } = await issueAccessToken({
      identity: { ...CALLERS.admin, groups: [...CALLERS.admin.groups] },
      familyId: 'bench',
      secret: config.authSecret,
      now: new Date(),
    });
    return { cookie: `${ACCESS_COOKIE}=${token}`, origin: config.publicUrl };
  };

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: body instanceof FormData ? await headers() : { ...(await headers()), 'content-type': 'application/json' },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  /** From the save's answer to the first served page that shows `marker`. */
  const timeToServed = async (save: () => Promise<unknown>, path: string, marker: string): Promise<number> => {
    await save();
    const answered = performance.now();
    for (;;) {
      const html = await (await fetch(`${base}${path}`)).text();
      if (html.includes(marker)) return performance.now() - answered;
      if (performance.now() - answered > 120_000) throw new Error(`${path} never showed ${marker}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  // The content each kind of edit changes, created through the API first (a synthetic catalogue has none).
  type Saved<T> = { saved: T };
  const tours = await db
    .selectFrom('tours')
    .select(['id', 'webSlug'])
    .where('publishWeb', '=', 1)
    .where('tagKeywords', 'not like', '%oculto%')
    .orderBy('sortTour')
    .orderBy('id')
    .limit(3)
    .execute();
  const carousel = (
    await api<Saved<{ id: string; version: number }>>('POST', '/cms/carousels', { requestId: `bench-${label}-carousel`, status: 'ACTIVE', label: 'Bench' })
  ).saved;
  let carouselVersion = (
    await api<Saved<{ version: number }>>('PUT', `/cms/carousels/${carousel.id}`, {
      version: carousel.version,
      label: 'Bench 0',
      category: 'GROUP',
      position: 0,
      status: 'ACTIVE',
      tours: tours.map((t, i) => ({ tourId: t.id, position: i + 1 })),
    })
  ).saved.version;
  const banner = (await api<Saved<{ id: string; version: number }>>('POST', '/cms/banners/main', { requestId: `bench-${label}-banner` })).saved;
  let bannerVersion = banner.version;
  let landingVersion: number | null = (await api<{ landing: { version: number | null } }>('GET', '/cms/landings/ofertas')).landing.version;
  const tour = tours[0];
  if (!tour) throw new Error('no tour to edit');
  let tourVersion = (await api<{ tour: { version: number } }>('GET', `/cms/tours/${tour.id}`)).tour.version;
  await rebuilds.whenIdle();

  const kinds: Record<string, number[]> = {
    carousel: [],
    'landing text': [],
    'home banner': [],
    'tour photo': [],
    'search index after a tour photo': [],
  };
  for (let i = 1; i <= EDITS; i++) {
    const word = `Bench${Date.now()}x${i}`;
    kinds.carousel?.push(
      await timeToServed(
        async () => {
          const { saved } = await api<Saved<{ version: number }>>('PUT', `/cms/carousels/${carousel.id}`, {
            version: carouselVersion,
            label: `${word}c`,
            category: 'GROUP',
            position: 0,
            status: 'ACTIVE',
            tours: tours.map((t, n) => ({ tourId: t.id, position: n + 1 })),
          });
          carouselVersion = saved.version;
        },
        '/',
        `${word}c`,
      ),
    );
    await rebuilds.whenIdle();
    kinds['landing text']?.push(
      await timeToServed(
        async () => {
          const { saved } = await api<Saved<{ version: number }>>('PUT', '/cms/landings/ofertas', { version: landingVersion, html: `<p>${word}</p>` });
          landingVersion = saved.version;
        },
        '/ofertas',
        word,
      ),
    );
    await rebuilds.whenIdle();
    kinds['home banner']?.push(
      await timeToServed(
        async () => {
          const { saved } = await api<Saved<{ version: number }>>('PUT', `/cms/banners/main/${banner.id}`, {
            version: bannerVersion,
            content: `<p>${word}b</p>`,
            order: 50,
            status: 'ACTIVE',
            enhanceMenu: false,
            backgroundImageDesktop: null,
            backgroundImageMobile: null,
          });
          bannerVersion = saved.version;
        },
        '/',
        `${word}b`,
      ),
    );
    await rebuilds.whenIdle();
    // A new photo each time (another colour): the page then names its variants' new hash.
    const png = await sharp({ create: { width: 640, height: 420, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: 120 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('folder', tour.id);
    form.set('file', new Blob([new Uint8Array(png)]), `bench ${i}.png`);
    const { image } = await api<{ image: { key: string; mediaUrl: string } }>('POST', '/cms/uploads', form);
    const hash = /\/media\/([0-9a-f]{16})-/.exec(image.mediaUrl)?.[1] ?? '';
    kinds['tour photo']?.push(
      await timeToServed(
        async () => {
          const { saved } = await api<Saved<{ version: number }>>('PUT', `/cms/tours/${tour.id}/thumbnail`, { version: tourVersion, thumbnail: image.key });
          tourVersion = saved.version;
        },
        // The bench's carousel shows this tour's card on the home page.
        '/',
        hash,
      ),
    );
    await rebuilds.whenIdle();
    // The search index follows the pages (the new photo is in the tour's result card): the time it takes
    // after the pages are served, waited for so that it does not share the cores with the next edit.
    const served = performance.now();
    await site.searchIdle();
    kinds['search index after a tour photo']?.push(performance.now() - served);
  }
  // The card's last UPDATING → ACTIVE is written just after its publication ends.
  await new Promise((resolve) => setTimeout(resolve, 500));
  server.close();
  rebuilds.stop();
  site.stop();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  return { label, tours: info.tours, pages: info.pages, buildSeconds, kinds };
}

const cases: [string, (db: ReturnType<typeof openDatabase>, filesDir: string) => Promise<unknown>][] = [];
if (!values['no-demo']) cases.push(['demo', (db, filesDir) => seedDemo(db, { today, filesDir })]);
for (const size of values.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0)) {
  cases.push([`${size.toLocaleString('en')} tours`, (db) => seedScale(db, { tours: size, today })]);
}

console.log(`Node ${process.version}, ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${EDITS} edits of each kind\n`);
console.log('| catalogue | edit | p50 | p95 | max |');
console.log('|---|---|---|---|---|');
for (const [label, seed] of cases) {
  const result = await measure(label, seed);
  for (const [kind, times] of Object.entries(result.kinds)) {
    const sorted = [...times].sort((a, b) => a - b);
    const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
    console.log(
      `| ${label} (${result.pages} pages) | ${kind} | ${ms(quantile(sorted, 0.5))} | ${ms(quantile(sorted, 0.95))} | ${ms(sorted.at(-1) ?? Number.NaN)} |`,
    );
  }
}
process.exit(0);
