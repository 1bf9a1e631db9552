import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import type { RebuildStatus } from '../services/content/rebuilds.ts';
import { readCurrentBuild } from '#content-build/site-folder.ts';
import { storageHealth } from '../services/platform/storage-health.ts';

const rebuildReport = (s: RebuildStatus) => ({
  running: s.running,
  pending: s.pending,
  lastBuild: s.lastBuild && { hash: s.lastBuild.hash, builtAt: s.lastBuild.builtAt, pages: s.lastBuild.pages },
  lastError: s.lastError,
  lastRequestedAt: s.lastRequestedAt,
  lastFinishedAt: s.lastFinishedAt,
});

/** `GET /api/health`: database, build and data folder status, for load balancers and people. */
export function healthRoutes({ db, config, rebuilds }: AppDeps) {
  const storage = storageHealth(config.dataDir);
  return new Hono<ApiEnv>().get('/', allow('public'), async (c) => {
    const database = await db
      .selectFrom('tours')
      .select(sql<number>`count(*)`.as('tours'))
      .executeTakeFirstOrThrow()
      .then((r) => ({ ok: true as const, tours: Number(r.tours) }))
      .catch(() => ({ ok: false as const, tours: 0 }));
    const build = await readCurrentBuild(config.siteDir);
    // A full or read-only data folder: pages still show, but bookings, uploads and builds cannot be saved.
    const disk = await storage.check();
    const ok = database.ok && build !== null && disk.ok;
    return c.json(
      {
        status: ok ? 'ok' : 'degraded',
        database: { ok: database.ok, dialect: config.databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite', tours: database.tours },
        build: build ? { ok: true, hash: build.hash, builtAt: build.builtAt, pages: build.pages } : { ok: false },
        storage: disk,
        // A failed rebuild leaves the previous site live, so it is reported but does not degrade the shop.
        ...(rebuilds ? { rebuild: rebuildReport(rebuilds.status()) } : {}),
      },
      ok ? 200 : 503,
    );
  });
}
