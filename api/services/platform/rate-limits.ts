/**
 * The shop's fixed-window rate limits (DESIGN.md, Security: sign-in, sign-up, reset, verification, coupon
 * checks, contact form) and their counters. Counters live in the database (`rate_limits`), so every
 * instance of the API shares them and nothing is kept in memory. One atomic upsert per attempt: the
 * window's row is created with 1 or its count raised by 1, and the new count comes back in the same
 * statement, so concurrent attempts can never both see "one left". `api/middleware/rate-limit.ts` turns a
 * refused attempt into the HTTP answer.
 *
 * @example
 * const { allowed, retryAfterSeconds } = await consumeRateLimit(db, { limit: RATE_LIMITS.contact, key: address });
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';

export interface RateLimit {
  /** Names the counter; two limits with the same name share it. */
  name: string;
  /** Attempts allowed per window; the next one is refused. */
  max: number;
  windowSeconds: number;
}

/**
 * The shop's limits. The accounts routes apply the sign-in, sign-up, reset and verification ones;
 * coupon checks arrive with the booking funnel.
 */
export const RATE_LIMITS = {
  contact: { name: 'contact', max: 5, windowSeconds: 10 * 60 },
  signInPerIp: { name: 'sign-in-ip', max: 30, windowSeconds: 15 * 60 },
  signInPerEmail: { name: 'sign-in-email', max: 10, windowSeconds: 15 * 60 },
  // Failed sign-ins (docs/decisions/038): from one address to one e-mail, refused once over the limit;
  // to one e-mail from anywhere, a proof-of-work challenge once over it, so nobody can lock an owner out.
  signInFailuresPerEmailAndIp: { name: 'sign-in-fail-email-ip', max: 10, windowSeconds: 15 * 60 },
  signInFailuresPerEmail: { name: 'sign-in-fail-email', max: 10, windowSeconds: 15 * 60 },
  // Challenges handed out (`POST /api/auth/captcha`): a form or two a minute, not a farm.
  captchaPerIp: { name: 'captcha-ip', max: 60, windowSeconds: 10 * 60 },
  signUpPerIp: { name: 'sign-up-ip', max: 10, windowSeconds: 60 * 60 },
  resetPerEmail: { name: 'reset-email', max: 5, windowSeconds: 60 * 60 },
  resetPerIp: { name: 'reset-ip', max: 20, windowSeconds: 60 * 60 },
  verifyPerEmail: { name: 'verify-email', max: 10, windowSeconds: 15 * 60 },
  couponPerIp: { name: 'coupon-ip', max: 20, windowSeconds: 10 * 60 },
  // Each one sends a mail to an address the caller typed: few per client.
  budgetPerIp: { name: 'budget-ip', max: 10, windowSeconds: 60 * 60 },
  waitingListPerIp: { name: 'waiting-list-ip', max: 10, windowSeconds: 60 * 60 },
  // Each one writes a review, perhaps with a photo: a family reviewing a trip and its excursions stays under it.
  feedbackPerIp: { name: 'feedback-ip', max: 20, windowSeconds: 60 * 60 },
  // Each one mails the office: a guide in trouble writes a few times, never dozens (per guide's e-mail).
  guideHelp: { name: 'guide-help', max: 5, windowSeconds: 60 * 60 },
  // A page view each: a busy reader stays well under it, a script filling the campaign figures does not.
  visitsPerIp: { name: 'visits-ip', max: 300, windowSeconds: 10 * 60 },
  // Each one writes a booking and a traveller (docs/decisions/038): a family comparing dates and an office
  // booking for its clients stay under it; a script filling the back office (1,569 in 8 s) does not.
  bookingsPerIp: { name: 'bookings-ip', max: 40, windowSeconds: 10 * 60 },
  // Seats held afresh for one departure from one address without a payment (a renewal of a live hold
  // does not count): the pay step, a return once time ran out, an office's second booking. Not every lapse.
  holdsPerDeparture: { name: 'hold-departure-ip', max: 4, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, RateLimit>;

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts counted in this window, this one included. */
  hits: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

/** A client address as rows that remember it keep it (a seat hold): hashed, never in clear. */
export const clientKeyOf = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 32);

/** Who is counted, hashed: the table never holds an address or e-mail in clear. */
export const counterKey = (limit: RateLimit, who: string) =>
  `${limit.name}:${createHash('sha256').update(who.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

/** What `who` has used of `limit` in the current window, without counting anything. */
export async function readRateLimit(db: Db, { limit, key, now = new Date() }: { limit: RateLimit; key: string; now?: Date }): Promise<RateLimitResult> {
  const windowMs = limit.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const row = await db
    .selectFrom('rateLimits')
    .select('hits')
    .where('key', '=', counterKey(limit, key))
    .where('windowStart', '=', new Date(start).toISOString())
    .executeTakeFirst();
  const hits = Number(row?.hits ?? 0);
  return { allowed: hits < limit.max, hits, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
}

/** Counts one attempt of `who` against `limit` and says whether it is allowed. */
export async function consumeRateLimit(db: Db, { limit, key, now = new Date() }: { limit: RateLimit; key: string; now?: Date }): Promise<RateLimitResult> {
  const windowMs = limit.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const end = start + windowMs;
  const row = await db
    .insertInto('rateLimits')
    .values({ key: counterKey(limit, key), windowStart: new Date(start).toISOString(), hits: 1, expiresAt: new Date(end).toISOString() })
    .onConflict((oc) => oc.columns(['key', 'windowStart']).doUpdateSet((eb) => ({ hits: eb('rateLimits.hits', '+', 1) })))
    .returning('hits')
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  // A new window is the moment to forget finished ones (indexed; a failed sweep only delays it).
  if (hits === 1)
    await db
      .deleteFrom('rateLimits')
      .where('expiresAt', '<=', now.toISOString())
      .execute()
      .catch(() => {});
  return { allowed: hits <= limit.max, hits, retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
}
