/**
 * A campaign's tour grid in edit mode (cms-and-backoffice.md §2.4, §6): its title and tours, added with a
 * position, removed with 'Eliminar' and saved together. A campaign without a grid shows the spec's
 * defaults until its first save creates one. As in every editor, what the admin typed stays on screen
 * whatever the server answers.
 */
import { map } from 'nanostores';
import { GridSaveSchema, type GridTextField, type GridTexts, type GridView, type HistoryEntryView } from '#shared/schemas/cms.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { api, callApi } from '../lib/api-client.ts';
import { followPublication } from './cms-publish.ts';
import { addPicked, emptyPicker, type PickerState, type RollItem, searchPickable } from './cms-roll.ts';

export interface GridEditorState {
  status: 'loading' | 'ready' | 'failed';
  grid: GridView | null;
  open: boolean;
  title: string;
  /** The grid's own texts and whether its banner animates. */
  texts: GridTexts;
  tours: RollItem[];
  errors: Record<string, string>;
  saving: boolean;
  message: string | null;
  picker: PickerState;
  history: HistoryEntryView[] | null;
}

const initial = (): GridEditorState => ({
  status: 'loading',
  grid: null,
  open: false,
  title: '',
  texts: { sliderTitle: '', promotionBanner: '', labelFooter: '', descriptionFooter: '', bannerAnimation: false },
  tours: [],
  errors: {},
  saving: false,
  message: null,
  picker: emptyPicker(),
  history: null,
});

export const $gridEditor = map<GridEditorState>(initial());
const patch = (changes: Partial<GridEditorState>) => $gridEditor.set({ ...$gridEditor.get(), ...changes });

const fromView = (grid: GridView) => ({
  grid,
  title: grid.title,
  texts: {
    sliderTitle: grid.sliderTitle,
    promotionBanner: grid.promotionBanner,
    labelFooter: grid.labelFooter,
    descriptionFooter: grid.descriptionFooter,
    bannerAnimation: grid.bannerAnimation,
  },
  tours: grid.tours.map((t) => ({ tourId: t.tourId, name: t.name, position: t.position })),
});

export async function loadGrid(slug: string): Promise<void> {
  const result = await callApi(() => api.cms.grids[':slug'].$get({ param: { slug } }));
  if (!result.ok) return patch({ status: 'failed', message: result.message });
  patch({ status: 'ready', ...fromView(result.data.grid) });
}

/** Edit mode opens with the saved grid; closing drops what was not saved. */
export function openGrid(): void {
  const { grid } = $gridEditor.get();
  if (grid) patch({ open: true, ...fromView(grid), errors: {}, message: null, history: null, picker: emptyPicker() });
}

export function closeGrid(): void {
  patch({ open: false, errors: {}, message: null, history: null, picker: emptyPicker() });
}

export function setGridTitle(title: string): void {
  const { title: _cleared, ...errors } = $gridEditor.get().errors;
  patch({ title, errors });
}

export function setGridText(field: GridTextField, value: string): void {
  const { [field]: _cleared, ...errors } = $gridEditor.get().errors;
  patch({ texts: { ...$gridEditor.get().texts, [field]: value }, errors });
}

export function setGridAnimation(on: boolean): void {
  patch({ texts: { ...$gridEditor.get().texts, bannerAnimation: on } });
}

export async function searchGridTours(query: string): Promise<void> {
  patch({ picker: { ...$gridEditor.get().picker, query } });
  const picker = await searchPickable($gridEditor.get().tours, () => $gridEditor.get().picker);
  if (picker) patch({ picker });
}

export function setGridPicker(changes: Partial<Pick<PickerState, 'tourId' | 'position'>>): void {
  patch({ picker: { ...$gridEditor.get().picker, ...changes } });
}

export function addGridTour(): boolean {
  const { tours, picker } = $gridEditor.get();
  const added = addPicked(tours, picker);
  if (!added) return false;
  if ('error' in added) {
    patch({ errors: { picker: added.error } });
    return false;
  }
  patch({ tours: added.roll, picker: added.picker, errors: {} });
  return true;
}

/** 'Eliminar': the tour leaves the grid when it is saved. */
export function removeGridTour(tourId: string): void {
  patch({ tours: $gridEditor.get().tours.filter((t) => t.tourId !== tourId) });
}

export async function saveGrid(): Promise<'saved' | 'failed'> {
  const { grid, title, texts, tours } = $gridEditor.get();
  if (!grid) return 'failed';
  const checked = GridSaveSchema.safeParse({ version: grid.version, title, ...texts, tours: tours.map(({ tourId, position }) => ({ tourId, position })) });
  if (!checked.success) {
    patch({ errors: issuesToFields(checked.error.issues), message: 'Revisa los campos marcados.' });
    return 'failed';
  }
  patch({ saving: true, message: null });
  const result = await callApi(() => api.cms.grids[':slug'].$put({ param: { slug: grid.slug }, json: checked.data }));
  if (!result.ok) {
    patch({ saving: false, errors: result.fields, message: result.message });
    return 'failed';
  }
  followPublication(result.data.publication);
  patch({ saving: false, open: false, ...fromView(result.data.saved), errors: {}, message: 'Cambios guardados.', history: null });
  return 'saved';
}

export async function loadGridHistory(): Promise<void> {
  const { grid } = $gridEditor.get();
  if (!grid) return;
  const result = await callApi(() => api.cms.grids[':slug'].history.$get({ param: { slug: grid.slug } }));
  if (result.ok) patch({ history: result.data.history });
  else patch({ message: result.message });
}

export async function restoreGridVersion(entryId: string): Promise<'restored' | 'failed'> {
  const { grid } = $gridEditor.get();
  if (!grid || grid.version === null) return 'failed';
  patch({ saving: true, message: null });
  const result = await callApi(() =>
    api.cms.grids[':slug'].history[':entry'].restore.$post({ param: { slug: grid.slug, entry: entryId }, json: { version: grid.version as number } }),
  );
  if (!result.ok) {
    patch({ saving: false, message: result.message });
    return 'failed';
  }
  followPublication(result.data.publication);
  patch({ saving: false, ...fromView(result.data.saved), history: null, message: 'Versión restaurada.' });
  return 'restored';
}

export function resetGridEditor(): void {
  $gridEditor.set(initial());
}
