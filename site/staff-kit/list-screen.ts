/**
 * The store of a staff list screen (a desk): the filters live in the address, so a reload or a link a
 * colleague sends opens the same list; the form is checked with the server's own schema before anything is
 * sent, so a typo is named at once; the server filters, sorts and pages; the state is loading, ready or
 * failed, and a refused load keeps what was on screen. Every desk is one call of `createListScreen` plus
 * the actions of its own rows.
 *
 * @example
 * export const tours = createListScreen({
 *   filters: ['q', 'type'],
 *   check: (form) => AdminTourListQuerySchema.safeParse(form),
 *   load: (query) => callApi(() => api.admin.tours.$get({ query })),
 * });
 */
import { type MapStore, map } from 'nanostores';
import { issuesToFields } from '#shared/schemas/errors.ts';
import type { ApiResult } from '../lib/api-client.ts';

export type SortDir = 'asc' | 'desc';

export interface ListScreenState<F extends string, S extends string, A> {
  status: 'loading' | 'ready' | 'failed';
  /** What the filter form shows (typed, not yet applied). */
  form: Record<F, string>;
  /** What the list shows. */
  applied: Record<F, string>;
  sort: S;
  dir: SortDir;
  page: number;
  answer: A | null;
  /** Field → message, for the filter form. */
  errors: Record<string, string>;
  /** Why the list could not be loaded or an action was refused. */
  message: string | null;
  /** What the last action did, for the status line. */
  done: string | null;
}

/** The shape every schema's `safeParse` answers with. */
type Checked = { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

export interface ListScreenSpec<F extends string, S extends string, A, E> {
  filters: readonly F[];
  /** The server's sorts, the one a list opens with, and the direction a column starts in when first clicked. */
  sorts?: { values: readonly S[]; initial: S; dir: SortDir; firstDir?: (sort: S) => SortDir };
  /** The server's own query schema over the form, so the form is refused before anything is sent. */
  check?: (form: Record<F, string>) => Checked;
  /** One request for a page of the list (the query holds only what is set). */
  load: (query: Record<string, string>) => Promise<ApiResult<A>>;
  /** What the screen keeps beside the list (dialogs, choices for the form). */
  extra?: E;
}

export interface ListScreen<F extends string, S extends string, A, E> {
  $state: MapStore<ListScreenState<F, S, A> & E>;
  /** Changes the screen's own state (its dialogs, its status line). */
  patch: (changes: Partial<ListScreenState<F, S, A> & E>) => void;
  /** Reads the list from the address (`location.search`), then loads it. `fixed` goes with every request but not in the address (a part of the path). */
  open: (search: string, fixed?: Record<string, string>) => Promise<void>;
  setFilter: (field: F, value: string) => void;
  /** 'Filtrar' / 'Buscar': the form checked, then the first page of it. */
  apply: () => Promise<void>;
  clear: () => Promise<void>;
  /** A click on a column heading: that column, then the other direction on the next click. */
  sortBy: (sort: S) => Promise<void>;
  goToPage: (page: number) => Promise<void>;
  /** The list again as it stands (after an action changed a row). */
  reload: () => Promise<void>;
  /** The request's query as it stands (with `paging: false`, for an export of everything filtered). */
  query: (options?: { paging?: boolean }) => Record<string, string>;
}

export function createListScreen<F extends string, A, S extends string = never, E extends object = Record<never, never>>(
  spec: ListScreenSpec<F, S, A, E>,
): ListScreen<F, S, A, E> {
  type State = ListScreenState<F, S, A> & E;
  const blank = () => Object.fromEntries(spec.filters.map((f) => [f, ''])) as Record<F, string>;
  const sorts = spec.sorts;
  const $state = map<State>({
    status: 'loading',
    form: blank(),
    applied: blank(),
    sort: sorts?.initial as S,
    dir: sorts?.dir ?? 'asc',
    page: 1,
    answer: null,
    errors: {},
    message: null,
    done: null,
    ...(spec.extra as E),
  } as State);
  let fixed: Record<string, string> = {};
  const patch = (changes: Partial<State>) => $state.set({ ...$state.get(), ...changes });

  /** What the address shows: only what differs from the list as it opens. */
  function shown({ paging = true } = {}): Record<string, string> {
    const state = $state.get();
    const query: Record<string, string> = {};
    for (const field of spec.filters) if (state.applied[field].trim()) query[field] = state.applied[field].trim();
    if (sorts && state.sort !== sorts.initial) query.sort = state.sort;
    if (sorts && state.dir !== sorts.dir) query.dir = state.dir;
    if (paging && state.page > 1) query.page = String(state.page);
    return query;
  }

  // Each load is numbered: on a slow connection a search typed while the list was still opening is
  // answered first, and the older answer must not replace it when it arrives.
  let loads = 0;

  async function reload() {
    const state = $state.get();
    const search = new URLSearchParams(shown()).toString();
    history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
    patch({ status: state.answer ? 'ready' : 'loading', message: null } as Partial<State>);
    const load = ++loads;
    const result = await spec.load({ ...shown(), ...fixed });
    if (load !== loads) return;
    // A message the form got while this list was loading (a search too short) stays until it is typed again.
    const { errors } = $state.get();
    const typedMeanwhile = errors !== state.errors;
    if (result.ok) {
      patch({ status: 'ready', answer: result.data, errors: typedMeanwhile ? errors : {} } as Partial<State>);
      return;
    }
    // A refusal that names a field of the form is shown at the field; anything else above the list.
    const onForm = Object.keys(result.fields).some((key) => (spec.filters as readonly string[]).includes(key));
    patch({
      status: $state.get().answer ? 'ready' : 'failed',
      message: onForm ? null : result.message,
      errors: typedMeanwhile ? errors : result.fields,
    } as Partial<State>);
  }

  return {
    $state,
    patch,
    reload,
    query: ({ paging = true } = {}) => ({ ...shown({ paging }), ...fixed }),
    async open(search, fixedQuery = {}) {
      fixed = fixedQuery;
      const params = new URLSearchParams(search);
      const form = blank();
      for (const field of spec.filters) form[field] = params.get(field) ?? '';
      const sort = sorts?.values.find((s) => s === params.get('sort')) ?? sorts?.initial;
      const dir = params.get('dir') === 'asc' || params.get('dir') === 'desc' ? (params.get('dir') as SortDir) : (sorts?.dir ?? 'asc');
      const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
      patch({ form, applied: { ...form }, sort, dir, page, errors: {} } as Partial<State>);
      await reload();
    },
    setFilter(field, value) {
      const state = $state.get();
      const { [field]: _fixed, ...errors } = state.errors;
      patch({ form: { ...state.form, [field]: value }, errors } as Partial<State>);
    },
    async apply() {
      const { form } = $state.get();
      const checked = spec.check?.(form);
      if (checked && !checked.success) {
        patch({ errors: issuesToFields(checked.error.issues) } as Partial<State>);
        return;
      }
      patch({ applied: { ...form }, page: 1, errors: {} } as Partial<State>);
      await reload();
    },
    async clear() {
      patch({ form: blank(), applied: blank(), page: 1, errors: {} } as Partial<State>);
      await reload();
    },
    async sortBy(sort) {
      const state = $state.get();
      const dir = state.sort === sort ? (state.dir === 'desc' ? 'asc' : 'desc') : (sorts?.firstDir?.(sort) ?? 'asc');
      patch({ sort, dir, page: 1 } as Partial<State>);
      await reload();
    },
    async goToPage(page) {
      patch({ page } as Partial<State>);
      await reload();
    },
  };
}

/** How many pages a paged answer has (at least one). */
export const pagesOf = (answer: { total: number; pageSize: number } | null) => (answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1);
