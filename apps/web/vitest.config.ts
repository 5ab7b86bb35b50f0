import { defineProject } from 'vitest/config';
import { filesThatMock } from './test/isolation';

const isolated = filesThatMock(import.meta.dirname);

/**
 * The web tests without module mocks, one module graph per worker (test/isolation.ts says why).
 * test/setup.ts puts back everything a test may change (DOM, storage, cookies, language, globals,
 * spies, timers) after each test, so files do not see each other. vitest.isolated.config.ts runs
 * the rest.
 */
export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: isolated,
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // A larger young generation: rendering allocates fast and short-lived, and fewer scavenges
    // cut a test file's time by about a tenth (ProductEditPage: 30 s, 26 s with this).
    execArgv: ['--max-semi-space-size=128'],
    isolate: false,
  },
});
