import type { BuildInfo } from './site-builds.ts';

/**
 * Builds the site now (content-build's `buildSite`); `skipped` when nothing changed since the live
 * build. The reasons are for the log only.
 */
export type RebuildRun = (reasons: readonly string[]) => Promise<{ info: BuildInfo; skipped: boolean }>;

export interface RebuildQueueOptions {
  run: RebuildRun;
  /** Quiet time after the last request before a build starts, so a burst of edits builds once. */
  debounceMs?: number;
  /** A steady stream of edits still builds at least this often. */
  maxWaitMs?: number;
  /** Period of the scheduled rebuild (the date window moves daily; offers expire); 0 turns it off. */
  intervalMs?: number;
  log?: (message: string) => void;
  now?: () => Date;
}

export interface RebuildStatus {
  running: boolean;
  /** A build is scheduled (waiting for the debounce, or for the running build to finish). */
  pending: boolean;
  /** The last build this queue finished (null until one has). */
  lastBuild: BuildInfo | null;
  /** The failure of the latest build; cleared by the next build that succeeds. */
  lastError: { message: string; at: string } | null;
  lastRequestedAt: string | null;
  lastFinishedAt: string | null;
}

export interface RebuildQueue {
  /** Asks for a rebuild; cheap to call on every content change. */
  request(reason: string): void;
  status(): RebuildStatus;
  /** Resolves when nothing is running or scheduled. */
  whenIdle(): Promise<void>;
  /** Cancels scheduled builds and the timer; a running build finishes. */
  stop(): void;
}

export const DEFAULT_REBUILD_DEBOUNCE_MS = 5_000;
export const DEFAULT_REBUILD_MAX_WAIT_MS = 60_000;
export const DEFAULT_REBUILD_INTERVAL_MS = 3_600_000;

/**
 * The one way the live site gets rebuilt while the shop runs: debounced, single-flight, latest wins.
 * A request during a build schedules exactly one more build after it, so the last change is always
 * built; a failed build leaves the live site as it was (content-build swaps only finished builds) and
 * is recorded in `status()`.
 *
 * @example
 * const rebuilds = createRebuildQueue({ run: () => buildSite({ db, siteDir, filesDir }) });
 * rebuilds.request('tour 42 edited');
 */
export function createRebuildQueue({
  run,
  debounceMs = DEFAULT_REBUILD_DEBOUNCE_MS,
  maxWaitMs = DEFAULT_REBUILD_MAX_WAIT_MS,
  intervalMs = DEFAULT_REBUILD_INTERVAL_MS,
  log = (message) => console.log(message),
  now = () => new Date(),
}: RebuildQueueOptions): RebuildQueue {
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** When the oldest unbuilt request arrived: bounds how long debouncing may postpone it. */
  let firstWaitingAt: number | null = null;
  let running = false;
  /** The debounce ended during a build: start again as soon as it finishes. */
  let queued = false;
  let stopped = false;
  let reasons: string[] = [];
  let idleWaiters: (() => void)[] = [];
  const state: Omit<RebuildStatus, 'running' | 'pending'> = { lastBuild: null, lastError: null, lastRequestedAt: null, lastFinishedAt: null };

  const isIdle = () => !running && !queued && timer === null;
  const settle = () => {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const start = async () => {
    running = true;
    // This build takes every request so far, including any still being debounced.
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const batch = reasons;
    reasons = [];
    firstWaitingAt = null;
    const began = now().getTime();
    log(`Reconstruyendo la web (${[...new Set(batch)].join(', ')})…`);
    try {
      const { info, skipped } = await run(batch);
      state.lastBuild = info;
      state.lastError = null;
      const seconds = ((now().getTime() - began) / 1000).toFixed(1);
      log(skipped ? `La web ya estaba al día (${info.hash}).` : `Web reconstruida en ${seconds} s: ${info.pages} páginas (${info.hash}).`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      state.lastError = { message, at: now().toISOString() };
      log(`La reconstrucción de la web ha fallado; sigue publicada la anterior. ${message}`);
    } finally {
      running = false;
      state.lastFinishedAt = now().toISOString();
    }
    if (queued && !stopped) {
      queued = false;
      void start();
    } else {
      queued = false;
      settle();
    }
  };

  const fire = () => {
    timer = null;
    if (running) queued = true;
    else void start();
  };

  const request = (reason: string) => {
    if (stopped) return;
    const at = now().getTime();
    state.lastRequestedAt = new Date(at).toISOString();
    reasons.push(reason);
    firstWaitingAt ??= at;
    if (timer !== null) clearTimeout(timer);
    const delay = Math.max(0, Math.min(debounceMs, firstWaitingAt + maxWaitMs - at));
    timer = setTimeout(fire, delay);
  };

  // Unref'd: the schedule alone must not keep a process (a test, a script) alive.
  const interval = intervalMs > 0 ? setInterval(() => request('programada'), intervalMs) : null;
  interval?.unref();

  return {
    request,
    status: () => ({ running, pending: queued || timer !== null, ...state }),
    whenIdle: () => (isIdle() ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    stop: () => {
      stopped = true;
      if (interval) clearInterval(interval);
      if (timer !== null) clearTimeout(timer);
      timer = null;
      queued = false;
      settle();
    },
  };
}
