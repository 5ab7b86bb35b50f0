import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@app/shared/platform/http';
import type { Locale } from '@app/shared/platform/locale';
import type { PublicFilters, PublicProductCard } from '@app/shared/products/products';

/** One chunk of the web build's manifest (dist/.vite/manifest.json, written by Vite). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

const GUEST_SET = 'src/app/route-sets/guest.tsx';
/** Loaded beside every first screen (App.tsx, preloadFirstScreen). */
const TOASTS = 'src/app/Toasts.tsx';

/**
 * The pages a stranger opens first (a link to the catalogue on a phone, the sign-in page) and the
 * modules their first render needs beyond the entry: the app only learns of these after its entry
 * has run, one round trip later each, so the page names them up front.
 */
const FIRST_SCREENS: { paths: readonly string[]; modules: readonly string[] }[] = [
  {
    paths: ['/', '/auth/login'],
    modules: [GUEST_SET, TOASTS, 'src/features/auth/pages/LoginPage.tsx', 'src/app/takeover.ts'],
  },
  {
    paths: ['/public/products'],
    modules: [
      GUEST_SET,
      TOASTS,
      'src/app/layouts/PublicLayout.tsx',
      'src/features/products/public-prefetch.ts',
      'src/features/products/pages/PublicProductsPage.tsx',
      'src/app/takeover.ts',
    ],
  },
];

function closure(manifest: Manifest, keys: readonly string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/**
 * `<link>` tags for a first screen in a language: modulepreload for its scripts and the language's
 * texts, stylesheet for its CSS (the app would add the same links itself, later), leaving out what
 * index.html already loads (the entry and its static imports). Empty when the build has no manifest
 * or lacks one of the modules (a renamed file loads as before, only later).
 */
export function firstScreenLinks(manifest: Manifest, modules: readonly string[], locale: Locale): string {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const wanted = [...modules, `src/locales/${locale}/index.ts`];
  if (!entry || wanted.some((m) => !manifest[m])) return '';
  const loaded = closure(manifest, [entry]);
  const loadedCss = new Set([...loaded].flatMap((k) => manifest[k]?.css ?? []));
  const keys = [...closure(manifest, wanted)].filter((k) => !loaded.has(k));
  const scripts = [...new Set(keys.map((k) => manifest[k]?.file ?? ''))].filter((f) => f.endsWith('.js'));
  const styles = [...new Set(keys.flatMap((k) => manifest[k]?.css ?? []))].filter((f) => !loadedCss.has(f));
  return [
    ...styles.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('\n    ');
}

/**
 * Pages the web build also wrote as HTML per language (apps/web/scripts/prerender.mjs, into
 * dist/first-screen/<name>.<locale>.html): the server puts that HTML in the page, so the screen is
 * there before any script has run; the app takes its place once loaded (apps/web/src/app/takeover.ts).
 */
const PRERENDERED: { path: string; name: string }[] = [{ path: '/auth/login', name: 'login' }];
/** Query parameters that change what the sign-in page shows (a notice above the form): those pages are not sent as HTML. */
const CHANGES_THE_SCREEN = /[?&](reset|password)=/;

/**
 * What the web build's module for Node (apps/web/src/app/prerender.tsx, built into
 * dist/ssr/prerender.js) offers the server: the public catalogue rendered per request.
 */
export interface ScreenRenderer {
  /** The query string of GET /api/public/products that the catalogue at `url` asks for. */
  catalogueApiQuery(url: string, locale: Locale): Record<string, string>;
  /** The catalogue's HTML with these answers, and the answers under the app's query keys. */
  renderCatalogue(
    url: string,
    locale: Locale,
    products: Page<PublicProductCard>,
    filters: PublicFilters,
  ): Promise<{ html: string; queries: [readonly unknown[], unknown][] }>;
}

/** The answers the catalogue's first screen is rendered with (products' public-catalogue.service.ts catalogueScreen). */
export interface CatalogueAnswers {
  products: Page<PublicProductCard>;
  filters: PublicFilters;
}

/** A first screen rendered per request: its HTML, and the answers it shows as JSON for the app's query cache. */
export interface ServedScreen {
  markup: string;
  answers: string;
}

/** Rendered catalogue pages kept per language and query, reused while their answers are the same. */
const KEPT_RENDERS = 100;

/** JSON safe inside a <script> element: no `<` that could close it or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The links per first page and language, worked out once from the build's manifest. */
export class FirstScreens {
  private readonly links = new Map<string, string>();
  private readonly markup = new Map<string, string>();
  private renderer: ScreenRenderer | null = null;
  private readonly rendered = new Map<string, { answers: string; screen: ServedScreen }>();

  constructor(manifest: Manifest | null, locales: readonly Locale[], markup: ReadonlyMap<string, string> = new Map()) {
    this.markup = new Map(markup);
    if (!manifest) return;
    for (const screen of FIRST_SCREENS) {
      for (const locale of locales) {
        const links = firstScreenLinks(manifest, screen.modules, locale);
        for (const p of screen.paths) this.links.set(`${locale}:${p}`, links);
      }
    }
  }

  /** Reads dist/.vite/manifest.json; a build without one gets no links. */
  static fromDist(dist: string, locales: readonly Locale[]): FirstScreens {
    const file = path.join(dist, '.vite', 'manifest.json');
    const manifest = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null;
    const markup = new Map<string, string>();
    for (const { path: p, name } of PRERENDERED) {
      for (const locale of locales) {
        const html = path.join(dist, 'first-screen', `${name}.${locale}.html`);
        if (fs.existsSync(html)) markup.set(`${locale}:${p}`, fs.readFileSync(html, 'utf8'));
      }
    }
    return new FirstScreens(manifest, locales, markup);
  }

  /**
   * As fromDist, with the build's module for Node when there is one (dist/ssr/prerender.js): then
   * the catalogue is sent as HTML too. A module that does not load leaves the catalogue as before.
   */
  static async load(dist: string, locales: readonly Locale[], warn: (err: unknown) => void): Promise<FirstScreens> {
    const screens = FirstScreens.fromDist(dist, locales);
    const file = path.join(dist, 'ssr', 'prerender.js');
    if (fs.existsSync(file)) {
      try {
        screens.renderer = (await import(pathToFileURL(file).href)) as ScreenRenderer;
      } catch (err) {
        warn(err);
      }
    }
    return screens;
  }

  /** Renders with `renderer` (a test's, or the build's module). */
  withRenderer(renderer: ScreenRenderer | null): this {
    this.renderer = renderer;
    return this;
  }

  /**
   * The public catalogue at `url` (path and query) as HTML, with the answers it was rendered with;
   * `load` gives the answers for the API query the app would send (null: a query the API refuses).
   * A render (25-35 ms) is kept per language and API query and reused while its answers are the
   * same, so a busy catalogue renders once per change, and every visitor still sees the catalogue
   * as it is now. Null without a renderer.
   */
  async catalogue(
    url: string,
    locale: Locale,
    load: (query: Record<string, string>) => Promise<CatalogueAnswers | null>,
  ): Promise<ServedScreen | null> {
    const renderer = this.renderer;
    if (!renderer) return null;
    const query = renderer.catalogueApiQuery(url, locale);
    const data = await load(query);
    if (!data) return null;
    const answers = JSON.stringify(data);
    // The page is all in the query it asks (an unknown parameter, a junk page number change nothing).
    const key = `${locale}:${JSON.stringify(query)}`;
    const kept = this.rendered.get(key);
    if (kept && kept.answers === answers) return kept.screen;
    const { html, queries } = await renderer.renderCatalogue(url, locale, data.products, data.filters);
    const screen = { markup: html, answers: scriptJson(queries) };
    this.rendered.delete(key);
    this.rendered.set(key, { answers, screen });
    if (this.rendered.size > KEPT_RENDERS) this.rendered.delete(this.rendered.keys().next().value as string);
    return screen;
  }

  /** The links for a signed-out visitor's page at `path` (all, or the scripts only), or ''. */
  linksFor(pathname: string, locale: Locale, which: 'all' | 'scripts' = 'all'): string {
    const links = this.links.get(`${locale}:${pathname}`) ?? '';
    if (which === 'all') return links;
    return links
      .split('\n')
      .filter((l) => !l.includes('rel="stylesheet"'))
      .map((l) => l.trim())
      .join('\n    ');
  }

  /** The screen's HTML for a signed-out visitor's page at `url` (with its query), or ''. */
  markupFor(url: string, locale: Locale): string {
    if (CHANGES_THE_SCREEN.test(url)) return '';
    return this.markup.get(`${locale}:${url.split('?')[0] ?? '/'}`) ?? '';
  }
}
