/**
 * The in-place editors' contract with `/api/cms/*` (cms-and-backoffice.md §2–§5): what each editor sends,
 * checked with the same schemas in the island and on the server, and what it gets back.
 */
import { z } from 'zod';
import { DRAFT_STATUSES, SLIDER_CATEGORIES, type SliderCategory } from '../enums.ts';

/** 409 on a save made from an older version than the stored one; the editor keeps its text on screen. */
export const VERSION_CONFLICT_MESSAGE = 'Otra persona ha cambiado este contenido. Recarga para ver su versión.';

/** The spec's slider form messages are not shown word for word: these say what is missing. */
export const SLIDER_FORM_MESSAGES = {
  labelRequired: 'Escribe el título del carrusel.',
  categoryRequired: 'Elige una categoría.',
  positionRequired: 'Indica la posición.',
  statusRequired: 'Elige un estado.',
  duplicateTour: 'Este tour ya está en el carrusel.',
  hiddenTour: 'Este tour está oculto y no se puede añadir.',
  unknownTour: 'Este tour no existe.',
} as const;

const Id = z.string().trim().min(1).max(100);
/** One press of a create button: the same id twice creates once. */
const RequestId = z.string().trim().min(8).max(100);
const Version = z.number().int().positive();
const Position = z.number({ error: SLIDER_FORM_MESSAGES.positionRequired }).int().min(0).max(9999);

export const RollEntrySchema = z.strictObject({ tourId: Id, position: Position });

export const CarouselCreateSchema = z.strictObject({
  requestId: RequestId,
  website: z.string().trim().max(40).nullable().default('WEBDR'),
  label: z.string().trim().max(200).default(''),
  category: z.enum(SLIDER_CATEGORIES, { error: SLIDER_FORM_MESSAGES.categoryRequired }).default('GROUP'),
  position: Position.default(0),
  status: z.enum(DRAFT_STATUSES, { error: SLIDER_FORM_MESSAGES.statusRequired }).default('DRAFT'),
});

export const CarouselSaveSchema = z.strictObject({
  version: Version,
  // "Slider form: title/label, category, position and status are required" (a new one starts empty, as a draft).
  label: z.string({ error: SLIDER_FORM_MESSAGES.labelRequired }).trim().min(1, SLIDER_FORM_MESSAGES.labelRequired).max(200),
  category: z.enum(SLIDER_CATEGORIES, { error: SLIDER_FORM_MESSAGES.categoryRequired }),
  position: Position,
  status: z.enum(DRAFT_STATUSES, { error: SLIDER_FORM_MESSAGES.statusRequired }),
  tours: z.array(RollEntrySchema).max(500),
});

export const VersionQuerySchema = z.object({ version: z.coerce.number().int().positive() });

export interface CarouselTourView {
  linkId: string;
  tourId: string;
  position: number;
  name: string;
  webSlug: string;
  thumbnail: string | null;
  /** Hidden tours ('oculto') and unpriced ones never show to visitors, even in a published carousel. */
  visibleToVisitors: boolean;
}

export interface CarouselView {
  id: string;
  version: number;
  website: string | null;
  label: string;
  category: SliderCategory;
  position: number;
  status: (typeof DRAFT_STATUSES)[number];
  tours: CarouselTourView[];
  updatedAt: string;
}

/** A tour the slider picker offers: visible (not 'oculto') tours, searched by name. */
export interface PickableTour {
  id: string;
  name: string;
  webSlug: string;
}

export const TourSearchQuerySchema = z.object({ q: z.string().trim().max(80).default('') });

// Offers

/** Euros as typed ('120', '120,50'); stored in cents. Messages are the form's own (OFFER_FORM_MESSAGES). */
const Euros = z.union([z.number(), z.string()]);

export const OfferCreateSchema = z.strictObject({
  requestId: RequestId,
  tourId: z.string().trim().max(100).nullable(),
  periodId: z.string().trim().max(100).nullable(),
  discount: Euros.nullable(),
  coupon: z.string().trim().max(40).nullable(),
  flightIds: z.array(Id).max(50).default([]),
});

export const OfferSaveSchema = z.strictObject({
  version: Version,
  discount: Euros.nullable(),
  coupon: z.string().trim().max(40).nullable(),
  status: z.enum(['active', 'inactive']),
});

export interface OfferView {
  id: string;
  version: number;
  status: 'active' | 'inactive';
  position: number;
  discountCents: number;
  coupon: string;
  tour: { id: string; name: string; webSlug: string; thumbnail: string | null };
  period: { id: string; dayOne: string; returnDate: string };
  flightId: string | null;
  departureCities: string[];
  /** The card's prices (computeOfferPrices): before and after the discount, whole euros rounded up. */
  priceCents: number;
  discountedPriceCents: number;
}

export interface OfferListView {
  slider: { slug: string; title: string; subtitle: string | null; exists: boolean };
  offers: OfferView[];
}

/** What the offer form offers for a tour: its periods on sale, each with its flights (no 'sin v'). */
export interface OfferOptionsView {
  periods: { id: string; dayOne: string; returnDate: string; flights: { id: string; name: string }[] }[];
}

// Campaign grids

/** "Grid landing defaults: title 'Viajes en grid', position 0, category GRID, status ACTIVE." */
export const GRID_DEFAULTS = { title: 'Viajes en grid', position: 0, category: 'GRID', status: 'ACTIVE' } as const;

export const GRID_FORM_MESSAGES = {
  slugInvalid: 'La dirección de la campaña solo puede tener minúsculas, números y guiones.',
  slugTaken: 'Esa dirección ya es otra página de la tienda.',
} as const;

/** The campaign's address: its first path segment, as the slug rule writes it. */
export const GridSlugSchema = z
  .string()
  .trim()
  .min(1, GRID_FORM_MESSAGES.slugInvalid)
  .max(80, GRID_FORM_MESSAGES.slugInvalid)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, GRID_FORM_MESSAGES.slugInvalid);

/** A campaign grid's own texts (the slider's fields the landing shows), and whether its banner animates. */
export const GRID_TEXT_FIELDS = ['sliderTitle', 'promotionBanner', 'labelFooter', 'descriptionFooter'] as const;
export type GridTextField = (typeof GRID_TEXT_FIELDS)[number];
export type GridTexts = Record<GridTextField, string> & { bannerAnimation: boolean };

const GridText = (max: number) => z.string().trim().max(max, `Escribe como mucho ${max} caracteres.`);

/** 'Guardar' on a campaign grid: its title and tours. Without a grid for the slug, the first save creates it. */
export const GridSaveSchema = z.strictObject({
  /** The version the editor opened; absent when the slug had no grid yet. */
  version: Version.nullable(),
  title: z.string().trim().max(200),
  tours: z.array(RollEntrySchema).max(500),
  /** The heading of the tours' grid ('Viajes de la campaña' when empty). */
  sliderTitle: GridText(200).optional(),
  /** A short promotion over the banner ("-15 % hasta el domingo"). */
  promotionBanner: GridText(120).optional(),
  /** A closing block under the tours: its heading and text. */
  labelFooter: GridText(200).optional(),
  descriptionFooter: GridText(1000).optional(),
  /** The banner's image comes in with the spec's 2000 ms animation. */
  bannerAnimation: z.boolean().optional(),
});

export interface GridView extends GridTexts {
  /** Null until the slug's grid is first saved. */
  id: string | null;
  slug: string;
  version: number | null;
  title: string;
  category: string;
  status: string;
  tours: CarouselTourView[];
}

// Landings

export const LANDING_FORM_MESSAGES = {
  imageNotUploaded: 'Esa imagen no se ha subido para este banner. Súbela de nuevo.',
} as const;

/**
 * A save of a landing: the banner (title, subtitle, desktop and mobile images) or the rich-text block,
 * from the version the editor opened (null when the slug had no landing: the save creates it, active).
 */
export const LandingSaveSchema = z.strictObject({
  version: Version.nullable(),
  title: z.string().trim().max(200).optional(),
  subtitle: z.string().trim().max(400).optional(),
  /** Storage keys the upload answered; null removes the image. */
  desktopImage: z.string().trim().max(300).nullable().optional(),
  mobileImage: z.string().trim().max(300).nullable().optional(),
  html: z.string().max(200_000).optional(),
});

export interface LandingView {
  slug: string;
  id: string | null;
  version: number | null;
  title: string;
  subtitle: string;
  desktopImage: string | null;
  mobileImage: string | null;
  /** Signed preview links of the images (they expire). */
  desktopImageUrl: string | null;
  mobileImageUrl: string | null;
  /** The saved rich text, as sanitised on save. */
  html: string;
}

// Home and region banners

const ImageKey = z.string().trim().max(300).nullable();
const Order = z.number({ error: 'Indica el orden.' }).int().min(0).max(9999);

/** MainBanner: content (rich text), order, status, enhanceMenu and the two images (uploaded under landing/home). */
export const MainBannerSaveSchema = z.strictObject({
  version: Version,
  content: z.string().max(50_000),
  order: Order,
  status: z.enum(DRAFT_STATUSES, { error: SLIDER_FORM_MESSAGES.statusRequired }),
  enhanceMenu: z.boolean(),
  backgroundImageDesktop: ImageKey,
  backgroundImageMobile: ImageKey,
});

/** RegionBanner: description, order, visible and the two images (uploaded under landing/{region}). */
export const RegionBannerSaveSchema = z.strictObject({
  version: Version,
  description: z.string().trim().max(2000),
  order: Order,
  visible: z.boolean(),
  imageDesktop: ImageKey,
  imageMobile: ImageKey,
});

export const BannerCreateSchema = z.strictObject({ requestId: RequestId });

export interface MainBannerView {
  id: string;
  version: number;
  content: string;
  order: number;
  status: (typeof DRAFT_STATUSES)[number];
  enhanceMenu: boolean;
  backgroundImageDesktop: string | null;
  backgroundImageMobile: string | null;
  /** Signed previews of the images (they expire). */
  desktopUrl: string | null;
  mobileUrl: string | null;
}

export interface RegionBannerView {
  id: string;
  version: number;
  region: string;
  description: string;
  order: number;
  visible: boolean;
  imageDesktop: string | null;
  imageMobile: string | null;
  desktopUrl: string | null;
  mobileUrl: string | null;
}

// Card tools

export const TourThumbnailSchema = z.strictObject({ version: Version, thumbnail: z.string().trim().min(1).max(300) });

export const TOUR_CARD_MESSAGES = {
  photoNotUploaded: 'Esa foto no se ha subido para este tour. Súbela de nuevo.',
  synced: 'Tour sincronizado: se están publicando sus páginas.',
} as const;

export interface TourCardView {
  id: string;
  name: string;
  version: number;
  status: 'ACTIVE' | 'UPDATING' | 'INACTIVE';
  thumbnail: string | null;
  thumbnailUrl: string | null;
}

/** What 'Sincronizar' found in the tour's data: problems that keep it off the shop, in Spanish. */
export interface TourSyncView {
  tour: TourCardView;
  issues: string[];
}

// Uploads

/** Largest image an editor may upload. */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  missing: 'Elige una imagen.',
  tooLarge: 'La imagen pesa demasiado: el máximo es 8 MB.',
  notImage: 'El archivo no es una imagen JPG, PNG, WebP o AVIF.',
  unreadable: 'No hemos podido leer la imagen. Prueba con otro archivo.',
  badFolder: 'No se puede subir una imagen a esa carpeta.',
  noLanding: 'No hay ninguna página con ese nombre: la imagen no se ha subido.',
} as const;

/**
 * Where an image goes: a landing's banner (`landing/{slug}/desktop` or `/mobile`), its rich text
 * (`landing/{slug}/content`) or a tour's photos
 * (`{tourId}`). Nothing else: no other folder, no path that climbs out.
 */
export const UploadFolderSchema = z.union([
  z.string().regex(/^landing\/[a-z0-9]+(?:-[a-z0-9]+)*\/(?:desktop|mobile|content)$/, UPLOAD_MESSAGES.badFolder),
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/, UPLOAD_MESSAGES.badFolder),
]);

export interface UploadedImage {
  /** The storage key saved in the content (`{folder}/{file name}`). */
  key: string;
  /** A signed link to the original, for the editor's preview; it expires. */
  url: string;
  /** The largest responsive variant (public, as the pages show it): what a rich-text block embeds. */
  mediaUrl: string;
  width: number;
  height: number;
  placeholder: string;
}

// History

export const HISTORY_ENTITY_TYPES = ['carousel', 'grid', 'offer', 'landing', 'main_banner', 'region_banner', 'tour'] as const;
export type HistoryEntityType = (typeof HISTORY_ENTITY_TYPES)[number];

export interface HistoryEntryView {
  id: string;
  version: number;
  action: 'create' | 'update' | 'delete' | 'restore';
  actorEmail: string;
  createdAt: string;
  /** The record as this save left it (null for a deletion): what restoring this entry brings back. */
  after: unknown;
}

export const RestoreSchema = z.strictObject({ version: Version });

// Publishing

/** The staff's live stream (`GET /api/cms/events`, Server-Sent Events): publications and tour status. */
export type PublishEvent = {
  type: 'publish';
  id: string;
  state: 'publishing' | 'published' | 'failed';
  at: string;
  /** Pages swapped in (published). */
  pages?: number;
  /** Why it failed, in Spanish (failed); the previous page is still live. */
  message?: string;
};

export type TourStatusEvent = { type: 'tour'; id: string; name: string; status: 'ACTIVE' | 'UPDATING' | 'INACTIVE' };

export type CmsEvent = PublishEvent | TourStatusEvent;

/** Every write answers with what it saved and the publication that brings it to the live pages. */
export interface Saved<T> {
  saved: T;
  /** Follow it on the event stream; null when nothing visitors see changed. */
  publication: string | null;
}
