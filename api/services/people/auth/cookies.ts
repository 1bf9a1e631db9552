/**
 * The session cookies. Both httpOnly (no script reads them), SameSite=Lax (sent on a top-level
 * navigation back from a social provider, not on cross-site requests), Secure in production.
 * The access token goes to every path (pages' islands call the API from anywhere); the refresh token
 * only to the API.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import type { Config } from '../../../config.ts';
import type { IssuedSession } from './sessions.ts';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from './tokens.ts';

export const ACCESS_COOKIE = 'dr_access';
export const REFRESH_COOKIE = 'dr_refresh';
/** The OAuth attempt (state, PKCE verifier, nonce, where to go next), signed, for 10 minutes. */
export const OAUTH_COOKIE = 'dr_oauth';
export const OAUTH_COOKIE_SECONDS = 10 * 60;

export const COOKIE_PATHS = { access: '/', refresh: '/api', oauth: '/api/auth/oauth' } as const;

const base = (config: Pick<Config, 'env'>, path: string): CookieOptions => ({
  path,
  httpOnly: true,
  sameSite: 'Lax',
  secure: config.env === 'production',
});

/** Sets the access cookie, and the refresh cookie when the session carries a new refresh token. */
export function setSessionCookies(c: Context, config: Pick<Config, 'env'>, session: IssuedSession): void {
  setCookie(c, ACCESS_COOKIE, session.access.token, { ...base(config, COOKIE_PATHS.access), maxAge: ACCESS_TOKEN_SECONDS });
  if (session.refresh) {
    setCookie(c, REFRESH_COOKIE, session.refresh.token, { ...base(config, COOKIE_PATHS.refresh), maxAge: REFRESH_TOKEN_SECONDS });
  }
}

export function clearSessionCookies(c: Context, config: Pick<Config, 'env'>): void {
  deleteCookie(c, ACCESS_COOKIE, base(config, COOKIE_PATHS.access));
  deleteCookie(c, REFRESH_COOKIE, base(config, COOKIE_PATHS.refresh));
}

export function setOAuthCookie(c: Context, config: Pick<Config, 'env'>, value: string): void {
  setCookie(c, OAUTH_COOKIE, value, { ...base(config, COOKIE_PATHS.oauth), maxAge: OAUTH_COOKIE_SECONDS });
}

export function clearOAuthCookie(c: Context, config: Pick<Config, 'env'>): void {
  deleteCookie(c, OAUTH_COOKIE, base(config, COOKIE_PATHS.oauth));
}

export const readCookie = (c: Context, name: string): string | undefined => getCookie(c, name) || undefined;
