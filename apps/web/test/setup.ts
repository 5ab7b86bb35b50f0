import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { session } from '../src/platform/session';
import { clearCookies } from './cookies';
import { setTestLanguage } from './i18n';
import { mediaQueryList } from './media-query';

// Mantine reads these; jsdom has neither. Minimal stand-ins: no media query matches, no resizes.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => mediaQueryList(query, false),
  });
}

// jsdom has no document.fonts; Mantine's autosize Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

if (!window.ResizeObserver) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
}

if (!window.HTMLElement.prototype.scrollIntoView) window.HTMLElement.prototype.scrollIntoView = () => {};

// Component tests render real Mantine trees; leave room for a busy machine (CI runs several suites
// at once). findBy*/waitFor still return as soon as the condition holds.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

// Every test starts Dutch, signed out, with no cookies and no stored keys. The network is out of
// reach: a fetch the test did not mock (test/fetch.ts) fails like a network failure would.
beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      throw new TypeError(`fetch not mocked in this test: ${String(input)}`);
    }),
  );
  await setTestLanguage('nl');
});

// The files of the 'web' project share one module graph per worker (vitest.config.ts): everything
// a test may change is put back here, module state included, so the next file starts as if fresh.
afterEach(() => {
  // No vitest globals, so Testing Library's automatic cleanup is not registered: do it here.
  cleanup();
  // Signed out, not acting as a company, at '/', as a fresh import of the app's session starts.
  session.reset('/');
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearCookies();
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});
