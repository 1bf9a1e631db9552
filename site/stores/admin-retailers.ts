/**
 * The agencies (/admin/retailers): the search lives in the address, so a reload or a link a colleague
 * sends opens the same list; the server searches and pages. 'Nueva agencia' opens the form in a dialog
 * with one request id for the press (a double click makes one agency); whatever the server answers,
 * what was typed stays.
 */
import { map } from 'nanostores';
import { type RetailerForm, type RetailerListAnswer, RetailerListQuerySchema } from '#shared/schemas/retailers.ts';
import { api, callApi } from '../lib/api-client.ts';
import { checkRetailerForm, emptyRetailerForm, type RetailerField, type RetailerFields, serverFieldErrors } from './retailer-form.ts';

export interface RetailerSearch {
  q: string;
  membership: string;
}

export interface NewRetailer {
  requestId: string;
  form: RetailerFields;
  errors: Record<string, string>;
  sending: boolean;
  message: string | null;
}

export interface RetailersDeskState {
  status: 'loading' | 'ready' | 'failed';
  /** What the search form shows (typed, not yet applied). */
  form: RetailerSearch;
  /** What the list shows. */
  applied: RetailerSearch;
  page: number;
  answer: RetailerListAnswer | null;
  errors: Record<string, string>;
  message: string | null;
  creating: NewRetailer | null;
  /** The agency just created, for the status line and its link. */
  created: { id: string; name: string } | null;
}

const noSearch = (): RetailerSearch => ({ q: '', membership: '' });

export const $retailersDesk = map<RetailersDeskState>({
  status: 'loading',
  form: noSearch(),
  applied: noSearch(),
  page: 1,
  answer: null,
  errors: {},
  message: null,
  creating: null,
  created: null,
});

const patch = (changes: Partial<RetailersDeskState>) => $retailersDesk.set({ ...$retailersDesk.get(), ...changes });
const patchCreating = (changes: Partial<NewRetailer>) => {
  const { creating } = $retailersDesk.get();
  if (creating) patch({ creating: { ...creating, ...changes } });
};

function listQuery({ applied, page }: Pick<RetailersDeskState, 'applied' | 'page'>): Record<string, string> {
  const query: Record<string, string> = {};
  if (applied.q.trim()) query.q = applied.q.trim();
  if (applied.membership) query.membership = applied.membership;
  if (page > 1) query.page = String(page);
  return query;
}

async function load() {
  const state = $retailersDesk.get();
  const query = listQuery(state);
  const search = new URLSearchParams(query).toString();
  history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
  patch({ status: state.answer ? 'ready' : 'loading', message: null });
  const result = await callApi(() => api.admin.retailers.$get({ query }));
  if (!result.ok) {
    patch({ status: state.answer ? 'ready' : 'failed', message: result.message, errors: result.fields });
    return;
  }
  patch({ status: 'ready', answer: result.data, errors: {} });
}

/** Reads the search from the address, then loads the list. */
export async function openRetailers(search: string) {
  const params = new URLSearchParams(search);
  const form = { q: params.get('q') ?? '', membership: params.get('membership') ?? '' };
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  patch({ form, applied: { ...form }, page });
  await load();
}

export function setSearchField(field: keyof RetailerSearch, value: string) {
  const state = $retailersDesk.get();
  const { [field]: _fixed, ...errors } = state.errors;
  patch({ form: { ...state.form, [field]: value }, errors });
}

/** Applies the search: checked with the server's own schema first, so a too-short search is named at once. */
export async function applySearch() {
  const state = $retailersDesk.get();
  const checked = RetailerListQuerySchema.safeParse({ ...state.form });
  if (!checked.success) {
    const errors: Record<string, string> = {};
    for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= issue.message;
    patch({ errors });
    return;
  }
  patch({ applied: { ...state.form }, page: 1, errors: {} });
  await load();
}

export async function clearSearch() {
  patch({ form: noSearch(), applied: noSearch(), page: 1, errors: {} });
  await load();
}

export async function goToPage(page: number) {
  patch({ page });
  await load();
}

export function newRetailer() {
  patch({ creating: { requestId: crypto.randomUUID(), form: emptyRetailerForm(), errors: {}, sending: false, message: null }, created: null });
}

export const closeNewRetailer = () => patch({ creating: null });

export function setNewRetailerField(field: RetailerField, value: string) {
  const { creating } = $retailersDesk.get();
  if (!creating) return;
  const { [field]: _fixed, ...errors } = creating.errors;
  patchCreating({ form: { ...creating.form, [field]: value }, errors });
}

/** 'Guardar' in the dialog. Resolves to whether the agency was created (the dialog then closes). */
export async function createRetailer(): Promise<boolean> {
  const { creating } = $retailersDesk.get();
  if (!creating || creating.sending) return false;
  const errors = checkRetailerForm(creating.form);
  if (Object.keys(errors).length) {
    patchCreating({ errors, message: 'Revisa los datos marcados.' });
    return false;
  }
  patchCreating({ sending: true, message: null });
  const result = await callApi(() => api.admin.retailers.$post({ json: { requestId: creating.requestId, retailer: creating.form as RetailerForm } }));
  if (!result.ok) {
    // A refused press applied nothing: the next one is new. Without an answer the same id goes again,
    // so a press that did arrive does not make a second agency.
    patchCreating({
      sending: false,
      requestId: result.status === 0 ? creating.requestId : crypto.randomUUID(),
      errors: serverFieldErrors(result.fields),
      message: result.message,
    });
    return false;
  }
  const { retailer } = result.data;
  patch({ creating: null, created: { id: retailer.id, name: retailer.name } });
  await load();
  return true;
}
