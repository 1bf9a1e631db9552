/**
 * CSRF protection for the API's cookie-authenticated writes: an origin check (OWASP's "verifying origin
 * with standard headers"). Sessions live in SameSite cookies already; this closes what SameSite leaves
 * open (same-site subdomains, older browsers, top-level form posts with Lax).
 *
 * A write (POST, PUT, PATCH, DELETE) is let through when the page that sent it is ours: its `Origin`
 * (or, when a browser sends none, the origin of its `Referer`) is the shop's public address, the
 * address the request itself was sent to, or one of the configured CORS origins. A write naming any
 * other origin is refused, cookies or not, which also stops forcing a visitor into someone else's
 * account through a cross-site sign-in. A write naming no origin at all is refused only when it
 * carries cookies: browsers always name one on cross-site writes, and callers that are not browsers
 * (the payment terminal's notifications) send no cookies to ride on.
 */
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

export const CSRF_MESSAGE = 'Petición de origen no permitido.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const originOf = (value: string | undefined): string | null => {
  if (!value || !URL.canParse(value)) return null;
  const origin = new URL(value).origin;
  return origin === 'null' ? null : origin;
};

/** The origin a write comes from, as the browser states it; 'opaque' for `Origin: null` (sandboxed frames, privacy redirects). */
function sourceOrigin(origin: string | undefined, referer: string | undefined): string | 'opaque' | null {
  if (origin !== undefined) return origin === 'null' ? 'opaque' : (originOf(origin) ?? 'opaque');
  return originOf(referer);
}

export function originCheck({ publicUrl, corsOrigins }: Pick<Config, 'publicUrl' | 'corsOrigins'>): MiddlewareHandler {
  const trusted = new Set([new URL(publicUrl).origin, ...corsOrigins]);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const source = sourceOrigin(c.req.header('origin'), c.req.header('referer'));
    if (source === null) {
      if (c.req.header('cookie')) throw new AppError('FORBIDDEN', CSRF_MESSAGE);
      return next();
    }
    // The request's own origin covers the shop reached by another name than PUBLIC_URL (127.0.0.1 in
    // development and tests). Behind a TLS-terminating proxy that origin is plain HTTP and never
    // matches a browser's HTTPS one: there PUBLIC_URL is what counts.
    if (source !== 'opaque' && (trusted.has(source) || source === new URL(c.req.url).origin)) return next();
    throw new AppError('FORBIDDEN', CSRF_MESSAGE);
  };
}
