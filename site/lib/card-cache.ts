/**
 * Listing cards rendered once per tour and catalogue (ListedTourCard.astro), kept as the bytes a page is
 * written as: each later listing page takes them as they are, neither rendered nor encoded again.
 */
import { perLiveCatalogue } from './catalogue.ts';
import type { ListedTour } from './listing.ts';

/**
 * The most bytes of cards kept for one catalogue. A card is about 1.7 KB: 10,000 tours' cards take 17 MB,
 * all of them kept; of a larger catalogue the cards first rendered are kept, up to this, and the others are
 * rendered on each page, so the build's memory does not grow with the catalogue for them (at 50,000 tours,
 * all cards kept took the build's peak from 1.3 to 1.46 GB, near its 1.5 GB line: docs/decisions/055).
 */
export const CARD_BYTES_KEPT = 24 * 1024 * 1024;

const utf8 = new TextEncoder();

/** The cards of the catalogue the pages render now, by heading level and tour (a newer catalogue, new cards). */
const kept = perLiveCatalogue(() => ({ bytes: 0, byLevel: new Map<number, WeakMap<ListedTour, Uint8Array>>() }));

/** The card of `tour` with headings at `headingLevel`, if kept. */
export const keptCard = (tour: ListedTour, headingLevel: number): Uint8Array | undefined => kept().byLevel.get(headingLevel)?.get(tour);

/**
 * Keeps `html`, the card of `tour` as Astro rendered it, while the catalogue's cards are within
 * `CARD_BYTES_KEPT`. Its string holds no script: Astro keeps a component's script aside in the slot it
 * renders, to write or drop where the slot is written.
 */
export function keepCard(tour: ListedTour, headingLevel: number, html: string): void {
  const cards = kept();
  const card = utf8.encode(String(html));
  if (cards.bytes + card.byteLength > CARD_BYTES_KEPT) return;
  cards.bytes += card.byteLength;
  const byTour = cards.byLevel.get(headingLevel) ?? new WeakMap<ListedTour, Uint8Array>();
  cards.byLevel.set(headingLevel, byTour.set(tour, card));
}
