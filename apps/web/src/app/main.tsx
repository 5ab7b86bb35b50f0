import '@mantine/core/styles.css';
import './global.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchLocale } from '../features/auth/guest-api';
import { fetchCsrfCookie, readXsrfToken } from '../lib/api';
import { initI18n, isLocale } from '../lib/i18n';
import { registerServiceWorker } from '../platform/service-worker';
import { initialSessionState } from '../platform/session';
import { App, preloadFirstScreen } from './App';

async function start(): Promise<void> {
  // The server writes the session's language into the page it serves (data-locale on <html>), so
  // the catalogues load beside the first screen's code instead of after a round trip; the offline
  // shell carries none, and then the language is asked for (the service worker keeps the answer).
  const pageLocale = document.documentElement.dataset.locale;
  const known = isLocale(pageLocale) ? pageLocale : null;
  preloadFirstScreen(initialSessionState().routeSet);
  // A session from the first visit on, so language switches and page views work signed out too.
  // Not waited for: the first screen needs no session, and a write sent before it has arrived
  // waits for this same request (fetchCsrfCookie shares it).
  if (!readXsrfToken()) fetchCsrfCookie().catch((err) => console.warn('no CSRF cookie yet', err));
  await (known ? Promise.resolve(known) : fetchLocale()).then(initI18n);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  // In a transition, React renders the first screen in slices of a few milliseconds and lets the
  // browser breathe in between, instead of one long task a slow phone waits on (G6). A first screen
  // the server sent as HTML stays until the app's own is ready behind it (takeover.ts).
  // Only a page with such a screen loads the hand-over (the public catalogue's entry stays lean).
  const container = root.querySelector('[data-first-screen]') ? (await import('./takeover')).appContainer(root) : root;
  const app = createRoot(container);
  startTransition(() => app.render(<App />));
  // An installed app starts offline from its shell, which names no language: keep the service
  // worker's copy of the language current (a read it keeps, sw.js) without waiting for it.
  if (known && navigator.serviceWorker?.controller) void fetchLocale();
  // Installable and usable offline (issue 28): production builds only, the dev server has no
  // precache list. Once the page has loaded, so its precache does not compete with the first screen.
  if (import.meta.env.PROD) {
    if (document.readyState === 'complete') registerServiceWorker();
    else window.addEventListener('load', () => registerServiceWorker(), { once: true });
  }
}

void start();
