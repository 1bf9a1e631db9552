/**
 * The feedback links (issue 13): `/feedback/tour/{periodId}/{bookingId}?clave=…` and
 * `/feedback/activity/{periodId}/{activityId}/{bookingId}?clave=…`. The `clave` is a token signed for
 * this purpose (`signPurposeToken`: HS256, its own key derived from AUTH_SECRET) that binds the link to one
 * booking, one traveller and, for an activity, one optional activity, and expires after FEEDBACK_LINK_DAYS. It works without signing in;
 * that it works once is the database's job (a unique index per booking, traveller and activity).
 */
import { pathTo } from '#shared/routes.ts';
import { FEEDBACK_LINK_DAYS } from '#shared/rules/reviews.ts';
import { FEEDBACK_LINK_PARAM } from '#shared/schemas/feedback.ts';
import type { Config } from '../../config.ts';
import { signPurposeToken, verifyPurposeToken } from '../people/auth/tokens.ts';

/** What a feedback link is for. */
export type FeedbackSubject =
  | { kind: 'tour'; bookingId: string; travelerId: string; periodId: string }
  | { kind: 'activity'; bookingId: string; travelerId: string; periodId: string; activityId: string };

const seconds = FEEDBACK_LINK_DAYS * 24 * 60 * 60;

/** Signs a subject into the token a link carries. */
export const signFeedbackToken = (subject: FeedbackSubject, { secret, now }: { secret: string; now: Date }): Promise<string> =>
  signPurposeToken(
    {
      k: subject.kind,
      b: subject.bookingId,
      t: subject.travelerId,
      p: subject.periodId,
      ...(subject.kind === 'activity' ? { a: subject.activityId } : {}),
    },
    { purpose: 'feedback-link', secret, now, seconds },
  );

/**
 * The subject of a token signed by `signFeedbackToken`, or why it cannot be used: 'expired' (a person can
 * be told so), 'invalid' for anything else (tampered, signed with another key, malformed).
 */
export async function verifyFeedbackToken(
  token: string,
  { secret, now = new Date() }: { secret: string; now?: Date },
): Promise<{ ok: true; subject: FeedbackSubject } | { ok: false; reason: 'expired' | 'invalid' }> {
  const verified = await verifyPurposeToken(token, { purpose: 'feedback-link', secret, now });
  if (!verified.ok) return verified;
  const { k, b, t, p, a } = verified.claims;
  if (typeof b !== 'string' || typeof t !== 'string' || typeof p !== 'string') return { ok: false, reason: 'invalid' };
  if (k === 'tour') return { ok: true, subject: { kind: 'tour', bookingId: b, travelerId: t, periodId: p } };
  if (k === 'activity' && typeof a === 'string') return { ok: true, subject: { kind: 'activity', bookingId: b, travelerId: t, periodId: p, activityId: a } };
  return { ok: false, reason: 'invalid' };
}

/**
 * The path of a subject's feedback screen with a fresh token; `config.publicUrl` in front makes the
 * mail's absolute link.
 *
 * @example await feedbackPath({ kind: 'tour', bookingId: 'b1', travelerId: 't1', periodId: 'p1' }, config, now) // '/feedback/tour/p1/b1?clave=eyJ…'
 */
export async function feedbackPath(subject: FeedbackSubject, { authSecret }: Pick<Config, 'authSecret'>, now: Date): Promise<string> {
  const query = { [FEEDBACK_LINK_PARAM]: await signFeedbackToken(subject, { secret: authSecret, now }) };
  return subject.kind === 'tour'
    ? pathTo('feedback-tour', { periodId: subject.periodId, bookingId: subject.bookingId }, query)
    : pathTo('feedback-activity', { periodId: subject.periodId, activityId: subject.activityId, bookingId: subject.bookingId }, query);
}
