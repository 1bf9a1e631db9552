/**
 * Landing pages: reading a landing's content blocks, which slider slugs become campaign landings, which of
 * the three campaign variants a slug shows, and the tours a slider shows visitors.
 */
import { LAST_MINUTE_SLIDER, OFFERS_SLIDER_SLUG, CHRISTMAS_MARKETS_TRIP_TYPE_SLUG, HOME_TABS } from '../constants.ts';
import { CAROUSEL_SHELF, type LandingContentType, type SliderCategory } from '../enums.ts';
import type { Tour } from '../entities/index.ts';
import { isHiddenTour } from './catalogue.ts';
import { listCarouselCards } from './content.ts';
import type { AgePrice } from './prices.ts';
import { slugify } from './text.ts';
import { buildTripTypePath } from './tour-grid.ts';

/** Names the landing editor gives its blocks; a block of the right type with another name is the fallback. */
export const LANDING_BLOCK_NAMES = {
  title: 'banner-title',
  subtitle: 'banner-subtitle',
  image: 'banner-image',
  mainContent: 'main-content',
} as const;

export interface LandingBlock {
  contentType: LandingContentType;
  name: string;
  value1: string | null;
  value2: string | null;
}

export interface LandingBlocks {
  title: string | null;
  subtitle: string | null;
  /** Storage keys: IMAGE value1 is the desktop image, value2 the mobile one. */
  desktopImage: string | null;
  mobileImage: string | null;
  /** The ENRICHED_TEXT main content, unsanitised (the page sanitises it). */
  html: string | null;
}

/** The block of `type` a landing shows: the one with the editor's name, else the first of that type. */
export function pickLandingBlock<B extends LandingBlock>(contents: readonly B[], type: LandingContentType, name: string): B | null {
  const ofType = contents.filter((c) => c.contentType === type);
  return ofType.find((c) => c.name === name) ?? ofType[0] ?? null;
}

const pick = pickLandingBlock;

const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/**
 * A landing's banner and main content: the TITLE, TEXT, IMAGE and ENRICHED_TEXT blocks the editor saves
 * (by their usual names, else the first block of each type). All null without a landing.
 */
export function readLandingBlocks(landing: { contents: readonly LandingBlock[] } | null): LandingBlocks {
  const contents = landing?.contents ?? [];
  const image = pick(contents, 'IMAGE', LANDING_BLOCK_NAMES.image);
  return {
    title: text(pick(contents, 'TITLE', LANDING_BLOCK_NAMES.title)?.value1),
    subtitle: text(pick(contents, 'TEXT', LANDING_BLOCK_NAMES.subtitle)?.value1),
    desktopImage: text(image?.value1),
    mobileImage: text(image?.value2),
    html: pick(contents, 'ENRICHED_TEXT', LANDING_BLOCK_NAMES.mainContent)?.value1 ?? null,
  };
}

/** Slider slugs that have their own pages (the offer pages), never a campaign landing. */
export const OFFER_SLIDER_SLUGS = [LAST_MINUTE_SLIDER.sliderSlug, OFFERS_SLIDER_SLUG] as const;

export type CampaignSlider = { category: string; website: string | null; sliderSlug: string | null };

/**
 * The slugs of campaign landings ("the first path segment is the slider slug"): GRID sliders and other
 * campaign-site sliders with a slug, except the offer sliders, slugs that are not a clean URL segment and
 * slugs `isTaken` says another route already answers. Unique, in slider order.
 */
export function listCampaignSlugs({ sliders, isTaken }: { sliders: readonly CampaignSlider[]; isTaken: (slug: string) => boolean }): string[] {
  const slugs = sliders
    .filter((s) => s.category === 'GRID' || s.website === 'DRCAMPAIGN')
    .map((s) => s.sliderSlug)
    .filter((slug): slug is string => slug !== null && slug !== '' && slugify(slug) === slug)
    .filter((slug) => !(OFFER_SLIDER_SLUGS as readonly string[]).includes(slug) && !isTaken(slug));
  return [...new Set(slugs)];
}

/** "Three variants exist: a Christmas-markets campaign …, one with the recommended carousels block added below, and a plain one." */
export const CAMPAIGN_VARIANTS = ['christmas-markets', 'with-carousels', 'plain'] as const;
export type CampaignVariant = (typeof CAMPAIGN_VARIANTS)[number];

/** Campaigns whose page adds the recommended carousels below the grid; every other slug is plain. */
export const CAMPAIGNS_WITH_CAROUSELS: readonly string[] = ['viajes-en-familia', 'black-friday'];

/** The variant a campaign slug shows. */
export function chooseCampaignVariant(slug: string): CampaignVariant {
  if (slug === CHRISTMAS_MARKETS_TRIP_TYPE_SLUG) return 'christmas-markets';
  return CAMPAIGNS_WITH_CAROUSELS.includes(slug) ? 'with-carousels' : 'plain';
}

export type SliderTour = Pick<Tour, 'id' | 'tagKeywords' | 'tagSeason'> & { prices: readonly AgePrice[] };

/**
 * The tours a slider shows visitors, by link position: links to missing tours, hidden tours (tagKeywords or
 * season containing 'oculto') and tours without an adult price above 0 are left out.
 */
export function listVisibleSliderTours<L extends { tourId: string; position: number }, T extends SliderTour>({
  links,
  tours,
}: {
  links: readonly L[];
  tours: ReadonlyMap<string, T>;
}): { link: L; tour: T }[] {
  const cards = listCarouselCards({ cards: links.map((link) => ({ link, position: link.position, tour: tours.get(link.tourId) ?? null })), isAdmin: false });
  return cards.flatMap((card) => (card.tour && !isHiddenTour(card.tour) ? [{ link: card.link, tour: card.tour }] : []));
}

export interface TripTypeLink {
  /** The tab's label, e.g. 'En grupo'. */
  label: string;
  /** The trip type's page ('Ver todos los viajes'). */
  href: string;
}

/**
 * The trip type a carousel category stands for, as the home tabs name it; a category without a tab (or none)
 * is the default trip type, whose page is /viajes-en-grupo.
 */
export function findTripTypeLink(category: SliderCategory | null): TripTypeLink {
  const shelf = category === null ? null : CAROUSEL_SHELF[category];
  const tab = HOME_TABS.find((t) => t.category === shelf);
  return tab ? { label: tab.label, href: buildTripTypePath(tab.slug) } : { label: HOME_TABS[0].label, href: buildTripTypePath(null) };
}
