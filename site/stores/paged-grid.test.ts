/**
 * A paged listing's filter (docs/decisions/035-paged-listings.md) over the filter index the build writes
 * beside its first page (`filtros.json`, made here by the build's own functions from a 60-tour catalogue),
 * served by stubbing fetch for that static path only: the index is fetched once per visit, a failed fetch
 * is tried again on the next press, a malformed one is refused, and the cards of the page in view are
 * moved into the filtered list, 50 more per 'Ver más viajes'. Cards copied from other pages need the
 * browser's DOM and are left to the browser tests.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSnapshot, makeTour } from '../../tests/support/catalogue-snapshot.ts';
import { selectPublicTours } from '#shared/public-catalogue.ts';
import { buildListingIndex, filterListingIndex, type ListingIndex, splitIntoPages } from '#shared/rules/listing-pages.ts';
import { toGridTour } from '../lib/listing.ts';
import { collectCards, loadListingIndex, shownAfter } from './paged-grid.ts';

const tours = Array.from({ length: 60 }, (_, i) => makeTour({ id: `T${i + 1}`, webSlug: `tour-${i + 1}`, tourType: i % 2 === 0 ? 'Group' : 'Private' }));
const index: ListingIndex = buildListingIndex(splitIntoPages(selectPublicTours(makeSnapshot({ tours }))).map((page) => page.map(toGridTour)));

let answers: Response[];
let asked: { url: string; init?: RequestInit }[];
/** Each visit's listing has its own address: the store keeps what it fetched for the whole visit. */
let visit = 0;
const indexUrl = () => `/viajes-${visit}/filtros.json`;

beforeEach(() => {
  visit += 1;
  asked = [];
  answers = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url !== indexUrl()) throw new TypeError(`fetch failed: ${url}`);
    asked.push({ url, init });
    return answers.shift() ?? Response.json(index);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a paged listing’s filter', () => {
  it('fetches the filter index once per visit, with the page’s own credentials', async () => {
    expect(await loadListingIndex(indexUrl())).toEqual(index);
    expect(await loadListingIndex(indexUrl())).toEqual(index);
    expect(asked).toEqual([{ url: indexUrl(), init: { credentials: 'same-origin' } }]);
    expect(index.pages).toBe(2);
  });

  it('tries again on the next press when a fetch failed, and refuses an index that is not one', async () => {
    answers.push(new Response('no', { status: 503 }));
    await expect(loadListingIndex(indexUrl())).rejects.toThrow('503');
    expect(await loadListingIndex(indexUrl())).toEqual(index);
    expect(asked).toHaveLength(2);
    visit += 1;
    answers.push(Response.json({ pages: 2, tours: 'todos' }));
    await expect(loadListingIndex(indexUrl())).rejects.toThrow('índice no válido');
  });

  it('moves the cards of the page in view into the filtered list, as many as are shown (50 more a press)', async () => {
    const privados = filterListingIndex({ index, tripType: 'Private', destination: null });
    expect(privados.map((m) => m.id).slice(0, 3)).toEqual(['T2', 'T4', 'T6']);
    const own = new Map(index.tours.filter(([, page]) => page === 1).map(([id]) => [id, { id } as unknown as HTMLElement]));
    const cards = await collectCards({ base: `/viajes-${visit}`, matches: privados, count: 10, own });
    expect(cards.map((card) => card.id)).toEqual(['T2', 'T4', 'T6', 'T8', 'T10', 'T12', 'T14', 'T16', 'T18', 'T20']);
    // All of them are on the page in view: no other page is asked for.
    expect(asked).toEqual([]);
    expect([shownAfter(0), shownAfter(1)]).toEqual([50, 100]);
  });
});
