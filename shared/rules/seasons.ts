/** Season tags: the 'Todo el año' label and calendar order of month names. */
import { ALL_YEAR_SEASON_ALIAS, ALL_YEAR_SEASON_LABEL, MONTH_NAMES } from '../constants.ts';
import { normaliseSearchText } from './text.ts';

const NORMALISED_MONTHS = MONTH_NAMES.map((month) => normaliseSearchText(month));

const ALL_YEAR_SEASONS: ReadonlySet<string> = new Set([normaliseSearchText(ALL_YEAR_SEASON_LABEL), ALL_YEAR_SEASON_ALIAS]);
/**
 * The answer for each tag already asked about: a build asks for every tour card it prints (the badge and the
 * season label), and a catalogue has a few dozen distinct tags.
 */
const allYearTags = new Map<string, boolean>();
const ALL_YEAR_TAGS_KEPT = 1000;

/** Whether a season tag means all year: 'Todo el año' or the spec's 'all year', any case or accents. */
export function isAllYearSeason(tag: string | null): boolean {
  if (tag === null) return false;
  let allYear = allYearTags.get(tag);
  if (allYear === undefined) {
    allYear = ALL_YEAR_SEASONS.has(normaliseSearchText(tag));
    if (allYearTags.size >= ALL_YEAR_TAGS_KEPT) allYearTags.clear();
    allYearTags.set(tag, allYear);
  }
  return allYear;
}

/** The month number of a Spanish month name: "months Enero to Diciembre ordered 1 to 12". Null otherwise. */
export function getMonthNumber(name: string): number | null {
  const index = NORMALISED_MONTHS.indexOf(normaliseSearchText(name));
  return index === -1 ? null : index + 1;
}

/** The label shown for a season tag: 'Todo el año' for all-year tags, the tag itself otherwise. */
export function formatSeasonLabel(tag: string): string {
  return isAllYearSeason(tag) ? ALL_YEAR_SEASON_LABEL : tag.trim();
}

/** Sort key: 'Todo el año' first (0), then months 1–12, then any other tag (13). */
export function getSeasonSortKey(tag: string): number {
  if (isAllYearSeason(tag)) return 0;
  return getMonthNumber(tag) ?? 13;
}

/**
 * Orders season tags for menus and pills: all year, Enero … Diciembre, then the rest alphabetically (es).
 *
 * @example sortSeasonTags(['Marzo', 'Todo el año', 'Enero']) // ['Todo el año', 'Enero', 'Marzo']
 */
export function sortSeasonTags(tags: readonly string[]): string[] {
  return [...tags].sort((a, b) => getSeasonSortKey(a) - getSeasonSortKey(b) || a.localeCompare(b, 'es'));
}
