import { Marked } from 'marked';
import { sanitizeRichText } from '#shared/rich-text.ts';

// Line breaks inside a paragraph are meant: staff type lists and addresses line by line.
export const MARKDOWN_OPTIONS = { async: false, gfm: true, breaks: true } as const;
const markdown = new Marked(MARKDOWN_OPTIONS);

/**
 * Staff-written Markdown (highlights, services, practical information) as HTML, at build time. The result
 * passes the same allow-list as landing rich text, so a stray tag or a `javascript:` link never reaches a
 * visitor. Empty or missing text gives ''.
 */
export function renderMarkdown(text: string | null | undefined): string {
  if (!text?.trim()) return '';
  return sanitizeRichText(markdown.parse(text) as string);
}
