import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import type { ApiEnv, AuthContext } from './auth-context.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { AppError, errorResponse } from './errors.ts';
import { allow } from './middleware/access.ts';
import { originCheck } from './middleware/csrf.ts';
import { API_CONTENT_SECURITY_POLICY, corsPolicy, securityHeaders } from './middleware/security-headers.ts';
import { session } from './middleware/session.ts';
import { authRoutes } from './routes/auth.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { contactRoutes } from './routes/contact.ts';
import { healthRoutes } from './routes/health.ts';
import { paymentRoutes } from './routes/payments.ts';
import { siteBuildRoutes } from './routes/site-builds.ts';
import { tourRoutes } from './routes/tours.ts';
import type { RebuildQueue } from './services/rebuilds.ts';

/** What every route module gets: the database and the validated configuration. */
export interface AppDeps {
  db: Db;
  config: Config;
  /**
   * Rebuilds the static site behind the live one. Routes that change what the catalogue shows call
   * `deps.rebuilds?.request('…')`; absent where no site is served (most API tests).
   */
  rebuilds?: RebuildQueue;
  /**
   * Tests only: who is calling, instead of the session cookies, for suites that exercise access rules
   * without signing in. Never set by the running shop.
   */
  resolveAuth?: (c: Context) => AuthContext | null | Promise<AuthContext | null>;
}

/** Requests larger than this are refused before any handler reads them. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The API, mounted under `/api`. Route modules are one sub-app per resource. */
export function createApi(deps: AppDeps) {
  const { config, resolveAuth } = deps;
  const api = new Hono<ApiEnv>()
    .use(requestId())
    // Sets `c.var.auth` from the access-token cookie (or, in tests, from `resolveAuth`).
    .use(session({ config, resolveAuth }))
    .use(securityHeaders({ production: config.env === 'production', contentSecurityPolicy: () => API_CONTENT_SECURITY_POLICY }))
    .use(corsPolicy(config))
    .use(
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', 'La petición es demasiado grande.');
        },
      }),
    )
    .use(originCheck(config))
    .route('/health', healthRoutes(deps))
    .route('/tours', tourRoutes(deps))
    .route('/contact', contactRoutes(deps))
    .route('/auth', authRoutes(deps))
    .route('/bookings', bookingRoutes(deps))
    .route('/payments', paymentRoutes(deps))
    .route('/admin/site-builds', siteBuildRoutes(deps));
  // A mounted sub-app's notFound is not consulted by its parent, so the catch-all is a route, kept last.
  api.all('*', allow('public'), (c) => errorResponse(new AppError('NOT_FOUND', 'No existe esa dirección de la API.'), c));
  api.onError(errorResponse);
  return api;
}

export type ApiType = ReturnType<typeof createApi>;
