/**
 * Fixed-window rate limits (DESIGN.md, Security: sign-in, sign-up, reset, verification, coupon checks,
 * contact form). Counters live in the database (`rate_limits`), so every instance of the API shares
 * them and nothing is kept in memory. One atomic upsert per attempt: the window's row is created with 1
 * or its count raised by 1, and the new count comes back in the same statement, so concurrent attempts
 * can never both see "one left".
 *
 * Over the limit the API answers 429 with `Retry-After` (seconds until the window ends) and the error
 * shape 'Demasiados intentos. Inténtalo de nuevo en N minutos.'
 *
 * @example
 * // Per client address, before validation (every attempt counts):
 * .post('/', allow('public'), rateLimit({ db, config, limit: RATE_LIMITS.contact }), validate('json', Schema), handler)
 * // Per e-mail, inside a handler once the body is read:
 * await enforceRateLimit(c, { db, limit: RATE_LIMITS.signInPerEmail, key: email });
 */
import { createHash } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';

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
  signUpPerIp: { name: 'sign-up-ip', max: 10, windowSeconds: 60 * 60 },
  resetPerEmail: { name: 'reset-email', max: 5, windowSeconds: 60 * 60 },
  resetPerIp: { name: 'reset-ip', max: 20, windowSeconds: 60 * 60 },
  verifyPerEmail: { name: 'verify-email', max: 10, windowSeconds: 15 * 60 },
  couponPerIp: { name: 'coupon-ip', max: 20, windowSeconds: 10 * 60 },
  // Each one sends a mail to an address the caller typed: few per client.
  budgetPerIp: { name: 'budget-ip', max: 10, windowSeconds: 60 * 60 },
  waitingListPerIp: { name: 'waiting-list-ip', max: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts counted in this window, this one included. */
  hits: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

/** The message of a 429: whole minutes, rounded up, never 0. */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Demasiados intentos. Inténtalo de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

/** Who is counted, hashed: the table never holds an address or e-mail in clear. */
export const counterKey = (limit: RateLimit, who: string) =>
  `${limit.name}:${createHash('sha256').update(who.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

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

/**
 * Counts an attempt and, over the limit, throws the 429 (with `Retry-After` set on the answer). For
 * handlers that key by something in the body, such as the e-mail of a sign-in.
 */
export async function enforceRateLimit(c: Context, { db, limit, key, now }: { db: Db; limit: RateLimit; key: string; now?: Date }): Promise<void> {
  const result = await consumeRateLimit(db, { limit, key, now });
  if (result.allowed) return;
  c.header('Retry-After', String(result.retryAfterSeconds));
  throw new AppError('RATE_LIMITED', rateLimitMessage(result.retryAfterSeconds));
}

/** IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the IPv4 address; an IPv6 host counts by its /64, which one machine usually owns whole. */
function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The client's address: the socket's peer, or, only when `TRUST_PROXY=1`, the last `X-Forwarded-For`
 * entry (the one our own proxy appended; earlier entries are whatever the client sent). 'unknown' when
 * the request did not come through a socket (in-process tests).
 */
export function clientAddress(c: Context, { trustProxy }: Pick<Config, 'trustProxy'>): string {
  if (trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return normaliseAddress(forwarded);
  }
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normaliseAddress(address) : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Middleware counting every request that reaches it against `limit`, keyed by client address unless `key` says otherwise. */
export function rateLimit({
  db,
  config,
  limit,
  key,
}: {
  db: Db;
  config: Pick<Config, 'trustProxy'>;
  limit: RateLimit;
  key?: (c: Context) => string;
}): MiddlewareHandler {
  return async (c, next) => {
    await enforceRateLimit(c, { db, limit, key: key ? key(c) : clientAddress(c, config) });
    await next();
  };
}
