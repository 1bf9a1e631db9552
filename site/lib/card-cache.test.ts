import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_CATALOGUE, type LiveCatalogue } from '#shared/page-deps.ts';
import { liveCatalogueOf, makeSnapshot, makeTour } from '../../tests/support/catalogue-snapshot.ts';
import { CARD_BYTES_KEPT, keepCard, keptCard } from './card-cache.ts';
import { listPublicTours } from './listing.ts';

const globals = globalThis as { [LIVE_CATALOGUE]?: LiveCatalogue };
afterEach(() => {
  delete globals[LIVE_CATALOGUE];
});

const snapshot = makeSnapshot({ tours: [makeTour({ id: 'T1', webSlug: 'japon', name: 'Japón' }), makeTour({ id: 'T2', webSlug: 'peru', name: 'Perú' })] });

describe('the listing cards kept for later pages', () => {
  it('gives a kept card back as its UTF-8 bytes, per tour and heading level', () => {
    globals[LIVE_CATALOGUE] = liveCatalogueOf(snapshot);
    const [japan, peru] = listPublicTours();
    if (!japan || !peru) throw new Error('the snapshot lists two tours');
    expect(keptCard(japan, 2)).toBeUndefined();
    keepCard(japan, 2, '<article>JAPÓN · desde 1.040 €</article>');
    expect(new TextDecoder().decode(keptCard(japan, 2))).toBe('<article>JAPÓN · desde 1.040 €</article>');
    expect(keptCard(japan, 3)).toBeUndefined();
    expect(keptCard(peru, 2)).toBeUndefined();
  });

  it('keeps none across catalogues: a newer one (a renamed tour, a new photo) renders its cards again', () => {
    const first = liveCatalogueOf(snapshot);
    globals[LIVE_CATALOGUE] = first;
    const [japan] = listPublicTours();
    if (!japan) throw new Error('the snapshot lists a tour');
    keepCard(japan, 2, '<article>JAPÓN</article>');
    // The same tours with other images: the summaries are the same objects, the cards may not be.
    globals[LIVE_CATALOGUE] = { ...first, images: { 'T1/foto.jpg': { width: 800, height: 600, placeholder: '', variants: [] } } };
    expect(keptCard(japan, 2)).toBeUndefined();
  });

  it('keeps no more than its bytes for one catalogue: the cards of a larger one are rendered on each page', () => {
    const many = makeSnapshot({ tours: Array.from({ length: 3 }, (_, i) => makeTour({ id: `T${i}`, webSlug: `tour-${i}` })) });
    globals[LIVE_CATALOGUE] = liveCatalogueOf(many);
    const [first, second, third] = listPublicTours();
    if (!first || !second || !third) throw new Error('the snapshot lists three tours');
    const half = 'x'.repeat(CARD_BYTES_KEPT / 2 - 10);
    keepCard(first, 2, half);
    keepCard(second, 2, half);
    keepCard(third, 2, half);
    expect(keptCard(first, 2)?.byteLength).toBe(half.length);
    expect(keptCard(second, 2)?.byteLength).toBe(half.length);
    expect(keptCard(third, 2)).toBeUndefined();
  });
});
