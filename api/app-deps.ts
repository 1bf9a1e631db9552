/**
 * What every route module gets from the app that mounts it. Apart from api/app.ts so that route modules
 * and middleware can name it without importing the app that imports them.
 */
import type { Context } from 'hono';
import type { AuthContext } from './auth-context.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { CmsEvent, TourStatusEvent } from '#shared/schemas/cms.ts';
import type { EventHub } from './services/content/events.ts';
import type { RebuildQueue } from './services/content/rebuilds.ts';

/** What every route module gets: the database and the validated configuration. */
export interface AppDeps {
  db: Db;
  config: Config;
  /**
   * Rebuilds the static site behind the live one. Routes that change what the catalogue shows call
   * `deps.rebuilds?.request('…')`; absent where no site is served (most API tests).
   */
  rebuilds?: RebuildQueue;
  /** Tour status changes the card tools follow on `/api/cms/events`. */
  cmsEvents?: EventHub<TourStatusEvent>;
  /** The same live events from the other instances on one PostgreSQL (api/services/platform/instance-bus.ts). */
  otherInstancesEvents?: EventHub<CmsEvent>;
  /**
   * Tests only: who is calling, instead of the session cookies, for suites that exercise access rules
   * without signing in. Never set by the running shop.
   */
  resolveAuth?: (c: Context) => AuthContext | null | Promise<AuthContext | null>;
}
