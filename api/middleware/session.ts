/**
 * Who is calling: reads the access-token cookie and sets `c.var.auth` to its identity, or null for a
 * visitor. A token whose session was ended (signed out, reset, revoked) or whose account was disabled
 * is no session either, at once (`confirmSession`); the groups are the account's current ones. An
 * expired or invalid token is simply no session: the client then calls
 * `POST /api/auth/refresh` (the refresh cookie is never read here, so no request rotates it unasked).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv, AuthContext } from '../auth-context.ts';
import type { Config } from '../config.ts';
import { ACCESS_COOKIE, readCookie } from '../services/people/auth/cookies.ts';
import type { Db } from '../db/database.ts';
import { confirmSession } from '../services/people/auth/sessions.ts';
import { verifyAccessToken } from '../services/people/auth/tokens.ts';

export interface SessionOptions {
  db: Db;
  config: Pick<Config, 'authSecret'>;
  /** Tests only (`AppDeps.resolveAuth`): who is calling, instead of the cookie. */
  resolveAuth?: ((c: Context) => AuthContext | null | Promise<AuthContext | null>) | undefined;
}

export function session({ db, config, resolveAuth }: SessionOptions): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (resolveAuth) {
      c.set('auth', await resolveAuth(c));
    } else {
      const token = readCookie(c, ACCESS_COOKIE);
      const verified = token ? await verifyAccessToken(token, { secret: config.authSecret }) : null;
      c.set('auth', verified ? await confirmSession(db, verified) : null);
    }
    await next();
  };
}

/** The session family of the caller's access token: the sign-in a password change keeps open. */
export async function currentFamilyId(c: Context, config: Pick<Config, 'authSecret'>): Promise<string | null> {
  const token = readCookie(c, ACCESS_COOKIE);
  return token ? ((await verifyAccessToken(token, { secret: config.authSecret }))?.familyId ?? null) : null;
}
