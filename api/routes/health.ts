import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { apiFastPathHeaders } from '../middleware/security-headers.ts';
import type { RebuildStatus } from '../services/content/rebuilds.ts';
import { readCurrentBuild } from '#content-build/site-folder.ts';
import { storageHealth } from '../services/platform/storage-health.ts';

export const HEALTH_PATH = '/api/health';
export const LIVENESS_PATH = '/api/health/live';

/**
 * How long a health report is kept. Load balancers ask every few seconds, often several at once, and a
 * report reads the database, the live build and the data folder: within this time they share one.
 */
export const HEALTH_KEEP_MS = 1_000;

const rebuildReport = (s: RebuildStatus) => ({
  running: s.running,
  pending: s.pending,
  lastBuild: s.lastBuild && { hash: s.lastBuild.hash, builtAt: s.lastBuild.builtAt, pages: s.lastBuild.pages },
  lastError: s.lastError,
  lastRequestedAt: s.lastRequestedAt,
  lastFinishedAt: s.lastFinishedAt,
});

interface Report {
  status: 200 | 503;
  json: string;
}

/** The health report of one shop: made at most once per `HEALTH_KEEP_MS`, whoever asks (Hono or the Node fast path). */
function healthReporter({ db, config, rebuilds }: AppDeps) {
  const storage = storageHealth(config.dataDir);
  const dialect = config.databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite';
  let kept: { at: number; report: Promise<Report> } | null = null;
  let ready: { at: number; report: Report } | null = null;

  const make = async (): Promise<Report> => {
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
    const body = {
      status: ok ? 'ok' : 'degraded',
      database: { ok: database.ok, dialect, tours: database.tours },
      build: build ? { ok: true, hash: build.hash, builtAt: build.builtAt, pages: build.pages } : { ok: false },
      storage: disk,
      // A failed rebuild leaves the previous site live, so it is reported but does not degrade the shop.
      ...(rebuilds ? { rebuild: rebuildReport(rebuilds.status()) } : {}),
    };
    return { status: ok ? 200 : 503, json: JSON.stringify(body) };
  };

  return {
    /** The kept report while it is fresh, without waiting; undefined when one must be made. */
    peek(): Report | undefined {
      return ready && Date.now() - ready.at < HEALTH_KEEP_MS ? ready.report : undefined;
    },
    report(): Promise<Report> {
      const now = Date.now();
      if (!kept || now - kept.at >= HEALTH_KEEP_MS) {
        const at = now;
        const report = make();
        kept = { at, report };
        report.then(
          (made) => {
            if (kept?.at === at) ready = { at, report: made };
          },
          () => {},
        );
      }
      return kept.report;
    },
  };
}

const reporters = new WeakMap<AppDeps, ReturnType<typeof healthReporter>>();
const reporterOf = (deps: AppDeps) => {
  let reporter = reporters.get(deps);
  if (!reporter) {
    reporter = healthReporter(deps);
    reporters.set(deps, reporter);
  }
  return reporter;
};

const LIVE_JSON = JSON.stringify({ status: 'ok' });

/**
 * `GET /api/health`: database, build and data folder status, for load balancers and people (kept for a
 * second). `GET /api/health/live`: the process answers, nothing read — what a balancer that only needs to
 * know the process is alive should call.
 */
export function healthRoutes(deps: AppDeps) {
  const reporter = reporterOf(deps);
  return new Hono<ApiEnv>()
    .get('/', allow('public'), async (c) => {
      const { status, json } = await reporter.report();
      c.header('Cache-Control', 'no-store');
      return c.body(json, status, { 'content-type': 'application/json' });
    })
    .get('/live', allow('public'), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.body(LIVE_JSON, 200, { 'content-type': 'application/json' });
    });
}

/**
 * Both health answers written straight to Node's response (api/server.ts): the liveness always, the report
 * while a kept one is fresh (else the report is made first). A request naming its own id goes through Hono,
 * which echoes it.
 */
export function healthFastPath(deps: AppDeps) {
  const reporter = reporterOf(deps);
  const headers = { ...apiFastPathHeaders({ production: deps.config.env === 'production' }), 'cache-control': 'no-store' };
  const write = (res: ServerResponse, status: number, json: string) => {
    res.writeHead(status, { ...headers, 'x-request-id': randomUUID(), 'content-length': String(Buffer.byteLength(json)) });
    res.end(json);
    return true;
  };
  return (req: IncomingMessage, res: ServerResponse, path: string): boolean | Promise<boolean> => {
    if ((path !== HEALTH_PATH && path !== LIVENESS_PATH) || req.headers['x-request-id'] !== undefined) return false;
    if (path === LIVENESS_PATH) return write(res, 200, LIVE_JSON);
    const kept = reporter.peek();
    if (kept) return write(res, kept.status, kept.json);
    return reporter.report().then(({ status, json }) => write(res, status, json));
  };
}
