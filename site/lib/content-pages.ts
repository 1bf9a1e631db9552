/**
 * Look-ups the content pages (home, offers, campaign landings) make in the catalogue snapshot: sliders by
 * slug, landings by slug, tours by id and their destination names. Rules stay in `#shared/rules`; this only
 * joins snapshot data for them.
 */
import { isOneOf, SLIDER_CATEGORIES, WEBSITE_TYPES, type SliderCategory, type WebsiteType } from '#shared/enums.ts';
import type { LandingSnapshot, SliderSnapshot, TourSnapshot, TourSummary } from '#shared/snapshot.ts';
import { contentKeys, showsContent } from '#shared/page-deps.ts';
import { loadCatalogue, perCatalogue } from './catalogue.ts';

const tourIndex = perCatalogue((catalogue) => new Map(catalogue.tours.map((tour) => [tour.id, tour])));
const destinationIndex = perCatalogue((catalogue) => new Map(catalogue.destinations.map((d) => [d.id, d.name])));

/** Every tour of the snapshot by id, summarised (hidden and unpriced ones too: the rules decide what shows). */
export const getToursById = (): ReadonlyMap<string, TourSummary> => tourIndex();

/** The destination names a card shows under the tour name. */
export function getDestinationNames(tour: Pick<TourSnapshot, 'destinationIds'>): string[] {
  const names = destinationIndex();
  return tour.destinationIds.flatMap((id) => names.get(id) ?? []);
}

export function findLanding(slug: string): LandingSnapshot | null {
  showsContent(contentKeys.landing(slug));
  return loadCatalogue().landings.find((landing) => landing.slug === slug) ?? null;
}

export function findSliderBySlug(slug: string): SliderSnapshot | null {
  showsContent(contentKeys.slider(slug));
  return loadCatalogue().sliders.find((slider) => slider.sliderSlug === slug) ?? null;
}

/** A snapshot slider typed as the carousel rules expect it: the snapshot holds ACTIVE sliders only. */
export type CarouselSnapshot = SliderSnapshot & { category: SliderCategory; website: WebsiteType | null; status: 'ACTIVE' };

/** The snapshot's sliders with a known category and site (an unknown one cannot be placed, so it is left out). */
export function listSnapshotCarousels(): CarouselSnapshot[] {
  showsContent(contentKeys.carousels);
  return loadCatalogue().sliders.flatMap((slider) => {
    const { category, website } = slider;
    if (!isOneOf(SLIDER_CATEGORIES, category)) return [];
    if (website !== null && !isOneOf(WEBSITE_TYPES, website)) return [];
    return [{ ...slider, category, website, status: 'ACTIVE' as const }];
  });
}
