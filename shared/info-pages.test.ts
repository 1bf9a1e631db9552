import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillInfoText, fillInfoTokens, readInfoSource, withHeadingIds } from './info-pages.ts';
import { INFO_TOKEN_LABELS } from './info-markers.ts';

const tokens = {
  empresa: 'Viajes <Sol> & Luna',
  telefono: '+34 910 000 000',
  enlace_telefono: { text: '+34 910 000 000', href: 'tel:+34910000000' },
};

describe('the text pages’ markers', () => {
  it('fills text markers escaped and link markers as links', () => {
    const html = fillInfoTokens('<p>{{empresa}}: llámanos al {{enlace_telefono}}.</p>', tokens, { file: 'x.md', strict: true });
    expect(html).toBe('<p>Viajes &lt;Sol&gt; &amp; Luna: llámanos al <a href="tel:+34910000000">+34 910 000 000</a>.</p>');
  });

  it('never fills a marker inside a tag, where its value would skip the sanitiser’s check of the attribute', () => {
    const html = fillInfoTokens('<p><a href="{{enlace_telefono}}" title="{{empresa}}">x</a></p>', tokens, { file: 'x.md', strict: true });
    expect(html).toBe('<p><a href="" title="">x</a></p>');
    expect(fillInfoTokens('<p><a href="{{horario}}">x</a></p>', { horario: 'javascript:alert(1)' }, { file: 'x', strict: false })).toBe(
      '<p><a href="">x</a></p>',
    );
  });

  it('fails the build on an unknown marker in a file of ours, and keeps one a person typed in a saved text', () => {
    expect(() => fillInfoTokens('<p>{{telfono}}</p>', tokens, { file: 'contacto.md', strict: true })).toThrow('contacto.md: unknown token {{telfono}}');
    expect(fillInfoTokens('<p>{{telfono}}</p>', tokens, { file: 'contacto', strict: false })).toBe('<p>{{telfono}}</p>');
    expect(fillInfoText('Contacto de {{empresa}}', tokens, 'x.md')).toBe('Contacto de Viajes <Sol> & Luna');
  });

  it('gives saved headings the ids the Markdown gave them, so links to a question keep working', () => {
    const { html } = readInfoSource('---\ntitle: T\ndescription: D\n---\n## ¿Puedo viajar solo?\n\nSí.\n', 'x.md');
    expect(html).toContain('<h2 id="puedo-viajar-solo">');
    expect(withHeadingIds('<h2>¿Puedo <strong>viajar</strong> solo?</h2><p>Sí.</p>')).toBe(
      '<h2 id="puedo-viajar-solo">¿Puedo <strong>viajar</strong> solo?</h2><p>Sí.</p>',
    );
  });

  it('offers staff every marker the texts use for the company and the rules', () => {
    const used = new Set<string>();
    for (const name of ['somos-different', 'contacto', 'preguntas-frecuentes', 'accesibilidad', 'aviso-legal']) {
      const source = readFileSync(new URL(`../site/content/info/${name}.md`, import.meta.url), 'utf8');
      for (const [, marker] of source.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)) used.add(marker ?? '');
    }
    for (const marker of used) expect(Object.keys(INFO_TOKEN_LABELS)).toContain(marker);
  });
});
