/**
 * The tour roll that carousels and campaign grids share in their editors: the picker's search (visible
 * tours by name, without those already in the roll) and 'Añadir' (the chosen tour at the typed position,
 * never twice). The stores keep the state; these only compute it.
 */
import { appendToRoll } from '#shared/rules/content.ts';
import { type PickableTour, SLIDER_FORM_MESSAGES } from '#shared/schemas/cms.ts';
import { api, callApi } from '../lib/api-client.ts';

export interface RollItem {
  tourId: string;
  name: string;
  position: number;
}

export interface PickerState {
  query: string;
  results: PickableTour[];
  tourId: string;
  position: string;
}

export const emptyPicker = (): PickerState => ({ query: '', results: [], tourId: '', position: '' });

/**
 * The picker once its search (the query `current` reads when asked) is answered, over the picker as `current`
 * reads it then: a position typed or a tour chosen meanwhile stays. Null when the search failed (the picker stays
 * as it was) or another search was typed since (its own answer fills the list).
 */
export async function searchPickable(roll: readonly RollItem[], current: () => PickerState): Promise<PickerState | null> {
  const { query } = current();
  const result = await callApi(() => api.cms.carousels.tours.$get({ query: { q: query } }));
  const now = current();
  if (!result.ok || now.query !== query) return null;
  const inRoll = new Set(roll.map((t) => t.tourId));
  const results = result.data.tours.filter((t) => !inRoll.has(t.id));
  return { ...now, results, tourId: results.some((t) => t.id === now.tourId) ? now.tourId : (results[0]?.id ?? '') };
}

/** 'Añadir': the roll with the picked tour at its position (sorted), or why it cannot be added. */
export function addPicked(roll: readonly RollItem[], picker: PickerState): { roll: RollItem[]; picker: PickerState } | { error: string } | null {
  const tour = picker.results.find((t) => t.id === picker.tourId);
  if (!tour) return null;
  if (roll.some((t) => t.tourId === tour.id)) return { error: SLIDER_FORM_MESSAGES.duplicateTour };
  const position = picker.position.trim() === '' ? roll.length + 1 : Number(picker.position);
  if (!Number.isInteger(position) || position < 0) return { error: SLIDER_FORM_MESSAGES.positionRequired };
  const next = appendToRoll({ roll, entry: { tourId: tour.id, position } }).map(
    (entry) => roll.find((t) => t.tourId === entry.tourId) ?? { ...entry, name: tour.name },
  );
  // The select shows its first option once the added tour leaves it: that option is then the one chosen.
  const results = picker.results.filter((t) => t.id !== tour.id);
  return { roll: [...next].sort((a, b) => a.position - b.position), picker: { ...picker, results, tourId: results[0]?.id ?? '', position: '' } };
}
