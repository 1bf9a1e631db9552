import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { AppError, errorResponse } from './errors.ts';
import { contactRoutes } from './routes/contact.ts';
import { healthRoutes } from './routes/health.ts';
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
}

/** Requests larger than this are refused before any handler reads them. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The API, mounted under `/api`. Route modules are one sub-app per resource. */
export function createApi(deps: AppDeps) {
  const api = new Hono()
    .use(requestId())
    .use(secureHeaders())
    .use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new AppError('PAYLOAD_TOO_LARGE', 'La petición es demasiado grande.'); } }))
    .route('/health', healthRoutes(deps))
    .route('/tours', tourRoutes(deps))
    .route('/contact', contactRoutes(deps));
  // A mounted sub-app's notFound is not consulted by its parent, so the catch-all is a route, kept last.
  api.all('*', (c) => errorResponse(new AppError('NOT_FOUND', 'No existe esa dirección de la API.'), c));
  api.onError(errorResponse);
  return api;
}

export type ApiType = ReturnType<typeof createApi>;
