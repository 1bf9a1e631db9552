/**
 * Who is signed in, for every island (storefront-and-booking.md §4, Session; §8). Read once on load
 * (`GET /api/auth/me`; on 401 one `POST /api/auth/refresh`, then `me` again) and again on sign-in and
 * sign-out. "Not authenticated" is silent: the visitor is simply anonymous. Any other error is kept in
 * `error`, in Spanish, until `clearSessionError()`; a failed sign-in stores why there too.
 *
 * The session itself lives in httpOnly cookies the browser sends by itself: this store never sees a
 * token.
 */
import { map, onMount } from 'nanostores';
import type { SessionAnswer, SessionUser, SignInInput } from '#shared/schemas/auth.ts';
import { isAdmin, isGuide } from '#shared/rules/session.ts';
import { api, type ApiResult, callApi, earlyReadSentAt, renewSession } from '../lib/api-client.ts';

export type SessionStatus = 'loading' | 'anonymous' | 'signed-in';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** The last error worth telling the visitor, in Spanish; null when there is none. */
  error: string | null;
}

export const $session = map<SessionState>({ status: 'loading', user: null, error: null });

/**
 * Tells the pages of this browser whether to load the in-place editors (Base.astro's loader): a hint, not
 * a permission; every editor call is checked on the server, and a stale hint only loads code that then
 * finds no admin session and stops.
 */
export const STAFF_HINT_KEY = 'dr-staff';
/**
 * The header's 'Mi cuenta' hint, read by site/lib/account-link.ts on the static pages. Spelled here, not
 * imported: a module shared with the islands would cost every page a script file (account-link.test.ts
 * holds the two together).
 */
export const ACCOUNT_HINT_KEY = 'dr-account';
/**
 * A guide (not an admin) signed in on this browser: the back office's menu shows only the guides' links
 * (site/layouts/AdminPage.astro reads it, and the admin one, before painting the menu). A hint, not a permission.
 */
const GUIDE_HINT_KEY = 'dr-guide';
function rememberStaff(isStaff: boolean, signedIn = isStaff, guide = false): void {
  try {
    if (isStaff) localStorage.setItem(STAFF_HINT_KEY, '1');
    else localStorage.removeItem(STAFF_HINT_KEY);
    if (guide) localStorage.setItem(GUIDE_HINT_KEY, '1');
    else localStorage.removeItem(GUIDE_HINT_KEY);
    // The header's 'Mi cuenta' on the static pages (site/lib/account-link.ts).
    if (signedIn) localStorage.setItem(ACCOUNT_HINT_KEY, '1');
    else localStorage.removeItem(ACCOUNT_HINT_KEY);
  } catch {
    // Storage blocked (private mode): the editors simply do not load.
  }
}

const setSignedIn = (user: SessionUser) => {
  const admin = isAdmin(user.groups);
  const guide = !admin && isGuide(user.groups);
  rememberStaff(admin, true, guide);
  // A menu painted before this browser knew who signed in follows now (AdminPage.astro).
  if (typeof document !== 'undefined') document.querySelector('.admin-nav')?.setAttribute('data-viewer', admin ? 'admin' : guide ? 'guide' : 'none');
  $session.set({ status: 'signed-in', user, error: null });
};
const setAnonymous = (error: string | null = null) => {
  rememberStaff(false);
  $session.set({ status: 'anonymous', user: null, error });
};

/**
 * Prefix of the departures a guide opened, kept in this browser for reading offline
 * (stores/guide-departures.ts). Travellers' personal data: forgotten on sign-out.
 */
export const GUIDE_COPY_PREFIX = 'dr-guia:';
async function forgetGuideCopies(): Promise<void> {
  // The guides' worker and its pages (lib/guide-offline.ts), loaded only now: most sessions never had them.
  await import('../lib/guide-offline.ts').then((m) => m.forgetGuidePages()).catch(() => {});
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(GUIDE_COPY_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

let loading: Promise<void> | null = null;

/** Reads the current user; renews the session once when the access token has run out. */
export function loadSession(): Promise<void> {
  loading ??= (async () => {
    const readMe = async (): Promise<ApiResult<{ user: SessionUser }>> => callApi(() => api.auth.me.$get(), { renew: false });
    // The page may have asked already (site/components/EarlyReads.astro): the renewal below is for that read.
    const sentAt = earlyReadSentAt('/api/auth/me') ?? performance.now();
    let me = await readMe();
    if (!me.ok && me.status === 401) {
      const { renewed, answer } = await renewSession(sentAt);
      // Not signed in at all: silent.
      if (!renewed) return setAnonymous();
      // The renewal answers with the user; renewed by another call, read again.
      const user = answer?.ok ? answer.data.user : null;
      me = user ? { ok: true, status: 200, data: { user } } : await readMe();
    }
    if (me.ok) setSignedIn(me.data.user);
    else setAnonymous(me.status === 401 ? null : me.message);
  })().finally(() => {
    loading = null;
  });
  return loading;
}

// The first island that reads the session loads it; only in the browser (islands also render at build time).
onMount($session, () => {
  if (typeof window !== 'undefined' && $session.get().status === 'loading') void loadSession();
});

/** Signs in with e-mail and password. On failure the Spanish reason is kept in `$session.error` and returned. */
export async function signIn(input: SignInInput): Promise<ApiResult<SessionAnswer>> {
  const result = await callApi(() => api.auth.signin.$post({ json: input }), { renew: false });
  if (result.ok) setSignedIn(result.data.user);
  else $session.setKey('error', result.message);
  return result;
}

/** Takes the session an account flow just opened (verification, reset): the API answers with the user. */
export function acceptSession(answer: SessionAnswer): void {
  setSignedIn(answer.user);
}

/**
 * Signs out: the server revokes the session and clears its cookies, then the store is anonymous. With
 * `leaveTo` the browser goes there instead and the store is left as it is, so a screen that guards
 * itself does not first send the visitor to sign in again. False when the server could not sign out.
 */
export async function signOut({ leaveTo }: { leaveTo?: string } = {}): Promise<boolean> {
  const result = await callApi(() => api.auth.signout.$post(), { renew: false });
  // Still signed in on the server (no connection, an error): say so rather than pretend.
  if (!result.ok && result.status !== 401) {
    $session.setKey('error', result.message);
    return false;
  }
  await forgetGuideCopies();
  if (leaveTo) location.assign(leaveTo);
  else setAnonymous();
  return true;
}

export function clearSessionError(): void {
  $session.setKey('error', null);
}

/** The name to greet: the traveller's, or what comes before the @. */
export const displayName = (user: SessionUser): string => user.traveler?.name?.trim() || user.email.split('@')[0] || user.email;

/** Staff may open the back office screens (each screen and the API check more finely). */
export const isStaff = (user: SessionUser | null): boolean => user !== null && (isAdmin(user.groups) || isGuide(user.groups));
