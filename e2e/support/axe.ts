import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type BrowserContext, test as base, expect, type TestInfo } from '@playwright/test';

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
  // The app's pages only: not frames, not the about:blank a new tab starts on.
  if (window !== window.top || !/^https?:$/.test(location.protocol)) return;
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

  // A transition or a one-off animation still running; endless ones (a spinner, a skeleton's pulse) do not count.
  const animating = () =>
    document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);

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

/** Playwright's test with every screen of the default browser context checked by axe. */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    await watchAccessibility(context);
    await use(context);
    await checkAccessibility(context, testInfo);
  },
});

export { expect };
