/**
 * The HTTP side of the rate limits of `api/services/platform/rate-limits.ts`: who the client is, and the answer over
 * the limit. Over the limit the API answers 429 with `Retry-After` (seconds until the window ends) and the
 * error shape 'Demasiados intentos. Inténtalo de nuevo en N minutos.'
 *
 * @example
 * // Per client address, before validation (every attempt counts):
 * .post('/', allow('public'), rateLimit({ db, config, limit: RATE_LIMITS.contact }), validate('json', Schema), handler)
 * // Per e-mail, inside a handler once the body is read:
 * await enforceRateLimit(c, { db, limit: RATE_LIMITS.signInPerEmail, key: email });
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { CHALLENGE_MESSAGES } from '#shared/schemas/challenge.ts';
import { acceptSolvedChallenge } from '../services/people/auth/challenge.ts';
import { consumeRateLimit, type RateLimit } from '../services/platform/rate-limits.ts';

/** The message of a 429: whole minutes, rounded up, never 0. */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Demasiados intentos. Inténtalo de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
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

/**
 * A rate limit a person can go past with a solved proof-of-work challenge (docs/decisions/038): sign-up,
 * the contact form and the budget mail. Over the limit, a request whose JSON body carries a solved
 * challenge (`altcha`, accepted once) goes on; any other is refused with 429 naming the `altcha` field,
 * which the form's browser answers by solving one. A script pays a second of work for every extra send.
 */
export function rateLimitOrChallenge({
  db,
  config,
  limit,
}: {
  db: Db;
  config: Pick<Config, 'trustProxy' | 'authSecret'>;
  limit: RateLimit;
}): MiddlewareHandler {
  return async (c, next) => {
    const result = await consumeRateLimit(db, { limit, key: clientAddress(c, config) });
    if (!result.allowed) {
      // Hono keeps the parsed body: the route's validation reads the same one.
      const body = (await c.req.json().catch(() => null)) as { altcha?: unknown } | null;
      const altcha = typeof body?.altcha === 'string' ? body.altcha : undefined;
      if (!(await acceptSolvedChallenge(db, config, altcha))) {
        c.header('Retry-After', String(result.retryAfterSeconds));
        throw new AppError('RATE_LIMITED', CHALLENGE_MESSAGES.overRate, { altcha: CHALLENGE_MESSAGES.overRate });
      }
    }
    await next();
  };
}
