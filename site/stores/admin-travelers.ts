/**
 * The travellers desk (/admin/travelers): the search lives in the address, so a reload or a link a
 * colleague sends opens the same list; the server searches, sorts and pages.
 */
import { map } from 'nanostores';
import { TRAVELER_SORTS, type TravelerListAnswer, TravelerListQuerySchema } from '#shared/schemas/travelers.ts';
import { api, callApi } from '../lib/api-client.ts';

export type TravelerSort = (typeof TRAVELER_SORTS)[number];

export interface TravelersDeskState {
  status: 'loading' | 'ready' | 'failed';
  /** What the search box shows (typed, not yet applied). */
  typed: string;
  /** What the list shows. */
  q: string;
  sort: TravelerSort;
  dir: 'asc' | 'desc';
  page: number;
  answer: TravelerListAnswer | null;
  error: string | null;
  message: string | null;
}

export const $travelersDesk = map<TravelersDeskState>({
  status: 'loading',
  typed: '',
  q: '',
  sort: 'name',
  dir: 'asc',
  page: 1,
  answer: null,
  error: null,
  message: null,
});

const patch = (changes: Partial<TravelersDeskState>) => $travelersDesk.set({ ...$travelersDesk.get(), ...changes });

/** The list's query string as it stands, without defaults. */
export function travelersQuery({ q, sort, dir, page }: Pick<TravelersDeskState, 'q' | 'sort' | 'dir' | 'page'>): Record<string, string> {
  const query: Record<string, string> = {};
  if (q.trim()) query.q = q.trim();
  if (sort !== 'name') query.sort = sort;
  if (dir !== 'asc') query.dir = dir;
  if (page > 1) query.page = String(page);
  return query;
}

async function load() {
  const state = $travelersDesk.get();
  const query = travelersQuery(state);
  const search = new URLSearchParams(query).toString();
  history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
  patch({ status: state.answer ? 'ready' : 'loading', message: null });
  const result = await callApi(() => api.admin.travelers.$get({ query }));
  if (!result.ok) {
    patch({ status: state.answer ? 'ready' : 'failed', message: result.fields.q ? null : result.message, error: result.fields.q ?? null });
    return;
  }
  patch({ status: 'ready', answer: result.data, error: null });
}

/** Reads the search from the address, then loads the list. */
export async function openTravelersDesk(search: string) {
  const params = new URLSearchParams(search);
  const q = params.get('q') ?? '';
  const sort = TRAVELER_SORTS.find((s) => s === params.get('sort')) ?? 'name';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  patch({ typed: q, q, sort, dir: params.get('dir') === 'desc' ? 'desc' : 'asc', page });
  await load();
}

export const setTyped = (typed: string) => patch({ typed, error: null });

/** 'Buscar': checked with the server's own schema first, so a search too short is named at once. */
export async function searchTravelers() {
  const { typed } = $travelersDesk.get();
  const checked = TravelerListQuerySchema.safeParse({ q: typed });
  if (!checked.success) {
    patch({ error: checked.error.issues[0]?.message ?? null });
    return;
  }
  patch({ q: typed.trim(), page: 1, error: null });
  await load();
}

/** A click on a column heading: that column, then the other direction on the next click. */
export async function sortTravelers(sort: TravelerSort) {
  const state = $travelersDesk.get();
  const dir = state.sort === sort ? (state.dir === 'asc' ? 'desc' : 'asc') : sort === 'createdAt' ? 'desc' : 'asc';
  patch({ sort, dir, page: 1 });
  await load();
}

export async function goToTravelersPage(page: number) {
  patch({ page });
  await load();
}
