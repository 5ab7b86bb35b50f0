/**
 * The service worker's side in the page (issue 28; the worker itself is apps/web/sw/sw.js). Only a
 * production build registers it: the dev server has no precache list, and tests run without it.
 *
 * A new version is installed in the background and waits; `useAppUpdate` tells the page, which
 * offers "Nieuwe versie" and, when accepted, lets it take over and reloads once it has.
 */
import { useSyncExternalStore } from 'react';

type Listener = () => void;
let waiting: ServiceWorker | null = null;
const listeners = new Set<Listener>();

function setWaiting(worker: ServiceWorker | null): void {
  waiting = worker;
  for (const l of listeners) l();
}

/** Registers /sw.js (scope: the whole app) when the browser has service workers; failures are logged, never shown. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  // The app was controlled before (hadController): a change of controller is a new version taking over.
  let hadController = sw.controller !== null;
  sw.addEventListener('controllerchange', () => {
    if (hadController) window.location.reload();
    hadController = true;
  });
  void sw
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      const watch = (worker: ServiceWorker | null) => {
        if (!worker) return;
        const check = () => {
          // Installed while a controller runs: an update (the very first install needs no prompt).
          if (worker.state === 'installed' && sw.controller) setWaiting(worker);
        };
        check();
        worker.addEventListener('statechange', check);
      };
      watch(registration.waiting);
      registration.addEventListener('updatefound', () => watch(registration.installing));
      // A phone keeps the app open for days: look for a new version every hour, and when it comes back online.
      const update = () => void registration.update().catch(() => {});
      window.setInterval(update, 60 * 60_000);
      window.addEventListener('online', update);
    })
    .catch((err: unknown) => console.warn('the service worker could not be registered', err));
}

/** The waiting new version, if any, and `apply` (it takes over; the page reloads when it has). */
export function useAppUpdate(): { available: boolean; apply: () => void } {
  const worker = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting,
  );
  return { available: worker !== null, apply: () => worker?.postMessage({ type: 'SKIP_WAITING' }) };
}

/** Forgets the API answers kept for offline use (sign-out, sign-in as someone else). */
export async function clearOfflineReads(): Promise<void> {
  navigator.serviceWorker?.controller?.postMessage({ type: 'CLEAR_API_READS' });
  if (typeof caches !== 'undefined') await caches.delete('api-reads-v1').catch(() => false);
}
