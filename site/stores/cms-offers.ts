/**
 * An offer list in edit mode (/last-minute, /ofertas; cms-and-backoffice.md §2.2–2.3, §4, §5, §6): every
 * offer, inactive ones too, the 'Crear nueva oferta' form ('Publicar' / 'Creando') and one offer's edit form
 * at a time ('Guardando...'). The forms check with the spec's own rules before sending; the server checks
 * again, and whatever it answers, what was typed stays.
 */
import { map } from 'nanostores';
import { validateOfferCreation, validateOfferEdit } from '#shared/rules/offers.ts';
import type { OfferListView, OfferOptionsView, OfferView, PickableTour } from '#shared/schemas/cms.ts';
import { api, callApi } from '../lib/api-client.ts';
import { followPublication } from './cms-publish.ts';
import { formatEurosInput } from '#shared/rules/money.ts';

export type OfferSlider = 'ultimas-plazas' | 'ofertas';

export interface OfferCreateForm {
  open: boolean;
  requestId: string;
  tourQuery: string;
  tours: PickableTour[];
  tourId: string;
  periods: OfferOptionsView['periods'];
  periodId: string;
  discount: string;
  coupon: string;
  flightIds: string[];
  errors: Record<string, string>;
  creating: boolean;
}

export interface OfferEditForm {
  id: string;
  version: number;
  discount: string;
  coupon: string;
  status: 'active' | 'inactive';
  errors: Record<string, string>;
  saving: boolean;
}

export interface OffersEditorState {
  status: 'loading' | 'ready' | 'failed';
  slider: OfferSlider;
  list: OfferListView | null;
  create: OfferCreateForm;
  edit: OfferEditForm | null;
  message: string | null;
}

const emptyCreate = (): OfferCreateForm => ({
  open: false,
  requestId: '',
  tourQuery: '',
  tours: [],
  tourId: '',
  periods: [],
  periodId: '',
  discount: '',
  coupon: '',
  flightIds: [],
  errors: {},
  creating: false,
});

export const $offersEditor = map<OffersEditorState>({
  status: 'loading',
  slider: 'ultimas-plazas',
  list: null,
  create: emptyCreate(),
  edit: null,
  message: null,
});

const patch = (changes: Partial<OffersEditorState>) => $offersEditor.set({ ...$offersEditor.get(), ...changes });
const patchCreate = (changes: Partial<OfferCreateForm>) => patch({ create: { ...$offersEditor.get().create, ...changes } });
const patchEdit = (changes: Partial<OfferEditForm>) => {
  const { edit } = $offersEditor.get();
  if (edit) patch({ edit: { ...edit, ...changes } });
};

export async function loadOffers(slider: OfferSlider): Promise<void> {
  patch({ slider });
  const result = await callApi(() => api.cms.offers.list[':slider'].$get({ param: { slider } }));
  if (!result.ok) return patch({ status: 'failed', message: result.message });
  patch({ status: 'ready', list: result.data });
}

const replaceOffer = (offer: OfferView) => {
  const { list } = $offersEditor.get();
  if (!list) return list;
  const offers = [...list.offers.filter((o) => o.id !== offer.id), offer].sort(
    (a, b) => a.position - b.position || a.period.dayOne.localeCompare(b.period.dayOne),
  );
  return { ...list, slider: { ...list.slider, exists: true }, offers };
};

/** 'Crear nueva oferta' opens the form; a new id names this press of 'Publicar'. */
export function openCreate(): void {
  patch({ create: { ...emptyCreate(), open: true, requestId: crypto.randomUUID() }, edit: null, message: null });
}

export function closeCreate(): void {
  patch({ create: emptyCreate() });
}

export async function searchOfferTours(query: string): Promise<void> {
  patchCreate({ tourQuery: query });
  const result = await callApi(() => api.cms.carousels.tours.$get({ query: { q: query } }));
  if (result.ok && $offersEditor.get().create.tourQuery === query) patchCreate({ tours: result.data.tours });
}

/** Choosing the tour loads its departures on sale, each with its flights (never the 'sin v' option). */
export async function chooseOfferTour(tourId: string): Promise<void> {
  const { errors } = $offersEditor.get().create;
  const { tourId: _cleared, ...rest } = errors;
  patchCreate({ tourId, periods: [], periodId: '', flightIds: [], errors: rest });
  if (!tourId) return;
  const result = await callApi(() => api.cms.offers.options.$get({ query: { tourId } }));
  if (result.ok && $offersEditor.get().create.tourId === tourId) patchCreate({ periods: result.data.periods });
}

export function setCreateField(field: 'periodId' | 'discount' | 'coupon', value: string): void {
  const { create } = $offersEditor.get();
  const { [field]: _cleared, ...errors } = create.errors;
  patchCreate({ [field]: value, errors, ...(field === 'periodId' ? { flightIds: [] } : {}) });
}

export function setCreateFlights(flightIds: string[]): void {
  patchCreate({ flightIds });
}

/** 'Publicar' (then 'Creando'): the offer, active at position 1, in this page's list. */
export async function createOffer(): Promise<'created' | 'failed'> {
  const { create, slider } = $offersEditor.get();
  const form = { tourId: create.tourId || null, periodId: create.periodId || null, discount: create.discount || null, coupon: create.coupon || null };
  const errors = validateOfferCreation(form);
  if (Object.keys(errors).length > 0) {
    patchCreate({ errors: errors as Record<string, string> });
    return 'failed';
  }
  patchCreate({ creating: true, errors: {} });
  const result = await callApi(() =>
    api.cms.offers.list[':slider'].$post({ param: { slider }, json: { requestId: create.requestId, ...form, flightIds: create.flightIds } }),
  );
  if (!result.ok) {
    patchCreate({ creating: false, errors: result.fields });
    patch({ message: result.message });
    return 'failed';
  }
  followPublication(result.data.publication);
  patch({ list: replaceOffer(result.data.saved), create: emptyCreate(), message: 'Oferta creada.' });
  return 'created';
}

export function openEdit(id: string): void {
  const offer = $offersEditor.get().list?.offers.find((o) => o.id === id);
  if (!offer) return;
  patch({
    edit: {
      id,
      version: offer.version,
      discount: formatEurosInput(offer.discountCents),
      coupon: offer.coupon,
      status: offer.status,
      errors: {},
      saving: false,
    },
    create: emptyCreate(),
    message: null,
  });
}

/** 'Cancelar': the edit form closes and nothing is saved. */
export function cancelEdit(): void {
  patch({ edit: null });
}

export function setEditField<K extends 'discount' | 'coupon' | 'status'>(field: K, value: OfferEditForm[K]): void {
  const { edit } = $offersEditor.get();
  if (!edit) return;
  const { [field]: _cleared, ...errors } = edit.errors;
  patchEdit({ [field]: value, errors });
}

/** 'Guardar' (then 'Guardando...'): discount, coupon and status from the version the form opened. */
export async function saveOffer(): Promise<'saved' | 'failed'> {
  const { edit } = $offersEditor.get();
  if (!edit) return 'failed';
  const errors = validateOfferEdit(edit);
  if (Object.keys(errors).length > 0) {
    patchEdit({ errors: errors as Record<string, string> });
    return 'failed';
  }
  patchEdit({ saving: true, errors: {} });
  const result = await callApi(() =>
    api.cms.offers[':id'].$put({ param: { id: edit.id }, json: { version: edit.version, discount: edit.discount, coupon: edit.coupon, status: edit.status } }),
  );
  if (!result.ok) {
    patchEdit({ saving: false, errors: result.fields });
    patch({ message: result.message });
    return 'failed';
  }
  followPublication(result.data.publication);
  patch({ list: replaceOffer(result.data.saved), edit: null, message: 'Cambios guardados.' });
  return 'saved';
}

export async function deleteOffer(id: string): Promise<'deleted' | 'failed'> {
  const { list } = $offersEditor.get();
  const offer = list?.offers.find((o) => o.id === id);
  if (!list || !offer) return 'failed';
  const result = await callApi(() => api.cms.offers[':id'].$delete({ param: { id }, query: { version: String(offer.version) } }));
  if (!result.ok) {
    patch({ message: result.message });
    return 'failed';
  }
  followPublication(result.data.publication);
  // The list as it is now: an offer saved or created while this was on its way stays as it came back.
  const { edit, list: now } = $offersEditor.get();
  patch({ list: now && { ...now, offers: now.offers.filter((o) => o.id !== id) }, edit: edit?.id === id ? null : edit, message: 'Oferta eliminada.' });
  return 'deleted';
}
