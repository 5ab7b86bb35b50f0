import { defineConfig } from '@playwright/test';
import { ENV } from './support/env';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against one app process that
 * global-setup.ts starts on a free port with fresh demo data. One worker: the machine has 2 cores
 * and the flows share the app and its demo data. The back-office tour (`@tour`, its own project)
 * is read-only and signs in as an administrator of its own, so it could run beside the flows in a
 * second worker; measured on 2 cores it did not pay (the tour runs axe and lays out every screen,
 * so the flows slowed by as much as it saved: 9.5 min for the tour and the flows alongside), so
 * the projects run one after the other.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
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
