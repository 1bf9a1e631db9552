/**
 * Traveller reviews after a trip (issue 13; cms-and-backoffice.md: TravelerOpinion with its six ratings,
 * OptionalActivityOpinion): when a trip may be reviewed, when its feedback mail goes out, which of its
 * optional activities are worth a review, what a review's status means to its author and the name it is
 * published under. Pure: the API gathers the rows, these decide.
 */
import { INSURANCE_PRODUCT_TYPE, NO_OPTIONAL_ACTIVITY_ID, RENTAL_CAR_SUBTYPE } from '../constants.ts';
import type { BookingStatus } from '../enums.ts';
import { addDays } from './dates.ts';

/** The feedback mail goes out this many days after the return date (the day after coming home, with the points). */
export const FEEDBACK_MAIL_DAYS_AFTER_RETURN = 1;
/**
 * A trip back longer ago than this gets no feedback mail any more: a job that was down catches up within
 * a month, but a restored backup never mails every traveller of the past. The trip can still be reviewed
 * from /perfil/mis-resenas.
 */
export const FEEDBACK_MAIL_LAST_DAY_AFTER_RETURN = 30;
/** A feedback link works this long after it is made (the mail's, or a fresh one from the profile). */
export const FEEDBACK_LINK_DAYS = 180;

/**
 * Whether a trip may be reviewed: a CONFIRMED booking whose return date has passed (a canceled trip, one
 * still paying or one not back yet asks for nothing). Dates are 'YYYY-MM-DD'.
 */
export function isReviewDue({ status, returnDate, today }: { status: BookingStatus; returnDate: string; today: string }): boolean {
  return status === 'CONFIRMED' && returnDate < today;
}

/**
 * Whether today is a day to send a trip's feedback mail: a CONFIRMED booking, between
 * FEEDBACK_MAIL_DAYS_AFTER_RETURN and FEEDBACK_MAIL_LAST_DAY_AFTER_RETURN days after its return. The
 * job sends it once within that window (the database keeps the once).
 */
export function isFeedbackMailDue({ status, returnDate, today }: { status: BookingStatus; returnDate: string; today: string }): boolean {
  if (status !== 'CONFIRMED') return false;
  return (
    today >= addDays({ date: returnDate, days: FEEDBACK_MAIL_DAYS_AFTER_RETURN }) &&
    today <= addDays({ date: returnDate, days: FEEDBACK_MAIL_LAST_DAY_AFTER_RETURN })
  );
}

/** An optional activity of a departure, as the feedback needs it. */
export interface ReviewableActivity {
  /** The optional activity's row id (what an OptionalActivityOpinion points to). */
  id: string;
  /** The code travellers' entries and packs name it by. */
  activityId: string;
  name: string;
  productType: string | null;
  subtype: string | null;
}

/**
 * The optional activities a booking's travellers took that deserve a review: every activity named in
 * their entries (`optional_activities`), and the members of every pack named there, once each, in the
 * order the departure lists them. Insurance and rental cars are services, not experiences: never asked.
 *
 * @example activitiesToReview({ booked: [['SEG', 'TEA'], ['0']], activities: [tea, insurance], packs: [] }) // [tea]
 */
export function activitiesToReview<A extends ReviewableActivity>({
  booked,
  activities,
  packs,
}: {
  /** Each traveller's `optional_activities`. */
  booked: readonly (readonly string[])[];
  activities: readonly A[];
  packs: readonly { activityId: string; multipleActivityIds: string }[];
}): A[] {
  const named = new Set(booked.flat().filter((id) => id !== NO_OPTIONAL_ACTIVITY_ID));
  for (const pack of packs) {
    if (!named.has(pack.activityId)) continue;
    for (const member of pack.multipleActivityIds.split(',')) if (member.trim()) named.add(member.trim());
  }
  return activities.filter((a) => named.has(a.activityId) && a.productType !== INSURANCE_PRODUCT_TYPE && a.subtype !== RENTAL_CAR_SUBTYPE);
}

/** What a review's author is told about it. */
export type ReviewStatus = 'pending' | 'published' | 'hidden';

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Pendiente de moderación',
  published: 'Publicada',
  hidden: 'No publicada',
};

/** The status a review is saved with: not published until the team has read it. */
export const NEW_REVIEW_STATUS = 'DRAFT' as const;

/**
 * A review's status as its author reads it. DRAFT is one the team has not moderated yet; ACTIVE is
 * published (for a tour review, only while it is shown on the tour page, as the catalogue snapshot
 * selects it); anything else (INACTIVE, UNPUBLISHED, DELETED, or ACTIVE but kept off the page) is not
 * published.
 *
 * @example reviewStatusOf({ status: 'DRAFT', tourViewable: true }) // 'pending'
 */
export function reviewStatusOf({ status, tourViewable }: { status: string; tourViewable: boolean }): ReviewStatus {
  if (status === NEW_REVIEW_STATUS) return 'pending';
  return status === 'ACTIVE' && tourViewable ? 'published' : 'hidden';
}

/**
 * The name a review is signed with on the tour page: the first name and the initial of the first surname,
 * as the shop's reviews have always been signed ('Lucía R.'); a traveller without a name is 'Viajero'.
 *
 * @example reviewerName({ name: ' lucía ', surname: 'ramírez ortega' }) // 'Lucía R.'
 */
export function reviewerName({ name, surname }: { name: string | null; surname: string | null }): string {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  const initial = (surname ?? '').trim().charAt(0);
  const capital = (word: string) => word.charAt(0).toLocaleUpperCase('es-ES') + word.slice(1);
  if (!first) return 'Viajero';
  return initial ? `${capital(first)} ${initial.toLocaleUpperCase('es-ES')}.` : capital(first);
}
