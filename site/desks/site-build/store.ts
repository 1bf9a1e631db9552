/**
 * The dashboard's 'Web publicada' (issue 33): the live build (when, how many pages), a whole-site rebuild on
 * request with its progress, and the last build's result or failure. The press is recorded once; while a
 * build runs or waits, the panel asks again every few seconds until it ends.
 */
import { map } from 'nanostores';
import { api, callApi } from '../../lib/api-client.ts';
import { newPress, type Press, sendPress } from '../../staff-kit/press.ts';

export interface BuildSummary {
  hash: string;
  builtAt: string;
  pages: number;
  tours: number;
}

export interface SiteBuildState {
  status: 'loading' | 'ready' | 'failed';
  answer: {
    live: BuildSummary | null;
    queue: {
      running: boolean;
      pending: boolean;
      lastBuild: BuildSummary | null;
      lastError: { message: string; at: string } | null;
      lastRequestedAt: string | null;
      lastFinishedAt: string | null;
    } | null;
  } | null;
  press: Press;
  message: string | null;
  /** The rebuild asked for on this screen has ended (its result is in `answer`). */
  done: boolean;
  /** A rebuild asked for on this screen is running or waiting. */
  following: boolean;
}

export const $siteBuild = map<SiteBuildState>({ status: 'loading', answer: null, press: newPress(), message: null, done: false, following: false });
const patch = (changes: Partial<SiteBuildState>) => $siteBuild.set({ ...$siteBuild.get(), ...changes });

/** How often the panel asks while a build runs. */
export const SITE_BUILD_POLL_MS = 2_000;

async function read(): Promise<boolean> {
  const result = await callApi(() => api.admin['site-builds'].$get());
  if (!result.ok) {
    patch({ status: 'failed', message: result.message });
    return false;
  }
  patch({ status: 'ready', answer: result.data });
  return true;
}

export async function openSiteBuild(): Promise<void> {
  await read();
}

const busy = (state: SiteBuildState) => Boolean(state.answer?.queue?.running || state.answer?.queue?.pending);

/** Follows the queue until nothing runs or waits (or `stop` says so). */
export async function followSiteBuild({ wait = (ms: number) => new Promise((r) => setTimeout(r, ms)) } = {}): Promise<void> {
  patch({ following: true, done: false });
  for (let i = 0; i < 900; i++) {
    if (!(await read())) break;
    if (!busy($siteBuild.get())) break;
    await wait(SITE_BUILD_POLL_MS);
  }
  patch({ following: false, done: true });
}

/** 'Reconstruir toda la web': once per press; then the panel follows the build to its end. */
export async function rebuildSite(options?: Parameters<typeof followSiteBuild>[0]): Promise<boolean> {
  const sent = await sendPress(
    () => $siteBuild.get().press,
    (press) => patch({ press }),
    (requestId) => callApi(() => api.admin['site-builds'].$post({ json: { requestId } })),
  );
  if (!sent?.ok) return false;
  patch({ press: newPress(), answer: sent.data, message: null });
  await followSiteBuild(options);
  return true;
}
