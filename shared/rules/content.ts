/** Carousels (sliders), the home tab bar, landing banners and the slider tour picker. */
import {
  CAROUSEL_CARDS,
  CAROUSEL_CARDS_EDIT_MODE,
  CAROUSEL_CARDS_MEDIUM,
  CAROUSEL_CARDS_SMALL,
  CAROUSEL_LOOP_MIN_EXCLUSIVE,
  CAROUSEL_MEDIUM_MAX_WIDTH_PX,
  CAROUSEL_SCROLL,
  CAROUSEL_SMALL_BELOW_WIDTH_PX,
  HIDDEN_KEYWORD,
  HOME_TABS,
  MOBILE_BANNER_BREAKPOINT_PX,
} from '../constants.ts';
import { CAROUSEL_SHELF, type SliderCategory } from '../enums.ts';
import type { Slider, Tour, TourSlider } from '../entities/index.ts';
import { isHiddenTour } from './catalogue.ts';
import { hasPositiveAdultPrice, type AgePrice } from './prices.ts';
import { containsNormalised } from './text.ts';
import { buildTripTypePath } from './tour-grid.ts';

/** Orders anything with a position, lowest first; equal positions keep their order. */
export function sortByPosition<T extends { position: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.position - b.position);
}

export type CarouselSlider = Pick<Slider, 'position' | 'website' | 'category' | 'status'>;

/**
 * The carousels of the recommended-tours block: "sorted by position and kept only if they are for this site
 * or have no site. They can be narrowed to the selected trip type. Carousels of category GRID are never shown
 * in this block." Visitors get ACTIVE ones only ("only ACTIVE ones load for public carousel lists"); admins
 * also get the others, which `isCarouselDimmed` marks.
 */
export function listCarousels<S extends CarouselSlider>({
  sliders,
  website,
  category,
  isAdmin,
}: {
  sliders: readonly S[];
  website: string;
  category: SliderCategory | null;
  isAdmin: boolean;
}): S[] {
  return sortByPosition(
    sliders.filter(
      (slider) =>
        (slider.website === null || slider.website === website) &&
        CAROUSEL_SHELF[slider.category] !== null &&
        (category === null || CAROUSEL_SHELF[slider.category] === category) &&
        (isAdmin || slider.status === 'ACTIVE'),
    ),
  );
}

/** "Carousels in DRAFT status are shown dimmed"; so are INACTIVE ones, which only admins see. */
export function isCarouselDimmed(slider: Pick<Slider, 'status'>): boolean {
  return slider.status !== 'ACTIVE';
}

export type CarouselCard = Pick<TourSlider, 'position'> & {
  tour: (Pick<Tour, 'tagSeason'> & { prices: readonly AgePrice[] }) | null;
};

/**
 * The cards of a carousel: "sorted by position. For visitors, cards without an adult price above 0 and cards
 * whose season tag contains 'oculto' are hidden." Links whose tour is gone are dropped for everyone.
 */
export function listCarouselCards<C extends CarouselCard>({ cards, isAdmin }: { cards: readonly C[]; isAdmin: boolean }): C[] {
  return sortByPosition(
    cards.filter((card) => {
      if (card.tour === null) return false;
      if (isAdmin) return true;
      return hasPositiveAdultPrice(card.tour.prices) && !containsNormalised({ text: card.tour.tagSeason, fragment: HIDDEN_KEYWORD });
    }),
  );
}

/**
 * Cards per view: "4 cards (3 in edit mode; 2 at widths around 868-1104 px; 1 under 480 px)". The spec's
 * figures are carousel breakpoints (a setting applies up to its width), so 2 cards run from 480 px up to and
 * including 1104 px: four cards would not fit between 480 and 868 either.
 */
export function countCarouselCardsPerView({ widthPx, editMode }: { widthPx: number; editMode: boolean }): number {
  if (widthPx < CAROUSEL_SMALL_BELOW_WIDTH_PX) return CAROUSEL_CARDS_SMALL;
  if (widthPx <= CAROUSEL_MEDIUM_MAX_WIDTH_PX) return CAROUSEL_CARDS_MEDIUM;
  return editMode ? CAROUSEL_CARDS_EDIT_MODE : CAROUSEL_CARDS;
}

/** "Loops only with more than 4 tours." */
export function shouldCarouselLoop(tourCount: number): boolean {
  return tourCount > CAROUSEL_LOOP_MIN_EXCLUSIVE;
}

export interface HomeTab {
  label: string;
  category: SliderCategory;
  href: string;
  /** True when sliders of its category exist: the tab switches in page instead of linking. */
  inPage: boolean;
}

/**
 * The home trip-type tabs: "A tab is an in-page switch if sliders of its category exist (categories GROUP,
 * SINGLE, GRUPO PRIVADO); otherwise it links to its URL."
 */
export function buildHomeTabs({ sliderCategories }: { sliderCategories: readonly (SliderCategory | null)[] }): HomeTab[] {
  return HOME_TABS.map((tab) => ({
    label: tab.label,
    category: tab.category,
    href: buildTripTypePath(tab.slug),
    inPage: sliderCategories.some((category) => category !== null && CAROUSEL_SHELF[category] === tab.category),
  }));
}

/** "The first tab is selected when none is chosen." */
export function selectHomeTabCategory(chosen: SliderCategory | null): SliderCategory {
  return chosen ?? HOME_TABS[0].category;
}

/**
 * The banner image for a viewport: "mobile used at viewport width 568 px or less", when there is a mobile
 * image; the desktop image otherwise.
 */
export function chooseBannerImage({ widthPx, desktop, mobile }: { widthPx: number; desktop: string | null; mobile: string | null }): string | null {
  return widthPx <= MOBILE_BANNER_BREAKPOINT_PX && mobile !== null ? mobile : desktop;
}

export interface RollEntry {
  tourId: string;
  position: number;
}

/**
 * Tours the slider picker offers: "Tours already in the roll and hidden tours are excluded."
 */
export function listPickableTours<T extends Pick<Tour, 'id' | 'tagKeywords' | 'tagSeason'>>({
  tours,
  roll,
}: {
  tours: readonly T[];
  roll: readonly Pick<RollEntry, 'tourId'>[];
}): T[] {
  const inRoll = new Set(roll.map((entry) => entry.tourId));
  return tours.filter((tour) => !inRoll.has(tour.id) && !isHiddenTour(tour));
}

/**
 * 'Añadir': "appends the tour and position to the roll"; "A tour already in the carousel cannot be added
 * again", so the roll comes back unchanged then.
 */
export function appendToRoll({ roll, entry }: { roll: readonly RollEntry[]; entry: RollEntry }): RollEntry[] {
  return roll.some((existing) => existing.tourId === entry.tourId) ? [...roll] : [...roll, entry];
}

/**
 * What saving a carousel writes: "removes tour links that were dropped and creates links for those added".
 * Kept links whose position changed are listed too, so the order an admin set is not lost.
 */
export function diffTourLinks<L extends Pick<TourSlider, 'tourId' | 'position'>>({
  saved,
  edited,
}: {
  saved: readonly L[];
  edited: readonly RollEntry[];
}): { toRemove: L[]; toAdd: RollEntry[]; toUpdate: { link: L; position: number }[] } {
  const editedById = new Map(edited.map((entry) => [entry.tourId, entry]));
  const savedIds = new Set(saved.map((link) => link.tourId));
  const toUpdate: { link: L; position: number }[] = [];
  for (const link of saved) {
    const entry = editedById.get(link.tourId);
    if (entry !== undefined && entry.position !== link.position) toUpdate.push({ link, position: entry.position });
  }
  return {
    toRemove: saved.filter((link) => !editedById.has(link.tourId)),
    toAdd: edited.filter((entry) => !savedIds.has(entry.tourId)),
    toUpdate,
  };
}

export type CarouselDirection = 'previous' | 'next';

/** Where a carousel is (`index` of the first card in view) and which button was pressed. */
export interface CarouselStepInput {
  index: number;
  count: number;
  perView: number;
  loop: boolean;
  direction: CarouselDirection;
}

/**
 * Whether a carousel button can move: there must be more cards than fit in view; without looping ("loops
 * only with more than 4 tours") it stops at the first and the last view, so the button is disabled there.
 */
export function canStepCarousel({ index, count, perView, loop, direction }: CarouselStepInput): boolean {
  const lastStart = Math.max(0, count - perView);
  if (lastStart === 0) return false;
  if (loop) return true;
  return direction === 'next' ? index < lastStart : index > 0;
}

/**
 * The first card in view after a button press: "scroll 1". Past either end a looping carousel wraps around
 * to the other end; one that does not loop stays where it is.
 */
export function stepCarousel({ index, count, perView, loop, direction }: CarouselStepInput): number {
  const lastStart = Math.max(0, count - perView);
  const current = Math.min(Math.max(0, index), lastStart);
  if (!canStepCarousel({ index: current, count, perView, loop, direction })) return current;
  const next = current + (direction === 'next' ? CAROUSEL_SCROLL : -CAROUSEL_SCROLL);
  if (next > lastStart) return 0;
  if (next < 0) return lastStart;
  return next;
}
