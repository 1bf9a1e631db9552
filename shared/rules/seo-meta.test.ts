import { describe, expect, it } from 'vitest';
import { buildTourMeta, snippetDescriptionHint, snippetShown, snippetTitleHint, truncateForMeta } from './seo-meta.ts';

const tour = {
  name: 'Japón esencial',
  subtitle: 'Tokio, Kioto y Osaka',
  description: 'Diez días entre templos y rascacielos.',
  metaTitle: null,
  metaDescription: null,
  metaKeyword: null,
  tagKeywords: 'cultura, ciudades',
};

describe('a tour page meta texts (the editor previews the same)', () => {
  it.each([
    [
      'its own meta fields first',
      { metaTitle: ' Japón en grupo ', metaDescription: 'Con guía.', metaKeyword: 'japón' },
      ['Japón en grupo', 'Con guía.', 'japón'],
    ],
    [
      'empty fields fall back on name and brand, subtitle and description, tag keywords',
      { metaTitle: '  ', metaDescription: '' },
      ['Japón esencial · Different Roads', 'Tokio, Kioto y Osaka. Diez días entre templos y rascacielos.', 'cultura, ciudades'],
    ],
  ])('%s', (_case, fields, [title, description, keywords]) => {
    expect(buildTourMeta({ ...tour, ...fields })).toEqual({ title, description, keywords });
  });

  it('cuts a long built description at a word, with an ellipsis', () => {
    expect(truncateForMeta('Diez días por Japón', 12)).toBe('Diez días…');
    expect(truncateForMeta('  corta  ')).toBe('corta');
  });
});

describe('the search-snippet hints', () => {
  it.each([
    ['x'.repeat(60), 'ok', '60 de 60 caracteres.'],
    ['x'.repeat(61), 'warn', '61 caracteres: Google suele cortar el título a partir de 60.'],
  ])('title of %#', (title, level, text) => {
    expect(snippetTitleHint(title)).toEqual({ level, text });
  });

  it.each([
    ['x'.repeat(69), 'warn', '69 caracteres: una descripción tan corta puede sustituirse por otro texto de la página.'],
    ['x'.repeat(70), 'ok', '70 de 160 caracteres.'],
    ['x'.repeat(161), 'warn', '161 caracteres: Google suele cortar la descripción a partir de 160.'],
  ])('description of %#', (description, level, text) => {
    expect(snippetDescriptionHint(description)).toEqual({ level, text });
  });

  it('shows what a result would show, cut with an ellipsis', () => {
    expect(snippetShown('Japón esencial', 60)).toBe('Japón esencial');
    expect(snippetShown('abcdef ghij', 8)).toBe('abcdef…');
  });
});
