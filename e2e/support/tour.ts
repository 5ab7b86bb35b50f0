import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { RouteName } from '../../packages/shared/src/platform/routes.ts';
import { API_HEADERS, getJson, sidewaysScroll, xsrfToken } from './app';

export { getJson, sidewaysScroll };

import { expect } from './axe';

/**
 * The tour: every screen of an audience once per language, at 1280 and at 390 px, in
 * one page load per screen and language. Each stop checks that it landed on the route it meant
 * (the page view the app posts), that the screen is there (its level-1 heading, nothing busy in
 * <main>), that the page does not scroll sideways at either width, and what the stop adds of its
 * own. axe checks each screen once, in Dutch at 1280 px (a check costs about 0.8 s: the watcher's
 * half second of quiet, then axe; the browser suite has about eight minutes in CI, and the flows
 * check the screens they use at the widths they use). TOUR_AXE=both checks both widths in both
 * languages (twice the time); TOUR_SHOTS=<dir> writes a screenshot of every stop, width and language; TOUR_TIMES=1
 * prints where each stop's time went (also attached to the test as tour-times.txt).
 */

export type Lang = 'nl' | 'en';
export type Width = 1280 | 390;
type Text = string | RegExp;
/** Dutch, then English. */
export type Both<T = Text> = readonly [nl: T, en: T];

const VIEWPORTS = { 1280: { width: 1280, height: 800 }, 390: { width: 390, height: 844 } } as const;
const SHOTS = process.env.TOUR_SHOTS;
const AXE_BOTH_WIDTHS = process.env.TOUR_AXE === 'both';

/** Where a stop is being checked: the language, the width, and whether the page has just loaded at it. */
export interface At {
  lang: Lang;
  width: Width;
  /** True at the width the page loaded at, false after the resize. */
  landed: boolean;
}

export interface Stop {
  /** The route the app must report for this address (apps/web's route tables). */
  route: RouteName;
  path: string;
  /** The level-1 heading: a record's name (one text), or a translated title (Dutch, English). */
  h1: Text | Both;
  /** The document title (before ' · Outfitting Portal') where the heading is a record's name. */
  title?: string | Both<string>;
  /** What this screen is about (carried over from the per-screen tests), at each width and language. */
  check?: (page: Page, at: At) => Promise<void>;
  /** Run after both widths, before the next stop: puts back what `check` changed on screen. */
  leave?: (page: Page, at: At) => Promise<void>;
}

/** The text for a language: one text for both, or the pair. */
export const inLang = <T>(text: T | Both<T>, lang: Lang): T =>
  Array.isArray(text) ? (text as Both<T>)[lang === 'nl' ? 0 : 1] : (text as T);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Saves the signed-in account's language as the app does (PATCH /api/locale), on the page's own session. */
export async function saveLocale(page: Page, locale: Lang): Promise<void> {
  const request = page.context().request;
  const res = await request.patch('/api/locale', {
    headers: { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(request) },
    data: { locale },
  });
  expect(res.ok(), `PATCH /api/locale ${locale}: ${res.status()}`).toBe(true);
}

/** The page views the app posts (POST /api/science, apps/web/src/lib/analytics.ts): route name and path. */
export class PageViews {
  readonly list: { route: string | null; path: string }[] = [];

  constructor(page: Page) {
    page.on('request', (request) => {
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/science') return;
      const body = request.postDataJSON() as { metadata?: { route_name?: string | null; path?: string } } | null;
      this.list.push({ route: body?.metadata?.route_name ?? null, path: body?.metadata?.path ?? '' });
    });
  }

  /** Every route name seen so far. */
  routes(): string[] {
    return this.list.flatMap((v) => (v.route ? [v.route] : []));
  }
}

/** Runs axe on what the page shows now (the watcher skips it when nothing changed since its last check). */
const checkAxeNow = (page: Page) => page.evaluate(() => (window as Window & { __axeFinal?: () => Promise<void> }).__axeFinal?.());

const axeAt = (lang: Lang, width: Width) => AXE_BOTH_WIDTHS || (lang === 'nl' && width === 1280);

/**
 * Waits, in the page and frame by frame, until a level-1 heading shows and nothing in <main> is
 * busy. Playwright's own assertions retry every half second after their first tries, which cost
 * a stop a quarter of a second on average; they run after this and pass at once when all is well.
 */
async function screenSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('h1')).some((h) => h.textContent?.trim() && h.getClientRects().length > 0) &&
        !document.querySelector('main [aria-busy="true"]'),
      null,
      { polling: 'raf', timeout: 10_000 },
    )
    .catch(() => {}); // The assertions below say what is missing.
}

/** Checks one width of a stop. */
async function checkScreen(page: Page, stop: Stop, at: At, label: string): Promise<void> {
  if (at.landed) await screenSettled(page);
  const heading = inLang(stop.h1, at.lang);
  await expect(
    page.getByRole('heading', { level: 1, name: heading, exact: typeof heading === 'string' }),
    `${label}: the level-1 heading`,
  ).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]'), `${label}: still loading`).toHaveCount(0);
  await expect
    .poll(() => sidewaysScroll(page), { message: `${label}: the page scrolls sideways`, intervals: [50, 100, 250] })
    .toBeLessThanOrEqual(0);
  await stop.check?.(page, at);
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

export interface TourOptions {
  /** A short name for the audience: in messages and screenshot names. */
  audience: string;
  /** Switches the page that is on screen (at 1280 px) to English, the way a person does. */
  toEnglish: (page: Page) => Promise<void>;
}

/**
 * Visits every stop in Dutch, switches to English, and visits them again. The widths alternate
 * from stop to stop (1280 then 390, 390 then 1280, …; the English pass the other way round), so a
 * stop loads at the width the previous one ended at and is resized once. Attaches the time each
 * stop took per language.
 */
export async function tour(page: Page, views: PageViews, stops: Stop[], options: TourOptions, testInfo: TestInfo) {
  const times: string[] = [];
  const started = Date.now();
  for (const lang of ['nl', 'en'] as const) {
    if (lang === 'en') {
      await page.setViewportSize(VIEWPORTS[1280]);
      await options.toEnglish(page);
    }
    for (const [i, stop] of stops.entries()) {
      const widths: Width[] = (i + (lang === 'en' ? 1 : 0)) % 2 === 0 ? [1280, 390] : [390, 1280];
      if (page.viewportSize()?.width !== widths[0]) await page.setViewportSize(VIEWPORTS[widths[0] as Width]);
      const name = `${options.audience} ${stop.route} ${stop.path} (${lang})`;
      const watch = stopwatch();
      const from = views.list.length;
      await page.goto(stop.path);
      watch.lap('load');
      for (const [w, width] of widths.entries()) {
        if (w > 0) await page.setViewportSize(VIEWPORTS[width]);
        await checkScreen(page, stop, { lang, width, landed: w === 0 }, `${name} at ${width} px`);
        if (w === 0) await checkLanding(page, views, from, stop, lang, name);
        watch.lap(String(width));
        if (axeAt(lang, width)) {
          await checkAxeNow(page);
          watch.lap('axe');
        }
        await shot(page, `${options.audience}-${String(i).padStart(2, '0')}-${stop.route}-${width}-${lang}`);
      }
      await stop.leave?.(page, { lang, width: widths[1] as Width, landed: false });
      times.push(`${lang}\t${watch.total()} ms\t${stop.route}\t${stop.path}\t${watch.laps()}`);
    }
  }
  const total = Date.now() - started;
  const summary = `${options.audience}: ${stops.length} stops in ${(total / 1000).toFixed(1)} s, ${(total / 2 / stops.length / 1000).toFixed(2)} s per stop and language`;
  const body = [summary, ...times].join('\n');
  await testInfo.attach('tour-times.txt', { body, contentType: 'text/plain' });
  if (process.env.TOUR_TIMES) console.log(body);
}

/** The page view of this load names the stop's route (a not-found or a redirect does not), in the language and title. */
async function checkLanding(page: Page, views: PageViews, from: number, stop: Stop, lang: Lang, name: string): Promise<void> {
  const pathname = new URL(stop.path, 'http://x').pathname;
  await expect
    .poll(
      () => {
        const seen = views.list.slice(from);
        // What was posted instead, for the failure message.
        return seen.find((v) => v.path === pathname)?.route ?? `${seen.map((v) => `${v.route} ${v.path}`).join(', ')}…`;
      },
      { message: `${name}: the route the app reported`, intervals: [50] },
    )
    .toBe(stop.route);
  if (lang === 'en') await expect(page.locator('html'), `${name}: <html lang>`).toHaveAttribute('lang', 'en');
  if (stop.title) {
    await expect(page, `${name}: the title`).toHaveTitle(new RegExp(`^${escapeRegExp(inLang(stop.title, lang))} · `));
  }
}

/** Where a stop's time went: the load, each width's checks, axe. */
function stopwatch() {
  const start = Date.now();
  let last = start;
  const laps: string[] = [];
  return {
    lap(label: string) {
      laps.push(`${label} ${Date.now() - last}`);
      last = Date.now();
    },
    laps: () => laps.join(', '),
    total: () => Date.now() - start,
  };
}
