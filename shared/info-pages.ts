/**
 * The text pages (/somos-different, /preguntas-frecuentes, the legal texts…): their first text is a Markdown
 * file under `site/content/info/`, reviewed in the repository; staff edit it in place as the page's landing
 * (issue 33), and the saved HTML then replaces the file's. Either way the text keeps `{{token}}` markers
 * that the build fills from the company's data and the shop's rules, so a phone change or a new points rate
 * reaches every page that quotes it without anyone editing the text.
 *
 * Used by the site's build (site/lib/info-pages.ts) and by the API (the editor's first text of a page never
 * saved); runs in Node only.
 */
import { Marked } from 'marked';
import { slugify } from './rules/text.ts';

export interface InfoSource {
  meta: Record<string, string>;
  /** The body as HTML, markers unfilled, headings with ids. */
  html: string;
}

// Our own texts, reviewed in the repository: headings get ids so FAQs and legal sections can be linked to.
const markdown = new Marked({ async: false, gfm: true });
markdown.use({
  renderer: {
    heading({ tokens, depth, text }) {
      return `<h${depth} id="${slugify(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
  },
});

/** Front matter (`key: value` lines between `---` fences) and the Markdown body as HTML. */
export function readInfoSource(source: string, file: string): InfoSource {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) throw new Error(`${file}: missing front matter`);
  const meta: Record<string, string> = {};
  for (const line of (match[1] ?? '').split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  if (!meta.title || !meta.description) throw new Error(`${file}: title and description are required`);
  return { meta, html: markdown.parse(source.slice(match[0].length)) as string };
}

/**
 * Section headings of saved HTML given the ids the Markdown's had (the editor keeps none), so links to a
 * question of the FAQ or a clause of the terms keep working after an edit.
 */
export function withHeadingIds(html: string): string {
  return html.replace(/<h([234])>([\s\S]*?)<\/h\1>/g, (_, depth: string, inner: string) => {
    const text = inner.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&');
    return `<h${depth} id="${slugify(text)}">${inner}</h${depth}>`;
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

/** A marker's value: plain text, or a link (`enlace_…`) made of a text and its address. */
export type InfoTokenValue = string | { text: string; href: string };

const MARKER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/**
 * The markers of a text filled in: in text, escaped, a link marker as a link. Inside a tag (a link an editor
 * pointed at a marker) a marker is dropped: the sanitiser checked that attribute with the marker in it, and a
 * value put there now would skip its check. A marker nobody knows fails for a file of ours (`strict`: the build
 * stops) and stays as typed in a saved text (what staff typed is shown, not lost).
 */
export function fillInfoTokens(html: string, tokens: Readonly<Record<string, InfoTokenValue>>, { file, strict }: { file: string; strict: boolean }): string {
  const value = (name: string, typed: string, inTag: boolean): string => {
    const found = tokens[name];
    if (found === undefined) {
      if (strict) throw new Error(`${file}: unknown token {{${name}}}`);
      return inTag ? '' : typed;
    }
    if (inTag) return '';
    if (typeof found === 'string') return escapeHtml(found);
    return `<a href="${escapeHtml(found.href)}">${escapeHtml(found.text)}</a>`;
  };
  return html
    .split(/(<[^>]*>)/)
    .map((part, i) => part.replace(MARKER, (typed, name: string) => value(name, typed, i % 2 === 1)))
    .join('');
}

/** The same for a plain-text field (a page's title or description). */
export function fillInfoText(text: string, tokens: Readonly<Record<string, InfoTokenValue>>, file: string): string {
  return text.replace(MARKER, (_, name: string) => {
    const found = tokens[name];
    if (found === undefined) throw new Error(`${file}: unknown token {{${name}}}`);
    return typeof found === 'string' ? found : found.text;
  });
}
