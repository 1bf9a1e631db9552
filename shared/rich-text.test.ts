import { describe, expect, it } from 'vitest';
import { hasRichTextContent, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it.each([
    {
      name: "keeps the seed's landing markup",
      html: '<h2>Viaja distinto</h2><p>Desde 2009 <strong>viajes</strong>.</p><ul><li>1 €</li></ul>',
      expected: '<h2>Viaja distinto</h2><p>Desde 2009 <strong>viajes</strong>.</p><ul><li>1 €</li></ul>',
    },
    { name: 'drops scripts with their text', html: '<p>Hola<script>alert(1)</script></p>', expected: '<p>Hola</p>' },
    { name: 'drops event handlers and styles', html: '<p onclick="x()" style="color:red" class="c">Hola</p>', expected: '<p>Hola</p>' },
    { name: 'unwraps tags outside the list, keeping their text', html: '<div><span>Hola</span></div>', expected: 'Hola' },
    { name: 'turns an h1 into an h2 (one h1 per page)', html: '<h1>Título</h1>', expected: '<h2>Título</h2>' },
    { name: 'removes javascript: links', html: '<a href="javascript:alert(1)">x</a>', expected: '<a>x</a>' },
    {
      name: 'keeps https, mailto and tel links',
      html: '<a href="https://a.es">a</a><a href="mailto:h@a.es">b</a><a href="tel:+34910000000">c</a>',
      expected: '<a href="https://a.es">a</a><a href="mailto:h@a.es">b</a><a href="tel:+34910000000">c</a>',
    },
    {
      name: 'a new-tab link gets rel noopener',
      html: '<a href="https://a.es" target="_blank">a</a>',
      expected: '<a href="https://a.es" target="_blank" rel="noopener noreferrer">a</a>',
    },
    { name: 'drops iframes and images from elsewhere', html: '<iframe src="https://x"></iframe><img src="x" onerror="y()"><p>ok</p>', expected: '<p>ok</p>' },
    {
      name: "keeps the shop's own uploaded images, without handlers",
      html: '<p><img src="/media/abc123-960.webp" alt="Plaza" onerror="y()" style="x"></p>',
      expected: '<p><img src="/media/abc123-960.webp" alt="Plaza" /></p>',
    },
    {
      name: 'drops images from another site or a path out of /media/',
      html: '<img src="https://evil.example/x.webp"><img src="/media/../files/a.jpg"><img src="//evil.example/a.webp">',
      expected: '',
    },
    { name: 'null is empty', html: null, expected: '' },
  ])('$name', ({ html, expected }) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });
});

describe('hasRichTextContent ("visitors see the saved HTML only if content exists")', () => {
  it.each([
    { html: '<p>Hola</p>', expected: true },
    { html: '<p><br></p>', expected: false },
    { html: '<p><img src="/media/abc-960.webp" alt=""></p>', expected: true },
    { html: '<p>&nbsp;</p>', expected: false },
    { html: '   ', expected: false },
    { html: '<script>alert(1)</script>', expected: false },
    { html: null, expected: false },
  ])('$html → $expected', ({ html, expected }) => {
    expect(hasRichTextContent(html)).toBe(expected);
  });
});
