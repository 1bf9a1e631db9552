import type { ContentKey } from '#shared/page-deps.ts';
import type { PublishEvent } from '#shared/schemas/cms.ts';
import type { TourSnapshot } from '#shared/snapshot.ts';
import type { BuildInfo } from '#content-build/site-folder.ts';

/**
 * Builds the site now (content-build's `buildSite`); `skipped` when nothing changed since the live
 * build. The reasons are for the log only.
 */
export type RebuildRun = (reasons: readonly string[]) => Promise<{ info: BuildInfo; skipped: boolean }>;

/** What changed, for a targeted rebuild (content-build's `ContentChange`). */
export interface TargetedChange {
  changed: ContentKey[];
  content?: boolean;
  /** Fields of tours changed in place: a card's new photo, the reviews a tour page shows, a tour the editor changed, an optional activity's photos (by its id). */
  tours?: (Pick<TourSnapshot, 'id'> & Partial<Omit<TourSnapshot, 'id'>> & { activityPhotos?: Record<string, string[]> })[];
  /** The change adds or removes pages (a new campaign): only a full build can publish it. */
  pageSet?: boolean;
}

/**
 * Renders again only the pages that show `change` and swaps them in (content-build's `publishChange`);
 * null when no page renderer is available (none has been built yet), and a full build must do.
 */
export type TargetedPublish = (change: TargetedChange) => Promise<{ info: BuildInfo; pages: string[] } | null>;

export interface RebuildQueueOptions {
  run: RebuildRun;
  /** Targeted rebuilds; without it every change waits for a full build. */
  publish?: TargetedPublish;
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
  /**
   * Publishes a staff change at once: only the pages that show it are rendered again (or, without a
   * page renderer, a full build runs now). Returns the publication's id, which the events name.
   */
  publish(change: TargetedChange, reason: string): string;
  /** Listens to publications (for the staff's live stream); returns the way to stop listening. */
  subscribe(listener: (event: PublishEvent) => void): () => void;
  /** Called once the live site has changed (a build swapped in or pages published), before the events say so. */
  onLiveSiteChanged(listener: () => void): () => void;
  status(): RebuildStatus;
  /** Resolves when nothing is running or scheduled. */
  whenIdle(): Promise<void>;
  /** Cancels scheduled builds and the timer; a running build finishes. */
  stop(): void;
}

export const DEFAULT_REBUILD_DEBOUNCE_MS = 5_000;
/** What staff read when their change could not be published; the details go to the log and health. */
export const PUBLISH_FAILED_MESSAGE = 'No se ha podido publicar el cambio; sigue publicada la versión anterior.';
export const DEFAULT_REBUILD_MAX_WAIT_MS = 60_000;
export const DEFAULT_REBUILD_INTERVAL_MS = 3_600_000;

/**
 * The one way the live site gets rebuilt while the shop runs: debounced, single-flight, latest wins.
 * A request during a build schedules exactly one more build after it, so the last change is always
 * built; a failed build leaves the live site as it was (content-build swaps only finished builds) and
 * is recorded in `status()`.
 *
 * @example
 * const rebuilds = createRebuildQueue({ run: () => buildSite({ databaseUrl, siteDir, filesDir }) });
 * rebuilds.request('tour 42 edited');
 */
export function createRebuildQueue({
  run,
  publish,
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
  /** Staff changes waiting to be published, in order; published together by the next targeted run. */
  let targeted: { id: string; change: TargetedChange; reason: string }[] = [];
  /** Publications a full build will carry (no renderer was available). */
  let carried: string[] = [];
  let publications = 0;
  const listeners = new Set<(event: PublishEvent) => void>();
  const emit = (event: PublishEvent) => {
    for (const listener of listeners) listener(event);
  };
  const siteListeners = new Set<() => void>();
  const siteChanged = () => {
    for (const listener of siteListeners) listener();
  };
  const state: Omit<RebuildStatus, 'running' | 'pending'> = { lastBuild: null, lastError: null, lastRequestedAt: null, lastFinishedAt: null };

  const isIdle = () => !running && !queued && timer === null && targeted.length === 0;
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
    const carrying = carried;
    carried = [];
    const began = now().getTime();
    log(`Reconstruyendo la web (${[...new Set(batch)].join(', ')})…`);
    try {
      const { info, skipped } = await run(batch);
      if (!skipped) siteChanged();
      state.lastBuild = info;
      state.lastError = null;
      const seconds = ((now().getTime() - began) / 1000).toFixed(1);
      log(skipped ? `La web ya estaba al día (${info.hash}).` : `Web reconstruida en ${seconds} s: ${info.pages} páginas (${info.hash}).`);
      for (const id of carrying) emit({ type: 'publish', id, state: 'published', at: now().toISOString(), pages: info.pages });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      state.lastError = { message, at: now().toISOString() };
      log(`La reconstrucción de la web ha fallado; sigue publicada la anterior. ${message}`);
      for (const id of carrying) emit({ type: 'publish', id, state: 'failed', at: now().toISOString(), message: PUBLISH_FAILED_MESSAGE });
    } finally {
      running = false;
      state.lastFinishedAt = now().toISOString();
    }
    next();
  };

  /** After any run: staff changes first (they are waited for), then a full build asked for meanwhile. */
  const next = () => {
    if (stopped) {
      queued = false;
      return settle();
    }
    if (targeted.length > 0) return void startTargeted();
    if (queued) {
      queued = false;
      return void start();
    }
    settle();
  };

  const startTargeted = async () => {
    running = true;
    const batch = targeted;
    targeted = [];
    // One render for the whole batch: the union of what changed.
    const change: TargetedChange = {
      changed: [...new Set(batch.flatMap((b) => b.change.changed))],
      content: batch.some((b) => b.change.content),
      tours: batch.flatMap((b) => b.change.tours ?? []),
    };
    const began = now().getTime();
    let result: Awaited<ReturnType<TargetedPublish>> = null;
    let failure: string | null = null;
    try {
      result = publish && !batch.some((b) => b.change.pageSet) ? await publish(change) : null;
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    running = false;
    if (failure === null && result === null) {
      // No renderer yet, or new pages: a full build, now rather than after the debounce, carries these changes.
      carried.push(...batch.map((b) => b.id));
      reasons.push(...batch.map((b) => b.reason));
      return void start();
    }
    state.lastFinishedAt = now().toISOString();
    if (result) {
      siteChanged();
      state.lastBuild = result.info;
      state.lastError = null;
      log(`Publicado en ${now().getTime() - began} ms: ${result.pages.length} páginas (${batch.map((b) => b.reason).join(', ')}).`);
      for (const b of batch) emit({ type: 'publish', id: b.id, state: 'published', at: now().toISOString(), pages: result.pages.length });
    } else {
      state.lastError = { message: failure ?? '', at: now().toISOString() };
      log(`La publicación ha fallado; sigue publicada la versión anterior. ${failure}`);
      for (const b of batch) emit({ type: 'publish', id: b.id, state: 'failed', at: now().toISOString(), message: PUBLISH_FAILED_MESSAGE });
    }
    next();
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
    publish: (change, reason) => {
      const id = `p${++publications}`;
      if (stopped) return id;
      state.lastRequestedAt = now().toISOString();
      targeted.push({ id, change, reason });
      emit({ type: 'publish', id, state: 'publishing', at: now().toISOString() });
      if (!running) void startTargeted();
      return id;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onLiveSiteChanged: (listener) => {
      siteListeners.add(listener);
      return () => siteListeners.delete(listener);
    },
    status: () => ({ running, pending: queued || timer !== null || targeted.length > 0, ...state }),
    whenIdle: () => (isIdle() ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    stop: () => {
      stopped = true;
      if (interval) clearInterval(interval);
      if (timer !== null) clearTimeout(timer);
      timer = null;
      queued = false;
      targeted = [];
      settle();
    },
  };
}
