/**
 * The results page's search: the query from the address, Pagefind's static index loaded on demand, and a
 * typo fallback when the query finds nothing (closest known word, then word prefixes).
 */
import { map } from 'nanostores';
import { correctSearchQuery, parseSearchLocation, truncateSearchQuery } from '#shared/rules/search.ts';
import { normaliseSearchQuery, slugify } from '#shared/rules/text.ts';
import { pathTo } from '#shared/routes.ts';

export interface SearchResult {
  url: string;
  title: string;
  destinations: string | null;
  price: string | null;
  duration: string | null;
  image: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
}

export interface SearchState {
  /** What the visitor typed or the address said, as shown in the box. */
  typed: string;
  status: 'idle' | 'loading' | 'done' | 'error';
  results: SearchResult[];
  /** Set when the results are for a corrected query, not the typed one. */
  correctedTo: string | null;
}

export const $search = map<SearchState>({ typed: '', status: 'idle', results: [], correctedTo: null });

/** The results page shows at most this many cards; a broader query should be narrowed. */
const MAX_RESULTS = 60;

interface PagefindResult {
  data(): Promise<{ url: string; meta: Record<string, string | undefined> }>;
}
interface Pagefind {
  search(query: string): Promise<{ results: PagefindResult[] } | null>;
}

let pagefind: Promise<Pagefind> | undefined;
function loadPagefind(): Promise<Pagefind> {
  // A path Vite must not bundle: the index is written next to the site after the Astro build.
  const path = '/pagefind/pagefind.js';
  pagefind ??= import(/* @vite-ignore */ path) as Promise<Pagefind>;
  return pagefind;
}

async function find(query: string): Promise<SearchResult[]> {
  const answer = await (await loadPagefind()).search(query);
  const data = await Promise.all((answer?.results ?? []).slice(0, MAX_RESULTS).map((result) => result.data()));
  return data.map(({ url, meta }) => ({
    url,
    title: meta.title ?? url,
    destinations: meta.destinations || null,
    price: meta.price ?? null,
    duration: meta.duration ?? null,
    image: meta.image ?? null,
    imageWidth: meta.image_width ? Number(meta.image_width) : null,
    imageHeight: meta.image_height ? Number(meta.image_height) : null,
  }));
}

/** Searches a typed query; tries the corrected query, then word prefixes, when it finds nothing. */
export async function runSearch({ typed, vocabulary }: { typed: string; vocabulary: readonly string[] }): Promise<void> {
  const query = normaliseSearchQuery(typed);
  if (query === '') {
    $search.set({ typed, status: 'idle', results: [], correctedTo: null });
    return;
  }
  $search.set({ ...$search.get(), typed, status: 'loading' });
  try {
    let results = await find(query);
    let correctedTo: string | null = null;
    for (const fallback of [correctSearchQuery({ query, vocabulary }), truncateSearchQuery({ query })]) {
      if (results.length > 0 || fallback === null) continue;
      results = await find(fallback);
      if (results.length > 0) correctedTo = fallback;
    }
    // A newer search may have started meanwhile; only the latest one shows.
    if ($search.get().typed !== typed) return;
    $search.set({ typed, status: 'done', results, correctedTo });
  } catch {
    $search.set({ typed, status: 'error', results: [], correctedTo: null });
  }
}

/** The query of this results address (`/busqueda/{slug}` or `?q=`), as typed words. */
export const readSearchAddress = (): string => parseSearchLocation({ pathname: window.location.pathname, search: window.location.search });

/** A new search from the page's box: its own address (/busqueda/{slug}), then the results. */
export function submitSearch({ typed, vocabulary }: { typed: string; vocabulary: readonly string[] }): void {
  const slug = slugify(typed);
  if (slug !== '') window.history.pushState(null, '', pathTo('search', { slug }));
  void runSearch({ typed, vocabulary });
}
