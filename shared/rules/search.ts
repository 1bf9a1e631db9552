/**
 * Catalogue search: what a tour is found by, how a /busqueda address becomes a query, and the typo
 * fallback when the static index finds nothing.
 */
import { normaliseSearchQuery } from './text.ts';

export interface SearchableTourParts {
  name: string;
  subtitle: string | null;
  tagKeywords: string | null;
  tagSeason: string | null;
  metaKeyword: string | null;
  destinations: readonly { name: string; continent: string | null }[];
  regions: readonly { name: string }[];
}

/**
 * The text a tour is found by: name, subtitle, destinations (countries), their continents, parent regions,
 * keywords and season, normalised as queries are ("accents, ä/å, aliases"), so 'Japón', 'japon' and
 * 'JAPON' find the same tour and 'europe' finds 'Europa'.
 */
export function buildTourSearchText(tour: SearchableTourParts): string {
  return normaliseSearchQuery(
    [
      tour.name,
      tour.subtitle,
      ...tour.destinations.flatMap((destination) => [destination.name, destination.continent]),
      ...tour.regions.map((region) => region.name),
      tour.tagKeywords,
      tour.metaKeyword,
      tour.tagSeason,
    ]
      .filter((part): part is string => part !== null && part !== '')
      .join(' '),
  );
}

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * The query of a results address as the visitor wrote it: `/busqueda/{slug}` (dashes are spaces) or,
 * without a slug, `?q=`. Search with `normaliseSearchQuery` of it; show it as it is.
 *
 * @example parseSearchLocation({ pathname: '/busqueda/japon-esencial', search: '' }) // 'japon esencial'
 * @example parseSearchLocation({ pathname: '/busqueda', search: '?q=Jap%C3%B3n' }) // 'Japón'
 */
export function parseSearchLocation({ pathname, search }: { pathname: string; search: string }): string {
  // `index.html` is the results page's own file, not a search (a server may show it under that name).
  const match = /^\/busqueda\/([^/]+)\/?$/.exec(pathname)?.[1];
  const slug = match === 'index.html' ? undefined : match;
  const raw = slug !== undefined ? decode(slug).replace(/-/g, ' ') : (new URLSearchParams(search).get('q') ?? '');
  return raw.replace(/\s+/g, ' ').trim();
}

/** Distinct words of normalised texts, at least `minLength` letters: what typo correction may suggest. */
export function buildSearchVocabulary({ texts, minLength = 3 }: { texts: readonly string[]; minLength?: number }): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const word of text.split(' ')) if (word.length >= minLength) words.add(word);
  return [...words].sort();
}

/** Edits (insert, delete, substitute, swap neighbours) between two words, giving up past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/**
 * The query with each unknown word replaced by the closest vocabulary word (one edit for words of up to
 * five letters, two for longer ones; ties keep the alphabetically first). Words that are known, or the start
 * of a known word, stay. Null when nothing changed: there is nothing better to try.
 *
 * @example correctSearchQuery({ query: 'japn', vocabulary: ['japon', 'jordania'] }) // 'japon'
 */
export function correctSearchQuery({ query, vocabulary }: { query: string; vocabulary: readonly string[] }): string | null {
  let changed = false;
  const words = query.split(' ').map((word) => {
    if (word === '' || vocabulary.some((known) => known.startsWith(word))) return word;
    const max = word.length <= 5 ? 1 : 2;
    let best: { word: string; distance: number } | null = null;
    for (const known of vocabulary) {
      const distance = editDistance(word, known, max);
      if (distance <= max && (best === null || distance < best.distance)) best = { word: known, distance };
    }
    if (best === null) return word;
    changed = true;
    return best.word;
  });
  return changed ? words.join(' ') : null;
}

/**
 * The last resort for a query with no results: every word cut to its first `length` letters, so
 * 'islandiaa' still finds 'islandia' by prefix. Null when no word is longer than that.
 */
export function truncateSearchQuery({ query, length = 4 }: { query: string; length?: number }): string | null {
  const words = query.split(' ').filter((word) => word !== '');
  if (!words.some((word) => word.length > length)) return null;
  return words.map((word) => word.slice(0, length)).join(' ');
}
