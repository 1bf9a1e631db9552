// The guides' departures offline (issue 33; docs/decisions/045). Scoped to /admin/guias/: a guide who opened a
// departure with signal can reopen it with none, in a new tab or after restarting the phone. The worker keeps
// the page (every departure's page is the same shell) and the scripts and styles it loaded; the departure's
// data is the copy the page itself keeps (localStorage). Signing out deletes both. Never the API: its answers
// carry travellers' data and are not kept here.
const CACHE = 'dr-guias-v1';
const DEPARTURE_PAGE = /^\/admin\/guias\/[^/]+\/?$/;

/** Every departure's address is one shell: kept once, under one key. */
const keyOf = (url) => (DEPARTURE_PAGE.test(url.pathname) ? '/admin/guias/_salida' : url.pathname);
const isAsset = (url) => url.pathname.startsWith('/_astro/') || /\.(?:css|js|svg|woff2?)$/.test(url.pathname);

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function keep(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(
    urls.map(async (address) => {
      const url = new URL(address, self.location.origin);
      if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
      try {
        const answer = await fetch(url, { credentials: 'same-origin' });
        if (answer.ok) await cache.put(keyOf(url), answer);
      } catch {
        // No signal while keeping: the next visit keeps it.
      }
    }),
  );
}

// The page that registers the worker was loaded before the worker ran: it names what it loaded.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'keep' && Array.isArray(event.data.urls)) event.waitUntil(keep(event.data.urls));
  if (event.data?.type === 'forget') event.waitUntil(caches.delete(CACHE));
});

/** Pages: the network's answer (kept), or the kept page without signal. */
async function page(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(key, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

/** Scripts and styles: their names change with their content, so a kept one is the right one. */
async function asset(request, key) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(key);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(key, answer.clone());
  return answer;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(page(request, keyOf(url)));
  else if (isAsset(url)) event.respondWith(asset(request, keyOf(url)));
});
