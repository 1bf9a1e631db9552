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

/** sanitize-html's options for the allow-list (exported for the test that compares `bareRichText` with it). */
export const RICH_TEXT_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
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
  return (bareRichText(html) ?? sanitizeHtml(html, RICH_TEXT_SANITIZE_OPTIONS)).trim();
}

/**
 * Tags of the allow-list sanitize-html writes as they come when they come bare (no attributes): all but a link
 * and an image (their attributes are checked), and the two empty ones (written `<br />`, `<hr />`).
 */
const BARE_TAGS: ReadonlySet<string> = new Set(RICH_TEXT_ALLOWED_TAGS.filter((tag) => !['a', 'img', 'br', 'hr'].includes(tag)));
const P_ONLY: ReadonlySet<string> = new Set(['p']);
/**
 * The open elements a bare tag closes by opening when one of them is the innermost, as sanitize-html's parser
 * (htmlparser2's `openImpliesClose`) does: a `<p>` opened in a `<p>`, an `<li>` in an `<li>`.
 */
const CLOSED_BY: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['li', new Set(['li'])],
  ['tbody', new Set(['thead', 'tbody'])],
  ...['p', 'h2', 'h3', 'h4', 'blockquote', 'ol', 'ul', 'table', 'hr'].map((tag) => [tag, P_ONLY] as const),
]);
/** The five entities Markdown's renderer writes, as sanitize-html writes them again: its text decoded, then `&`, `<`, `>` escaped. */
const ENTITY_OUT: Readonly<Record<string, string>> = { amp: '&amp;', lt: '&lt;', gt: '&gt;', quot: '"', '#39': "'" };
const TOKEN = /<(br|hr)(?: ?\/)?>|<([a-z][a-z0-9]*)>|<\/([a-z][a-z0-9]*)>|&(amp|lt|gt|quot|#39);|[<>&]/g;

/**
 * What `sanitizeHtml(html, RICH_TEXT_SANITIZE_OPTIONS)` answers, without parsing, for the HTML Markdown's renderer writes for plain
 * text (paragraphs, lists, emphasis, headings, tables, line breaks); null for anything else, which sanitize-html
 * is given: an attribute, a link, an image, a tag outside these, any other entity, a stray `<`, `>` or `&`, or
 * elements its parser would close or open by itself (an unclosed or misnested tag). About nine times faster on
 * a tour's short texts (a tour page renders several; docs/decisions/056-island-renders.md), and the same answer:
 * `site/lib/markdown.test.ts` compares the two on every shape of Markdown staff write.
 */
export function bareRichText(html: string): string | null {
  const open: string[] = [];
  let out = '';
  let from = 0;
  for (const match of html.matchAll(TOKEN)) {
    const [token, empty, opened, closed, entity] = match;
    out += html.slice(from, match.index);
    from = match.index + token.length;
    const innermost = open.at(-1);
    if (opened !== undefined) {
      if (!BARE_TAGS.has(opened) || (innermost !== undefined && CLOSED_BY.get(opened)?.has(innermost))) return null;
      open.push(opened);
      out += token;
    } else if (closed !== undefined) {
      if (closed !== innermost) return null;
      open.pop();
      out += token;
    } else if (empty !== undefined) {
      if (innermost !== undefined && CLOSED_BY.get(empty)?.has(innermost)) return null;
      out += `<${empty} />`;
    } else if (entity !== undefined) out += ENTITY_OUT[entity];
    else return null;
  }
  return open.length === 0 ? out + html.slice(from) : null;
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
