/**
 * The bookings desk (/admin/bookings/{periodId?}): the filters live in the address, so a figure of the
 * day at a glance, a reload or a link a colleague sends opens the same list; the server filters, sorts
 * and pages. The CSV export is a link to the same query.
 */
import { map } from 'nanostores';
import { BOOKING_SORTS, type BookingFilterOptions, type BookingListAnswer, BookingListQuerySchema, type PeriodManifest } from '#shared/schemas/backoffice.ts';
import { api, callApi } from '../lib/api-client.ts';

export type BookingSort = (typeof BOOKING_SORTS)[number];

/** The filter form's fields, as typed (empty means any). */
export const FILTER_FIELDS = ['q', 'status', 'tourId', 'retailerId', 'departureFrom', 'departureTo', 'bookedFrom', 'bookedTo', 'issue'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export type Filters = Record<FilterField, string>;

export interface BookingsDeskState {
  status: 'loading' | 'ready' | 'failed';
  /** The departure of /admin/bookings/{periodId}, if any. */
  periodId: string;
  /** What the form shows (typed, not yet applied). */
  form: Filters;
  /** What the list shows. */
  applied: Filters;
  sort: BookingSort;
  dir: 'asc' | 'desc';
  page: number;
  answer: BookingListAnswer | null;
  options: BookingFilterOptions;
  /** The departure's passenger manifest, on /admin/bookings/{periodId}. */
  manifest: PeriodManifest | null;
  errors: Record<string, string>;
  message: string | null;
}

const noFilters = (): Filters => Object.fromEntries(FILTER_FIELDS.map((f) => [f, ''])) as Filters;

export const $bookingsDesk = map<BookingsDeskState>({
  status: 'loading',
  periodId: '',
  form: noFilters(),
  applied: noFilters(),
  sort: 'createdAt',
  dir: 'desc',
  page: 1,
  answer: null,
  options: { tours: [], retailers: [] },
  manifest: null,
  errors: {},
  message: null,
});

const patch = (changes: Partial<BookingsDeskState>) => $bookingsDesk.set({ ...$bookingsDesk.get(), ...changes });

/** The query string of the list as it stands (filters, sort, page), without empty fields. */
export function deskQuery(state: Pick<BookingsDeskState, 'applied' | 'sort' | 'dir' | 'page' | 'periodId'>, { paging = true } = {}): Record<string, string> {
  const query: Record<string, string> = {};
  for (const field of FILTER_FIELDS) if (state.applied[field].trim()) query[field] = state.applied[field].trim();
  if (state.periodId) query.periodId = state.periodId;
  if (state.sort !== 'createdAt') query.sort = state.sort;
  if (state.dir !== 'desc') query.dir = state.dir;
  if (paging && state.page > 1) query.page = String(state.page);
  return query;
}

export const csvHref = (state: BookingsDeskState) => `/api/admin/bookings/export.csv?${new URLSearchParams(deskQuery(state, { paging: false }))}`;

async function load() {
  const state = $bookingsDesk.get();
  const query = deskQuery(state);
  // The address follows the list, without the departure (it is in the path already).
  const { periodId: _inPath, ...shown } = query;
  const search = new URLSearchParams(shown).toString();
  history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
  patch({ status: state.answer ? 'ready' : 'loading', message: null });
  const result = await callApi(() => api.admin.bookings.$get({ query }));
  if (!result.ok) {
    patch({ status: state.answer ? 'ready' : 'failed', message: result.message, errors: result.fields });
    return;
  }
  patch({ status: 'ready', answer: result.data, errors: {} });
}

/** Reads the filters from the address (and the departure from the path), then loads the list and the form's choices. */
export async function openDesk(periodId: string, search: string) {
  const params = new URLSearchParams(search);
  const filters = noFilters();
  for (const field of FILTER_FIELDS) filters[field] = params.get(field) ?? '';
  const sort = BOOKING_SORTS.find((s) => s === params.get('sort')) ?? 'createdAt';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  patch({ periodId, form: filters, applied: { ...filters }, sort, dir: params.get('dir') === 'asc' ? 'asc' : 'desc', page });
  const [options, manifest] = await Promise.all([
    callApi(() => api.admin.bookings.options.$get()),
    periodId ? callApi(() => api.admin.periods[':id'].manifest.$get({ param: { id: periodId } })) : null,
    load(),
  ]);
  if (options.ok) patch({ options: options.data });
  if (manifest?.ok) patch({ manifest: manifest.data });
  else if (manifest) patch({ message: manifest.message });
}

export function setFilter(field: FilterField, value: string) {
  const state = $bookingsDesk.get();
  const { [field]: _fixed, ...errors } = state.errors;
  patch({ form: { ...state.form, [field]: value }, errors });
}

/** Applies the form: checked here with the server's own schema first, so a typo is named at once. */
export async function applyFilters() {
  const state = $bookingsDesk.get();
  const checked = BookingListQuerySchema.safeParse({ ...state.form });
  if (!checked.success) {
    const errors: Record<string, string> = {};
    for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= issue.message;
    patch({ errors });
    return;
  }
  patch({ applied: { ...state.form }, page: 1, errors: {} });
  await load();
}

export async function clearFilters() {
  patch({ form: noFilters(), applied: noFilters(), page: 1, errors: {} });
  await load();
}

/** A click on a column heading: that column, then the other direction on the next click. */
export async function sortBy(sort: BookingSort) {
  const state = $bookingsDesk.get();
  const dir = state.sort === sort ? (state.dir === 'desc' ? 'asc' : 'desc') : sort === 'createdAt' || sort === 'price' ? 'desc' : 'asc';
  patch({ sort, dir, page: 1 });
  await load();
}

export async function goToPage(page: number) {
  patch({ page });
  await load();
}
