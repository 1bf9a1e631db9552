import { describe, expect, it } from 'vitest';
import { chooseCampaignVariant, findTripTypeLink, listCampaignSlugs, listVisibleSliderTours, readLandingBlocks, type LandingBlock } from './landings.ts';

const block = (contentType: LandingBlock['contentType'], name: string, value1: string | null, value2: string | null = null): LandingBlock => ({
  contentType,
  name,
  value1,
  value2,
});

describe('readLandingBlocks', () => {
  it.each([
    {
      name: "the seed's four blocks",
      contents: [
        block('IMAGE', 'banner-image', 'landing/ofertas/desktop.webp', 'landing/ofertas/mobile.webp'),
        block('TEXT', 'banner-subtitle', 'Descuentos en viajes seleccionados'),
        block('TITLE', 'banner-title', 'Ofertas especiales'),
        block('ENRICHED_TEXT', 'main-content', '<p>Hola</p>'),
      ],
      expected: {
        title: 'Ofertas especiales',
        subtitle: 'Descuentos en viajes seleccionados',
        desktopImage: 'landing/ofertas/desktop.webp',
        mobileImage: 'landing/ofertas/mobile.webp',
        html: '<p>Hola</p>',
      },
    },
    {
      name: 'the named block wins over another of its type',
      contents: [
        block('TITLE', 'otro', 'Otro'),
        block('TITLE', 'banner-title', 'Título'),
        block('ENRICHED_TEXT', 'pie', '<p>Pie</p>'),
        block('ENRICHED_TEXT', 'main-content', '<p>Principal</p>'),
      ],
      expected: { title: 'Título', subtitle: null, desktopImage: null, mobileImage: null, html: '<p>Principal</p>' },
    },
    {
      name: 'an unnamed block of the type is the fallback; blank texts are none',
      contents: [block('TITLE', 'cabecera', '  Cabecera '), block('TEXT', 'x', '   '), block('IMAGE', 'foto', 'a.webp', null)],
      expected: { title: 'Cabecera', subtitle: null, desktopImage: 'a.webp', mobileImage: null, html: null },
    },
  ])('$name', ({ contents, expected }) => {
    expect(readLandingBlocks({ contents })).toEqual(expected);
  });

  it('no landing: everything null', () => {
    expect(readLandingBlocks(null)).toEqual({ title: null, subtitle: null, desktopImage: null, mobileImage: null, html: null });
  });
});

describe('listCampaignSlugs ("the first path segment is the slider slug")', () => {
  const grid = (sliderSlug: string | null) => ({ category: 'GRID', website: 'DRCAMPAIGN', sliderSlug });
  it.each([
    { name: 'GRID sliders', sliders: [grid('black-friday'), grid('viajes-en-familia')], taken: [], expected: ['black-friday', 'viajes-en-familia'] },
    {
      name: 'the offer sliders have their own pages',
      sliders: [
        { category: 'GROUP', website: 'DRCAMPAIGN', sliderSlug: 'ofertas' },
        { category: 'GROUP', website: 'DRCAMPAIGN', sliderSlug: 'ultimas-plazas' },
      ],
      taken: [],
      expected: [],
    },
    {
      name: 'another campaign slider with a slug',
      sliders: [{ category: 'GROUP', website: 'DRCAMPAIGN', sliderSlug: 'semana-santa' }],
      taken: [],
      expected: ['semana-santa'],
    },
    { name: 'home carousels are not landings', sliders: [{ category: 'GROUP', website: 'WEBDR', sliderSlug: 'aventuras' }], taken: [], expected: [] },
    { name: 'a slug another route answers is left out', sliders: [grid('viajes'), grid('black-friday')], taken: ['viajes'], expected: ['black-friday'] },
    {
      name: 'no slug, a slug that is not a URL segment, duplicates',
      sliders: [grid(null), grid(''), grid('Black Friday'), grid('a/b'), grid('verano'), grid('verano')],
      taken: [],
      expected: ['verano'],
    },
  ])('$name → $expected', ({ sliders, taken, expected }) => {
    expect(listCampaignSlugs({ sliders, isTaken: (slug) => taken.includes(slug) })).toEqual(expected);
  });
});

describe('chooseCampaignVariant ("three variants exist")', () => {
  it.each([
    { slug: 'viaje-mercados-navidenos', expected: 'christmas-markets' },
    { slug: 'viajes-en-familia', expected: 'with-carousels' },
    { slug: 'black-friday', expected: 'with-carousels' },
    { slug: 'semana-santa', expected: 'plain' },
  ])('$slug → $expected', ({ slug, expected }) => {
    expect(chooseCampaignVariant(slug)).toBe(expected);
  });
});

describe('listVisibleSliderTours', () => {
  const tour = (id: string, extra: { tagKeywords?: string | null; tagSeason?: string | null; adult?: number } = {}) => ({
    id,
    tagKeywords: extra.tagKeywords ?? null,
    tagSeason: extra.tagSeason ?? 'Junio',
    prices: [{ ageGroupName: 'Adultos', valueCents: extra.adult ?? 100_000 }],
  });
  const tours = new Map(
    [
      tour('a'),
      tour('b'),
      tour('oculto-kw', { tagKeywords: 'playa, oculto' }),
      tour('oculto-season', { tagSeason: 'Oculto' }),
      tour('sin-precio', { adult: 0 }),
    ].map((t) => [t.id, t]),
  );
  it.each([
    {
      name: 'sorted by link position',
      links: [
        { tourId: 'b', position: 2 },
        { tourId: 'a', position: 1 },
      ],
      expected: ['a', 'b'],
    },
    {
      name: 'hidden by keyword or season, unpriced and missing tours are left out',
      links: [
        { tourId: 'oculto-kw', position: 1 },
        { tourId: 'oculto-season', position: 2 },
        { tourId: 'sin-precio', position: 3 },
        { tourId: 'borrado', position: 4 },
        { tourId: 'a', position: 5 },
      ],
      expected: ['a'],
    },
    { name: 'no links', links: [], expected: [] },
  ])('$name', ({ links, expected }) => {
    expect(listVisibleSliderTours({ links, tours }).map((c) => c.tour.id)).toEqual(expected);
  });
});

describe('findTripTypeLink', () => {
  it.each([
    { category: 'GROUP' as const, expected: { label: 'En grupo', href: '/tipo-de-viaje/grupo' } },
    { category: 'SINGLE' as const, expected: { label: 'Singles', href: '/tipo-de-viaje/single' } },
    { category: 'FIT' as const, expected: { label: 'Privados', href: '/tipo-de-viaje/grupo-privados' } },
    { category: 'GRUPO PRIVADO' as const, expected: { label: 'Privados', href: '/tipo-de-viaje/grupo-privados' } },
    { category: 'REDUCED_GROUP' as const, expected: { label: 'En grupo', href: '/tipo-de-viaje/grupo' } },
    { category: 'FAMILY' as const, expected: { label: 'En grupo', href: '/viajes-en-grupo' } },
    { category: null, expected: { label: 'En grupo', href: '/viajes-en-grupo' } },
  ])('$category → $expected.href', ({ category, expected }) => {
    expect(findTripTypeLink(category)).toEqual(expected);
  });
});
