/**
 * Is there a connection, and how old is what the screen shows (issue 28). The service worker gives
 * a kept API answer back only when the network cannot be reached, marked X-Offline-Cached-At;
 * lib/api.ts reports each answer here, so a banner can say "offline, bijgewerkt om 14:05".
 */
import { useSyncExternalStore } from 'react';

export const OFFLINE_CACHED_AT_HEADER = 'x-offline-cached-at';

interface OfflineState {
  online: boolean;
  /** The oldest kept answer shown since the last answer from the server; null: everything is fresh. */
  cachedAt: string | null;
}

let state: OfflineState = { online: typeof navigator === 'undefined' ? true : navigator.onLine, cachedAt: null };
const listeners = new Set<() => void>();

function set(next: Partial<OfflineState>): void {
  const merged = { ...state, ...next };
  if (merged.online === state.online && merged.cachedAt === state.cachedAt) return;
  state = merged;
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set({ online: true }));
  window.addEventListener('offline', () => set({ online: false }));
}

/** Called by the API client for every answer to a read: kept (with its time) or fresh from the server. */
export function noteReadAnswer(cachedAt: string | null): void {
  if (cachedAt === null) {
    if (state.cachedAt !== null) set({ cachedAt: null });
    return;
  }
  if (state.cachedAt === null || cachedAt < state.cachedAt) set({ cachedAt });
}

/** For tests: as if the browser went on- or offline. */
export function setOnlineForTest(online: boolean): void {
  set({ online });
}

export function getOfflineState(): OfflineState {
  return state;
}

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}
