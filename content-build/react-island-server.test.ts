/**
 * The build's React renderer gives what `@astrojs/react`'s gives: the same markup and the same island ids, in
 * the same order, for islands rendered concurrently on one page as Astro renders them (each island's slots,
 * then every renderer's `check`, then `renderToStaticMarkup`, all islands at once), with the island's own code
 * run once instead of twice.
 */
import original from '@astrojs/react/server.js';
import { createElement, memo, useId } from 'react';
import { describe, expect, it } from 'vitest';
import CarouselScroller from '../site/islands/CarouselScroller.tsx';
import TourQuestionForm from '../site/islands/TourQuestionForm.tsx';
import ours from './react-island-server.ts';

type Renderer = typeof original;

interface Island {
  Component: unknown;
  props: () => Record<string, unknown>;
  slots?: Record<string, string>;
  hydrate?: string;
  componentUrl?: string;
  /** Turns of the microtask queue before Astro reaches the island (its place in the page's components). */
  after?: number;
}

let labelledRenders = 0;
function Labelled({ text }: { text: string }) {
  labelledRenders++;
  const id = useId();
  return createElement('p', null, createElement('label', { htmlFor: id }, text), createElement('input', { id }));
}
const MemoLabelled = memo(Labelled);
/** A function that is not a React component: `check` says no. */
const NotReact = () => 'texto';

const island = (Component: unknown, props: Record<string, unknown>, more: Partial<Island> = {}): Island => ({
  Component,
  props: () => ({ ...props }),
  hydrate: 'idle',
  componentUrl: '/work/site/islands/Island.tsx',
  ...more,
});

/** Astro's steps for one framework component (astro/dist/runtime/server/render/component.js). */
async function renderIsland(renderer: Renderer, result: object, { Component, props, slots = {}, hydrate, componentUrl, after = 0 }: Island) {
  for (let turn = 0; turn < after; turn++) await null;
  const metadata = { displayName: 'Island', astroStaticSlot: true as const, hydrate: hydrate as 'idle' | undefined, componentUrl };
  const given = props();
  await Promise.resolve(); // renderSlots
  if (!(await renderer.check.call({ result }, Component, given, slots, metadata))) return 'not React';
  const { html, attrs } = await renderer.renderToStaticMarkup.call({ result }, Component, given, slots, metadata);
  return { html, prefix: attrs?.prefix, props: given };
}

/** A page's islands, all started at once, as Astro's buffered rendering starts a template's components. */
const renderPage = (renderer: Renderer, islands: readonly Island[]) => {
  const result = {};
  return Promise.all(islands.map((one) => renderIsland(renderer, result, one)));
};

const PAGE: Island[] = [
  island(TourQuestionForm, { tourName: 'Japón esencial', tourId: 't-1', class: 'question' }, { hydrate: 'visible' }),
  island(Labelled, { text: 'Uno' }),
  island(
    CarouselScroller,
    { label: 'Ofertas', count: 2, loop: false },
    { slots: { default: '<article>Japón</article><article>Perú</article>' }, hydrate: 'visible', after: 1 },
  ),
  island(Labelled, { text: 'Dos' }, { after: 3 }),
  island(MemoLabelled, { text: 'Tres' }),
  island(Labelled, { text: 'Solo en el servidor' }, { hydrate: undefined, componentUrl: undefined }),
  island(Labelled, { text: 'Cuatro' }, { after: 7 }),
  island(NotReact, {}, { hydrate: undefined, componentUrl: undefined }),
  island(Labelled, { text: 'Cinco' }, { slots: { default: '<b>hijo</b>', extra: '<i>otro</i>' } }),
];

describe('the build’s React renderer', () => {
  it('renders a page’s concurrent islands with the markup and ids @astrojs/react gives them', async () => {
    const theirs = await renderPage(original, PAGE);
    const mine = await renderPage(ours, PAGE);
    expect(mine).toEqual(theirs);
    // The page's ids are all different and were all handed out (not the same counter twice).
    const prefixes = mine.flatMap((rendered) => (typeof rendered === 'string' ? [] : [rendered.prefix]));
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(prefixes).toContain('r13');
    expect(mine.at(-2)).toBe('not React');
    // `class` is left out of what Astro serialises for the island, as @astrojs/react leaves it.
    expect(mine[0]).toMatchObject({ props: { tourName: 'Japón esencial' } });
    expect((mine[0] as { props: object }).props).not.toHaveProperty('class');
  });

  it('counts ids per page', async () => {
    const [first] = await renderPage(ours, PAGE);
    const [again] = await renderPage(ours, PAGE);
    expect(again).toEqual(first);
  });

  it('runs an island’s code once, where @astrojs/react ran it for its probe too', async () => {
    const one = [island(Labelled, { text: 'Uno' })];
    labelledRenders = 0;
    await renderPage(original, one);
    expect(labelledRenders).toBe(2);
    labelledRenders = 0;
    await renderPage(ours, one);
    expect(labelledRenders).toBe(1);
  });
});
