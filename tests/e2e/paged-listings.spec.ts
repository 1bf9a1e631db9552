/**
 * Paged listings (docs/decisions/035-paged-listings.md) on a catalogue of 130 tours, which the demo's 43
 * never page: this spec starts a shop of its own on a synthetic catalogue (`seed --tours 130`), beside the
 * lane's shop. 50 cards a page, a pager, and pills that filter the whole listing, 50 at a time. It runs on
 * the desktop project only (that shop is built once); the pager is checked at a phone's width in place.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { waitForIslands } from '../support/load-whole-page.ts';

const lane = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const port = Number(process.env.E2E_PORT_BASE ?? 4399) + 20 + lane;
const origin = `http://127.0.0.1:${port}`;
let shop: ChildProcess | null = null;
let dataDir = '';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: origin });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'shop-paged-'));
  execFileSync(process.execPath, ['api/db/seed/cli.ts', '--tours', '130', '--database', join(dataDir, 'shop.db')], { stdio: 'ignore' });
  shop = spawn(process.execPath, ['api/start.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', NODE_ENV: 'test' },
    stdio: 'ignore',
  });
  // The shop builds its site at start; its first listing page answering means it serves that build.
  await expect.poll(async () => (await fetch(`${origin}/viajes`).catch(() => null))?.status ?? 0, { timeout: 170_000, intervals: [500] }).toBe(200);
});

// The other width's run starts its shop on the same port: this one must have let it go first.
test.afterAll(async () => {
  if (shop && shop.exitCode === null) {
    const exited = new Promise((resolve) => shop?.once('exit', resolve));
    shop.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const cardIds = (page: Page) => page.locator('.tour-grid__list > [data-grid-tour]').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.gridTour));
const pillCount = async (page: Page, name: RegExp) => Number((await page.getByRole('button', { name }).textContent())?.match(/\((\d+)\)/)?.[1]);
const pager = (page: Page) => page.getByRole('navigation', { name: 'Páginas de la lista' });

test('every tour of /viajes is on exactly one of its pages, 50 a page, linked by the pager', async ({ page }) => {
  await page.goto('/viajes');
  await waitForIslands(page);
  const total = await pillCount(page, /^Todos los viajes/);
  expect(total).toBeGreaterThan(100);
  await expect(page.getByRole('status').filter({ hasText: `${total} viajes` })).toBeVisible();
  await expect(pager(page)).toContainText('Página 1 de 3');
  const seen: (string | undefined)[] = [];
  for (const [n, next] of [
    [1, 'Siguiente'],
    [2, 'Siguiente'],
    [3, null],
  ] as const) {
    const ids = await cardIds(page);
    expect(ids.length).toBe(n < 3 ? 50 : total - 100);
    seen.push(...ids);
    await expect(pager(page).locator('[aria-current="page"]')).toHaveText(String(n));
    if (n > 1) await expect(page).toHaveTitle(new RegExp(`página ${n} de 3`));
    if (next) {
      await pager(page).getByRole('link', { name: next }).click();
      await expect(page).toHaveURL(new RegExp(`/viajes/pagina/${n + 1}$`));
    }
  }
  expect(new Set(seen).size).toBe(total);
  await expect(pager(page).getByRole('link', { name: 'Anterior' })).toHaveAttribute('href', '/viajes/pagina/2');
  await expectAccessible(page, '/viajes/pagina/3');
  // The spec runs at one width (its own 130-tour shop is built once): the pager is checked on a phone's
  // screen here too, as the phone project would.
  await page.setViewportSize({ width: 412, height: 915 });
  await expect(pager(page)).toBeVisible();
  await expectAccessible(page, '/viajes/pagina/3 (phone width)');
});

test('a pill filters the whole listing from any page, 50 at a time, and clearing it gives the page back', async ({ page }) => {
  await page.goto('/viajes/pagina/2');
  await waitForIslands(page);
  const ownIds = await cardIds(page);
  const groups = await pillCount(page, /^En grupo/);
  expect(groups).toBeGreaterThan(50);

  await page.getByRole('button', { name: /^En grupo/ }).click();
  await expect(page).toHaveURL(/\/viajes\/pagina\/2\?tipo=grupo$/);
  await expect(page.getByRole('status').filter({ hasText: `${groups} viajes` })).toBeVisible();
  await expect(page.locator('.tour-grid__list > [data-grid-tour]')).toHaveCount(50);
  await expect(pager(page)).toBeHidden();
  const more = page.getByRole('button', { name: `Ver más viajes (${groups - 50})` });
  await expectAccessible(page, '/viajes/pagina/2?tipo=grupo');
  await more.click();
  await expect(page.locator('.tour-grid__list > [data-grid-tour]')).toHaveCount(groups);
  await expect(more).toBeHidden();
  // The first card added has the focus, where the button was.
  await expect(page.locator('.tour-grid__list > [data-grid-tour]').nth(50).getByRole('link')).toBeFocused();
  expect(new Set(await cardIds(page)).size).toBe(groups);

  await page.getByRole('button', { name: /^En grupo/ }).click();
  await expect(page).toHaveURL(/\/viajes\/pagina\/2$/);
  expect(await cardIds(page)).toEqual(ownIds);
  await expect(pager(page)).toBeVisible();
});

test('a filter in the address shows the matching cards of every page, each naming that destination', async ({ page }) => {
  // What the listing's own index says Japan's tours are, in order, and on which pages.
  const index = (await (await fetch(`${origin}/viajes/filtros.json`)).json()) as { destinations: string[]; tours: [string, number, number[], number[]][] };
  const japanIndex = index.destinations.indexOf('Japón');
  const expected = index.tours.filter(([, , , where]) => where.includes(japanIndex));
  expect(
    expected.some(([, pageNumber]) => pageNumber > 1),
    'a Japan tour beyond page 1',
  ).toBe(true);

  await page.goto('/viajes?destino=japon');
  await waitForIslands(page);
  await expect(page.getByRole('button', { name: 'Japón', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const cards = page.locator('.tour-grid__list > [data-grid-tour]');
  await expect(cards).toHaveCount(expected.length);
  expect(await cardIds(page)).toEqual(expected.map(([id]) => id));
  for (const where of await cards.locator('.tour-card__where').allTextContents()) expect(where).toContain('Japón');
  await expect(page.getByRole('status').filter({ hasText: `${expected.length} ${expected.length === 1 ? 'viaje' : 'viajes'}` })).toBeVisible();
  // A card taken from another page works as a card: its link opens the tour.
  const href = await cards.last().locator('a.tour-card__link').getAttribute('href');
  expect(href).toMatch(/^\/tour\//);
  expect((await fetch(`${origin}${href}`)).status).toBe(200);
});
