/**
 * The feedback of one departure (/admin/tour/{tourID}/survey/{id}, cms-and-backoffice.md §2): what the
 * travellers of that departure said in their reviews, summed up for staff. Read only: the screen and its
 * CSV download are two views of the same answer (docs/decisions/026-reviews-moderation-and-departure-survey.md).
 */
import { z } from 'zod';
import type { TourRatingField } from './feedback.ts';

export const SURVEY_MESSAGES = {
  notFound: 'No encontramos esta salida en este tour.',
} as const;

export const SurveyParamSchema = z.strictObject({
  tourId: z.string().trim().min(1).max(100),
  periodId: z.string().trim().min(1).max(100),
});

/** The stars a rating counts under in the distribution: the nearest whole star, 1 to 5. */
export const SURVEY_STARS = [1, 2, 3, 4, 5] as const;

/**
 * The star a rating counts under: ratings are stored to the half star (and 0 is allowed), the bars count
 * whole stars, so a rating is rounded half up and held between 1 and 5.
 *
 * @example starOf(4.5) // 5
 * @example starOf(0) // 1
 */
export const starOf = (rate: number): number => Math.min(5, Math.max(1, Math.round(rate)));

export interface RatingSummary {
  field: TourRatingField;
  label: string;
  /** Reviews that gave this rating (the general one is always given; the others are optional). */
  count: number;
  average: number | null;
  /** How many gave 1, 2, 3, 4 and 5 stars, in that order. */
  distribution: number[];
}

export interface SurveyComment {
  id: string;
  name: string;
  title: string | null;
  description: string | null;
  rate: number;
  status: string;
  createdAt: string;
}

export interface SurveyActivity {
  id: string;
  name: string;
  reviews: number;
  average: number | null;
  distribution: number[];
  comments: { id: string; rate: number; opinion: string; status: string; createdAt: string }[];
}

export interface TourSurveyView {
  tour: { id: string; name: string; slug: string };
  period: { id: string; dayOne: string; returnDate: string };
  /** Reviews of the tour written for this departure (any moderation status but deleted). */
  reviews: number;
  /** Travellers on the departure's confirmed bookings: each may review once (docs/decisions/020). */
  travellers: number;
  /** The departure's confirmed bookings, and those whose holder was sent the feedback mail. */
  bookings: number;
  requestsSent: number;
  /** Of the reviews, those written from one of the departure's confirmed bookings (a feedback link or the profile). */
  answered: number;
  /** answered / travellers, 0 to 1 (null while nobody travels). */
  responseRate: number | null;
  ratings: RatingSummary[];
  /** Reviews with words, newest first. */
  comments: SurveyComment[];
  /** The departure's optional activities that were reviewed. */
  activities: SurveyActivity[];
  /** Every optional activity of the departure but insurance, for their photos. */
  optionalActivities: { id: string; name: string }[];
}
