/**
 * The recommended carousels block in edit mode (cms-and-backoffice.md §2.1, §4, §5, §6): every carousel of
 * the site, drafts included, one of them open for editing at a time. What the admin typed stays in the
 * store whatever the server answers: a 409 keeps the text on screen with the reason, a 422 marks the
 * fields. Saves name the version the editor opened, and each answers with the publication that follows it.
 */
import { map } from 'nanostores';
import type { DraftStatus, SliderCategory } from '#shared/enums.ts';
import { CarouselSaveSchema, type CarouselView, type HistoryEntryView } from '#shared/schemas/cms.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { api, callApi } from '../lib/api-client.ts';
import { followPublication } from './cms-publish.ts';
import { addPicked, emptyPicker, type PickerState, type RollItem, searchPickable } from './cms-roll.ts';

/** Categories offered when editing; creating also offers REDUCED_GROUP ('Reducido') and FAMILY ('Familia'). */
export const EDIT_CATEGORIES = ['GROUP', 'SINGLE', 'FIT'] as const satisfies readonly SliderCategory[];
export const CREATE_CATEGORIES = ['GROUP', 'SINGLE', 'FIT', 'REDUCED_GROUP', 'FAMILY'] as const satisfies readonly SliderCategory[];

export interface CarouselDraft {
  id: string;
  version: number;
  label: string;
  category: SliderCategory;
  position: string;
  status: DraftStatus;
  tours: RollItem[];
  /** True for a carousel just added: its category may still be any of CREATE_CATEGORIES. */
  isNew: boolean;
}

export interface CarouselsEditorState {
  status: 'loading' | 'ready' | 'failed';
  carousels: CarouselView[];
  draft: CarouselDraft | null;
  errors: Record<string, string>;
  saving: boolean;
  /** A sentence for the whole editor: the outcome, a conflict, a failure. */
  message: string | null;
  picker: PickerState;
  history: HistoryEntryView[] | null;
}

const initial = (): CarouselsEditorState => ({
  status: 'loading',
  carousels: [],
  draft: null,
  errors: {},
  saving: false,
  message: null,
  picker: emptyPicker(),
  history: null,
});

export const $carouselsEditor = map<CarouselsEditorState>(initial());

export const SAVED_MESSAGE = 'Cambios guardados.';
export const DELETED_MESSAGE = 'Carrusel eliminado.';

const patch = (changes: Partial<CarouselsEditorState>) => $carouselsEditor.set({ ...$carouselsEditor.get(), ...changes });

const draftOf = (view: CarouselView, isNew = false): CarouselDraft => ({
  id: view.id,
  version: view.version,
  label: view.label,
  category: view.category,
  position: String(view.position),
  status: view.status,
  tours: view.tours.map((t) => ({ tourId: t.tourId, name: t.name, position: t.position })),
  isNew,
});

let website = 'WEBDR';

export async function loadCarousels(site = website): Promise<void> {
  website = site;
  const result = await callApi(() => api.cms.carousels.$get({ query: { website } }));
  if (!result.ok) return patch({ status: 'failed', message: result.message });
  patch({ status: 'ready', carousels: result.data.carousels });
}

const replaceCarousel = (view: CarouselView) => {
  const { carousels } = $carouselsEditor.get();
  const others = carousels.filter((c) => c.id !== view.id);
  return [...others, view].sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
};

/** 'Agregar carrusel': a draft with the spec's defaults, opened for editing. */
export async function addCarousel(): Promise<void> {
  patch({ saving: true, message: null });
  const result = await callApi(() => api.cms.carousels.$post({ json: { requestId: crypto.randomUUID(), website } }));
  if (!result.ok) return patch({ saving: false, message: result.message });
  const view = result.data.saved;
  patch({ saving: false, carousels: replaceCarousel(view), draft: draftOf(view, true), errors: {}, history: null });
}

/** The edit mode of one carousel opens (and any other closes). */
export function openCarousel(id: string): void {
  const view = $carouselsEditor.get().carousels.find((c) => c.id === id);
  if (view) patch({ draft: draftOf(view), errors: {}, message: null, history: null, picker: initial().picker });
}

export function closeCarousel(): void {
  patch({ draft: null, errors: {}, message: null, history: null, picker: initial().picker });
}

export function setDraftField<K extends 'label' | 'category' | 'position' | 'status'>(field: K, value: CarouselDraft[K]): void {
  const { draft, errors } = $carouselsEditor.get();
  if (!draft) return;
  const { [field]: _cleared, ...rest } = errors;
  patch({ draft: { ...draft, [field]: value }, errors: rest });
}

/** The picker's search: visible tours by name, without those already in the roll. */
export async function searchTours(query: string): Promise<void> {
  patch({ picker: { ...$carouselsEditor.get().picker, query } });
  const picker = await searchPickable($carouselsEditor.get().draft?.tours ?? [], () => $carouselsEditor.get().picker);
  if (picker) patch({ picker });
}

export function setPicker(changes: Partial<Pick<CarouselsEditorState['picker'], 'tourId' | 'position'>>): void {
  patch({ picker: { ...$carouselsEditor.get().picker, ...changes } });
}

/** 'Añadir': the chosen tour at the typed position; a tour already in the roll is not added again. */
export function addPickedTour(): boolean {
  const { draft, picker } = $carouselsEditor.get();
  if (!draft) return false;
  const added = addPicked(draft.tours, picker);
  if (!added) return false;
  if ('error' in added) {
    patch({ errors: { picker: added.error } });
    return false;
  }
  patch({ draft: { ...draft, tours: added.roll }, picker: added.picker, errors: {} });
  return true;
}

/** 'Borrar' in add mode: the tour leaves the roll (the link goes when the carousel is saved). */
export function removeTour(tourId: string): void {
  const { draft } = $carouselsEditor.get();
  if (draft) patch({ draft: { ...draft, tours: draft.tours.filter((t) => t.tourId !== tourId) } });
}

/** 'Guardar': the slider and its roll in one save, from the version the editor opened. */
export async function saveCarousel(): Promise<'saved' | 'failed'> {
  const { draft } = $carouselsEditor.get();
  if (!draft) return 'failed';
  const body = {
    version: draft.version,
    label: draft.label,
    category: draft.category,
    position: draft.position.trim() === '' ? Number.NaN : Number(draft.position),
    status: draft.status,
    tours: draft.tours.map(({ tourId, position }) => ({ tourId, position })),
  };
  const checked = CarouselSaveSchema.safeParse(body);
  if (!checked.success) {
    patch({ errors: issuesToFields(checked.error.issues), message: 'Revisa los campos marcados.' });
    return 'failed';
  }
  patch({ saving: true, message: null });
  const result = await callApi(() => api.cms.carousels[':id'].$put({ param: { id: draft.id }, json: checked.data }));
  if (!result.ok) {
    patch({ saving: false, errors: result.fields, message: result.message });
    return 'failed';
  }
  const view = result.data.saved;
  followPublication(result.data.publication);
  patch({ saving: false, carousels: replaceCarousel(view), draft: null, errors: {}, message: SAVED_MESSAGE, history: null });
  return 'saved';
}

/** Deletes a section: the server removes its tour links, then the slider. */
export async function deleteCarousel(id: string): Promise<'deleted' | 'failed'> {
  const view = $carouselsEditor.get().carousels.find((c) => c.id === id);
  if (!view) return 'failed';
  patch({ saving: true, message: null });
  const result = await callApi(() => api.cms.carousels[':id'].$delete({ param: { id }, query: { version: String(view.version) } }));
  if (!result.ok) {
    patch({ saving: false, message: result.message });
    return 'failed';
  }
  followPublication(result.data.publication);
  const { draft } = $carouselsEditor.get();
  patch({
    saving: false,
    carousels: $carouselsEditor.get().carousels.filter((c) => c.id !== id),
    draft: draft?.id === id ? null : draft,
    message: DELETED_MESSAGE,
  });
  return 'deleted';
}

/** The last versions of the open carousel, newest first. */
export async function loadHistory(): Promise<void> {
  const { draft } = $carouselsEditor.get();
  if (!draft) return;
  const result = await callApi(() => api.cms.carousels[':id'].history.$get({ param: { id: draft.id } }));
  if (result.ok) patch({ history: result.data.history });
  else patch({ message: result.message });
}

/** Brings back one earlier version, in one call; it becomes the newest version. */
export async function restoreVersion(entryId: string): Promise<'restored' | 'failed'> {
  const { draft } = $carouselsEditor.get();
  if (!draft) return 'failed';
  patch({ saving: true, message: null });
  const result = await callApi(() =>
    api.cms.carousels[':id'].history[':entry'].restore.$post({ param: { id: draft.id, entry: entryId }, json: { version: draft.version } }),
  );
  if (!result.ok) {
    patch({ saving: false, message: result.message });
    return 'failed';
  }
  followPublication(result.data.publication);
  const view = result.data.saved;
  patch({ saving: false, carousels: replaceCarousel(view), draft: draftOf(view), history: null, message: 'Versión restaurada.' });
  return 'restored';
}

/** Back to the state before anything loaded (tests, and leaving the editor). */
export function resetCarouselsEditor(): void {
  $carouselsEditor.set(initial());
}
