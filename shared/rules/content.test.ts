import { describe, expect, it } from 'vitest';
import {
  appendToRoll,
  chooseBannerImage,
  countCarouselCardsPerView,
  diffTourLinks,
  buildHomeTabs,
  canStepCarousel,
  stepCarousel,
  isCarouselDimmed,
  listCarouselCards,
  listCarousels,
  listPickableTours,
  selectHomeTabCategory,
  shouldCarouselLoop,
  sortByPosition,
} from './content.ts';
import type { CarouselSlider } from './content.ts';

describe('listCarousels', () => {
  const slider = (id: string, changes: Partial<CarouselSlider>) =>
    ({
      id,
      position: 0,
      website: null,
      category: 'GROUP',
      status: 'ACTIVE',
      ...changes,
    }) satisfies CarouselSlider & { id: string };
  const sliders = [
    slider('S-pos2', { position: 2 }),
    slider('S-pos1', { position: 1, website: 'WEBDR' }),
    slider('S-other-site', { website: 'DRCAMPAIGN' }),
    slider('S-grid', { category: 'GRID' }),
    slider('S-single', { position: 3, category: 'SINGLE' }),
    slider('S-draft', { position: 4, status: 'DRAFT' }),
    slider('S-reduced', { position: 5, category: 'REDUCED_GROUP', website: 'WEBDR' }),
    slider('S-family', { position: 6, category: 'FAMILY' }),
    slider('S-fit', { position: 7, category: 'FIT' }),
    slider('S-private', { position: 8, category: 'GRUPO PRIVADO' }),
  ];
  it.each([
    {
      name: '"sorted by position and kept only if they are for this site or have no site"; GRID never; visitors see ACTIVE only',
      category: null,
      isAdmin: false,
      expected: ['S-pos1', 'S-pos2', 'S-single', 'S-reduced', 'S-family', 'S-fit', 'S-private'],
    },
    { name: '"narrowed to the selected trip type"', category: 'SINGLE', isAdmin: false, expected: ['S-single'] },
    { name: 'a reduced group is on the group trips’ shelf', category: 'GROUP', isAdmin: false, expected: ['S-pos1', 'S-pos2', 'S-reduced'] },
    { name: 'the family shelf', category: 'FAMILY', isAdmin: false, expected: ['S-family'] },
    { name: 'the private shelf: the editor’s Privado and the stored GRUPO PRIVADO', category: 'FIT', isAdmin: false, expected: ['S-fit', 'S-private'] },
    {
      name: 'admins also see drafts',
      category: null,
      isAdmin: true,
      expected: ['S-pos1', 'S-pos2', 'S-single', 'S-draft', 'S-reduced', 'S-family', 'S-fit', 'S-private'],
    },
  ] as const)('$name', ({ category, isAdmin, expected }) => {
    expect(listCarousels({ sliders, website: 'WEBDR', category, isAdmin }).map((s) => s.id)).toEqual(expected);
  });

  it.each([
    { status: 'ACTIVE', expected: false },
    { status: 'DRAFT', expected: true },
    { status: 'INACTIVE', expected: true },
  ] as const)('"Carousels in DRAFT status are shown dimmed": $status → $expected', ({ status, expected }) => {
    expect(isCarouselDimmed({ status })).toBe(expected);
  });
});

describe('listCarouselCards', () => {
  const card = (id: string, position: number, adultCents: number, tagSeason: string | null) => ({
    id,
    position,
    tour: { tagSeason, prices: [{ ageGroupName: 'Adultos', valueCents: adultCents }] },
  });
  const cards = [
    card('C3', 3, 100000, 'Verano'),
    card('C1', 1, 90000, null),
    card('C-free', 2, 0, null),
    card('C-hidden', 4, 90000, 'Oculto'),
    { id: 'C-gone', position: 0, tour: null },
  ];
  it.each([
    {
      name: '"For visitors, cards without an adult price above 0 and cards whose season tag contains \'oculto\' are hidden"',
      isAdmin: false,
      expected: ['C1', 'C3'],
    },
    { name: 'admins see every card with a tour, by position', isAdmin: true, expected: ['C1', 'C-free', 'C3', 'C-hidden'] },
  ])('$name', ({ isAdmin, expected }) => {
    expect(listCarouselCards({ cards, isAdmin }).map((c) => c.id)).toEqual(expected);
  });
});

describe('carousel layout', () => {
  it.each([
    { widthPx: 1440, editMode: false, expected: 4 },
    { widthPx: 1440, editMode: true, expected: 3 },
    { widthPx: 1105, editMode: false, expected: 4 },
    { widthPx: 1104, editMode: false, expected: 2 },
    { widthPx: 868, editMode: false, expected: 2 },
    { widthPx: 600, editMode: true, expected: 2 },
    { widthPx: 480, editMode: false, expected: 2 },
    { widthPx: 479, editMode: false, expected: 1 },
  ])(
    '"4 cards (3 in edit mode; 2 at widths around 868-1104 px; 1 under 480 px)": $widthPx px, edit $editMode → $expected',
    ({ widthPx, editMode, expected }) => {
      expect(countCarouselCardsPerView({ widthPx, editMode })).toBe(expected);
    },
  );

  it.each([
    { count: 4, expected: false },
    { count: 5, expected: true },
    { count: 0, expected: false },
  ])('"loops only with more than 4 tours": $count → $expected', ({ count, expected }) => {
    expect(shouldCarouselLoop(count)).toBe(expected);
  });

  it('sorts by position, keeping ties in order', () => {
    expect(
      sortByPosition([
        { id: 'b', position: 2 },
        { id: 'a', position: 1 },
        { id: 'c', position: 1 },
      ]).map((x) => x.id),
    ).toEqual(['a', 'c', 'b']);
  });
});

describe('buildHomeTabs', () => {
  it('"A tab is an in-page switch if sliders of its category exist … otherwise it links to its URL"', () => {
    expect(buildHomeTabs({ sliderCategories: ['GROUP', 'GRUPO PRIVADO', null] })).toEqual([
      { label: 'En grupo', category: 'GROUP', href: '/tipo-de-viaje/grupo', inPage: true },
      { label: 'Singles', category: 'SINGLE', href: '/tipo-de-viaje/single', inPage: false },
      // A carousel stored with the spec's 'GRUPO PRIVADO' is on the private trips' shelf, FIT, which the editor sets.
      { label: 'Privados', category: 'FIT', href: '/tipo-de-viaje/grupo-privados', inPage: true },
    ]);
  });

  it.each([
    { chosen: null, expected: 'GROUP' },
    { chosen: 'SINGLE', expected: 'SINGLE' },
  ] as const)('"The first tab is selected when none is chosen": $chosen → $expected', ({ chosen, expected }) => {
    expect(selectHomeTabCategory(chosen)).toBe(expected);
  });
});

describe('chooseBannerImage', () => {
  it.each([
    { name: '"mobile used at viewport width 568 px or less"', widthPx: 568, mobile: 'm.jpg', expected: 'm.jpg' },
    { name: 'wider than 568', widthPx: 569, mobile: 'm.jpg', expected: 'd.jpg' },
    { name: 'no mobile image', widthPx: 320, mobile: null, expected: 'd.jpg' },
  ])('$name → $expected', ({ widthPx, mobile, expected }) => {
    expect(chooseBannerImage({ widthPx, desktop: 'd.jpg', mobile })).toBe(expected);
  });
});

describe('slider tour picker', () => {
  const tours = [
    { id: 'T1', tagKeywords: null, tagSeason: null },
    { id: 'T2', tagKeywords: 'oculto', tagSeason: null },
    { id: 'T3', tagKeywords: null, tagSeason: 'Verano' },
  ];
  it('"Tours already in the roll and hidden tours are excluded"', () => {
    expect(listPickableTours({ tours, roll: [{ tourId: 'T3' }] }).map((t) => t.id)).toEqual(['T1']);
  });

  it.each([
    {
      name: '"appends the tour and position to the roll"',
      entry: { tourId: 'T2', position: 5 },
      expected: [
        { tourId: 'T1', position: 1 },
        { tourId: 'T2', position: 5 },
      ],
    },
    { name: '"A tour already in the carousel cannot be added again"', entry: { tourId: 'T1', position: 9 }, expected: [{ tourId: 'T1', position: 1 }] },
  ])('$name', ({ entry, expected }) => {
    expect(appendToRoll({ roll: [{ tourId: 'T1', position: 1 }], entry })).toEqual(expected);
  });

  it('"removes tour links that were dropped and creates links for those added"', () => {
    const saved = [
      { id: 'L1', tourId: 'T1', position: 1 },
      { id: 'L2', tourId: 'T2', position: 2 },
      { id: 'L3', tourId: 'T3', position: 3 },
    ];
    const edited = [
      { tourId: 'T1', position: 1 },
      { tourId: 'T3', position: 2 },
      { tourId: 'T4', position: 3 },
    ];
    expect(diffTourLinks({ saved, edited })).toEqual({
      toRemove: [{ id: 'L2', tourId: 'T2', position: 2 }],
      toAdd: [{ tourId: 'T4', position: 3 }],
      toUpdate: [{ link: { id: 'L3', tourId: 'T3', position: 3 }, position: 2 }],
    });
  });
});

describe('carousel buttons ("scroll 1", "loops only with more than 4 tours")', () => {
  it.each([
    { name: 'next from the start', index: 0, count: 6, perView: 4, loop: true, direction: 'next' as const, expected: 1 },
    { name: 'next at the last view wraps when looping', index: 2, count: 6, perView: 4, loop: true, direction: 'next' as const, expected: 0 },
    {
      name: 'previous at the start wraps to the last view when looping',
      index: 0,
      count: 6,
      perView: 4,
      loop: true,
      direction: 'previous' as const,
      expected: 2,
    },
    { name: 'previous in the middle', index: 2, count: 6, perView: 4, loop: true, direction: 'previous' as const, expected: 1 },
    { name: 'next at the last view stays without looping', index: 1, count: 3, perView: 2, loop: false, direction: 'next' as const, expected: 1 },
    { name: 'previous at the start stays without looping', index: 0, count: 4, perView: 1, loop: false, direction: 'previous' as const, expected: 0 },
    { name: 'one card per view, not looping', index: 1, count: 4, perView: 1, loop: false, direction: 'next' as const, expected: 2 },
    { name: 'everything in view: nothing moves', index: 0, count: 4, perView: 4, loop: false, direction: 'next' as const, expected: 0 },
    { name: 'an index past the end (the view grew) is clamped', index: 5, count: 6, perView: 4, loop: false, direction: 'previous' as const, expected: 1 },
  ])('$name → $expected', ({ index, count, perView, loop, direction, expected }) => {
    expect(stepCarousel({ index, count, perView, loop, direction })).toBe(expected);
  });

  it.each([
    { name: 'previous is disabled at the start without looping', index: 0, count: 4, perView: 2, loop: false, direction: 'previous' as const, expected: false },
    { name: 'next is disabled at the last view without looping', index: 2, count: 4, perView: 2, loop: false, direction: 'next' as const, expected: false },
    { name: 'next is enabled before the last view', index: 1, count: 4, perView: 2, loop: false, direction: 'next' as const, expected: true },
    { name: 'a looping carousel is never stuck', index: 0, count: 6, perView: 4, loop: true, direction: 'previous' as const, expected: true },
    { name: 'everything in view: both disabled', index: 0, count: 3, perView: 4, loop: false, direction: 'next' as const, expected: false },
  ])('$name', ({ index, count, perView, loop, direction, expected }) => {
    expect(canStepCarousel({ index, count, perView, loop, direction })).toBe(expected);
  });
});
