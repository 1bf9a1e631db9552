/**
 * The results page's search over the real Pagefind index the content build writes from a test catalogue
 * (tests/support/built-site.ts), served at `/pagefind/` as the static site serves it: what a query finds
 * and what each result card shows, the typo fallback and how it says so, a query that finds nothing, and
 * that only the latest of two searches is shown.
 */
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtSearchIndex } from '../../tests/support/built-site.ts';
import { day, insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { createTestDatabase } from '../../tests/support/databases.ts';
import { $search, readSearchAddress, runSearch, submitSearch } from './search.ts';

const built = vi.hoisted(() => ({ folder: '', vocabulary: [] as string[], serve: async (_path: string) => new Response(null, { status: 404 }) }));

// The browser loads Pagefind from the built site; here the same built file, pointed at `/pagefind/`.
vi.mock('/pagefind/pagefind.js', async () => {
  const pagefind = await import(/* @vite-ignore */ pathToFileURL(`${built.folder}/pagefind/pagefind.js`).href);
  await pagefind.options({ basePath: '/pagefind/', baseUrl: '/' });
  return pagefind;
});

beforeAll(async () => {
  const t = await createTestDatabase('sqlite');
  await insertDeparture(t.db);
  const stamp = '2026-01-01T00:00:00.000Z';
  await t.db
    .insertInto('tours')
    .values({ id: 't3', name: 'Islandia y auroras', webSlug: 'islandia-y-auroras', tourType: 'Group', publishWeb: 1, createdAt: stamp, updatedAt: stamp })
    .execute();
  await t.db
    .insertInto('periods')
    .values({
      id: 'p3',
      tourId: 't3',
      name: 'Salida p3',
      dayOne: day(30),
      returnDate: day(37),
      numberOfDays: 8,
      bookableAvailability: 6,
      webBookable: 1,
      publishWeb: 1,
    })
    .execute();
  await t.db.insertInto('prices').values({ id: 'price-t3', tourId: 't3', ageGroupName: 'Adultos', valueCents: 185_000 }).execute();
  Object.assign(built, await builtSearchIndex(t.db));
  await t.drop();
});

beforeEach(() => {
  $search.set({ typed: '', status: 'idle', results: [], correctedTo: null });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = String(input instanceof Request ? input.url : input);
    if (!path.startsWith('/pagefind/')) throw new TypeError(`fetch failed: ${path}`);
    return built.serve(path);
  });
});
afterEach(() => vi.unstubAllGlobals());
afterAll(() => vi.doUnmock('/pagefind/pagefind.js'));

const search = (typed: string) => runSearch({ typed, vocabulary: built.vocabulary });

describe('the results page’s search', () => {
  it('finds a tour with or without accents and shows its card: name in capitals, from-price, days and nights', async () => {
    await search('Japón');
    expect($search.get()).toMatchObject({ typed: 'Japón', status: 'done', correctedTo: null });
    expect($search.get().results).toEqual([
      expect.objectContaining({ url: '/tour/japon-esencial', title: 'JAPÓN ESENCIAL', price: 'desde 1.000 €', duration: '10 días/9 noches' }),
    ]);
    await search('islandia');
    expect($search.get().results.map((r) => r.url)).toEqual(['/tour/islandia-y-auroras']);
  });

  it('searches the closest known word when the typed one finds nothing, and says which', async () => {
    await search('japn');
    expect($search.get()).toMatchObject({ typed: 'japn', status: 'done', correctedTo: 'japon' });
    expect($search.get().results.map((r) => r.url)).toEqual(['/tour/japon-esencial']);
  });

  it('shows no results for a query nothing matches, and nothing at all for an empty box', async () => {
    await search('zzzzqq');
    expect($search.get()).toMatchObject({ status: 'done', results: [], correctedTo: null });
    await search('   ');
    expect($search.get()).toEqual({ typed: '   ', status: 'idle', results: [], correctedTo: null });
  });

  it('shows only the latest search when an earlier one answers after it', async () => {
    await Promise.all([search('japon'), search('islandia')]);
    expect($search.get()).toMatchObject({ typed: 'islandia', status: 'done' });
    expect($search.get().results.map((r) => r.url)).toEqual(['/tour/islandia-y-auroras']);
  });

  it('reads the query from a /busqueda address and gives a new search its own address', async () => {
    const pushed: string[] = [];
    const at = (pathname: string, search = '') =>
      vi.stubGlobal('window', { location: { pathname, search }, history: { pushState: (_s: unknown, _t: string, to: string) => pushed.push(to) } });
    at('/busqueda/japon-esencial');
    expect(readSearchAddress()).toBe('japon esencial');
    at('/busqueda', '?q=Jap%C3%B3n');
    expect(readSearchAddress()).toBe('Japón');
    submitSearch({ typed: 'Islandia y Auroras', vocabulary: built.vocabulary });
    expect(pushed).toEqual(['/busqueda/islandia-y-auroras']);
    await vi.waitFor(() => expect($search.get()).toMatchObject({ typed: 'Islandia y Auroras', status: 'done' }));
  });
});
