/**
 * A filtered paged listing (docs/decisions/035-paged-listings.md): the listing's filter index names the
 * tours the pills keep and the page each card is on; the cards themselves are taken from those static
 * pages, so a filtered card is the same HTML as on its page. Pages and the index are fetched once per visit.
 */
import { LISTING_PAGE_SIZE } from '#shared/constants.ts';
import { isListingIndex, listingPagePath, type IndexMatch, type ListingIndex } from '#shared/rules/listing-pages.ts';

/**
 * Told to the page's favourite hearts when cards are put in the page. Spelled again in
 * lib/favorite-hearts.ts, which must import nothing to stay inlined (favorite-hearts.test.ts holds them together).
 */
export const CARDS_ADDED_EVENT = 'dr:cards-added';

const indexes = new Map<string, Promise<ListingIndex>>();
const pages = new Map<string, Promise<Document>>();

async function fetchOk(url: string): Promise<Response> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res;
}

/** What `url` gives, fetched once per visit; a failed fetch is forgotten, so the next press tries again. */
function fetchedOnce<T>(kept: Map<string, Promise<T>>, url: string, read: (res: Response) => Promise<T>): Promise<T> {
  let value = kept.get(url);
  if (!value) {
    value = fetchOk(url).then(read);
    value.catch(() => kept.delete(url));
    kept.set(url, value);
  }
  return value;
}

/** The listing's filter index, checked: it comes over the network. */
export const loadListingIndex = (url: string): Promise<ListingIndex> =>
  fetchedOnce(indexes, url, async (res) => {
    const body: unknown = await res.json();
    if (!isListingIndex(body)) throw new Error(`${url}: índice no válido`);
    return body;
  });

const loadPage = (path: string): Promise<Document> => fetchedOnce(pages, path, async (res) => new DOMParser().parseFromString(await res.text(), 'text/html'));

/**
 * The card items (`<li data-grid-tour>`) of the first `count` matches, in order. Cards of the page in
 * view come from `own` (moved, never copied, so no id is in the document twice); the others from their
 * pages, copied into this document. A card its page no longer has (a build published meanwhile) is left out.
 */
export async function collectCards({
  base,
  matches,
  count,
  own,
}: {
  base: string;
  matches: readonly IndexMatch[];
  count: number;
  own: ReadonlyMap<string, HTMLElement>;
}): Promise<HTMLElement[]> {
  const wanted = matches.slice(0, count);
  const needed = [...new Set(wanted.filter((m) => !own.has(m.id)).map((m) => m.page))];
  const docs = new Map(await Promise.all(needed.map(async (page) => [page, await loadPage(listingPagePath(base, page))] as const)));
  const cards: HTMLElement[] = [];
  for (const { id, page } of wanted) {
    const mine = own.get(id);
    if (mine) {
      cards.push(mine);
      continue;
    }
    const found = docs.get(page)?.querySelector<HTMLElement>(`[data-grid-tour="${CSS.escape(id)}"]`);
    if (found) cards.push(document.importNode(found, true));
  }
  return cards;
}

/** How many matches a filtered listing shows after `presses` presses of 'Ver más viajes'. */
export const shownAfter = (presses: number): number => LISTING_PAGE_SIZE * (presses + 1);
