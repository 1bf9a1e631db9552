/**
 * A tour page's meta texts (title, description, keywords): its own meta fields, else built from its texts.
 * One rule for the page that renders them and the tour editor's search-snippet preview, so what staff
 * preview is what search engines read.
 */
import { BRAND_NAME } from '../constants.ts';

/** Longest meta description written when one is built from the tour's texts. */
export const META_DESCRIPTION_MAX = 160;
/** About what a search result shows of a title before cutting it (Google measures pixels; ~60 characters). */
export const SNIPPET_TITLE_SHOWN = 60;
/** About what a search result shows of a description before cutting it. */
export const SNIPPET_DESCRIPTION_SHOWN = 160;
/** Below this a description says too little to be shown instead of text the engine picks itself. */
export const SNIPPET_DESCRIPTION_SHORT = 70;

/**
 * Cuts text at a word boundary to fit a meta description, with an ellipsis when cut.
 *
 * @example truncateForMeta('Diez días por Japón', 12) // 'Diez días…'
 */
export function truncateForMeta(text: string, max = META_DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:]+$/, '')}…`;
}

export interface TourMetaSource {
  name: string;
  subtitle: string | null;
  description: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  metaKeyword: string | null;
  tagKeywords: string | null;
}

/**
 * Title, description and keywords of a tour page.
 *
 * @example buildTourMeta({ name: 'Japón', metaTitle: '', … }).title // 'Japón · Different Roads'
 */
export function buildTourMeta(tour: TourMetaSource) {
  const title = tour.metaTitle?.trim() || `${tour.name} · ${BRAND_NAME}`;
  const description =
    tour.metaDescription?.trim() || truncateForMeta([tour.subtitle, tour.description].filter(Boolean).join('. ') || `Viaje ${tour.name} con ${BRAND_NAME}.`);
  const keywords = tour.metaKeyword?.trim() || tour.tagKeywords?.trim() || null;
  return { title, description, keywords };
}

export type SnippetHint = { level: 'ok' | 'warn'; text: string };

/** What the editor says under the title of the preview: how much of it a search result shows. */
export function snippetTitleHint(title: string): SnippetHint {
  const n = [...title].length;
  if (n > SNIPPET_TITLE_SHOWN) return { level: 'warn', text: `${n} caracteres: Google suele cortar el título a partir de ${SNIPPET_TITLE_SHOWN}.` };
  return { level: 'ok', text: `${n} de ${SNIPPET_TITLE_SHOWN} caracteres.` };
}

/** What the editor says under the description of the preview. */
export function snippetDescriptionHint(description: string): SnippetHint {
  const n = [...description].length;
  if (n > SNIPPET_DESCRIPTION_SHOWN)
    return { level: 'warn', text: `${n} caracteres: Google suele cortar la descripción a partir de ${SNIPPET_DESCRIPTION_SHOWN}.` };
  if (n < SNIPPET_DESCRIPTION_SHORT)
    return { level: 'warn', text: `${n} caracteres: una descripción tan corta puede sustituirse por otro texto de la página.` };
  return { level: 'ok', text: `${n} de ${SNIPPET_DESCRIPTION_SHOWN} caracteres.` };
}

/** The text a search result shows: cut with an ellipsis where it would be cut. */
export function snippetShown(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
