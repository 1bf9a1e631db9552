import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppDeps } from '../app.ts';
import { readCurrentBuild } from '../services/site-builds.ts';

/** `GET /api/health`: database and build status, for load balancers and people. */
export function healthRoutes({ db, config }: AppDeps) {
  return new Hono().get('/', async (c) => {
    const database = await db
      .selectFrom('tours')
      .select(sql<number>`count(*)`.as('tours'))
      .executeTakeFirstOrThrow()
      .then((r) => ({ ok: true as const, tours: Number(r.tours) }))
      .catch(() => ({ ok: false as const, tours: 0 }));
    const build = await readCurrentBuild(config.siteDir);
    const ok = database.ok && build !== null;
    return c.json(
      {
        status: ok ? 'ok' : 'degraded',
        database: { ok: database.ok, dialect: config.databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite', tours: database.tours },
        build: build ? { ok: true, hash: build.hash, builtAt: build.builtAt, pages: build.pages } : { ok: false },
      },
      ok ? 200 : 503,
    );
  });
}
