/**
 * The catalogue desk (/admin/tours): the filters live in the address, so a reload or a colleague's link
 * opens the same list; the server filters and pages. Publishing or hiding a tour is one confirmed press
 * with its own request id, so a double click or a retry applies it once.
 */
import { map } from 'nanostores';
import { type AdminTourListAnswer, AdminTourListQuerySchema, type AdminTourRow } from '#shared/schemas/admin-tours.ts';
import { api, callApi } from '../lib/api-client.ts';

export const TOUR_FILTERS = ['q', 'type', 'status', 'destination', 'publishWeb', 'bookable'] as const;
export type TourFilter = (typeof TOUR_FILTERS)[number];
export type TourFilters = Record<TourFilter, string>;

export interface PublishDialog {
  tour: AdminTourRow;
  publish: boolean;
  requestId: string;
  sending: boolean;
  error: string | null;
}

export interface ToursDeskState {
  status: 'loading' | 'ready' | 'failed';
  /** What the form shows (not yet applied). */
  typed: TourFilters;
  /** What the list shows. */
  applied: TourFilters;
  page: number;
  answer: AdminTourListAnswer | null;
  errors: Partial<Record<TourFilter, string>>;
  message: string | null;
  dialog: PublishDialog | null;
  done: string | null;
}

const noFilters = (): TourFilters => ({ q: '', type: '', status: '', destination: '', publishWeb: '', bookable: '' });

export const $toursDesk = map<ToursDeskState>({
  status: 'loading',
  typed: noFilters(),
  applied: noFilters(),
  page: 1,
  answer: null,
  errors: {},
  message: null,
  dialog: null,
  done: null,
});

const patch = (changes: Partial<ToursDeskState>) => $toursDesk.set({ ...$toursDesk.get(), ...changes });

/** The list's query string as it stands, without empty filters. */
function toursQuery({ applied, page }: Pick<ToursDeskState, 'applied' | 'page'>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of TOUR_FILTERS) if (applied[key].trim()) query[key] = applied[key].trim();
  if (page > 1) query.page = String(page);
  return query;
}

async function load() {
  const state = $toursDesk.get();
  const query = toursQuery(state);
  const search = new URLSearchParams(query).toString();
  history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
  patch({ status: state.answer ? 'ready' : 'loading', message: null });
  const result = await callApi(() => api.admin.tours.$get({ query }));
  if (!result.ok) {
    patch({ status: state.answer ? 'ready' : 'failed', message: result.message, errors: result.fields as ToursDeskState['errors'] });
    return;
  }
  patch({ status: 'ready', answer: result.data, errors: {} });
}

/** Reads the filters from the address, then loads the list. */
export async function openToursDesk(search: string) {
  const params = new URLSearchParams(search);
  const filters = noFilters();
  for (const key of TOUR_FILTERS) filters[key] = params.get(key) ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  patch({ typed: filters, applied: filters, page });
  await load();
}

export function setTourFilter(key: TourFilter, value: string) {
  const { typed, errors } = $toursDesk.get();
  const { [key]: _fixed, ...rest } = errors;
  patch({ typed: { ...typed, [key]: value }, errors: rest });
}

/** 'Buscar': checked with the server's own schema first, so a search too short is named at once. */
export async function applyTourFilters() {
  const { typed } = $toursDesk.get();
  const checked = AdminTourListQuerySchema.safeParse(typed);
  if (!checked.success) {
    const errors: ToursDeskState['errors'] = {};
    for (const issue of checked.error.issues) errors[issue.path[0] as TourFilter] ??= issue.message;
    patch({ errors });
    return;
  }
  patch({ applied: { ...typed }, page: 1, errors: {} });
  await load();
}

export async function clearTourFilters() {
  patch({ typed: noFilters(), applied: noFilters(), page: 1, errors: {} });
  await load();
}

export async function goToToursPage(page: number) {
  patch({ page });
  await load();
}

export const openPublish = (tour: AdminTourRow) =>
  patch({ dialog: { tour, publish: !tour.publishWeb, requestId: crypto.randomUUID(), sending: false, error: null }, done: null });
export const closePublish = () => patch({ dialog: null });

export async function confirmPublish() {
  const { dialog } = $toursDesk.get();
  if (!dialog || dialog.sending) return;
  patch({ dialog: { ...dialog, sending: true, error: null } });
  const route = api.admin.tours[':id'].publish;
  const request = { param: { id: dialog.tour.id }, json: { requestId: dialog.requestId } };
  const result = await callApi(() => (dialog.publish ? route.$post(request) : route.$delete(request)));
  if (!result.ok) {
    // Without an answer the same id goes again, so a press that did arrive is not applied twice.
    patch({ dialog: { ...dialog, sending: false, error: result.message, requestId: result.status === 0 ? dialog.requestId : crypto.randomUUID() } });
    return;
  }
  const name = dialog.tour.name;
  patch({
    dialog: null,
    done: result.data.applied
      ? dialog.publish
        ? `«${name}» está publicado: la web lo mostrará en cuanto termine de reconstruirse.`
        : `«${name}» está oculto: la web dejará de mostrarlo en cuanto termine de reconstruirse.`
      : 'Ya estaba hecho: no ha cambiado nada.',
  });
  await load();
}
