import { defineConfig } from '@playwright/test';
import { ENV } from './support/env';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against one app process that
 * global-setup.ts starts on a free port with fresh demo data. Two workers on the 2-core machine,
 * one per project: the flows ('flows') share the app and its demo data and run one at a time; the
 * tours ('tour', tagged @tour) only read, as accounts of their own (support/actors.ts), and run
 * beside them. A single worker left a core 43% idle (the tests wait on the app, animations and
 * jobs as much as they compute): on a quiet machine the suite took 11.3 min in one worker and
 * 8.5 min in two (docs/decisions.md, "CI in 20 minutes").
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  // A failed test runs once more in CI, recording a trace of what happened, and the run fails all
  // the same: a test that passes only on its retry is a flake to fix, not to wave through.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  use: {
    // Set by global-setup.ts before the workers start; it is the app's APP_URL too.
    baseURL: process.env[ENV.baseUrl],
    // Recording a trace of every test cost a fifth of the suite's time (screencast frames and DOM
    // snapshots of each action): traces are recorded on the retry of a failed test only.
    trace: 'on-first-retry',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    viewport: { width: 1280, height: 800 },
    // The app's service worker (issue 28) would answer requests that page.route() then never sees:
    // only field-offline.spec.ts, in contexts of its own, lets it register.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'flows', grepInvert: /@tour/, workers: 1, use: { browserName: 'chromium' } },
    { name: 'tour', grep: /@tour/, workers: 1, use: { browserName: 'chromium' } },
  ],
});
