import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { ActivityFeedbackSchema, FEEDBACK_LIMITS, FEEDBACK_LINK_PARAM, FEEDBACK_MESSAGES, TourFeedbackSchema } from '#shared/schemas/feedback.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { AppError } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { type FeedbackSubject, verifyFeedbackToken } from '../services/content/feedback-links.ts';
import { linkExpired, linkInvalid, loadFeedbackTarget, saveActivityReview, saveTourReview } from '../services/content/feedback.ts';
import { RATE_LIMITS } from '../services/platform/rate-limits.ts';
import { parseInput, validate } from '../validation.ts';

/** Room for the multipart envelope and the review's text around the largest photo allowed. */
const ENVELOPE_BYTES = 64 * 1024;
const LinkQuery = z.object({ [FEEDBACK_LINK_PARAM]: z.string().min(1).max(FEEDBACK_LIMITS.tokenMax) });

/**
 * `/api/feedback`, the public feedback screen's API (issue 13): what a link is for, and the review it
 * writes, once. No session needed: the signed `clave` of the mail's link is the credential. Writes count
 * against the client address's limit, refused ones too.
 */
export function feedbackRoutes({ db, config }: AppDeps) {
  const subjectOf = async <K extends FeedbackSubject['kind']>(token: string, kind?: K): Promise<Extract<FeedbackSubject, { kind: K }>> => {
    const verified = await verifyFeedbackToken(token, { secret: config.authSecret });
    if (!verified.ok) throw verified.reason === 'expired' ? linkExpired() : linkInvalid();
    if (kind && verified.subject.kind !== kind) throw linkInvalid();
    return verified.subject as Extract<FeedbackSubject, { kind: K }>;
  };
  const limit = rateLimit({ db, config, limit: RATE_LIMITS.feedbackPerIp });
  return new Hono<ApiEnv>()
    .get('/link', allow('public'), validate('query', LinkQuery, { invalid: linkInvalid }), async (c) => {
      c.header('Cache-Control', 'no-store');
      const target = await loadFeedbackTarget(db, await subjectOf(c.req.valid('query')[FEEDBACK_LINK_PARAM]));
      return c.json(target.view);
    })
    .post(
      '/tour',
      allow('public'),
      limit,
      bodyLimit({
        maxSize: FEEDBACK_LIMITS.photoMaxBytes + ENVELOPE_BYTES,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', FEEDBACK_MESSAGES.photoTooLarge, { photo: FEEDBACK_MESSAGES.photoTooLarge });
        },
      }),
      // A form, for the photo: checked below with the shared schema; declared so the screen's client knows its fields.
      validator('form', (value) => value as Record<keyof z.input<typeof TourFeedbackSchema>, string> & { photo?: File | string }),
      async (c) => {
        const { photo, ...fields } = c.req.valid('form');
        const input = parseInput(TourFeedbackSchema, fields);
        const subject = await subjectOf(input.clave, 'tour');
        const file = photo instanceof File && photo.size > 0 ? { name: photo.name, bytes: new Uint8Array(await photo.arrayBuffer()) } : null;
        const saved = await saveTourReview(db, { subject, review: input, photo: file, config, now: new Date() });
        return c.json({ id: saved.id, status: 'pending' as const }, 201);
      },
    )
    .post('/activity', allow('public'), limit, validate('json', ActivityFeedbackSchema), async (c) => {
      const review = c.req.valid('json');
      const subject = await subjectOf(review.clave, 'activity');
      const saved = await saveActivityReview(db, { subject, review, now: new Date() });
      return c.json({ id: saved.id, status: 'pending' as const }, 201);
    });
}
