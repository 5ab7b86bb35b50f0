import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
  type TestInfo,
  type ViewportSize,
} from '@playwright/test';
import { ACTORS, type ActorName, ensureSignedIn, signInOverApi, tabStartsSignedIn } from './actors';

/**
 * Accessibility of every screen the browser tests open, measured with axe-core (WCAG 2.0 to 2.2,
 * levels A and AA). axe comes from node_modules (never a CDN) and is added to every document of
 * the test's browser context. A small watcher in the page runs it on each new screen (a page load
 * and every change of address, once the screen has settled: no DOM changes for a moment and no
 * animation running) and once more on what is on screen when the test ends. A test fails when a
 * screen has a serious or critical violation, with a list of them per address.
 *
 * Every spec imports `test` and `expect` from here (or from a support file built on it); a test
 * that opens a browser context of its own hands it to `watchAccessibility` and, before closing it,
 * to `checkAccessibility`.
 *
 * It also signs tests in without the login form: `test.use({ actor: 'admin' })` gives the test a
 * page signed in as that person, and `pageAs('emma')` a page for a second person in the same test.
 * Each person has one browser context for the whole run (signed in over the API once, and again
 * whenever a test ended its session), so the app's scripts come from a warm cache; every test gets
 * new pages in it, checked by axe and closed when the test ends.
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2, A and AA: the rules axe runs. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** What fails a test. Moderate and minor findings are not counted. */
const FAILING_IMPACTS = ['serious', 'critical'];

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string }[];
}

interface AxeReport {
  url: string;
  title: string;
  violations: AxeViolation[];
}

/** The watcher that runs in the page (serialised with its arguments, so it uses nothing from outside). */
function pageWatcher(settings: { tags: string[]; impacts: string[] }): void {
  // The app's pages only: not frames, not the about:blank a new tab starts on, not an image or a
  // file opened on its own (an actor's context keeps its favicon open between tests).
  if (window !== window.top || !/^https?:$/.test(location.protocol) || document.contentType !== 'text/html') return;
  type W = Window & {
    axe?: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeRaw[] }> };
    __axeReport?: (report: unknown) => Promise<void>;
    __axeFinal?: () => Promise<void>;
  };
  interface AxeRaw {
    id: string;
    impact: string | null;
    help: string;
    helpUrl: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }
  const w = window as W;
  const QUIET_MS = 500;
  const MAX_WAIT_MS = 8000;
  let lastChange = performance.now();
  let generation = 0;
  let queue: Promise<void> = Promise.resolve();

  new MutationObserver(() => {
    lastChange = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

  // A transition or a short one-off animation still running (a modal or a toast coming in). Endless
  // ones (a spinner, a skeleton's pulse) and long ones (a toast's countdown bar, seconds long) do
  // not count: the screen is there, and waiting for them only made every check wait seconds.
  const SHORT_ANIMATION_MS = 1000;
  const animating = () =>
    document.getAnimations().some((a) => {
      const end = a.effect?.getComputedTiming().endTime;
      return a.playState === 'running' && typeof end === 'number' && end <= SHORT_ANIMATION_MS;
    });

  /** The screen the last finished check looked at, and when it started. */
  let lastRun = { startedAt: -1, url: '', width: 0, height: 0 };

  /** Waits until the screen has settled; false when it did not in time or another screen came first. */
  async function settled(gen: number, maxMs: number): Promise<boolean> {
    const start = performance.now();
    for (;;) {
      if (gen !== generation) return false;
      const now = performance.now();
      if (document.readyState === 'complete' && now - lastChange >= QUIET_MS && !animating()) return true;
      if (now - start > maxMs) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function check(final: boolean): Promise<void> {
    const gen = generation;
    const url = `${location.pathname}${location.search}`;
    // A screen left before it settled is not checked: the next one is.
    if (!(await settled(gen, MAX_WAIT_MS)) && !final) return;
    if (!w.axe || !w.__axeReport) return;
    // The last check already saw this very screen: same address and size, nothing changed since.
    const unchanged =
      lastRun.url === url && lastRun.width === innerWidth && lastRun.height === innerHeight && lastChange < lastRun.startedAt;
    if (final && unchanged) return;
    const startedAt = performance.now();
    const size = { width: innerWidth, height: innerHeight };
    let result: { violations: AxeRaw[] };
    try {
      result = await w.axe.run(document, {
        runOnly: { type: 'tag', values: settings.tags },
        resultTypes: ['violations'],
        iframes: false,
      });
    } catch (err) {
      // The page changed under axe's feet (a navigation while it ran): the next check covers it.
      if (final) throw err;
      return;
    }
    if (!final && (gen !== generation || url !== `${location.pathname}${location.search}`)) return;
    lastRun = { startedAt, url, ...size };
    const violations = result.violations
      .filter((v) => v.impact && settings.impacts.includes(v.impact))
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.slice(0, 8).map((n) => ({
          target: n.target.map(String).join(' '),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
        })),
      }));
    await w.__axeReport({ url, title: document.title, violations });
  }

  const schedule = () => {
    generation += 1;
    queue = queue.then(() => check(false)).catch(() => {});
  };
  w.__axeFinal = () => {
    generation += 1;
    const done = queue.then(() => check(true));
    queue = done.catch(() => {});
    return done;
  };

  // A new screen: the first load, and every change of address by the app's router or the back button.
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      const before = location.href;
      original(...args);
      if (location.href !== before) schedule();
    };
  }
  window.addEventListener('popstate', schedule);
  schedule();
}

/** The serious and critical violations found in one browser context, one entry per screen and rule. */
class Findings {
  private readonly seen = new Map<string, { report: AxeReport; violation: AxeViolation }>();

  add(report: AxeReport): void {
    for (const v of report.violations) {
      const key = `${report.url}\n${v.id}\n${v.nodes.map((n) => n.target).join('|')}`;
      if (!this.seen.has(key)) this.seen.set(key, { report, violation: v });
    }
  }

  get count(): number {
    return this.seen.size;
  }

  /** Forgets what was found: a context kept for the next test starts that test with a clean list. */
  clear(): void {
    this.seen.clear();
  }

  /** One block per address: each rule with its impact, what it asks, where, and why. */
  format(): string {
    const byUrl = new Map<string, { title: string; violations: AxeViolation[] }>();
    for (const { report, violation } of this.seen.values()) {
      const entry = byUrl.get(report.url) ?? { title: report.title, violations: [] };
      entry.violations.push(violation);
      byUrl.set(report.url, entry);
    }
    const lines = [`axe-core found ${this.count} serious or critical accessibility violation(s) (WCAG 2.0-2.2 A/AA):`];
    for (const [url, { title, violations }] of byUrl) {
      lines.push('', `  ${url}  (${title})`);
      for (const v of violations) {
        lines.push(`    [${v.impact}] ${v.id}: ${v.help}`, `      ${v.helpUrl}`);
        for (const n of v.nodes) lines.push(`      - ${n.target}`, `        ${n.summary}`);
      }
    }
    return lines.join('\n');
  }
}

const findingsOf = new WeakMap<BrowserContext, Findings>();

/** Adds axe and the watcher to every page of this browser context (before any page opens). */
export async function watchAccessibility(context: BrowserContext): Promise<void> {
  const findings = new Findings();
  findingsOf.set(context, findings);
  await context.exposeBinding('__axeReport', (_source, report: AxeReport) => findings.add(report));
  await context.addInitScript({ content: AXE_SOURCE });
  await context.addInitScript(pageWatcher, { tags: AXE_TAGS, impacts: FAILING_IMPACTS });
}

/**
 * Checks what each open page of the context shows now, then fails the test with the list of
 * violations found on any screen during it. A test that failed already only gets the list attached.
 */
export async function checkAccessibility(context: BrowserContext, testInfo: TestInfo): Promise<void> {
  const findings = findingsOf.get(context);
  if (!findings) return;
  for (const page of context.pages()) {
    if (page.isClosed() || !/^https?:/.test(page.url())) continue;
    await page
      .evaluate(() => (window as Window & { __axeFinal?: () => Promise<void> }).__axeFinal?.())
      .catch((err: Error) => {
        // A page that navigated or closed during the last check: its screens were checked as they came.
        if (!/closed|destroyed|navigat/i.test(err.message)) throw err;
      });
  }
  if (findings.count === 0) return;
  const text = findings.format();
  await testInfo.attach('axe-violations.txt', { body: text, contentType: 'text/plain' });
  if (testInfo.status === 'passed' && testInfo.expectedStatus === 'passed') throw new Error(text);
}

/** The tab each actor's context keeps open between tests: a small file of the app's own origin. */
const KEEPER_PATH = '/favicon.svg';
const isKeeper = (page: Page) => new URL(page.url()).pathname === KEEPER_PATH;

/** One browser context per actor for the worker's whole run, opened when a test first needs it. */
class ActorContexts {
  private readonly contexts = new Map<ActorName, Promise<BrowserContext>>();

  constructor(
    private readonly browser: Browser,
    private readonly options: BrowserContextOptions,
  ) {}

  get(name: ActorName): Promise<BrowserContext> {
    let context = this.contexts.get(name);
    if (!context) {
      context = this.open(name);
      this.contexts.set(name, context);
    }
    return context;
  }

  private async open(name: ActorName): Promise<BrowserContext> {
    const context = await this.browser.newContext(this.options);
    watchApiFailures(context);
    await watchAccessibility(context);
    await context.addInitScript(tabStartsSignedIn, ACTORS[name].model);
    await signInOverApi(context.request, name);
    // One tab of the app's origin stays open between tests: Chromium then starts a test's new tab
    // in the same renderer process instead of a new one (0.6 s a test).
    const keeper = await context.newPage();
    await keeper.goto(KEEPER_PATH);
    return context;
  }

  async closeAll(): Promise<void> {
    for (const context of this.contexts.values()) await (await context).close();
    this.contexts.clear();
  }
}

/**
 * Prints where a failed test's page was and what it showed (its accessibility tree, cut short):
 * CI keeps only the printed output, not the screenshots and traces in test-results.
 */
async function printScreen(page: Page, name: string): Promise<void> {
  const main = page.locator('main');
  const tree = await ((await main.count()) === 1 ? main : page.locator('body'))
    .ariaSnapshot({ timeout: 2_000 })
    .catch((err: Error) => `(no snapshot: ${err.message.split('\n')[0]})`);
  const cut = tree.length > 3_000 ? `${tree.slice(0, 3_000)}\n…` : tree;
  const failed = apiFailuresOf.get(page.context()) ?? [];
  const answers = failed.length ? `\nAPI calls refused or failed, and page errors, during the test:\n${failed.join('\n')}` : '';
  console.log(`[${name}'s page at the failure] ${page.url()}${answers}\n${cut}`);
}

/**
 * The API calls of a context that were refused (4xx) or failed (5xx) since its test began, and the
 * page errors (the app's answer to either can be the login page or an error screen): printed with
 * a failure.
 */
const apiFailuresOf = new WeakMap<BrowserContext, string[]>();

function watchApiFailures(context: BrowserContext): void {
  const list: string[] = [];
  apiFailuresOf.set(context, list);
  context.on('response', (res) => {
    const status = res.status();
    if (status < 400) return;
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/sanctum/')) return;
    list.push(`${new Date().toISOString()} ${res.request().method()} ${url.pathname}${url.search} ${status}`);
    if (list.length > 20) list.shift();
  });
  context.on('weberror', (error) => {
    list.push(`${new Date().toISOString()} page error: ${error.error().message.split('\n')[0]}`);
    if (list.length > 20) list.shift();
  });
}

/** The actors' contexts one test used: its pages are checked by axe and closed when it ends. */
class ActorPages {
  private readonly used = new Map<ActorName, BrowserContext>();

  constructor(
    private readonly contexts: ActorContexts,
    private readonly viewport: ViewportSize | null,
    private readonly defaultViewport: ViewportSize | undefined,
    private readonly testInfo: TestInfo,
  ) {}

  /** A new page signed in as `name`, at the test's viewport. */
  async open(name: ActorName): Promise<Page> {
    const context = await this.contexts.get(name);
    if (!this.used.has(name)) {
      this.used.set(name, context);
      findingsOf.get(context)?.clear();
      apiFailuresOf.get(context)?.splice(0);
      await ensureSignedIn(context, name);
      // No tracing here: on a retry Playwright records a trace chunk of every open context itself,
      // these long-lived ones included; starting or stopping one here breaks its chunk.
    }
    const page = await context.newPage();
    const v = this.viewport;
    if (v && (v.width !== this.defaultViewport?.width || v.height !== this.defaultViewport?.height)) {
      await page.setViewportSize(v);
    }
    return page;
  }

  /** Checks what the pages show, keeps a screenshot of a failure, closes the pages for the next test. */
  async close(): Promise<void> {
    const failed = this.testInfo.status !== this.testInfo.expectedStatus;
    let error: unknown = null;
    for (const [name, context] of this.used) {
      try {
        await checkAccessibility(context, this.testInfo);
      } catch (err) {
        error ??= err;
      }
      for (const page of context.pages()) {
        if (isKeeper(page)) continue;
        if (failed && !page.isClosed()) {
          const shot = await page.screenshot({ fullPage: true }).catch(() => null);
          if (shot) await this.testInfo.attach(`${name}-screen.png`, { body: shot, contentType: 'image/png' });
          await printScreen(page, name);
        }
        await page.close().catch(() => {});
      }
      findingsOf.get(context)?.clear();
    }
    if (error) throw error;
  }
}

interface Fixtures {
  /** Who the test's `page` is signed in as; unset: a fresh, signed-out browser context. */
  actor: ActorName | undefined;
  /** A new page signed in as another person, for a test with two sides (closed when the test ends). */
  pageAs: (name: ActorName) => Promise<Page>;
  actorPages: ActorPages;
}

/**
 * Playwright's test with every screen checked by axe: the default browser context's, and those of
 * the actors' contexts the test used.
 */
export const test = base.extend<Fixtures, { actorContexts: ActorContexts }>({
  actor: [undefined, { option: true }],
  actorContexts: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale, timezoneId, viewport, serviceWorkers } = workerInfo.project.use;
      const contexts = new ActorContexts(browser, { baseURL, locale, timezoneId, viewport, serviceWorkers });
      await use(contexts);
      await contexts.closeAll();
    },
    { scope: 'worker' },
  ],
  actorPages: async ({ actorContexts, viewport }, use, testInfo) => {
    const pages = new ActorPages(actorContexts, viewport, testInfo.project.use.viewport ?? undefined, testInfo);
    await use(pages);
    await pages.close();
  },
  pageAs: async ({ actorPages }, use) => {
    await use((name) => actorPages.open(name));
  },
  context: async ({ context }, use, testInfo) => {
    watchApiFailures(context);
    await watchAccessibility(context);
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus) {
      for (const page of context.pages()) if (!page.isClosed()) await printScreen(page, 'the test');
    }
    await checkAccessibility(context, testInfo);
  },
  page: async ({ actor, context, actorPages }, use) => {
    await use(actor ? await actorPages.open(actor) : await context.newPage());
  },
});

export { expect };
