/**
 * The feedback screen (`/feedback/tour/…` and `/feedback/activity/…`) and `/perfil/mis-resenas`: what a
 * review is made of, validated by the screen and by `POST /api/feedback/*` with the same schemas, and the
 * shapes the API answers with.
 */
import { z } from 'zod';
import type { ReviewStatus } from '../rules/reviews.ts';

/** The query parameter of a feedback link that carries its signed token (`/feedback/tour/p/b?clave=…`). */
export const FEEDBACK_LINK_PARAM = 'clave';

export const FEEDBACK_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  descriptionMin: 20,
  descriptionMax: 4000,
  opinionMax: 2000,
  tokenMax: 2000,
  /** A phone's photo fits; a raw camera file does not need to. */
  photoMaxBytes: 8 * 1024 * 1024,
} as const;

export const FEEDBACK_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

export const FEEDBACK_MESSAGES = {
  rate: 'Elige una puntuación general de 1 a 5 estrellas.',
  activityRate: 'Elige una puntuación de 1 a 5 estrellas.',
  rating: 'La puntuación va de 1 a 5 estrellas.',
  title: `Escribe un título de entre ${FEEDBACK_LIMITS.titleMin} y ${FEEDBACK_LIMITS.titleMax} caracteres.`,
  description: `Cuéntanos tu experiencia con al menos ${FEEDBACK_LIMITS.descriptionMin} caracteres.`,
  descriptionTooLong: `Tu opinión admite como máximo ${FEEDBACK_LIMITS.descriptionMax.toLocaleString('es-ES')} caracteres.`,
  opinionTooLong: `Tu opinión admite como máximo ${FEEDBACK_LIMITS.opinionMax.toLocaleString('es-ES')} caracteres.`,
  photoTooLarge: 'La foto pesa demasiado: el máximo son 8 MB.',
  photoNotImage: 'La foto debe ser una imagen JPG, PNG, WebP o AVIF.',
  photoUnreadable: 'No hemos podido leer esa foto. Prueba con otra.',
  linkMissing: 'Para dejar tu opinión necesitas el enlace que te enviamos por correo al volver del viaje.',
  linkInvalid:
    'Este enlace para opinar no es válido. Comprueba que lo has abierto entero desde el correo, o entra en tu cuenta y escribe tu opinión desde «Mis reseñas».',
  linkExpired: 'Este enlace para opinar ha caducado. Entra en tu cuenta y escribe tu opinión desde «Mis reseñas».',
  linkUsed: 'Este enlace ya se ha usado: ya tenemos tu opinión. ¡Gracias! Puedes verla en «Mis reseñas» de tu cuenta.',
  saved: 'Hemos recibido tu opinión: la publicaremos en cuanto nuestro equipo la revise.',
} as const;

/** A form's empty field is not given; a number typed or sent as text counts as that number. */
const toRating = (value: unknown) => (value === '' || value === null || value === undefined ? null : typeof value === 'string' ? Number(value) : value);
const stars = (message: string) => z.number({ error: message }).int(message).min(1, message).max(5, message);
const requiredRating = (message: string) => z.preprocess(toRating, stars(message));
const optionalRating = z.preprocess(toRating, stars(FEEDBACK_MESSAGES.rating).nullable());
const token = z
  .string({ error: FEEDBACK_MESSAGES.linkMissing })
  .min(1, FEEDBACK_MESSAGES.linkMissing)
  .max(FEEDBACK_LIMITS.tokenMax, FEEDBACK_MESSAGES.linkInvalid);

/**
 * A tour review: the overall rate and the five the spec names (guide, destination, price/quality,
 * accommodation, activities; each may be left out when it did not apply), a title and the text. The
 * optional photo travels beside it in the same form.
 */
export const TourFeedbackSchema = z.strictObject({
  clave: token,
  rate: requiredRating(FEEDBACK_MESSAGES.rate),
  rateGuide: optionalRating,
  rateDestination: optionalRating,
  ratePriceQuality: optionalRating,
  rateAccomodation: optionalRating,
  rateActivities: optionalRating,
  title: z
    .string({ error: FEEDBACK_MESSAGES.title })
    .trim()
    .min(FEEDBACK_LIMITS.titleMin, FEEDBACK_MESSAGES.title)
    .max(FEEDBACK_LIMITS.titleMax, FEEDBACK_MESSAGES.title),
  description: z
    .string({ error: FEEDBACK_MESSAGES.description })
    .trim()
    .min(FEEDBACK_LIMITS.descriptionMin, FEEDBACK_MESSAGES.description)
    .max(FEEDBACK_LIMITS.descriptionMax, FEEDBACK_MESSAGES.descriptionTooLong),
});
export type TourFeedback = z.output<typeof TourFeedbackSchema>;

/** An optional activity's review: "rate, opinion" (the opinion may be left empty). */
export const ActivityFeedbackSchema = z.strictObject({
  clave: token,
  rate: requiredRating(FEEDBACK_MESSAGES.activityRate),
  opinion: z
    .string({ error: FEEDBACK_MESSAGES.opinionTooLong })
    .trim()
    .max(FEEDBACK_LIMITS.opinionMax, FEEDBACK_MESSAGES.opinionTooLong)
    .optional()
    .transform((value) => (value ? value : null)),
});
export type ActivityFeedback = z.output<typeof ActivityFeedbackSchema>;

/** The six ratings of a tour review, as the screen names them. */
export const TOUR_RATINGS = [
  { field: 'rate', label: 'Valoración general', required: true },
  { field: 'rateGuide', label: 'Guía', required: false },
  { field: 'rateDestination', label: 'Destino', required: false },
  { field: 'ratePriceQuality', label: 'Calidad-precio', required: false },
  { field: 'rateAccomodation', label: 'Alojamiento', required: false },
  { field: 'rateActivities', label: 'Actividades', required: false },
] as const;
export type TourRatingField = (typeof TOUR_RATINGS)[number]['field'];

/** `GET /api/feedback/link`: what a valid, unused link is for. */
export interface FeedbackLinkView {
  kind: 'tour' | 'activity';
  tourName: string;
  dayOne: string;
  returnDate: string;
  /** The optional activity reviewed, for an activity link. */
  activityName: string | null;
  /** The traveller's first name, to greet them. */
  travelerName: string | null;
  /** The name a tour review is published under ('Ana G.'). */
  publicName: string;
}

/** One of the traveller's reviews in `/perfil/mis-resenas`. */
export interface MyReview {
  id: string;
  kind: 'tour' | 'activity';
  bookingId: string | null;
  tourName: string;
  activityName: string | null;
  rate: number;
  /** A tour review's other five ratings (null where not given); null for an activity review. */
  ratings: Record<Exclude<TourRatingField, 'rate'>, number | null> | null;
  title: string | null;
  text: string | null;
  status: ReviewStatus;
  createdAt: string;
  /** The author's own photo, served to them only (`/api/me/reviews/{id}/photo`). */
  photoUrl: string | null;
}

/** A past trip still waiting for the traveller's review, with fresh links to write it. */
export interface TripAwaitingReview {
  bookingId: string;
  tourName: string;
  dayOne: string;
  returnDate: string;
  /** The tour review's link, or null when it is written already and only activities are left. */
  tourLink: string | null;
  activities: { id: string; name: string; link: string }[];
}

/** `GET /api/me/reviews`. */
export interface MyReviewsAnswer {
  reviews: MyReview[];
  waiting: TripAwaitingReview[];
}
