/**
 * Staff's Markdown as visitors get it: the allow-list's quick path for plain text (`bareRichText`,
 * shared/rich-text.ts) gives what sanitize-html gives, on every shape of Markdown and HTML staff may type.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { bareRichText, RICH_TEXT_SANITIZE_OPTIONS, sanitizeRichText } from '#shared/rich-text.ts';
import { MARKDOWN_OPTIONS, renderMarkdown } from './markdown.ts';

const marked = new Marked(MARKDOWN_OPTIONS);
const bySanitizeHtml = (html: string) => sanitizeHtml(html, RICH_TEXT_SANITIZE_OPTIONS).trim();

/** Pieces of what staff type in a tour's highlights, services and practical information. */
const INLINE = [
  'Vuelos internacionales',
  'café en Kioto',
  '**todo incluido**',
  '*guía local*',
  '_opcional_',
  '__negrita__',
  'precio: 1.200 €',
  'niños < 12 años',
  'entre "comillas" y l\'apóstrofo',
  'A & B',
  '&amp; ya escrito',
  '&nbsp;espacio',
  '&copy; 2026',
  '[enlace](https://different.es)',
  '<https://different.es>',
  'info@different.es',
  '![foto](/media/abc-960.webp)',
  '`código`',
  '~~tachado~~',
  '<b>negrita</b>',
  '<span style="color:red">rojo</span>',
  '<script>alert(1)</script>',
  '<p>párrafo suelto',
  'a > b',
  '2 * 3 * 4',
  'emoji 🌏',
];
const BLOCKS = [
  (s: () => string) => `${s()} ${s()}`,
  (s: () => string) => `${s()}\n${s()}`,
  (s: () => string) => `- ${s()}\n- ${s()}\n- ${s()}`,
  (s: () => string) => `1. ${s()}\n2. ${s()}`,
  (s: () => string) => `- ${s()}\n\n- ${s()}`,
  (s: () => string) => `- ${s()}\n  - ${s()}\n  - ${s()}\n- ${s()}`,
  (s: () => string) => `# ${s()}`,
  (s: () => string) => `## ${s()}`,
  (s: () => string) => `#### ${s()}`,
  (s: () => string) => `###### ${s()}`,
  (s: () => string) => `> ${s()}\n> ${s()}`,
  (s: () => string) => `| Fecha | Precio |\n|---|---:|\n| ${s()} | ${s()} |`,
  () => '---',
  (s: () => string) => `    ${s()}`,
  (s: () => string) => `<div>${s()}</div>`,
  (s: () => string) => `- [ ] ${s()}`,
];

/** The same texts every run (a linear congruential generator from a fixed seed). */
function* texts(count: number): Generator<string> {
  let seed = 20_261_130;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const inline = () => INLINE[next(INLINE.length)] as string;
  for (let i = 0; i < count; i++) {
    const blocks = Array.from({ length: 1 + next(4) }, () => (BLOCKS[next(BLOCKS.length)] as (s: () => string) => string)(inline));
    yield blocks.join(next(3) === 0 ? '\n' : '\n\n');
  }
}

describe('renderMarkdown', () => {
  it('gives what sanitize-html gives for every shape of Markdown, and takes the quick path for plain text', () => {
    let quick = 0;
    for (const text of texts(4000)) {
      const html = marked.parse(text) as string;
      if (bareRichText(html) !== null) quick++;
      expect(renderMarkdown(text), text).toBe(bySanitizeHtml(html));
    }
    // Plain paragraphs, lists, headings, quotes and tables: a fair share of texts of several blocks each.
    expect(quick).toBeGreaterThan(300);
  });

  it('takes the quick path for a tour’s usual texts', () => {
    const usual = [
      '- Vuelos internacionales\n- Hoteles **4★**\n- Guía de habla hispana',
      'Visado: no es necesario.\nSeguro: "incluido".',
      '## Día 1\n\nLlegada a Tokio & traslado.',
    ];
    for (const text of usual) expect(bareRichText(marked.parse(text) as string), text).not.toBeNull();
  });
});

describe('bareRichText leaves to sanitize-html what it would change', () => {
  it.each([
    ['<p>a<ul><li>b</li></ul></p>', 'a list inside a paragraph (closed by the parser)'],
    ['<li>a<li>b', 'unclosed items'],
    ['<li>a<li>b</li></li>', 'an item opened in an item (the parser closes the first)'],
    ['<p>a<p>b</p></p>', 'a paragraph opened in a paragraph'],
    ['<table><tr><td>a<td>b</td></td></tr></table>', 'a cell opened in a cell'],
    ['<p>a</p></p>', 'a stray closing tag'],
    ['<p>a<hr></p>', 'a rule inside a paragraph'],
    ['<table><tbody><tr><td>a</td></tr><tbody></table>', 'a table section opened in another'],
    ['<p class="x">a</p>', 'an attribute'],
    ['<P>a</P>', 'a capital tag'],
    ['<p>a &nbsp; b</p>', 'another entity'],
    ['<p>a & b</p>', 'a bare ampersand'],
    ['<h1>a</h1>', 'a tag the allow-list changes'],
    ['<p>a', 'an unclosed paragraph'],
  ])('%s (%s)', (html) => {
    expect(bareRichText(html)).toBeNull();
    expect(typeof sanitizeRichText(html)).toBe('string');
  });

  it.each([
    ['<p>a<br>b</p>\n<hr>\n', '<p>a<br />b</p>\n<hr />'],
    ['<p>&quot;a&#39; &amp; &lt;b&gt;</p>', '<p>"a\' &amp; &lt;b&gt;</p>'],
    ['<ul>\n<li><p>a</p>\n<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>\n', '<ul>\n<li><p>a</p>\n<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>'],
  ])('%s', (html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
    expect(bySanitizeHtml(html)).toBe(expected);
  });
});
