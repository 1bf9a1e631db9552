/**
 * The favourite hearts of the static pages (tour cards, the tour page): one delegated click listener for
 * every heart of the page. The hearts are in the HTML, hidden until this script shows them, and the same
 * for everyone: a browser where nobody signed in (the header's `dr-account` hint, kept by the session
 * store) makes no API call; a signed-in one asks once which tours are favourites and paints them.
 *
 * A visitor's press keeps the tour in this tab's sessionStorage and goes to sign in, coming back to the
 * same page; signed in by then, the script adds it (docs/decisions/019-saved-budgets-and-favourites.md).
 *
 * It imports nothing, so the build inlines it in the page instead of adding a script file to every page
 * with tour cards (tests/e2e/budgets.spec.ts counts them). Keys are spelled here for that reason;
 * favorite-hearts.test.ts holds them together with the session store's.
 */
export const ACCOUNT_HINT_KEY = 'dr-account';
export const FAVORITE_INTENT_KEY = 'dr-favorite-intent';
/** Sent by a filtered listing when it puts cards taken from its other pages in the page (stores/paged-grid.ts spells it too). */
export const CARDS_ADDED_EVENT = 'dr:cards-added';
/** A press older than this (a sign-in abandoned, then the tab kept open) is forgotten. */
const INTENT_MAX_AGE_MS = 30 * 60_000;
const HEART = '[data-favorite-tour]';

export function wireFavoriteHearts(): void {
  const hearts = () => [...document.querySelectorAll<HTMLButtonElement>(HEART)];
  if (hearts().length === 0) return;
  let signedIn = false;
  try {
    signedIn = localStorage.getItem(ACCOUNT_HINT_KEY) === '1';
  } catch {
    // Storage blocked: treated as a visitor, who is sent to sign in.
  }
  const favorites = new Set<string>();
  // The live region that tells screen readers what a press did: added with the first press, so pages
  // nobody presses a heart on keep the one status region they already have (a filter's count, a search).
  let region: HTMLElement | null = null;
  const say = (text: string) => {
    if (!region) {
      region = document.createElement('p');
      region.className = 'visually-hidden';
      region.setAttribute('role', 'status');
      document.body.append(region);
    }
    const live = region;
    // A region just added is announced once it has been in the page a moment before its text changes.
    setTimeout(() => {
      live.textContent = text;
    }, 50);
  };
  const paint = () => {
    for (const heart of hearts()) {
      heart.setAttribute('aria-pressed', String(favorites.has(heart.dataset['favoriteTour'] ?? '')));
      heart.hidden = false;
    }
  };

  /** An API call with the session's cookies; a run-out access token is refreshed once. */
  const send = async (method: string, path: string): Promise<Response> => {
    const call = () => fetch(`/api/me/favorites${path}`, { method, credentials: 'same-origin' });
    const first = await call();
    if (first.status !== 401) return first;
    const refreshed = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
    return refreshed.ok ? call() : first;
  };

  const signIn = (tourId: string) => {
    try {
      sessionStorage.setItem(FAVORITE_INTENT_KEY, JSON.stringify({ tourId, at: Date.now() }));
    } catch {
      // Without storage the visitor signs in and presses the heart again.
    }
    location.assign(`/login?next=${encodeURIComponent(location.pathname + location.search + location.hash)}`);
  };

  const setFavorite = async (tourId: string, on: boolean) => {
    const res = await send(on ? 'PUT' : 'DELETE', `/${encodeURIComponent(tourId)}`);
    if (res.status === 401) return signIn(tourId);
    // Removing one that is already gone leaves it removed: the heart was only out of date.
    if (res.ok || (!on && res.status === 404)) {
      if (on) favorites.add(tourId);
      else favorites.delete(tourId);
      say(on ? 'Guardado en tus favoritos.' : 'Quitado de tus favoritos.');
    } else {
      // The API's own words when it has them (an account without a traveller profile keeps no favourites).
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      say(body?.error?.message ?? 'No hemos podido guardar el cambio en tus favoritos. Inténtalo de nuevo.');
    }
    paint();
  };

  let busy = false;
  document.addEventListener('click', (event) => {
    const heart = (event.target as Element | null)?.closest<HTMLButtonElement>(HEART);
    const tourId = heart?.dataset['favoriteTour'];
    if (!tourId) return;
    event.preventDefault();
    if (!signedIn) return signIn(tourId);
    if (busy) return;
    busy = true;
    void setFavorite(tourId, !favorites.has(tourId)).finally(() => {
      busy = false;
    });
  });

  // Hearts of cards a filtered listing takes from its other pages are painted as they come.
  document.addEventListener(CARDS_ADDED_EVENT, paint);
  paint();
  if (!signedIn) return;
  void (async () => {
    const res = await send('GET', '/ids');
    if (!res.ok) {
      // The session ended: presses go to sign in.
      if (res.status === 401) signedIn = false;
      return;
    }
    for (const id of ((await res.json()) as { tourIds: string[] }).tourIds) favorites.add(id);
    paint();
    let intent: { tourId?: string; at?: number } | null = null;
    try {
      intent = JSON.parse(sessionStorage.getItem(FAVORITE_INTENT_KEY) ?? 'null');
      sessionStorage.removeItem(FAVORITE_INTENT_KEY);
    } catch {
      intent = null;
    }
    if (intent?.tourId && Date.now() - (intent.at ?? 0) < INTENT_MAX_AGE_MS && !favorites.has(intent.tourId)) await setFavorite(intent.tourId, true);
  })().catch(() => {
    // No connection: the hearts stay as they are and a press tries again.
  });
}
