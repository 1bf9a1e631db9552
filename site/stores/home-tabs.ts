/**
 * The home trip-type tab the visitor chose. Null until they choose: "The first tab is selected when none is
 * chosen", which `$homeTab` applies through the shared rule.
 */
import { atom, computed } from 'nanostores';
import type { SliderCategory } from '#shared/enums.ts';
import { selectHomeTabCategory } from '#shared/rules/content.ts';

export const $chosenHomeTab = atom<SliderCategory | null>(null);

/** The selected trip type's category. */
export const $homeTab = computed($chosenHomeTab, (chosen) => selectHomeTabCategory(chosen));

export function chooseHomeTab(category: SliderCategory): void {
  $chosenHomeTab.set(category);
}
