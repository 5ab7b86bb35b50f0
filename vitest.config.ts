import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest runs (CPUs - 1) files at a time, which is one on a 2-core machine: the server tests then
// wait on the database one file at a time. Two at least, so the database and the test process
// overlap (the CI machine has 2 cores).
const workers = Math.max(2, os.availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One module graph per worker, not per file: every file builds its own database and app
          // (startTestApp) and the server tests mock no modules, so nothing leaks between files that
          // a fresh import would reset. Importing the app per file was more than half of the run:
          // 510 s isolated against 255 s on PostgreSQL, measured on a quiet 2-core machine.
          isolate: false,
          // A young generation of 256 MB instead of 16: the hostile-input cases and the exports
          // allocate megabytes per request, and with the default most of the time went to
          // scavenges (a hostile-input part on PGlite: 34 s, 21 s with this).
          execArgv: ['--max-semi-space-size=256'],
        },
      },
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
    ],
  },
});
