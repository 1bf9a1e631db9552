/** Slugs, search normalisation and destination aliases. */
import { DESTINATION_ALIASES } from '../constants.ts';

/** Letters that Unicode does not decompose into a base letter plus accent. */
const TRANSLITERATIONS: Readonly<Record<string, string>> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd' };

function stripAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[øæœßłđ]/g, (letter) => TRANSLITERATIONS[letter] ?? letter);
}

/**
 * Turns a name into a URL slug: "trim, lowercase (Spanish), remove punctuation, replace spaces and commas
 * with dashes, strip accents". Repeated dashes collapse and none lead or trail.
 *
 * @example slugify(' Norte América, Canadá ') // 'norte-america-canada'
 */
export function slugify(text: string): string {
  return stripAccents(text.trim().toLocaleLowerCase('es'))
    .replace(/[\s,]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Normalises text for search matching: like the slug, but "also maps ä and å to a and collapses
 * whitespace". Words stay separated by single spaces; dashes and punctuation separate words, so a slug from
 * /busqueda/{slug} normalises to the same words as the name it came from.
 *
 * @example normaliseSearchText('  Ålesund –  NORUEGA ') // 'alesund noruega'
 */
export function normaliseSearchText(text: string): string {
  return stripAccents(text.toLocaleLowerCase('es').replace(/[äå]/g, 'a'))
    .replace(/[^a-z0-9\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Replaces English destination names with the Spanish ones the catalogue uses: "europe to europa,
 * antarctica to antartida, north america to norte america, south america to sur america". Whole words only,
 * on text already passed through {@link normaliseSearchText}.
 */
export function applyDestinationAliases(normalisedText: string): string {
  let result = normalisedText;
  for (const [english, spanish] of Object.entries(DESTINATION_ALIASES)) {
    result = result.replace(new RegExp(`(?<![a-z0-9])${english}(?![a-z0-9])`, 'g'), spanish);
  }
  return result;
}

/** Normalised search query with destination aliases applied: what search terms are compared as. */
export function normaliseSearchQuery(query: string): string {
  return applyDestinationAliases(normaliseSearchText(query));
}

/** Case- and accent-insensitive "contains", used for keyword markers such as 'oculto' and 'sin v'. */
export function containsNormalised({ text, fragment }: { text: string | null; fragment: string }): boolean {
  if (text === null) return false;
  const normalise = (value: string): string => stripAccents(value.toLocaleLowerCase('es'));
  return normalise(text).includes(normalise(fragment));
}
