/**
 * What every way of signing in ends with (password, code or link, reset, social): the account gets
 * its traveller, a new session family, the cookies, and the answer the island reads.
 */
import type { Context } from 'hono';
import { AUTH_MESSAGES, type SessionAnswer } from '#shared/schemas/auth.ts';
import type { AppDeps } from '../app-deps.ts';
import { AppError } from '../errors.ts';
import { readCookie, REFRESH_COOKIE, setSessionCookies } from '../services/people/auth/cookies.ts';
import { familyOfRefreshToken, type IssuedSession, revokeFamily, startSession } from '../services/people/auth/sessions.ts';
import { ensureTraveler, sessionUser } from '../services/people/auth/users.ts';

export const userAgentOf = (c: Context) => c.req.header('user-agent')?.slice(0, 255) ?? null;

/** The JSON answer for a session: the account and when its access token lapses. */
export async function sessionAnswer({ db }: Pick<AppDeps, 'db'>, session: IssuedSession): Promise<SessionAnswer> {
  return {
    user: await sessionUser(db, session.identity),
    session: { valid: true, accessTokenExpiresAt: session.access.expiresAt.toISOString() },
  };
}

/**
 * Signs `userId` in on this browser. A session the browser still held is revoked first: one browser,
 * one sign-in. Throws 403 for a disabled account.
 */
export async function signInAccount(
  c: Context,
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  { userId, profileName = null, now }: { userId: string; profileName?: string | null; now: Date },
): Promise<IssuedSession> {
  const previous = readCookie(c, REFRESH_COOKIE);
  if (previous) {
    const familyId = await familyOfRefreshToken(db, previous);
    if (familyId) await revokeFamily(db, { familyId, now });
  }
  await ensureTraveler(db, { userId, profileName, now });
  const session = await startSession(db, { userId, secret: config.authSecret, now, userAgent: userAgentOf(c) });
  if (!session) throw new AppError('FORBIDDEN', AUTH_MESSAGES.disabled);
  setSessionCookies(c, config, session);
  return session;
}
