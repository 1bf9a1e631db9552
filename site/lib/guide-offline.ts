/**
 * The guides' departures offline (issue 33): the service worker scoped to /admin/guias/ (public/guias-sw.js)
 * is registered by a departure's page once it has read the departure, and told what the page loaded, so the
 * page reopens without signal. Signing out forgets what it kept.
 */
export const GUIDE_WORKER = '/guias-sw.js';
export const GUIDE_WORKER_SCOPE = '/admin/guias/';
const GUIDE_CACHE = 'dr-guias-v1';

/** What this page loaded from the shop: itself, its scripts and its styles. */
function loadedHere(): string[] {
  const urls = new Set<string>([location.pathname]);
  for (const el of document.querySelectorAll<HTMLScriptElement>('script[src]')) urls.add(el.src);
  for (const el of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="modulepreload"], link[rel="icon"]')) urls.add(el.href);
  for (const entry of performance.getEntriesByType('resource')) if (/\/_astro\//.test(entry.name)) urls.add(entry.name);
  return [...urls];
}

export async function keepGuidePageOffline(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(GUIDE_WORKER, { scope: GUIDE_WORKER_SCOPE });
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ type: 'keep', urls: loadedHere() });
  } catch {
    // No worker (a private window, an old browser): the page reads online only, as before.
  }
}

/** On sign-out: the kept pages go with the kept departures. */
export async function forgetGuidePages(): Promise<void> {
  try {
    if ('caches' in globalThis) await caches.delete(GUIDE_CACHE);
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.filter((r) => new URL(r.scope).pathname === GUIDE_WORKER_SCOPE).map((r) => r.unregister()));
  } catch {
    // Nothing kept.
  }
}
