/**
 * The reviews moderation screen's contract with `/api/admin/opinions` (cms-and-backoffice.md §2
 * /admin/tour/opinion, §3 TravelerOpinion and its comment, §7 opinionsByDate, the published-opinion and
 * opinion notifications): the list, newest first, filtered by tour, departure and status; what one review
 * shows; and the presses of its actions. The island and the server check input with these same schemas.
 */
import { z } from 'zod';
import { isIsoDate } from '../rules/dates.ts';

export const OPINION_PAGE_SIZE = 20;
export const MODERATION_STATUSES = ['DRAFT', 'ACTIVE', 'INACTIVE'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** How staff read each status of a review. */
export const MODERATION_STATUS_LABELS: Readonly<Record<ModerationStatus, string>> = {
  DRAFT: 'Pendiente',
  ACTIVE: 'Publicada',
  INACTIVE: 'Oculta',
};

export const REPLY_MAX_LENGTH = 2000;

export const OPINION_MESSAGES = {
  notFound: 'No encontramos esta opinión.',
  replyRequired: 'Escribe la respuesta.',
  replyTooLong: `Escribe como mucho ${REPLY_MAX_LENGTH} caracteres.`,
  noEmail: 'Esta opinión no tiene correo electrónico: la respuesta se guarda, pero no se puede enviar.',
  period: 'Elige un periodo válido: la fecha «desde» no puede ser posterior a «hasta».',
  nothingToChange: 'Indica qué quieres cambiar.',
} as const;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const isoDay = z.string().refine(isIsoDate, 'Escribe una fecha válida.');
const RequestId = z.string().trim().min(8).max(100);

export const OpinionListQuerySchema = z
  .strictObject({
    tourId: z.preprocess(blankToUndefined, z.string().max(100).optional()),
    /** A departure of the tour (the spec's filter by periodID). */
    periodId: z.preprocess(blankToUndefined, z.string().max(100).optional()),
    /** Written on or after / on or before these days (UTC, `YYYY-MM-DD`). */
    from: z.preprocess(blankToUndefined, isoDay.optional()),
    to: z.preprocess(blankToUndefined, isoDay.optional()),
    status: z.preprocess(blankToUndefined, z.enum(MODERATION_STATUSES).optional()),
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: OPINION_MESSAGES.period, path: ['to'] });
export type OpinionListQuery = z.infer<typeof OpinionListQuerySchema>;

/** A change of one review's moderation: publish or hide, and where it is shown. */
export const OpinionModerateSchema = z
  .strictObject({
    requestId: RequestId,
    status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
    homeViewable: z.boolean().optional(),
    tourViewable: z.boolean().optional(),
  })
  .refine((m) => m.status !== undefined || m.homeViewable !== undefined || m.tourViewable !== undefined, {
    message: OPINION_MESSAGES.nothingToChange,
    path: ['status'],
  });
export type OpinionModerate = z.infer<typeof OpinionModerateSchema>;

export const OpinionReplySchema = z.strictObject({
  requestId: RequestId,
  comment: z.string().trim().min(1, OPINION_MESSAGES.replyRequired).max(REPLY_MAX_LENGTH, OPINION_MESSAGES.replyTooLong),
});

export interface OpinionReplyView {
  id: string;
  comment: string;
  emailReplySent: boolean;
  createdAt: string;
}

/** One review as the moderation screen shows it. */
export interface OpinionView {
  id: string;
  tourId: string;
  tourName: string;
  /** The tour page's slug (`/tour/{slug}`). */
  tourSlug: string;
  periodId: string | null;
  /** The departure's first day, `YYYY-MM-DD`. */
  dayOne: string | null;
  name: string;
  email: string | null;
  title: string | null;
  description: string | null;
  rate: number;
  rateGuide: number | null;
  rateDestination: number | null;
  ratePriceQuality: number | null;
  rateAccomodation: number | null;
  rateActivities: number | null;
  /** A signed link to the photo the author sent, for staff only. */
  photoUrl: string | null;
  status: string;
  homeViewable: boolean;
  tourViewable: boolean;
  createdAt: string;
  /** When the published-opinion mail was queued (null: never published with an address). */
  publishedMailAt: string | null;
  replies: OpinionReplyView[];
}

export interface OpinionListAnswer {
  rows: OpinionView[];
  total: number;
  page: number;
  pageSize: number;
  /** Every tour with a review, for the tour filter. */
  tours: { id: string; name: string }[];
  /** The departures of the chosen tour with a review, for the departure filter. */
  periods: { id: string; dayOne: string }[];
}

export interface OpinionActionAnswer {
  /** False for a press already applied. */
  applied: boolean;
  opinion: OpinionView;
  /** The publication of the tour's pages this change started (null when none was needed). */
  publication: string | null;
}

// Optional-activity reviews (OptionalActivityOpinion: rate, opinion), moderated on the same desk.

/** Publishing or hiding an activity review: nothing else of it is shown anywhere to choose. */
export const ActivityOpinionModerateSchema = z.strictObject({
  requestId: RequestId,
  status: z.enum(['ACTIVE', 'INACTIVE']),
});

/** One activity review as the desk shows it. */
export interface ActivityOpinionView {
  id: string;
  activityId: string;
  activityName: string;
  tourId: string;
  tourName: string;
  periodId: string;
  dayOne: string;
  /** The traveller who wrote it (null for reviews without one, imported or seeded). */
  travelerName: string | null;
  rate: number;
  opinion: string | null;
  status: string;
  createdAt: string;
}

export interface ActivityOpinionListAnswer {
  rows: ActivityOpinionView[];
  total: number;
  page: number;
  pageSize: number;
  /** Every tour with an activity review, for the tour filter. */
  tours: { id: string; name: string }[];
  /** The departures of the chosen tour with an activity review. */
  periods: { id: string; dayOne: string }[];
}

export interface ActivityOpinionActionAnswer {
  applied: boolean;
  opinion: ActivityOpinionView;
}

/** One line of a review's history: who did what when (from the staff actions record). */
export interface OpinionHistoryEntry {
  id: string;
  action: string;
  /** What staff read: 'Publicada', 'Respondida', … */
  label: string;
  actorEmail: string;
  createdAt: string;
}

/** How the history names each recorded action of a review. */
export const OPINION_ACTION_LABELS: Readonly<Record<string, string>> = {
  publish: 'Publicada',
  hide: 'Ocultada',
  visibility: 'Cambió dónde se muestra',
  reply: 'Respondida',
};
