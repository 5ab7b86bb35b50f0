/*
 * The web app's service worker (issue 28, docs/decisions.md "Field app (offline)"). Written by hand:
 * the build (vite.config.ts, serviceWorkerPlugin) fills in BUILD and PRECACHE and writes it to
 * dist/sw.js, which the server serves at /sw.js without caching.
 *
 * - The app shell (index.html, every hashed asset of this build, the icons) is precached on
 *   install; a page is loaded from the network and, when there is none, from that shell.
 * - Hashed assets come from the cache first (their names change with their content).
 * - The API reads the field app needs offline are fetched from the network first; a 200 answer
 *   is kept, and given back only when the network cannot be reached, marked with the header
 *   X-Offline-Cached-At (when it was fetched). An online user always gets the server's answer.
 * - Nothing else is touched: writes, other API calls, downloads go to the network as without it.
 * - A new version waits until the page says SKIP_WAITING (its "Nieuwe versie" prompt), then takes
 *   over; the page reloads on the change of controller.
 */
const BUILD = '__BUILD__';
const PRECACHE = __PRECACHE__;
const SHELL = `shell-${BUILD}`;
const API = 'api-reads-v1';
const INDEX = '/index.html';
/** The API reads kept for offline use (path only; the query is part of the cache key). */
const API_READS = [
  /^\/api\/user\/current$/,
  /^\/api\/locale$/,
  /^\/api\/planner\/mine$/,
  /^\/api\/hours\/week$/,
  /^\/api\/hours\/projects$/,
  /^\/api\/hours\/projects\/\d+\/targets$/,
  /^\/api\/settings\/declarations\/(categories|payment-types)$/,
];
/** Addresses that are never a page of the app, also when opened as one (downloads, sign-in posts). */
const NOT_A_PAGE = /^\/(api|sanctum)\/|^\/(login|logout)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('shell-') && name !== SHELL) await caches.delete(name);
      }
      // The page that installed the first version is controlled at once, so it works offline without a reload.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const type = event.data?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // Signing out (or in as someone else): the last person's planning and choices leave the phone.
  if (type === 'CLEAR_API_READS') event.waitUntil(caches.delete(API));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (!NOT_A_PAGE.test(url.pathname)) event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
    return;
  }
  // An employee acting as a company sees the company's data: never kept, never given back.
  if (API_READS.some((re) => re.test(url.pathname)) && !request.headers.has('acting-as')) {
    event.respondWith(apiRead(request));
  }
});

async function page(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const shell = await caches.match(INDEX, { cacheName: SHELL });
    if (shell) return shell;
    throw err;
  }
}

async function asset(request) {
  const cached = await caches.match(request, { cacheName: SHELL });
  return cached ?? fetch(request);
}

async function apiRead(request) {
  let answer;
  try {
    answer = await fetch(request);
  } catch (err) {
    const kept = await caches.match(request, { cacheName: API });
    if (kept) return kept;
    throw err;
  }
  if (answer.status === 200) {
    const copy = answer.clone();
    const headers = new Headers(copy.headers);
    headers.set('x-offline-cached-at', new Date().toISOString());
    const body = await copy.blob();
    const cache = await caches.open(API);
    await cache.put(request, new Response(body, { status: 200, statusText: 'OK', headers }));
  } else if (answer.status === 401 || answer.status === 403) {
    // Signed out or no longer allowed: what was kept for this address must not be shown offline.
    await (await caches.open(API)).delete(request);
  }
  return answer;
}
