/**
 * The rich-text allow-list: what HTML a landing's ENRICHED_TEXT block may keep. The static build sanitises
 * with it before showing a block, and the API sanitises with it before saving one, so the two never
 * disagree about what is safe (DESIGN.md, Security: "rich text sanitised on the server with an allow-list").
 */
import sanitizeHtml from 'sanitize-html';

/** Text structure an editor produces. No h1: the page's banner title is the only h1. */
export const RICH_TEXT_ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'hr',
  'img',
  // The legal texts and the points programme have tables (fees by date, points by amount).
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** Links, images and table cells' spans only; no style, class or event attributes reach the page. */
export const RICH_TEXT_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

export const RICH_TEXT_ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedSchemes: [...RICH_TEXT_ALLOWED_SCHEMES],
  allowProtocolRelative: false,
  // Disallowed wrappers (div, span, font…) lose their tag but keep their text; script and style lose both.
  disallowedTagsMode: 'discard',
  // Images come from the shop's own uploads (their build variants under /media/), never from another site.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^\/media\/[\w.-]+$/.test(frame.attribs.src ?? ''),
  transformTags: {
    // An editor's h1 would compete with the page title: it becomes a section heading.
    h1: 'h2',
    // A link that opens a new tab must not hand the opener to the other page.
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
};

/**
 * The HTML of a rich-text block with everything outside the allow-list removed.
 *
 * @example sanitizeRichText('<p onclick="x()">Hola<script>alert(1)</script></p>') // '<p>Hola</p>'
 */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * "Visitors see the saved HTML only if content exists": an editor's empty document ('<p><br></p>') or
 * markup with no visible text counts as no content.
 */
export function hasRichTextContent(html: string | null | undefined): boolean {
  const clean = sanitizeRichText(html);
  if (clean === '') return false;
  if (clean.includes('<img')) return true;
  return sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
}
